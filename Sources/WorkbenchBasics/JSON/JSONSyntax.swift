/// A strict RFC 8259 checker that says exactly where and why a text stops being JSON.
///
/// It runs `JSONTokenizer` in checking mode to the end: one pass, an explicit
/// stack, so a body of 100,000 nested arrays is checked like any other.
public enum JSONSyntax {
    /// Where a text stops being JSON.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// Byte offset of the first byte that does not fit.
        public var offset: Int
        /// 1-based line and column (column in bytes) of that byte.
        public var line: Int
        public var column: Int
        public var reason: String
        /// The text is JSON, but nests deeper than the reader's bound (`JSONParser.maximumDepth`).
        public var isNestingBound = false

        package init(offset: Int, line: Int, column: Int, reason: String) {
            (self.offset, self.line, self.column, self.reason) = (offset, line, column, reason)
        }

        public var description: String {
            "\(reason) at line \(line), column \(column) (byte \(offset))"
        }
    }

    /// Checks that `text` is exactly one JSON value, with optional white space around it.
    public static func validate(_ text: String) throws(Failure) {
        var copy = text
        var failure: Failure?
        copy.withUTF8 { bytes in
            do throws(Failure) { try validate(bytes) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    public static func validate(_ bytes: [UInt8]) throws(Failure) {
        try bytes.withUnsafeBufferPointer { (buffer) throws(Failure) in try validate(buffer) }
    }

    public static func validate(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) {
        var tokenizer = JSONTokenizer(bytes)
        if !tokenizer.checkToEnd(), let problem = tokenizer.problem {
            throw failure(at: problem.offset, reason: problem.reason, in: bytes)
        }
    }

    /// A failure at byte `offset` of `bytes`, with its line and column counted.
    public static func failure(at offset: Int, reason: String, in bytes: UnsafeBufferPointer<UInt8>) -> Failure {
        var line = 1
        var lineStart = 0
        var index = 0
        while index < offset && index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        return Failure(offset: offset, line: line, column: offset - lineStart + 1, reason: reason)
    }
}
