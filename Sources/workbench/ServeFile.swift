import ArgumentParser
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
            throw ExitCode(ServeLaunch(file: file, port: port, host: host, delay: delay).run())
        }
    }
}
