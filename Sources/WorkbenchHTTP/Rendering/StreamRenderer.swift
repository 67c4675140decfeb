import WorkbenchBasics

/// Shows a streamed body while it arrives: server-sent events and chunked text
/// as text, NDJSON and JSON text sequences one value at a time, formatted.
///
/// The head (status line and headers) is printed when the first bytes come;
/// the sink is flushed after every piece, so a terminal or a pipe sees each
/// event as soon as it is complete. Text is escaped for a terminal like every
/// server text, with a UTF-8 sequence cut by a chunk boundary held back.
public final class StreamRenderer: ResponseStream {
    public enum Kind: Equatable, Sendable {
        /// `text/event-stream`, or chunked `text/plain`: shown as text.
        case text
        /// `application/x-ndjson`, `application/jsonl`, ...: a JSON value a line.
        case jsonLines
        /// `application/json-seq` (RFC 7464): each value after an RS byte, over as many lines as it takes.
        case jsonSequence
    }

    private let sink: OutputSink
    private let color: Bool
    private let outputIsTerminal: Bool
    public private(set) var kind: Kind?
    /// Bytes of an unfinished line (JSON lines) or UTF-8 sequence (text).
    private var pending: [UInt8] = []
    /// Whether the last text shown left the cursor inside a line.
    private var midLine = false

    public init(sink: OutputSink, color: Bool, outputIsTerminal: Bool) {
        self.sink = sink
        self.color = color
        self.outputIsTerminal = outputIsTerminal
    }

    /// Which bodies are streams: by media type; any `text/plain` sent chunked.
    public static func kind(of headers: [HeaderField]) -> Kind? {
        let type = headers.last { $0.hasName("Content-Type") }.map { HTTPResponse.mediaType(of: $0.value) } ?? ""
        switch type {
        case "text/event-stream": return .text
        case "application/x-ndjson", "application/ndjson", "application/jsonl", "application/x-jsonlines",
            "application/stream+json":
            return .jsonLines
        case _ where type == "application/json-seq" || type.hasSuffix("+json-seq"):
            return .jsonSequence
        case "text/plain" where headers.values(of: "Transfer-Encoding").contains { $0.lowercased().contains("chunked") }:
            return .text
        default: return nil
        }
    }

    public func begin(statusLine: String, headers: [HeaderField]) -> Bool {
        guard let kind = Self.kind(of: headers) else { return false }
        self.kind = kind
        let status = outputIsTerminal ? TerminalText.escapeLine(statusLine) : statusLine
        let code = Int(statusLine.split(separator: " ").dropFirst().first ?? "") ?? 0
        sink.printLine(ANSI.paint(status, ANSI.bold + ResponseRenderer.statusColor(code), if: color))
        ResponseRenderer.renderHeaders(headers, color: color, outputIsTerminal: outputIsTerminal, to: sink)
        sink.printLine("")
        sink.flush()
        return true
    }

    public func receive(_ bytes: UnsafeBufferPointer<UInt8>) {
        pending.append(contentsOf: bytes)
        switch kind {
        case .jsonLines:
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(pending[...newline])
                pending.removeSubrange(...newline)
                show(record: line)
            }
        case .jsonSequence:
            // A record is complete when the next one's RS arrives (or the stream ends).
            while let next = pending.dropFirst().firstIndex(of: 0x1E) {
                let record = Array(pending[..<next])
                pending.removeSubrange(..<next)
                show(record: record)
            }
        case .text, nil:
            let complete = Self.completeUTF8Prefix(pending)
            showText(Array(pending[..<complete]))
            pending.removeSubrange(..<complete)
        }
        sink.flush()
    }

    /// Shows what is left when the stream ends (a last line without its newline),
    /// and ends the line.
    public func finish() {
        if !pending.isEmpty {
            if kind == .jsonLines || kind == .jsonSequence { show(record: pending) } else { showText(pending) }
            pending = []
        }
        if midLine {
            sink.writeBytes([UInt8(ascii: "\n")])
            midLine = false
        }
        sink.flush()
    }

    /// Where the next record starts in the whole body, for warnings that name
    /// the line, column and byte as `ResponseRenderer` names them for a whole body.
    private var offset = 0
    private var line = 1
    private var lineStart = 0
    private var invalidValues = 0

    /// Moves the position over `bytes`.
    private func advance(over bytes: ArraySlice<UInt8>) {
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = offset + (index - bytes.startIndex) + 1
        }
        offset += bytes.count
    }

    /// One JSON line, or a JSON-seq record (it starts with RS), with its
    /// separator: formatted when it is JSON, shown as text with a warning when
    /// not, skipped when blank.
    private func show(record raw: [UInt8]) {
        func isBlank(_ byte: UInt8) -> Bool { byte == JSONSequence.recordSeparator || JSONTokenizer.isSpace(byte) }
        let start = raw.firstIndex { !isBlank($0) } ?? raw.count
        let end = (raw.lastIndex { !isBlank($0) } ?? -1) + 1
        advance(over: raw[..<start])
        defer { advance(over: raw[max(start, end)...]) }
        guard start < end else { return }
        let value = Array(raw[start..<end])
        let place = JSONSequence.Record(range: offset..<(offset + value.count), line: line, column: offset - lineStart + 1)
        advance(over: raw[start..<end])
        // Checked and printed in one pass (controls in strings escaped on a terminal); text if not JSON.
        let failure = value.withUnsafeBufferPointer { buffer in
            JSONFormatter.formatIfValid(buffer, palette: color ? .standard : nil, escapingControls: outputIsTerminal) { chunk in
                sink.write(chunk)
            }
        }
        guard let failure else {
            midLine = false
            return
        }
        showText(value + [UInt8(ascii: "\n")])
        invalidValues += 1
        if invalidValues <= ResponseRenderer.sequenceWarningLimit {
            sink.printError("warning: a value of the body is not valid JSON: \(place.placing(failure))")
        }
    }

    private func showText(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        let text = String(decoding: bytes, as: UTF8.self)
        sink.writeBytes(Array((outputIsTerminal ? TerminalText.escape(text) : text).utf8))
        midLine = bytes.last != UInt8(ascii: "\n")
    }

    /// How many leading bytes end on a whole UTF-8 sequence: a sequence cut at
    /// the end waits for the rest (at most 3 bytes are held).
    static func completeUTF8Prefix(_ bytes: [UInt8]) -> Int {
        var start = bytes.count
        var back = 0
        while start > 0 && back < 4 {
            start -= 1
            back += 1
            let byte = bytes[start]
            if byte & 0xC0 != 0x80 {
                let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                return length > back ? start : bytes.count
            }
        }
        return bytes.count
    }

    /// The closing line: `(stream: 1.25 s, 3.4 KB)`, and why it ended when not by itself.
    public static func closingLine(for response: HTTPResponse) -> String {
        var text = "(stream: \(Quantities.duration(response.timings.total)), \(Quantities.size(response.bodySize))"
        if response.stream?.stoppedByUser == true { text += "; stopped by Ctrl-C, what came is kept" }
        if response.stream?.keptPartOnly == true { text += "; past maxbody, only the first part is kept" }
        return text + ")"
    }
}
