import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif
import CSupport
import WorkbenchCore

extension WorkbenchCommand {
    /// `workbench serve FILE --port N`: the arguments and the wiring; the
    /// matching is `MockRoutes`', the socket work `MockServer`'s.
    struct ServeFile: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract: "Answer the recorded requests of a session as a local mock API.",
            discussion: "A request gets the response recorded for the same method, path and query (query items in any order; "
                + "a value that came from a variable matches anything). When several recordings match, those whose typed "
                + "headers and body the request repeats win, and equals answer in turn, in recorded order. Anything else "
                + "gets 404 with a JSON list of what the session knows. Responses are served as recorded: secrets the "
                + "session masked are served as ******. One line per request goes to standard error. Ctrl-C or SIGTERM stops it."
        )

        @Argument(help: "The session file (responses are needed: not a .http file).")
        var file: String

        @Option(help: "The port to listen on (0: any free port, printed at start).")
        var port: Int

        @Option(help: "The address to listen on; anything but loopback only when typed here.")
        var host = "127.0.0.1"

        @Flag(help: "Wait as long as each recorded response took before answering.")
        var delay = false

        func validate() throws {
            guard (0...65535).contains(port) else { throw ValidationError("--port must be 0...65535") }
        }

        func run() throws {
            let streams = FileDescriptorSink(escapeControls: TerminalText.escapeLine)
            let sink = RedactingSink(streams)
            let environment = currentEnvironment()
            let document: SessionDocument
            do throws(WorkbenchError) {
                if HTTPFileImport.handles(file) {
                    throw WorkbenchError("\(file): a .http file holds no responses to serve; record a session (`save FILE.json`) and serve that")
                }
                document = try SessionDecoding.decode(try SessionFileBounds.read(file), file: file)
            } catch {
                sink.printError("error: \(error.message)")
                throw ExitCode(2)
            }
            sink.redactor = SecretRedactor(variables: Variables(), endpoints: document.requests.map(\.endpoint), environment: environment)
            let routes = MockRoutes(document: document)
            for note in routes.notes { sink.printError("warning: \(note)") }
            guard !routes.routes.isEmpty else {
                sink.printError("error: \(file) has no recorded responses to serve")
                throw ExitCode(2)
            }
            let server = MockServer(routes: routes, delay: delay) { line in
                sink.printError(line)
            }
            let bound: Int
            do throws(WorkbenchError) { bound = try server.bind(host: host, port: port) } catch {
                sink.printError("error: \(error.message)")
                throw ExitCode(2)
            }
            if !Self.isLoopback(host) {
                sink.printError("warning: listening on \(host): other machines can reach the recorded responses")
            }
            let shownHost = host.contains(":") ? "[\(host)]" : host
            sink.printError("serving \(routes.routes.count) recorded response\(routes.routes.count == 1 ? "" : "s") of \(file) on http://\(shownHost):\(bound) (Ctrl-C stops)")
            wb_interrupt_install()
            wb_interrupt_install_terminate()
            server.run(shouldStop: { wb_interrupt_pending() != 0 })
            sink.printError("stopped")
            sink.finish()
            streams.flush()
        }

        static func isLoopback(_ host: String) -> Bool {
            host == "localhost" || host == "::1" || host.hasPrefix("127.")
        }
    }
}
