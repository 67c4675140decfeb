import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs
import WorkbenchSessions

/// One command, declared once: its name, help (usage, summary, example, subcommands),
/// its parsing and its completion. `help`, "did you mean", the parser's dispatch and
/// completion are all read from these declarations (`CommandTable`), so they cannot
/// drift apart. The parsed value stays a `Command`; its effect sits beside the declaration,
/// in the same file, reached from `Workspace.apply`'s switch without `default` with the
/// command's values.
///
/// A class: a line looks its declaration up twice, and a struct of ten fields was copied
/// (ten retains and releases) at each step.
final class CommandDeclaration: Sendable {
    /// The words after the command word, split as the command language splits them.
    typealias Parse = @Sendable (CommandWords) throws(WorkbenchError) -> ParsedLine
    /// A line read its own way before it is split into words (`header X: "a"`, pipes):
    /// nil when the line is an ordinary one of the command.
    typealias Verbatim = @Sendable (String) throws(WorkbenchError) -> ParsedLine?
    /// What Tab offers for the word under the cursor; nil: nothing of the command's own
    /// (a word starting with `@` or `>` then completes a file name).
    typealias Complete = @Sendable (CompletionInput) -> [String]?

    /// The arguments of a command that carry a credential, declared with the command: the
    /// line as it may be kept (the history file), each literal credential in it masked, and
    /// lines that carry one for the declaration walk (`SecretDeclarationTests`, which greps
    /// every output and file for the value). Everything else (the request, `show`, sessions,
    /// exports) masks through the secret variable the command keeps the value in.
    struct Credentials: Sendable {
        /// The typed line and its parsed command: the line with its credentials masked, or
        /// nil when this line carries none.
        let masked: @Sendable (String, Command) -> String?
        /// Lines carrying a credential, `SECRET` standing for the value.
        let examples: [String]
    }

    let name: String
    /// Usage lines, one per form.
    let usage: [String]
    let summary: String
    let example: String
    /// Words that may follow the command name (`query add`, `follow on`): help shows each
    /// in a usage line, Tab offers each after the name.
    let subcommands: [String]
    let parse: Parse
    /// Sends the request (`send` and the method verbs).
    let sends: Bool
    let verbatim: Verbatim?
    let complete: Complete
    /// Nil for a command that carries no credential.
    let credentials: Credentials?

    init(
        name: String, usage: [String], summary: String, example: String, subcommands: [String],
        parse: @escaping Parse, sends: Bool = false, verbatim: Verbatim? = nil,
        complete: Complete? = nil, credentials: Credentials? = nil
    ) {
        self.name = name
        self.usage = usage
        self.summary = summary
        self.example = example
        self.subcommands = subcommands
        self.parse = parse
        self.sends = sends
        self.verbatim = verbatim
        self.complete = complete ?? Self.subcommandsAtFirst
        self.credentials = credentials
    }

    /// The usual completion: the subcommands right after the command name.
    static let subcommandsAtFirst: Complete = { input in
        input.position == 1 && !input.subcommands.isEmpty ? input.matching(input.subcommands) : nil
    }
}

/// A group of commands as `help` shows them.
struct CommandGroup: Sendable {
    var title: String
    var commands: [CommandDeclaration]
}

/// Every command, in the groups `help` shows: the one list of commands.
enum CommandTable {
    static let groups: [CommandGroup] = [
        BuildCommands.group, SendCommands.group, LiveCommands.group,
        VariableCommands.group,
        CheckCommands.group, APICommands.group, ToolCommands.group,
        RunCommands.group, SettingsCommands.group, NetworkCommands.group,
        HelpCommands.group,
    ]

    static let all: [CommandDeclaration] = groups.flatMap(\.commands)

    static let names: [String] = all.map(\.name)

