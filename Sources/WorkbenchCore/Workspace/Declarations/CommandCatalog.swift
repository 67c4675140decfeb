import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchSessions

/// A command's help as the executable and tests read it: a view of its
/// `CommandDeclaration`, which `help`, completion and "did you mean" read too.
public struct CommandSpec: Sendable {
    public var name: String
    /// Usage lines, one per form.
    public var usage: [String]
    public var summary: String
    public var example: String
    /// Words that may follow the command name (`query add`, `follow on`).
    public var subcommands: [String]
}

/// `help`'s texts, laid out from the declarations.
public enum CommandCatalog {
    public static let methods = BuildCommands.methods

    /// The method verbs (`get`, `post`, ...): the commands that send, but `send`.
    public static let sendVerbs = CommandTable.sendingNames.filter { $0 != "send" }

    /// A view of the declarations (`CommandTable`), for the executable and tests.
    public static let all: [CommandSpec] = CommandTable.all.map {
        CommandSpec(name: $0.name, usage: $0.usage, summary: $0.summary, example: $0.example, subcommands: $0.subcommands)
    }

    public static var names: [String] { CommandTable.names }

    public static func spec(named name: String) -> CommandSpec? {
        all.first { $0.name == name }
    }

    /// The groups `help` shows, in order; every command is in one.
    public static let groups: [(title: String, names: [String])] = CommandTable.groups.map { ($0.title, $0.commands.map(\.name)) }

    /// Lines are wrapped to this width (a standard terminal), never inside a word.
    public static let width = 80

    /// `usage: ...` lines.
    public static func usage(of name: String) -> String {
        guard let spec = spec(named: name) else { return "" }
        return "usage: " + spec.usage.joined(separator: " | ")
    }

    /// `help`: the commands by group, a few lines that fit a 24-row screen.
    public static func overview() -> String {
        let titleWidth = groups.map(\.title.count).max() ?? 0
        var lines = ["Commands (`help COMMAND` explains one, `help all` lists each with a line):", ""]
        for group in groups {
            let lead = "  " + (group.title + ":").padding(to: titleWidth + 1) + "  "
            lines += wrap(group.names.joined(separator: " "), first: lead, rest: String(repeating: " ", count: lead.count))
        }
        lines.append("")
        lines += wrap(
            "Values may use {{NAME}} (a variable) and {{env.NAME}} (the environment), expanded when sent. "
                + "Tab completes; Ctrl-R searches the history; Ctrl-D or `exit` leaves.", first: "", rest: "")
        return lines.joined(separator: "\n")
    }

    /// `help all`: every command with its summary.
    public static func everyCommand() -> String {
        let nameWidth = all.map(\.name.count).max() ?? 0
        var lines: [String] = []
        for group in groups {
            lines.append(group.title + ":")
            for name in group.names {
                guard let spec = spec(named: name) else { continue }
                let lead = "  " + spec.name.padding(to: nameWidth) + "  "
                lines += wrap(spec.summary, first: lead, rest: String(repeating: " ", count: lead.count))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `help COMMAND`.
    public static func help(for name: String) throws(WorkbenchError) -> String {
        if name == "all" { return everyCommand() }
        guard let spec = spec(named: name) else {
            throw WorkbenchError("no help for unknown command \(Excerpt.quoted(name))" + Suggestion.didYouMean(name, among: names))
        }
        var lines = wrap(spec.name + ": " + spec.summary, first: "", rest: "  ")
        lines.append("usage:")
        lines += spec.usage.map { "  " + $0 }
        lines.append("example:")
        lines.append("  " + spec.example)
        return lines.joined(separator: "\n")
    }

    /// Words of `text` in lines of at most `width` columns; the first line starts
    /// with `first`, the others with `rest`. A word longer than a line gets one to itself.
    static func wrap(_ text: String, first: String, rest: String) -> [String] {
        var lines: [String] = []
        var line = first
        var lineHasWord = false
        for word in text.split(separator: " ") {
            if lineHasWord && line.count + 1 + word.count > width {
                lines.append(line)
                line = rest
                lineHasWord = false
            }
            line += (lineHasWord ? " " : "") + word
            lineHasWord = true
        }
        lines.append(line)
        return lines
    }
}
