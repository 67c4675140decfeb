import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchSessions

/// The commands of help's group "Runs": waiting, and the blocks of scripts.
extension CommandDeclaration {
    static let runsGroup = CommandGroup(
        title: "Runs and scripts", commands: [.sleep, .if, .else, .end, .repeat])

    static let sleep = CommandDeclaration(
        name: "sleep", usage: ["sleep DURATION"],
        summary:
            "Wait: DURATION as 2s, 500ms, 1m or 1h (a bare number is seconds), at most 1h; Ctrl-C ends it. In a script all its sleeps together wait at most 1h.",
        example: "sleep 2s", subcommands: [],
        parse: { words throws(WorkbenchError) in
            guard words.args.count == 1 else { throw words.usageError("expected one duration, as in `sleep 2s`") }
            return .command(.sleep(seconds: try DurationText.seconds(words.texts[0], what: "sleep", limit: ScriptBounds.sleepSeconds)))
        })

    static let `if` = scriptBlock(
        "if", usage: ["if CHECK"],
        summary:
            "In a script (`run FILE`): the lines up to `else` (or `end`) run when CHECK holds for the last response, the lines from `else` to `end` when it does not. CHECK as in `expect` (`if status 200`, `if json $.state == \"done\"`); blocks nest 16 deep.",
        example: "if status 200")
    static let `else` = scriptBlock(
        "else", usage: ["else"], summary: "In a script: the lines of an `if` block run when its check does not hold, up to `end`.",
        example: "else")
    static let end = scriptBlock(
        "end", usage: ["end"],
        summary: "In a script: closes an `if` or `repeat` block; a block without its `end` is an error naming the line that opened it.",
        example: "end")
    static let `repeat` = scriptBlock(
        "repeat", usage: ["repeat N"],
        summary:
            "In a script: the lines up to `end` run N times (at most 10000; nested repeats at most 1000000 times in all); Ctrl-C stops before the next round.",
        example: "repeat 3")

    /// The block words: a script reads them (`ScriptBlockReader`); typed at the prompt they say so.
    private static func scriptBlock(_ name: String, usage: [String], summary: String, example: String) -> CommandDeclaration {
        CommandDeclaration(
            name: name, usage: usage, summary: summary, example: example, subcommands: [],
            parse: { _ throws(WorkbenchError) in .command(.scriptBlock(keyword: name)) })
    }

    /// A block word typed at the prompt (a script reads them before they become commands).
    static func outsideAScript(_ keyword: String) -> WorkbenchError {
        WorkbenchError(
            "\(keyword): blocks (`if CHECK` ... `else` ... `end`, `repeat N` ... `end`) run in scripts: put them in a file and `run FILE`, or `workbench run FILE`"
        )
    }

    /// The declaration of a block word, for `Command.declaration`.
    static func scriptBlockDeclaration(_ keyword: String) -> CommandDeclaration {
        switch keyword {
        case "if": .if
        case "else": .else
        case "repeat": .repeat
        default: .end
        }
    }
}
