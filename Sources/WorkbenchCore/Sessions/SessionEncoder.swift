/// Encodes a session again and again (the autosave, after every command)
/// without encoding unchanged history again: the pretty text of each request
/// record is kept, and a file is the top level with those pieces put in.
///
/// A record is immutable once recorded, except when `capture --secret`
/// masks the response it came from (or `capture` / `expect` attach to it):
/// its piece is reused only while the record is equal to the one it was made
/// from (equal storage compares in constant time) and was masked with the
/// same secrets. A new secret value makes every piece again, once.
public final class SessionEncoder {
    private struct Piece {
        var record: RequestRecord
        var secrets: [String]
        /// The record's pretty text, indented to sit in `requests`, without a final newline.
        var text: [UInt8]
    }

    private var pieces: [Piece] = []
    /// How many records the last `encode` took from earlier calls (for tests and benchmarks).
    public private(set) var reusedCount = 0

    public init() {}

    /// The file text of `document`, with every occurrence of `secrets` in a
    /// recorded response and in members this workbench does not know masked.
    public func encode(_ document: SessionDocument, maskingSecrets secrets: [String] = []) -> [UInt8] {
        let chunks = encodeChunks(document, maskingSecrets: secrets)
        var output: [UInt8] = []
        output.reserveCapacity(chunks.reduce(0) { $0 + $1.count })
        for chunk in chunks { output.append(contentsOf: chunk) }
        return output
    }

    /// The same text as `encode`, as chunks to write one after the other
    /// (`AtomicFile.write(chunks:)`): the records' kept texts are not copied.
    public func encodeChunks(_ document: SessionDocument, maskingSecrets secrets: [String] = []) -> [[UInt8]] {
        let secrets = secrets.sorted()
        var redactor: SecretRedactor?
        reusedCount = 0
        for (index, record) in document.requests.enumerated() {
            if index < pieces.count, pieces[index].secrets == secrets, pieces[index].record == record {
                reusedCount += 1
                continue
            }
            var encoded: JSONValue
            if secrets.isEmpty {
                encoded = SessionEncoding.encode(record)
            } else {
                if redactor == nil { redactor = SecretRedactor(secrets: secrets) }
                // The response's credential headers masked whole, then every string of the
                // record: a value equal to a secret typed into a header or an expectation too.
                encoded = SessionEncoding.encode(record.redacted(by: redactor!)).redacted(by: redactor!)
            }
            let piece = Piece(record: record, secrets: secrets, text: Self.indented(encoded, depth: 2))
            if index < pieces.count { pieces[index] = piece } else { pieces.append(piece) }
        }
        if pieces.count > document.requests.count { pieces.removeLast(pieces.count - document.requests.count) }
        var frame = SessionEncoding.frame(document)
        if !secrets.isEmpty { frame = frame.redacted(by: redactor ?? SecretRedactor(secrets: secrets)) }
        return Self.assemble(frame: frame, pieces: pieces.map(\.text))
    }

    /// The frame's pretty text with the pieces in its empty `requests` array:
    /// the same bytes as pretty-printing the whole document at once.
    static func assemble(frame: JSONValue, pieces: [[UInt8]]) -> [[UInt8]] {
        let text = SessionEncoding.pretty(frame)
        guard !pieces.isEmpty else { return [text] }
        let marker = [UInt8(ascii: "\n")] + indentUnit + Array("\"requests\": []".utf8)
        guard let start = text.firstRange(of: marker) else {
            // Only if the formatter changed its layout: the slow way, still correct.
            let whole = frame.setting("requests", to: .array(pieces.map { piece in
                (try? JSONParser.parse(piece)) ?? .null
            }))
            return [SessionEncoding.pretty(whole)]
        }
        let open = start.upperBound - 1
        let separator = Array(",\n".utf8)
        var chunks: [[UInt8]] = [Array(text[..<open]) + [UInt8(ascii: "\n")]]
        chunks.reserveCapacity(pieces.count * 2 + 1)
        for (index, piece) in pieces.enumerated() {
            if index > 0 { chunks.append(separator) }
            chunks.append(piece)
        }
        chunks.append([UInt8(ascii: "\n")] + indentUnit + Array(text[open...]))
        return chunks
    }

    /// `value` pretty-printed as if it stood `depth` levels deep: every line
    /// indented, no final newline. JSON strings hold no raw newline, so every
    /// newline of the text is a line break of the layout.
    static func indented(_ value: JSONValue, depth: Int) -> [UInt8] {
        var text = SessionEncoding.pretty(value)
        if text.last == UInt8(ascii: "\n") { text.removeLast() }
        let indent = Array(repeating: indentUnit, count: depth).flatMap { $0 }
        var output: [UInt8] = []
        output.reserveCapacity(text.count + text.count / 8)
        output.append(contentsOf: indent)
        for byte in text {
            output.append(byte)
            if byte == UInt8(ascii: "\n") { output.append(contentsOf: indent) }
        }
        return output
    }

    /// One level of the formatter's indentation, read from its output.
    static let indentUnit: [UInt8] = {
        let sample = JSONFormatter.format(Array("[0]".utf8), palette: nil)
        guard let newline = sample.firstIndex(of: UInt8(ascii: "\n")),
              let zero = sample.firstIndex(of: UInt8(ascii: "0")), newline < zero else { return Array("  ".utf8) }
        return Array(sample[(newline + 1)..<zero])
    }()
}
