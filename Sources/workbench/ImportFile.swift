import ArgumentParser
import Platform
import WorkbenchCore

extension WorkbenchCommand {
    /// `workbench import FILE [--env ENVIRONMENT.json] [--output SESSION.json]`: curl
    /// commands, a HAR log or a Postman collection (told by content), as a session to
    /// work on (or to save and replay); `--env` a Postman environment over it.
    struct ImportFile: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract:
                "Bring requests in (curl commands, a HAR log, a Postman collection): start with them in the history, or save them as a session."
        )

        @Argument(help: "A file of curl commands (one per line; a line ending with \\ goes on), a HAR log or a Postman collection.")
        var file: String

        @Option(name: .customLong("env"), help: "A Postman environment file: its variables win over the collection's.")
        var environmentFile: String?

        @Option(name: [.short, .long], help: "Write the session file and exit instead of starting the workbench.")
        var output: String?

        @OptionGroup var options: CommonOptions

        func run() throws {
            throw ExitCode(
                Launch.importing(
                    file, environmentFile: environmentFile, output: output,
                    options: options.values, repl: REPL.run))
        }
    }
}
