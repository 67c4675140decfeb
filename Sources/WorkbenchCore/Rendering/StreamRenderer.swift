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
        /// `application/x-ndjson`, `application/jsonl`, `application/json-seq`, ...: a JSON value a line.
        case jsonLines
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
             "application/json-seq", "application/stream+json":
            return .jsonLines
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
                let line = Array(pending[..<newline])
                pending.removeSubrange(...newline)
                show(line: line)
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
            if kind == .jsonLines { show(line: pending) } else { showText(pending) }
            pending = []
        }
        if midLine {
            sink.writeBytes([UInt8(ascii: "\n")])
            midLine = false
        }
        sink.flush()
    }

    /// One JSON line (a JSON-seq record starts with RS): formatted when it is
    /// JSON, shown as text when not, skipped when blank.
    private func show(line raw: [UInt8]) {
        var line = raw
        while let first = line.first, first == 0x1E || first == 0x20 || first == 0x09 { line.removeFirst() }
        while let last = line.last, last == 0x0D || last == 0x20 || last == 0x09 { line.removeLast() }
        guard !line.isEmpty else { return }
        do {
            try JSONSyntax.validate(line)
            sink.writeBytes(JSONFormatter.format(line, palette: color ? .standard : nil))
            midLine = false
        } catch {
            showText(line + [UInt8(ascii: "\n")])
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
