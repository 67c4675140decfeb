/// Prints a response: redirect hops, the status line, time and size, the
/// headers as received, a blank line, and the body shown by its kind.
public enum ResponseRenderer {
    public static func render(
        _ response: HTTPResponse, parts: ResponsePart = .all, color: Bool, outputIsTerminal: Bool, to sink: OutputSink
    ) {
        // Everything here came from the server: on a terminal, its control characters are escaped.
        func line(_ text: String) -> String { outputIsTerminal ? TerminalText.escapeLine(text) : text }
        guard parts.showsStatus else {
            renderBody(response, color: color, outputIsTerminal: outputIsTerminal, separated: false, to: sink)
            return
        }
        for hop in response.hops {
            sink.printLine(ANSI.paint("\(line(hop.statusLine)) -> \(line(hop.location))", ANSI.dim, if: color))
        }
        sink.printLine(ANSI.paint(line(response.statusLine), ANSI.bold + statusColor(response.statusCode), if: color))
        let meta = "(\(Quantities.duration(response.timings.total)), \(Quantities.size(response.bodySize)))"
        sink.printLine(ANSI.paint(meta, ANSI.dim, if: color))
        if parts.showsHeaders {
            for field in response.headers {
                sink.printLine(ANSI.paint(line(field.name), ANSI.cyan, if: color) + ": " + line(field.value))
            }
        }
        if parts.showsBody {
            renderBody(response, color: color, outputIsTerminal: outputIsTerminal, to: sink)
        }
        if let summary = ServerMessage.summary(for: response) {
            // Standard error may be a terminal even when standard output is not.
            sink.printError(TerminalText.escapeLine(summary))
        }
    }

    /// The body as shown; `separated` puts the blank line before it that follows the headers.
    static func renderBody(
        _ response: HTTPResponse, color: Bool, outputIsTerminal: Bool, separated: Bool = true, to sink: OutputSink
    ) {
        func separate() { if separated { sink.printLine("") } }
        if let file = response.bodyFile {
            separate()
            sink.printLine("[body saved to \(file): \(Quantities.size(response.bodySize))]")
            return
        }
        switch BodyKind.classify(response) {
        case .empty:
            return
        case .json:
            separate()
            let body = response.body
            do {
                try JSONSyntax.validate(body)
            } catch {
                printText(TextDecoding.decode(body, charset: response.charset ?? "utf-8"), outputIsTerminal: outputIsTerminal, to: sink)
                sink.printError("warning: the body is not valid JSON: \(error)")
                return
            }
            body.withUnsafeBufferPointer { buffer in
                JSONFormatter.format(buffer, palette: color ? .standard : nil) { chunk in
                    sink.write(chunk)
                }
            }
        case .text(let charset):
            separate()
            printText(TextDecoding.decode(response.body, charset: charset), outputIsTerminal: outputIsTerminal, to: sink)
        case .binary(let mediaType):
            separate()
            if outputIsTerminal {
                sink.printLine(ANSI.paint(
                    "[binary body: \(mediaType), \(Quantities.size(response.bodySize)); not shown on a terminal, save it with `send > FILE`]",
                    ANSI.dim, if: color))
            } else {
                sink.writeBytes(response.body)
            }
        }
    }

    static func printText(_ raw: String, outputIsTerminal: Bool, to sink: OutputSink) {
        let text = outputIsTerminal ? TerminalText.escape(raw) : raw
        if text.hasSuffix("\n") {
            sink.writeBytes(Array(text.utf8))
        } else {
            sink.printLine(text)
        }
    }

    static func statusColor(_ code: Int) -> String {
        switch code {
        case 200..<300: ANSI.green
        case 300..<400: ANSI.cyan
        case 400..<500: ANSI.yellow
        default: ANSI.red
        }
    }
}
