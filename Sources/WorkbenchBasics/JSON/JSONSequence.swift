/// A body holding several JSON values: JSON Lines / NDJSON (one value per
/// line) or a JSON text sequence (RFC 7464: each value after an RS byte, 0x1E).
///
/// It only finds where each value's text is; each one is then checked and
/// printed on its own with `JSONFormatter.formatIfValid`, which is also what
/// a streaming reader would call as each value arrives.
public enum JSONSequence {
    /// The ASCII record separator that starts each value of an RFC 7464 sequence.
    public static let recordSeparator: UInt8 = 0x1E

    /// One value's text inside the body, and where it starts (1-based line, column in bytes).
    public struct Record: Equatable, Sendable {
        public var range: Range<Int>
        public var line: Int
        public var column: Int

        package init(range: Range<Int>, line: Int, column: Int) {
            (self.range, self.line, self.column) = (range, line, column)
        }

        /// A failure found in this record's text, restated in the whole body's terms.
        public func placing(_ failure: JSONSyntax.Failure) -> JSONSyntax.Failure {
            JSONSyntax.Failure(
                offset: range.lowerBound + failure.offset, line: line + failure.line - 1,
                column: failure.line == 1 ? column + failure.column - 1 : failure.column, reason: failure.reason)
        }
    }

    /// The records of `bytes`, in order, white space around them trimmed and
    /// empty ones skipped. A leading byte order mark is passed over. When the
    /// first byte that is not white space is RS, values are split at RS bytes
    /// (and may span lines); otherwise at line feeds.
    public static func records(in bytes: UnsafeBufferPointer<UInt8>) -> [Record] {
        var records: [Record] = []
        var index = JSONTokenizer.hasByteOrderMark(bytes) ? 3 : 0
        var firstSignificant = index
        while firstSignificant < bytes.count, JSONTokenizer.isSpace(bytes[firstSignificant]) { firstSignificant += 1 }
        let separator =
            firstSignificant < bytes.count && bytes[firstSignificant] == recordSeparator
            ? recordSeparator : UInt8(ascii: "\n")
        var line = 1
        var lineStart = 0
        while index < bytes.count {
            // Skip separators and white space to the start of the next value.
            while index < bytes.count, bytes[index] == separator || JSONTokenizer.isSpace(bytes[index]) {
                if bytes[index] == UInt8(ascii: "\n") {
                    line += 1
                    lineStart = index + 1
                }
                index += 1
            }
            guard index < bytes.count else { break }
            let start = index
            let startLine = line
            let startColumn = index - lineStart + 1
            while index < bytes.count, bytes[index] != separator {
                if bytes[index] == UInt8(ascii: "\n") {
                    line += 1
                    lineStart = index + 1
                }
                index += 1
            }
            var end = index
            while end > start, JSONTokenizer.isSpace(bytes[end - 1]) { end -= 1 }
            records.append(Record(range: start..<end, line: startLine, column: startColumn))
        }
        return records
    }
}
