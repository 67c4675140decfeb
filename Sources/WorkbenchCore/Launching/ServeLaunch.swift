import CSupport
import WorkbenchBasics
import WorkbenchHTTP

/// `workbench serve FILE --port N [--host H] [--delay]`: the session's recordings answered on
/// a socket until Ctrl-C or SIGTERM. What it says goes to standard error, secrets masked.
public struct ServeLaunch {
    public var file: String
    public var port: Int
    public var host: String
    public var delay: Bool

    public init(file: String, port: Int, host: String, delay: Bool) {
        (self.file, self.port, self.host, self.delay) = (file, port, host, delay)
    }

    /// Serves until stopped; the exit status (2: the file or the address was refused).
    public func run() -> Int32 {
        let streams = FileDescriptorSink(escapeControls: TerminalText.escapeLine)
        let sink = RedactingSink(streams)
        defer {
            sink.finish()
            streams.flush()
        }
        let document: SessionDocument
        do throws(WorkbenchError) {
            if HTTPFileImport.handles(file) {
                throw WorkbenchError(
                    "\(file): a .http file holds no responses to serve; record a session (`save FILE.json`) and serve that")
            }
            document = try SessionDecoding.decode(try SessionFileBounds.read(file), file: file)
        } catch {
            sink.printError("error: \(error.message)")
            return ExitStatus.badInput.rawValue
        }
        sink.redactor = SecretRedactor(
            variables: Variables(), endpoints: document.requests.map(\.endpoint),
            environment: currentEnvironment())
        let routes = MockRoutes(document: document)
        for note in routes.notes { sink.printError("warning: \(note)") }
        guard !routes.routes.isEmpty else {
            sink.printError("error: \(file) has no recorded responses to serve")
            return ExitStatus.badInput.rawValue
        }
        let server = MockServer(routes: routes, delay: delay) { line in
            sink.printError(line)
        }
        let bound: Int
        do throws(WorkbenchError) { bound = try server.bind(host: host, port: port) } catch {
            sink.printError("error: \(error.message)")
            return ExitStatus.badInput.rawValue
        }
        if !Self.isLoopback(host) {
            sink.printError("warning: listening on \(host): other machines can reach the recorded responses")
        }
        let shownHost = host.contains(":") ? "[\(host)]" : host
        sink.printError(
            "serving \(routes.routes.count) recorded response\(routes.routes.count == 1 ? "" : "s") of \(file) on http://\(shownHost):\(bound) (Ctrl-C stops)"
        )
        wb_interrupt_install()
        wb_interrupt_install_terminate()
        server.run(shouldStop: { wb_interrupt_pending() != 0 })
        sink.printError("stopped")
        return ExitStatus.success.rawValue
    }

    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}
