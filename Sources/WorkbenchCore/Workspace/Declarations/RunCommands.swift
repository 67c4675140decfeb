import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchSessions

/// The commands of help's group "Runs": waiting, and the blocks of scripts.
enum RunCommands {
    static let group = CommandGroup(
        title: "Runs and scripts", commands: [bench, sleep, `if`, `else`, end, `repeat`])

    static let bench = CommandDeclaration(
        name: "bench", usage: ["bench [N] [--concurrency C] [--duration D] [--rate R] [--json FILE]"],
        summary:
            "Send the current request N times (default 200, at most 10000000) over C connections (default 1, at most 1000; never more), or for --duration (at most 1h), and print requests/s, statuses, errors by kind, latency min/p50/p90/p99/p99.9/max and a histogram. --rate R (at most 1000000/s) starts requests on a fixed schedule and counts latency from each one's scheduled start (no coordinated omission, as wrk2). A progress line while it runs; Ctrl-C stops and prints what was measured; --json FILE writes the figures (schema in docs/runs.md). Nothing joins the history.",
        example: "bench 1000 --concurrency 8", subcommands: [],
        parse: { words throws(WorkbenchError) in try RunCommands.parseBench(words) },
        complete: { input in
            if input.before.last == "--json" { return input.files(matching: input.current) }
            return input.current.hasPrefix("-") ? input.matching(["--concurrency", "--duration", "--rate", "--json"]) : nil
        })

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

    /// The bounds of `bench`, named in its errors.
    enum BenchBounds {
        static let requests = 10_000_000
        static let concurrency = 1000
        static let duration = 3600.0
        static let rate = 1_000_000.0
        static let defaultRequests = 200
    }

    /// The declaration of a block word, for `Command.declaration`.
    static func scriptBlockDeclaration(_ keyword: String) -> CommandDeclaration {
        switch keyword {
        case "if": RunCommands.if
        case "else": RunCommands.else
        case "repeat": RunCommands.repeat
        default: RunCommands.end
        }
    }
}

extension RunCommands {
    /// `bench [N] [--concurrency C] [--duration D] [--rate R] [--json FILE]`.
    static func parseBench(_ input: CommandWords) throws(WorkbenchError) -> ParsedLine {
        typealias Bounds = RunCommands.BenchBounds
        var count: Int?
        var duration: Double?
        var concurrency = 1
        var rate: Double?
        var json: String?
        var index = 0
        let texts = input.texts
        func value(_ flag: String) throws(WorkbenchError) -> String {
            guard index + 1 < texts.count, !texts[index + 1].isEmpty else { throw input.usageError("\(flag): expected a value") }
            index += 2
            return texts[index - 1]
        }
        while index < texts.count {
            let word = texts[index]
            switch word {
            case "--concurrency", "-c":
                let text = try value(word)
                guard let number = Int(text), number >= 1 else {
                    throw input.usageError("--concurrency: expected a number of connections from 1, got \(Excerpt.quoted(text))")
                }
                guard number <= Bounds.concurrency else {
                    throw input.usageError("--concurrency: \(number) is more than \(Bounds.concurrency), the most connections bench opens")
                }
                concurrency = number
            case "--duration", "-d":
                duration = try DurationText.seconds(try value(word), what: "bench --duration", limit: Bounds.duration)
            case "--rate", "-r":
                let text = try value(word)
                guard let number = Double(text), number > 0, number.isFinite else {
                    throw input.usageError("--rate: expected requests per second above 0, got \(Excerpt.quoted(text))")
                }
                guard number <= Bounds.rate else {
                    throw input.usageError("--rate: \(text) is more than \(Int(Bounds.rate)) requests per second, the most bench schedules")
                }
                rate = number
            case "--json":
                json = try value(word)
            default:
                guard count == nil, let number = Int(word) else { throw input.usageError("unexpected argument \(Excerpt.quoted(word))") }
                guard number >= 1 else { throw input.usageError("expected a number of requests from 1, got \(number)") }
                guard number <= Bounds.requests else {
                    throw input.usageError("\(number) requests is more than \(Bounds.requests), the most one bench sends")
                }
                count = number
                index += 1
            }
        }
        if count == nil && duration == nil { count = Bounds.defaultRequests }
        return .command(.bench(LoadPlan(count: count, duration: duration, concurrency: concurrency, rate: rate), json: json))
    }
}
