import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs
import WorkbenchSessions

/// The commands of help's group "Help and leaving": each one's help, parsing and completion.
extension CommandDeclaration {
    static let leavingGroup = CommandGroup(title: "Help and leaving", commands: [.help, .clear, .exit, .quit])

    static let help = CommandDeclaration(
        name: "help", usage: ["help", "help all", "help COMMAND"],
        summary: "List the commands by group, every command with a line each (all), or explain one.",
        example: "help query", subcommands: [],
        parse: { words throws(WorkbenchError) in try words.parseHelp() },
        apply: { workspace, command, context throws(WorkbenchError) in try workspace.applyHelp(command, context: context) },
        complete: { input in
            input.position == 1 ? input.matching(["all"] + CommandTable.names) : nil
        })

    static let clear = CommandDeclaration(
        name: "clear", usage: ["clear"],
        summary: "Clear the screen (as Ctrl-L does); what was printed stays in the terminal's scrollback.",
        example: "clear", subcommands: [],
        parse: { words throws(WorkbenchError) in try words.expectNoArguments(.clear) },
        apply: { workspace, command, context throws(WorkbenchError) in try workspace.applyClear(command, context: context) })

    static let exit = CommandDeclaration(
        name: "exit", usage: ["exit"], summary: "Leave the workbench (also `quit` or Ctrl-D).", example: "exit", subcommands: [],
        parse: { words throws(WorkbenchError) in try words.expectNoArguments(.exit) },
        apply: { workspace, command, context throws(WorkbenchError) in try workspace.applyExit(command, context: context) })

    static let quit = CommandDeclaration(
        name: "quit", usage: ["quit"], summary: "Leave the workbench (also `exit` or Ctrl-D).", example: "quit", subcommands: [],
        parse: { words throws(WorkbenchError) in try words.expectNoArguments(.exit) })
}

extension CommandWords {
    func parseHelp() throws(WorkbenchError) -> ParsedLine {
        guard args.count <= 1 else { throw usageError("expected at most one command name") }
        return .command(.help(args.first?.text.lowercased()))
    }
}

extension Workspace {
    /// `help`'s effect on the workspace; nil for another command's.
    mutating func applyHelp(_ command: Command, context: CommandContext) throws(WorkbenchError) -> CommandOutcome? {
        switch command {
        case .help(let name):
            return .paged(
                try name.map { name throws(WorkbenchError) in try CommandCatalog.help(for: name) }
                    ?? CommandCatalog.overview())
        default:
            return nil
        }
    }

    /// `clear`'s effect on the workspace; nil for another command's.
    mutating func applyClear(_ command: Command, context: CommandContext) throws(WorkbenchError) -> CommandOutcome? {
        switch command {
        case .clear:
            return .clearScreen
        default:
            return nil
        }
    }

    /// `exit`'s effect on the workspace; nil for another command's.
    mutating func applyExit(_ command: Command, context: CommandContext) throws(WorkbenchError) -> CommandOutcome? {
        switch command {
        case .exit:
            return .exit
        default:
            return nil
        }
    }
}
