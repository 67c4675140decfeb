import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif
import WorkbenchCore

extension WorkbenchCommand {
    /// `workbench import FILE [--output SESSION.json]`: curl commands from a file,
    /// as a session to work on (or to save and replay).
    struct ImportFile: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Bring the curl commands of a file in: start with them in the history, or save them as a session."
        )

        @Argument(help: "A file of curl commands (one per line; a line ending with \\ goes on).")
        var file: String

        @Option(name: [.short, .long], help: "Write the session file and exit instead of starting the workbench.")
        var output: String?

        @OptionGroup var options: CommonOptions

        func run() throws {
            let launch = Launch(options: options.values)
            let interpreter = launch.makeInterpreter()
            try launch.preload(.importFile(file), into: interpreter)
            if let output {
                try launch.preload(.save(output, requests: []), into: interpreter)
                return
            }
            if isatty(0) == 1 {
                throw ExitCode(launch.runREPL(interpreter))
            }
            throw ExitCode(launch.runScript(interpreter, nextLine: LineReader(descriptor: 0).next))
        }
    }
}
