import ArgumentParser
import WorkbenchCore

extension WorkbenchCommand {
    /// `workbench commands [--markdown]`: the command reference, from the declarations
    /// `help` reads; `make docs` writes the Markdown one to docs/commands.md.
    struct Commands: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "commands",
            abstract: "Print every command of the workbench with its usage (docs/commands.md is the --markdown form)."
        )

        @Flag(name: .long, help: "Markdown, with the command line's options at the end.")
        var markdown = false

        /// The width ArgumentParser lays its help out to: fixed, so the document does not
        /// depend on the terminal it was made in.
        static let columns = 100

        func run() throws {
            guard markdown else {
                print(CommandCatalog.everyCommand())
                return
            }
            let shell: [any ParsableCommand.Type] = [
                WorkbenchCommand.self, Interactive.self, Run.self, ReplayFile.self, ServeFile.self, ImportFile.self,
            ]
            let sections = shell.map { command in
                let name = command == WorkbenchCommand.self ? "workbench" : "workbench " + command._commandName
                return "### \(name)\n\n```\n" + trimmed(WorkbenchCommand.helpMessage(for: command, columns: Self.columns)) + "\n```"
            }
            print(CommandCatalog.markdown(commandLine: sections.joined(separator: "\n\n")), terminator: "")
        }

        /// Without trailing spaces and blank lines, which ArgumentParser leaves.
        private func trimmed(_ text: String) -> String {
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                String(line.reversed().drop { $0 == " " }.reversed())
            }
            while lines.last?.isEmpty == true { lines.removeLast() }
            return lines.joined(separator: "\n")
        }
    }
}
