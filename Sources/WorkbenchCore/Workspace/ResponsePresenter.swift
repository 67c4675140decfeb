import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs

/// Showing responses: through the pager when one does not fit the screen,
/// and `last` again on the screen, into a file or through a shell command.
struct ResponsePresenter {
    /// Whose output, screen, view settings and redactor the text goes through.
    let interpreter: Interpreter

    private var output: RedactingSink { interpreter.output }
    private var display: DisplayOptions { interpreter.display }
    private var redactor: SecretRedactor { interpreter.redactor }

    /// Shows a response as `print` chose; on a terminal, one longer than the
    /// screen goes through the pager (already masked: the pager's output
    /// does not pass back through here).
    func present(_ response: HTTPResponse, parts: ResponsePart) throws(WorkbenchError) {
        let color = interpreter.usesColor
        guard interpreter.workspace.view.pager, let size = interpreter.screenSize() else {
            ResponseRenderer.render(response, parts: parts, color: color, outputIsTerminal: display.outputIsTerminal, to: output)
            return
        }
        let pager = pagerCommand
        if parts.showsBody && response.body.count > size.rows * size.columns * 4 {
            // Far more than a screen: streamed into the pager as it is rendered, never held twice.
            try streamIntoPager(pager, response, parts: parts, color: color)
            return
        }
        let buffer = OutputBuffer()
        let masked = RedactingSink(buffer, redactor: redactor)
        ResponseRenderer.render(response, parts: parts, color: color, outputIsTerminal: display.outputIsTerminal, to: masked)
        masked.finish()
        defer { buffer.errors.forEach(output.base.printError) }
        try page(buffer, screen: size)
    }

    /// `$PAGER`, else `less -FRX`: colours kept, and the text stays in the scrollback
    /// when less quits (no alternate screen), as git's pager does.
    var pagerCommand: String {
        interpreter.context.environment["PAGER"].flatMap { $0.trimmingSpaces().isEmpty ? nil : $0 } ?? "less -FRX"
    }

    /// Text already masked: through the pager when it does not fit the screen, else printed.
    func page(_ buffer: OutputBuffer, screen size: (rows: Int, columns: Int)) throws(WorkbenchError) {
        guard buffer.screenLines(columns: size.columns) >= size.rows else {
            output.base.writeBytes(buffer.bytes)
            return
        }
        interpreter.flushOutput()
        let pager = pagerCommand
        let status = try ShellCommand.run(pager, input: buffer.bytes)
        if status == 127 {
            // No such pager: the text is still shown.
            output.base.printError("warning: the pager `\(pager)` was not found (set PAGER, or `pager off`)")
            output.base.writeBytes(buffer.bytes)
        }
    }

    /// Long text of our own (`help all`): paged like a response on a terminal.
    func presentText(_ text: String) throws(WorkbenchError) {
        guard interpreter.workspace.view.pager, let size = interpreter.screenSize() else {
            output.printLine(text)
            return
        }
        let buffer = OutputBuffer()
        let masked = RedactingSink(buffer, redactor: redactor)
        masked.printLine(text)
        masked.finish()
        try page(buffer, screen: size)
    }

    private func streamIntoPager(_ pager: String, _ response: HTTPResponse, parts: ResponsePart, color: Bool) throws(WorkbenchError) {
        interpreter.flushOutput()
        let status = try ShellCommand.run(pager) { descriptor in
            let pipe = FileDescriptorSink(output: descriptor)
            let masked = RedactingSink(pipe, redactor: redactor)
            ResponseRenderer.render(response, parts: parts, color: color, outputIsTerminal: display.outputIsTerminal, to: masked)
            masked.finish()
            pipe.flush()
        }
        if status == 127 {
            output.base.printError("warning: the pager `\(pager)` was not found (set PAGER, or `pager off`)")
            ResponseRenderer.render(response, parts: parts, color: color, outputIsTerminal: display.outputIsTerminal, to: output)
        }
    }

    /// `last [PART] [> FILE | | COMMAND]`. A file or a pipe gets the raw body
    /// (or, for another part, the text without colour), secrets masked as on screen.
    func showLast(part: ResponsePart?, destination: LastDestination) throws(WorkbenchError) {
        let workspace = interpreter.workspace
        guard let response = workspace.lastResponse else { throw WorkbenchError("no response yet: `send` a request first") }
        if case .screen = destination {
            let parts = part ?? workspace.view.parts
            try present(response, parts: parts)
            // A gRPC call's outcome is its grpc-status, not the HTTP 200 above: said as the call said it.
            if parts != .body, let status = GRPCStatus(fields: response.headers) {
                let schema = workspace.grpcTarget?.schema ?? ProtoSchema()
                for line in GRPCResponseText.statusLines(status, schema: schema) { output.printLine(interpreter.shown(line)) }
            }
            return
        }
        let chosen = part ?? .body
        if chosen == .body, let file = response.bodyFile {
            throw WorkbenchError("the last body was written to \(file) by `send > FILE` and not kept: read that file")
        }
        let buffer = OutputBuffer()
        let masked = RedactingSink(buffer, redactor: redactor)
        if chosen == .body {
            masked.writeBytes(response.body)
        } else {
            ResponseRenderer.render(response, parts: chosen, color: false, outputIsTerminal: false, to: masked)
        }
        masked.finish()
        switch destination {
        case .screen:
            break
        case .file(let path):
            try WriteTarget.check(path, inputs: workspace.writeInputs(includingSession: true), allowingDevices: true)
            let file = try OutputFile(path: path)
            do {
                try file.descriptor.writeAll(buffer.bytes)
            } catch {
                file.discard()
                throw FileSystem.failure("cannot write '\(path)'", error)
            }
            try file.commit()
            output.printLine("[\(chosen == .body ? "body" : chosen.rawValue) written to \(path): \(Quantities.size(buffer.bytes.count))]")
        case .pipe(let command):
            interpreter.flushOutput()
            let status = try ShellCommand.run(command, input: buffer.bytes)
            guard status == 0 else { throw WorkbenchError("`\(command)` exited with status \(status)") }
        }
    }
}