    private static let byName: [String: CommandDeclaration] = Dictionary(all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

    /// The longest command name: a longer first word is no command, and is not copied.
    private static let longestName = names.map(\.count).max() ?? 0

    static func declaration(named name: String) -> CommandDeclaration? { byName[name] }

    /// The declaration a line's first word (up to a space, a tab or `|`) names, in any case.
    /// Looks at no more than the longest name's length, so a 50 MB line costs nothing here.
    static func declaration(startingLine line: String) -> CommandDeclaration? {
        // By bytes: every line asks, and Character-wise prefixes and `lowercased()` were
        // a fifth of parsing a `get PATH`. A name is ASCII, so a first word that is not
        // names nothing; a separator with a mark joined to it is left to the Character walk.
        var name: [UInt8] = []
        var bytes = line.utf8.makeIterator()
        while let byte = bytes.next() {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "|") {
                if let next = bytes.next(), next >= 0x80 { return declarationByCharacters(startingLine: line) }
                break
            }
            guard name.count < longestName, byte < 0x80 else { return nil }
            name.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte)
        }
        return byName[String(decoding: name, as: UTF8.self)]
    }

    private static func declarationByCharacters(startingLine line: String) -> CommandDeclaration? {
        let first = line.prefix(longestName + 1).prefix { $0 != " " && $0 != "\t" && $0 != "|" }
        guard first.count <= longestName else { return nil }
        return byName[first.lowercased()]
    }

    /// The commands that send: `send` and the method verbs.
    static let sendingNames: [String] = all.filter(\.sends).map(\.name)
}

/// What a declaration's completion sees: the words before the cursor and the one under it.
struct CompletionInput {
    let completion: Completion
    /// The words before the one under the cursor, the command word first.
    let before: [String]
    let current: String
    /// The declaration's subcommands.
    let subcommands: [String]

    /// Which word is under the cursor: 1 is the first after the command word.
    var position: Int { before.count }
    var workspace: Workspace { completion.workspace }

    func matching(_ options: [String]) -> [String] { completion.matching(options, current) }
    func files(matching typed: String) -> [String] { completion.filesFor(typed) }
    func unique(_ names: [String]) -> [String] { completion.unique(names) }

    /// `1`, `2`, ... for the requests of the history.
    var requestNumbers: [String] { workspace.history.indices.map { String($0 + 1) } }

    /// The send verbs: a path of the loaded description first.
    static let apiPathAtFirst: CommandDeclaration.Complete = { input in
        input.position == 1 ? input.completion.apiPaths(current: input.current, relative: false) : nil
    }

    /// `load`, `save`, `run`: a file name first.
    static let fileAtFirst: CommandDeclaration.Complete = { input in
        input.position == 1 ? input.files(matching: input.current) : nil
    }
}

extension CommandParser {
    public static func parse(_ line: String) throws(WorkbenchError) -> ParsedLine {
        let trimmed = line.trimmingSpaces()
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return .empty }
        if let declaration = CommandTable.declaration(startingLine: trimmed), let verbatim = declaration.verbatim,
            let parsed = try verbatim(trimmed)
        {
            return parsed
        }
        let words: [ShellWord]
        do throws(WorkbenchError) {
            words = try ShellWords.split(line)
        } catch {
            // `body TEXT` is the rest of the line verbatim, so a quote there (`body it's`) is text.
            guard let text = verbatimBodyText(line) else { throw error }
            try Template.validate(text)
            return .command(.body(.text(text)))
        }
        guard let first = words.first else { return .empty }
        let name = first.text.lowercased()
        guard let declaration = CommandTable.declaration(named: name) else {
            throw WorkbenchError(
                "unknown command \(Excerpt.quoted(name))"
                    + (Suggestion.nearest(name, among: CommandTable.names).map { ": did you mean \($0)?" }
                        ?? ": type `help` for the list of commands"))
        }
        return try declaration.parse(
            CommandWords(
                line: line, name: name, args: Array(words.dropFirst()),
                subcommands: declaration.subcommands))
    }
}
