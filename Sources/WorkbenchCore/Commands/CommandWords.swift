import WorkbenchBasics

/// A line split into words, as a command's parsing reads it: the command word,
/// its arguments and the line they came from (for the verbatim rest of a line).
struct CommandWords {
    let line: String
    let name: String
    let args: [ShellWord]
    /// The declared subcommands of the command, for "did you mean" on an unknown one.
    let subcommands: [String]

    var texts: [String] { args.map(\.text) }

    /// The rest of the line, verbatim, from argument `index` on.
    func rest(from index: Int) -> String {
        guard index < args.count else { return "" }
        return line.suffix(fromUTF8Offset: args[index].start).trimmingSpaces()
    }

    /// `NAME: problem; see `help NAME``: the usage is one command away, not repeated in every error.
    func usageError(_ problem: String, command: String? = nil) -> WorkbenchError {
        let name = command ?? name
        return WorkbenchError("\(name): \(problem); see `help \(name)`")
    }

    func expectNoArguments(_ command: Command) throws(WorkbenchError) -> ParsedLine {
        guard args.isEmpty else { throw usageError("unexpected argument \(Excerpt.quoted(args[0].text))") }
        return .command(command)
    }
}
