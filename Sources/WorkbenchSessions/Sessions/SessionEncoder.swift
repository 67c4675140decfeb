import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs

/// Encodes a session again and again (the autosave, after every command)
/// without encoding unchanged history again: the pretty text of each request
/// record is kept, and a file is the top level with those pieces put in.
///
/// A record is immutable once recorded, except when `capture --secret`
/// masks the response it came from (or `capture` / `expect` attach to it):
/// its piece is reused only while the record is the one it was made from and
/// the secrets are the same. A new secret value makes every piece again, once.
/// "The one it was made from" is a stamp when the caller has them (a number
/// the history gives each record as it is set: one comparison of two integers,
/// so that an unchanged history of 100,000 records costs next to nothing), and
/// otherwise an equal record.
public final class SessionEncoder {
    private struct Piece {
        var record: RequestRecord
        /// The record's pretty text, indented to sit in `requests`, without a final newline.
        var text: [UInt8]
        /// The text leaves the response's body out (`leaveOutBodies`).
        var bodyLeftOut = false
    }

    private var pieces: [Piece] = []
    /// Each piece's record stamp, 0 when it was made without one (kept apart: read for every record).
    private var pieceStamps: [UInt64] = []
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
    ///
    /// `secrets` are masked in recorded responses and in members this workbench
    /// does not know (text from servers and other tools); `typedSecrets` (the
    /// secret variables' values) in every string value besides, wherever the
    /// user typed one: a header, a query, a body, an expectation, a variable.
    /// Cookie values are left out of that second step: a cookie's `true` or
    /// `en` is no reason to mask what the user wrote.
    public func encodeChunks(
        _ document: SessionDocument, maskingSecrets secrets: [String] = [], typedSecrets: [String] = []
    ) -> [[UInt8]] {
        update(document, maskingSecrets: secrets, typedSecrets: typedSecrets)
        return fileChunks()
    }

    /// What one `update` changed, for a writer that appends changes (the
    /// autosave's journal) instead of writing the whole file.
    public struct Changes {
        /// The top level, `requests` empty, masked: compact JSON text.
        public var frame: [UInt8]
        /// The records encoded again (new, or changed since the last update), in
        /// order: their index and compact JSON text, masked.
        public var records: [(index: Int, text: [UInt8])]
        /// Records went away, or other secrets made every record's text again:
        /// only a whole file says that.
        public var needsWholeFile: Bool
    }

    /// The masked top level of the last `update`, and the secrets it was masked with.
    private var lastFrame: JSONValue = .null
    private var lastKey: [String]?
    private var responses: SecretRedactor?
    private var typed: SecretRedactor?

    /// Takes `document` in (masked as `encodeChunks` says), encoding only the
    /// records that changed since the last call, and says what changed.
    /// `stamps`, when given, has one number for each record that changes
    /// whenever the record does (`History.stamps`).
    @discardableResult
    public func update(
        _ document: SessionDocument, maskingSecrets secrets: [String] = [], typedSecrets: [String] = [], stamps: [UInt64]? = nil
    ) -> Changes {
        let key = secrets.sorted() + ["\u{0}"] + typedSecrets.sorted()
        let sameSecrets = key == lastKey
        if !sameSecrets {
            responses = secrets.isEmpty ? nil : SecretRedactor(secrets: secrets)
            typed = typedSecrets.isEmpty ? nil : SecretRedactor(secrets: typedSecrets)
        }
        var changes = Changes(frame: [], records: [], needsWholeFile: lastKey != nil && !sameSecrets)
        lastKey = key
        let stamps = stamps?.count == document.requests.count ? stamps : nil
        reusedCount = 0
        // By index, the record read only when it is encoded: a copy of each record (its fields
        // retained) was most of the cost of an unchanged history of 100,000.
        for index in document.requests.indices {
            if sameSecrets, index < pieces.count {
                let kept = pieceStamps[index]
                if let stamps, kept != 0 {
                    if stamps[index] == kept {
                        reusedCount += 1
                        continue
                    }
                } else if pieces[index].record == document.requests[index] {
                    reusedCount += 1
                    continue
                }
            }
            let record = document.requests[index]
            let value = Self.encode(record, responses: responses, typed: typed)
            let compact = Array(value.jsonText.utf8)
            changes.records.append((index, compact))
            let piece = Piece(record: record, text: Self.indented(compact: compact, depth: 2))
            if index < pieces.count {
                pieces[index] = piece
                pieceStamps[index] = stamps?[index] ?? 0
            } else {
                pieces.append(piece)
                pieceStamps.append(stamps?[index] ?? 0)
            }
        }
        if pieces.count > document.requests.count {
            pieces.removeLast(pieces.count - document.requests.count)
            pieceStamps.removeLast(pieceStamps.count - document.requests.count)
            changes.needsWholeFile = true
        }
        var top = document
        top.requests = []
        if let responses { top.unknown = document.unknown?.redacted(by: responses) }
        var frame = SessionEncoding.frame(top)
        if let typed { frame = frame.redactingValues(by: typed) }
        lastFrame = frame
        changes.frame = Array(frame.jsonText.utf8)
        return changes
    }

