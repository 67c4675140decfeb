import WorkbenchBasics

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
        sink.printLine(ANSI.paint(meta(response), ANSI.dim, if: color))
        if parts.showsHeaders {
            renderHeaders(response.headers, color: color, outputIsTerminal: outputIsTerminal, to: sink)
        }
        var kind: BodyKind?
        if parts.showsBody {
            kind = renderBody(response, color: color, outputIsTerminal: outputIsTerminal, to: sink)
        }
        if let summary = ServerMessage.summary(for: response, kind: kind) {
            // Standard error may be a terminal even when standard output is not.
            sink.printError(TerminalText.escapeLine(summary))
        }
    }

    /// `(12.3 ms, 1.2 KB)`.
    static func meta(_ response: HTTPResponse) -> String {
        .concatenation("(", Quantities.duration(response.timings.total), ", ", Quantities.size(response.bodySize) + ")")
    }

    /// The header lines as received; on a terminal, control characters escaped.
    static func renderHeaders(_ headers: [HeaderField], color: Bool, outputIsTerminal: Bool, to sink: OutputSink) {
        for field in headers {
            // A cookie's value is a secret on screen however short it is.
            let value = field.hasName("Set-Cookie") ? Cookie.maskingValue(inSetCookie: field.value) : field.value
            let name = outputIsTerminal ? TerminalText.escapeLine(field.name) : field.name
            sink.printLine(
                .concatenation(
                    ANSI.paint(name, ANSI.cyan, if: color), ": ",
                    outputIsTerminal ? TerminalText.escapeLine(value) : value))
        }
    }

    /// Prints the body; returns how it was classified (nil when it went to a file).
    /// `separated` puts the blank line before it that follows the headers.
    @discardableResult
    static func renderBody(
        _ response: HTTPResponse, color: Bool, outputIsTerminal: Bool, separated: Bool = true, to sink: OutputSink
    ) -> BodyKind? {
        func separate() { if separated { sink.printLine("") } }
        if let file = response.bodyFile {
            separate()
            sink.printLine("[body saved to \(file): \(Quantities.size(response.bodySize))]")
            return nil
        }
        let kind = BodyKind.classify(response)
        switch kind {
        case .empty:
            break
        case .json:
            separate()
            let palette: JSONPalette? = color ? .standard : nil
            let body = response.body
            var failure: JSONSyntax.Failure?
            var indentCapped = false
            switch response.bodyCheck {
            case .valid?:
                // Checked as it arrived: one pass to print it, shared by two
                // threads when the body is large (from the check's checkpoints).
                body.withUnsafeBufferPointer { buffer in
                    if buffer.count < twoThreadSize {
                        JSONFormatter.format(
                            buffer, palette: palette, escapingControls: outputIsTerminal, skippingByteOrderMark: true,
                            indentCapped: &indentCapped
                        ) { chunk in sink.write(chunk) }
                    } else {
                        JSONFormatter.formatInSegments(
                            buffer, checkpoints: response.bodyCheckpoints, palette: palette, escapingControls: outputIsTerminal,
                            skippingByteOrderMark: true, indentCapped: &indentCapped
                        ) { chunk in sink.write(chunk) }
                    }
                }
            case .invalid(let found)?:
                failure = found
            case nil:
                // Checked and printed in one pass; nothing is printed formatted unless all of it is JSON.
                failure = body.withUnsafeBufferPointer { buffer in
                    JSONFormatter.formatIfValid(
                        buffer, palette: palette, escapingControls: outputIsTerminal, skippingByteOrderMark: true,
                        indentCapped: &indentCapped
                    ) { chunk in sink.write(chunk) }
                }
            }
            if indentCapped { sink.printError(indentCappedNote) }
            if let failure {
                printText(TextDecoding.decode(body, charset: response.charset ?? "utf-8"), outputIsTerminal: outputIsTerminal, to: sink)
                sink.printError("warning: the body is not valid JSON: \(failure)")
            }
        case .jsonSequence:
            separate()
            printSequence(response.body, palette: color ? .standard : nil, outputIsTerminal: outputIsTerminal, to: sink)
        case .text(let charset):
            separate()
            printText(TextDecoding.decode(response.body, charset: charset), outputIsTerminal: outputIsTerminal, to: sink)
        case .binary(let mediaType):
            separate()
            if outputIsTerminal {
                sink.printLine(
                    ANSI.paint(
                        "[binary body: \(mediaType), \(Quantities.size(response.bodySize)); not shown on a terminal, save it with `send > FILE`]",
                        ANSI.dim, if: color))
            } else {
                sink.writeBytes(response.body)
            }
        }
        return kind
    }

    /// From this size on, a checked JSON body is formatted and written by two
    /// threads (below it a thread costs more than it saves).
    static let twoThreadSize = 1 << 20

    /// The most warnings one sequence body gets; the rest are counted in one last line.
    static let sequenceWarningLimit = 10

    /// JSON Lines / NDJSON / RFC 7464: each value checked and printed on its
    /// own; one that is not JSON is shown as text with a warning naming its place.
    static func printSequence(_ body: [UInt8], palette: JSONPalette?, outputIsTerminal: Bool, to sink: OutputSink) {
        var invalid = 0
        var indentCapped = false
        body.withUnsafeBufferPointer { buffer in
            for record in JSONSequence.records(in: buffer) {
                let text = UnsafeBufferPointer(rebasing: buffer[record.range])
                let failure = JSONFormatter.formatIfValid(
                    text, palette: palette, escapingControls: outputIsTerminal, indentCapped: &indentCapped
                ) { chunk in sink.write(chunk) }
                if let failure {
                    printText(String(decoding: text, as: UTF8.self), outputIsTerminal: outputIsTerminal, to: sink)
                    invalid += 1
                    if invalid <= sequenceWarningLimit {
                        sink.printError("warning: a value of the body is not valid JSON: \(record.placing(failure))")
                    }
                }
            }
        }
        if invalid > sequenceWarningLimit {
            sink.printError("warning: \(invalid - sequenceWarningLimit) more values of the body are not valid JSON")
        }
        if indentCapped { sink.printError(indentCappedNote) }
    }

    /// Said once after a JSON body that nests deeper than the formatter indents,
    /// so that lines that look less indented than they are do not mislead.
    static let indentCappedNote =
        "note: the body nests more than \(JSONFormatter.maximumIndentDepth) levels deep; "
        + "lines deeper than that are indented as level \(JSONFormatter.maximumIndentDepth)"

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
