import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs
import WorkbenchSessions

/// The commands of help's group "Help and leaving": each one's help, parsing and completion.
enum HelpCommands {
    static let group = CommandGroup(title: "Help and leaving", commands: [help, clear, exit, quit])

    static let help = CommandDeclaration(
        name: "help", usage: ["help", "help all", "help COMMAND"],
        summary: "List the commands by group, every command with a line each (all), or explain one.",
        example: "help query", subcommands: [],
        parse: { words throws(WorkbenchError) in try HelpCommands.parseHelp(words) },
        complete: { input in
            input.position == 1 ? input.matching(["all"] + CommandTable.names) : nil
        })

    static let clear = CommandDeclaration(
        name: "clear", usage: ["clear"],
        summary: "Clear the screen (as Ctrl-L does); what was printed stays in the terminal's scrollback.",
        example: "clear", subcommands: [],
        parse: { words throws(WorkbenchError) in try words.expectNoArguments(.clear) })

    static let exit = CommandDeclaration(
        name: "exit", usage: ["exit"], summary: "Leave the workbench (also `quit` or Ctrl-D).", example: "exit", subcommands: [],
        parse: { words throws(WorkbenchError) in try words.expectNoArguments(.exit) })

    static let quit = CommandDeclaration(
        name: "quit", usage: ["quit"], summary: "Leave the workbench (also `exit` or Ctrl-D).", example: "quit", subcommands: [],
        parse: { words throws(WorkbenchError) in try words.expectNoArguments(.exit) })
}

extension HelpCommands {
    static func parseHelp(_ words: CommandWords) throws(WorkbenchError) -> ParsedLine {
        guard words.args.count <= 1 else { throw words.usageError("expected at most one command name") }
        return .command(.help(words.args.first?.text.lowercased()))
    }
}

extension HelpCommands {
    /// `help [COMMAND]`: the overview, or one command's page.
    static func help(_ name: String?) throws(WorkbenchError) -> CommandOutcome {
        .paged(try name.map { name throws(WorkbenchError) in try CommandCatalog.help(for: name) } ?? CommandCatalog.overview())
    }
}