    /// The whole file of the last `update`, as chunks; responses' bodies left
    /// out, oldest first, if it would be larger than `maximumFileBytes`.
    public func fileChunks() -> [[UInt8]] {
        var chunks = Self.assemble(frame: lastFrame, pieces: pieces.map(\.text))
        if Self.size(of: chunks) > maximumFileBytes {
            leaveOutBodies(over: Self.size(of: chunks) - maximumFileBytes)
            chunks = Self.assemble(frame: lastFrame, pieces: pieces.map(\.text))
        }
        return chunks
    }

    /// What `load` reads (`SessionFileBounds`): a larger file is never written.
    public var maximumFileBytes = SessionFileBounds.maximumBytes

    /// Bytes of the file the chunks make.
    public static func size(of chunks: [[UInt8]]) -> Int {
        chunks.reduce(0) { $0 + $1.count }
    }

    /// Responses' bodies left out, oldest first, until `excess` bytes are saved:
    /// the file stays loadable, and each record keeps its body's size
    /// (`body` null, `bodySize` N, as for a binary body). The newest responses,
    /// the ones a replay or a diff most likely needs, keep theirs.
    private func leaveOutBodies(over excess: Int) {
        var saved = 0
        for index in pieces.indices where saved < excess && !pieces[index].bodyLeftOut {
            guard let body = pieces[index].record.response?.body, !body.isEmpty else { continue }
            var record = pieces[index].record
            record.response?.body = nil
            let text = Self.indented(compact: Array(Self.encode(record, responses: responses, typed: typed).jsonText.utf8), depth: 2)
            saved += pieces[index].text.count - text.count
            // Kept under the original record: while it is unchanged, its body stays out.
            pieces[index].text = text
            pieces[index].bodyLeftOut = true
        }
    }

    /// One record as its file text holds it, masked (see `encodeChunks`).
    static func encode(_ record: RequestRecord, responses: SecretRedactor?, typed: SecretRedactor?) -> JSONValue {
        let encoded = SessionEncoding.encode(responses.map { record.redacted(by: $0) } ?? record)
        return typed.map { encoded.redactingValues(by: $0) } ?? encoded
    }

    /// Throws when the chunks make a file larger than `load` reads (what is left
    /// after the bodies are out: requests' own bodies and headers).
    public func checkLoadable(_ chunks: [[UInt8]]) throws(WorkbenchError) {
        let size = Self.size(of: chunks)
        guard size > maximumFileBytes else { return }
        throw WorkbenchError(
            "the session would be \(Quantities.size(size)), more than the \(Quantities.size(maximumFileBytes)) `load` reads, "
                + "even with the responses' bodies left out: `save FILE N...` saves some requests")
    }

    /// The frame's pretty text with the pieces in its empty `requests` array:
    /// the same bytes as pretty-printing the whole document at once.
    static func assemble(frame: JSONValue, pieces: [[UInt8]]) -> [[UInt8]] {
        let text = SessionEncoding.pretty(frame)
        guard !pieces.isEmpty else { return [text] }
        let marker = [UInt8(ascii: "\n")] + indentUnit + Array("\"requests\": []".utf8)
        guard let start = text.firstRange(of: marker) else {
            // Only if the formatter changed its layout: the slow way, still correct.
            let whole = frame.setting(
                "requests",
                to: .array(
                    pieces.map { piece in
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

    /// The value of `compact` (JSON text) pretty-printed as if it stood `depth` levels deep: every line
    /// indented, no final newline. JSON strings hold no raw newline, so every
    /// newline of the text is a line break of the layout.
    static func indented(compact: [UInt8], depth: Int) -> [UInt8] {
        var text = JSONFormatter.format(compact, palette: nil)
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
            let zero = sample.firstIndex(of: UInt8(ascii: "0")), newline < zero
        else { return Array("  ".utf8) }
        return Array(sample[(newline + 1)..<zero])
    }()
}

extension JSONValue {
    /// Members whose string is a name the file's structure depends on, never a value typed as data.
    private static let structuralMembers: Set<String> = ["format", "secrets", "name", "method", "kind", "scheme"]

    /// Every string value masked by `redactor`, except the structural members';
    /// keys are left as they are (a secret `secret` must not rename a field).
    func redactingValues(by redactor: SecretRedactor) -> JSONValue {
        switch self {
        // Values typed with `{{references}}`: a reference's name stays, or the file refers to nothing.
        case .string(let text): .string(redactor.redactKeepingReferences(text))
        case .object(let members):
            .object(
                members.map { member in
                    Self.structuralMembers.contains(member.key)
                        ? member
                        : JSONMember(key: member.key, value: member.value.redactingValues(by: redactor))
                })
        case .array(let elements): .array(elements.map { $0.redactingValues(by: redactor) })
        default: self
        }
    }
}
