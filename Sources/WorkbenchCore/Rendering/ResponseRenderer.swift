/// Prints a response: redirect hops, the status line, time and size, the
/// headers as received, a blank line, and the body shown by its kind.
public enum ResponseRenderer {
    public static func render(_ response: HTTPResponse, color: Bool, outputIsTerminal: Bool, to sink: OutputSink) {
        // Everything here came from the server: on a terminal, its control characters are escaped.
        func line(_ text: String) -> String { outputIsTerminal ? TerminalText.escapeLine(text) : text }
        for hop in response.hops {
            sink.printLine(ANSI.paint("\(line(hop.statusLine)) -> \(line(hop.location))", ANSI.dim, if: color))
        }
        sink.printLine(ANSI.paint(line(response.statusLine), ANSI.bold + statusColor(response.statusCode), if: color))
        sink.printLine(ANSI.paint(meta(response), ANSI.dim, if: color))
        renderHeaders(response.headers, color: color, outputIsTerminal: outputIsTerminal, to: sink)
        renderBody(response, color: color, outputIsTerminal: outputIsTerminal, to: sink)
        if let summary = ServerMessage.summary(for: response) {
            // Standard error may be a terminal even when standard output is not.
            sink.printError(TerminalText.escapeLine(summary))
        }
    }

    /// `(12.3 ms, 1.2 KB)`.
    static func meta(_ response: HTTPResponse) -> String {
        "(\(Quantities.duration(response.timings.total)), \(Quantities.size(response.bodySize)))"
    }

    /// The header lines as received; on a terminal, control characters escaped.
    static func renderHeaders(_ headers: [HeaderField], color: Bool, outputIsTerminal: Bool, to sink: OutputSink) {
        for field in headers {
            // A cookie's value is a secret on screen however short it is.
            let value = field.hasName("Set-Cookie") ? Cookie.maskingValue(inSetCookie: field.value) : field.value
            let name = outputIsTerminal ? TerminalText.escapeLine(field.name) : field.name
            sink.printLine(ANSI.paint(name, ANSI.cyan, if: color) + ": " + (outputIsTerminal ? TerminalText.escapeLine(value) : value))
        }
    }

    static func renderBody(_ response: HTTPResponse, color: Bool, outputIsTerminal: Bool, to sink: OutputSink) {
        if let file = response.bodyFile {
            sink.printLine("")
            sink.printLine("[body saved to \(file): \(Quantities.size(response.bodySize))]")
            return
        }
        switch BodyKind.classify(response) {
        case .empty:
            return
        case .json:
            sink.printLine("")
            // A UTF-8 byte order mark before JSON is allowed (RFC 8259 lets a parser ignore it): not shown, not flagged.
            let body = response.body.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(response.body.dropFirst(3)) : response.body
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
            sink.printLine("")
            printText(TextDecoding.decode(response.body, charset: charset), outputIsTerminal: outputIsTerminal, to: sink)
        case .binary(let mediaType):
            sink.printLine("")
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
