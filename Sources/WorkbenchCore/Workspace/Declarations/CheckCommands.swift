import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs
import WorkbenchSessions

/// The commands of help's group "Check and keep": each one's help, parsing and completion.
enum CheckCommands {
    static let group = CommandGroup(
        title: "Check and keep", commands: [expect, history, replay, diff, compare, use, save, load, restore, run])

    static let expect = CommandDeclaration(
        name: "expect",
        usage: [
            "expect status CODE", "expect header NAME contains TEXT", "expect body contains TEXT",
            "expect json PATH OP VALUE   (OP: == != < <= > >= contains matches)", "expect json PATH exists",
            "expect time < MS", "expect schema", "expect frame next|last|N CHECK [--within 5s]",
            "expect event N|last type|id == VALUE", "expect event N|last json PATH OP VALUE", "expect event N|last data contains TEXT",
            "expect", "expect rm N", "expect clear",
        ],
        summary:
            "Check the last response now and on every replay (VALUE is a JSON literal: strings in double quotes; `matches` takes a regular expression as a string; `schema`: the body against the loaded API description's response schema for the operation and status, each violation with its JSON path; `frame`: a received WebSocket frame, `next` waiting for it up to --within, 5 s by default; `event`: one server-sent event of the last response, N as `events` numbers them); alone, list the checks of the last request; `rm N` and `clear` take them back.",
        example: "expect json $.data.user == \"ana\"",
        subcommands: ["status", "header", "body", "json", "time", "schema", "frame", "event", "rm", "clear"],
        parse: { words throws(WorkbenchError) in try CheckCommands.parseExpect(words) },
        complete: { input in
            let workspace = input.workspace
            if input.position == 2 && input.before[1] == "rm", let index = workspace.lastRecordIndex,
                workspace.history.indices.contains(index)
            {
                return input.matching(workspace.history[index].expectations.indices.map { String($0 + 1) })
            }
            if input.position >= 2 && input.before[1] == "event" { return EventCompletion.expect(input) }
            return input.position == 1 ? input.matching(input.subcommands) : nil
        })

    static let history = CommandDeclaration(
        name: "history", usage: ["history", "history rm N[-M]", "history clear"],
        summary: "List the requests sent in this session, numbered; `rm` removes some (the rest are renumbered), `clear` all.",
        example: "history rm 2-3", subcommands: ["rm", "clear"],
        parse: { words throws(WorkbenchError) in try CheckCommands.parseHistory(words) },
        complete: { input in
            if input.position == 1 { return input.matching(input.subcommands) }
            if input.position == 2 && input.before[1] == "rm" { return input.matching(input.requestNumbers) }
            return nil
        })

    static let replay = CommandDeclaration(
        name: "replay", usage: ["replay N [--env NAME]", "replay all [--keep-going] [--env NAME]"],
        summary:
            "Send request N of the history again (or all, in order), with captures and expectations; each keeps the response it got. The first failure stops `replay all`, as it stops `workbench replay`, unless --keep-going. --env NAME: in that environment (the one in force stays).",
        example: "replay all", subcommands: ["all"],
        parse: { words throws(WorkbenchError) in try CheckCommands.parseReplay(words) },
        complete: { input in
            if input.position == 1 { return input.matching(input.subcommands + input.requestNumbers) }
            if input.before.last == "--env" { return input.matching(input.workspace.knownEnvironmentNames) }
            return input.position >= 2 ? input.matching(["--keep-going", "--env"]) : nil
        })

    static let compare = CommandDeclaration(
        name: "compare", usage: ["compare ENV1 ENV2 [--header NAME]... [--ignore PATH]... [--save]"],
        summary:
            "Send the request being built in two environments of http-client.env.json (twice in ENV1: what changes by itself, ids and timestamps, is left out and listed) and print the differences by JSON path: status, the headers that matter (--header NAME for more, '*' for all), the body. Nothing is kept in the history, unless --save: then the comparison joins it as a check that `replay` runs (sent once in each environment, it passes when nothing but what is ignored differs).",
        example: "compare local staging --ignore $.version", subcommands: [],
        parse: { words throws(WorkbenchError) in try CheckCommands.parseCompare(words) },
        complete: { input in
            if input.current.hasPrefix("-") { return input.matching(DiffOptionReader.names + ["--save"]) }
            if input.position <= 2 { return input.matching(input.workspace.knownEnvironmentNames) }
            return nil
        })

    static let diff = CommandDeclaration(
        name: "diff", usage: ["diff N M [--header NAME]... [--ignore PATH]...", "diff N [--header NAME]... [--ignore PATH]..."],
        summary:
            "What changed from request N's response to request M's (or to the last response): status, the headers named ('*' for all), the body (JSON by path: [-was-]{+now+}; text by line). --ignore takes a JSON path ($.items[*].id) or 'header NAME'.",
        example: "diff 1 3 --ignore $.updated_at", subcommands: [],
        parse: { words throws(WorkbenchError) in try CheckCommands.parseDiff(words) },
        complete: { input in
            if input.current.hasPrefix("-") { return input.matching(DiffOptionReader.names) }
            if input.position <= 2 || input.before.last.map({ !DiffOptionReader.names.contains($0) }) ?? false {
                return input.matching(input.requestNumbers)
            }
            return nil
        })

    static let use = CommandDeclaration(
        name: "use", usage: ["use N"],
        summary: "Make request N of the history the request being built, to change and send again.",
        example: "use 2", subcommands: [],
        parse: { words throws(WorkbenchError) in try CheckCommands.parseUse(words) },
        complete: { input in
            input.position == 1 ? input.matching(input.requestNumbers) : nil
        })

    static let save = CommandDeclaration(
        name: "save", usage: ["save [--force] [FILE]", "save FILE N|N-M..."],
        summary:
            "Write the session (request, variables, settings, history) to a JSON file; no FILE: the last one; numbers: only those requests; "
            + "--force: even when another workbench saved the file since this one loaded or saved it.",
        example: "save Sessions/login.json", subcommands: [],
        parse: { words throws(WorkbenchError) in try CheckCommands.parseSave(words) },
        complete: CompletionInput.fileAtFirst)

    static let load = CommandDeclaration(
        name: "load", usage: ["load FILE", "load FILE.http [--env NAME]"],
        summary:
            "Read a session file, replacing the current session; a .http file (JetBrains, VS Code REST Client) becomes the history, not sent, with its variables and the environment NAME from http-client.env.json.",
        example: "load Sessions/login.json", subcommands: [],
        parse: { words throws(WorkbenchError) in try CheckCommands.parseLoad(words) },
        complete: CompletionInput.fileAtFirst)

    static let restore = CommandDeclaration(
        name: "restore", usage: ["restore"],
        summary: "Bring back the session autosaved by the interactive run that wrote last (each terminal autosaves its own).",
        example: "restore", subcommands: [],
        parse: { words throws(WorkbenchError) in try words.expectNoArguments(.restore) })

    static let run = CommandDeclaration(
        name: "run", usage: ["run SCRIPT", "run FILE.http [--env NAME]"],
        summary:
            "Run the commands of a file as if typed; the first failing line stops it (FILE:LINE in the error). A .http file's requests join the history and are sent in order, captures flowing.",
        example: "run login.wb", subcommands: [],
        parse: { words throws(WorkbenchError) in try CheckCommands.parseRun(words) },
        complete: CompletionInput.fileAtFirst)
}

extension CheckCommands {
    static func parseExpect(_ words: CommandWords) throws(WorkbenchError) -> ParsedLine {
        if words.args.isEmpty { return .command(.expectList) }
        if words.texts[0] == "frame" { return try WebSocketCommand.parseExpectFrame(words) }
        if words.texts[0] == "rm" || words.texts[0] == "clear" { return try CheckCommands.parseTakeBack(words, sub: words.texts[0]) }
        do throws(WorkbenchError) {
            return .command(.expect(try Expectation.parse(words.rest(from: 0))))
        } catch {
            throw words.usageError(error.message)
        }
    }

    static func parseHistory(_ words: CommandWords) throws(WorkbenchError) -> ParsedLine {
        if words.texts.first == "rm" || words.texts.first == "clear" { return try CheckCommands.parseTakeBack(words, sub: words.texts[0]) }
        return try words.expectNoArguments(.history)
    }

    static func parseUse(_ words: CommandWords) throws(WorkbenchError) -> ParsedLine {
        guard words.args.count == 1, let number = Int(words.texts[0]), number >= 1 else {
            throw words.usageError("expected one request number (see `history`)")
        }
        return .command(.use(number))
    }

    static func parseLoad(_ words: CommandWords) throws(WorkbenchError) -> ParsedLine {
        if words.args.count == 3, words.texts[1] == "--env", HTTPFileImport.handles(words.texts[0]) {
            return .command(.loadHTTPFile(words.texts[0], environment: words.texts[2]))
        }
        guard words.args.count == 1, !words.texts[0].isEmpty else {
            throw words.usageError("expected one file name (and `--env NAME` for a .http file)")
        }
        return .command(HTTPFileImport.handles(words.texts[0]) ? .loadHTTPFile(words.texts[0], environment: nil) : .load(words.texts[0]))
    }

    static func parseRun(_ words: CommandWords) throws(WorkbenchError) -> ParsedLine {
        if words.args.count == 3, words.texts[1] == "--env", HTTPFileImport.handles(words.texts[0]) {
            return .command(.runHTTPFile(words.texts[0], environment: words.texts[2]))
        }
        guard words.args.count == 1, !words.texts[0].isEmpty else {
            throw words.usageError("expected one script file (and `--env NAME` for a .http file)")
        }
        return .command(HTTPFileImport.handles(words.texts[0]) ? .runHTTPFile(words.texts[0], environment: nil) : .run(words.texts[0]))
    }

    /// `history rm N[-M]`, `history clear`, `expect rm N`, `expect clear`.
    static func parseTakeBack(_ words: CommandWords, sub: String) throws(WorkbenchError) -> ParsedLine {
        let operands = Array(words.texts.dropFirst())
        if sub == "clear" {
            guard operands.isEmpty else { throw words.usageError("`\(words.name) clear` takes no arguments") }
            return .command(words.name == "history" ? .historyClear : .expectClear)
        }
        guard operands.count == 1 else { throw words.usageError("expected one number after `\(words.name) rm`") }
        if words.name == "expect" {
            guard let number = Int(operands[0]), number >= 1 else {
                throw words.usageError("expected the number of a check (see `expect`), got '\(operands[0])'")
            }
            return .command(.expectRemove(number))
        }
        guard let range = Self.requestRange(operands[0]) else {
            throw words.usageError("expected N or N-M (see `history`), got '\(operands[0])'")
        }
        return .command(.historyRemove(range))
    }

    /// `3` or `2-5`, numbers from 1, the first not after the last.
    static func requestRange(_ text: String) -> ClosedRange<Int>? {
        let parts = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard let low = Int(parts[0]), low >= 1 else { return nil }
        guard parts.count == 2 else { return low...low }
        guard let high = Int(parts[1]), high >= low, high - low < 100_000 else { return nil }
        return low...high
    }

    static func parseReplay(_ input: CommandWords) throws(WorkbenchError) -> ParsedLine {
        var words = input.texts
        let keepGoing = words.contains("--keep-going")
        words.removeAll { $0 == "--keep-going" }
        var environment: String?
        if let index = words.firstIndex(of: "--env") {
            guard index + 1 < words.count, !words[index + 1].isEmpty else { throw input.usageError("--env needs an environment's NAME") }
            environment = words[index + 1]
            words.removeSubrange(index...(index + 1))
        }
        guard words.count <= 1 else { throw input.usageError("expected a request number or `all`") }
        guard let target = words.first else {
            throw input.usageError("say which: `replay N` (see `history`) or `replay all`, which sends every request again, POSTs included")
        }
        if target == "all" { return .command(.replay(.all, keepGoing: keepGoing, environment: environment)) }
        guard let number = Int(target), number >= 1 else {
            throw input.usageError("expected a request number (see `history`) or `all`, got \(Excerpt.quoted(target))")
        }
        return .command(.replay(.number(number), keepGoing: keepGoing, environment: environment))
    }

    /// `compare ENV1 ENV2 [--header NAME]... [--ignore PATH]... [--save]`
    static func parseCompare(_ words: CommandWords) throws(WorkbenchError) -> ParsedLine {
        var names: [String] = []
        var save = false
        let read = try DiffOptionReader.read(words.texts, by: words) { word in
            if word == "--save" {
                save = true
                return nil
            }
            guard !word.hasPrefix("-"), !word.isEmpty, names.count < 2 else {
                return "expected two environments, --header NAME, --ignore PATH or --save, got \(Excerpt.quoted(word))"
            }
            names.append(word)
            return nil
        }
        guard names.count == 2 else { throw words.usageError("say which two environments: `compare local staging` (see `env`)") }
        guard names[0] != names[1] else { throw words.usageError("two different environments, not \(names[0]) twice") }
        return .command(
            .compare(first: names[0], second: names[1], options: try read.options(for: words), ignored: read.ignored, save: save))
    }

    /// `diff N [M] [--header NAME]... [--ignore PATH]...`
    static func parseDiff(_ words: CommandWords) throws(WorkbenchError) -> ParsedLine {
        var numbers: [Int] = []
        let read = try DiffOptionReader.read(words.texts, by: words) { word in
            guard let number = Int(word), number >= 1, numbers.count < 2 else {
                return "expected request numbers (see `history`), --header NAME or --ignore PATH, got \(Excerpt.quoted(word))"
            }
            numbers.append(number)
            return nil
        }
        guard let old = numbers.first else {
            throw words.usageError(
                "say which: `diff N M` compares the responses of requests N and M, `diff N` request N's with the last response")
        }
        return .command(.diff(old: old, new: numbers.count > 1 ? numbers[1] : nil, options: try read.options(for: words)))
    }

    /// `save [--force] [FILE] [N|N-M...]`: numbers after the file choose the requests.
    static func parseSave(_ input: CommandWords) throws(WorkbenchError) -> ParsedLine {
        let force = input.texts.first == "--force"
        let words = force ? Array(input.texts.dropFirst()) : input.texts
        guard let file = words.first else { return .command(.save(nil, requests: [], force: force)) }
        if Self.requestRange(file) != nil {
            throw input.usageError("'\(file)' looks like a request number: name the file first, as in `save FILE \(file)`")
        }
        var numbers: [Int] = []
        for word in words.dropFirst() {
            guard let range = Self.requestRange(word) else {
                throw input.usageError("expected request numbers (N or N-M, see `history`) after the file name, got '\(word)'")
            }
            for number in range where !numbers.contains(number) { numbers.append(number) }
        }
        return .command(.save(file, requests: numbers, force: force))
    }
}

/// The effects of the group's commands, each reached from `Workspace.apply`'s one switch
/// with its command's values.
extension CheckCommands {
    static func save(
        _ file: String?, requests: [Int], force: Bool, in workspace: inout Workspace, context: CommandContext
    ) throws(WorkbenchError) -> CommandOutcome {
        try workspace.save(to: file, requests: requests, force: force, context: context)
    }

    static func load(_ file: String, in workspace: inout Workspace, context: CommandContext) throws(WorkbenchError) -> CommandOutcome {
        let warnings = try workspace.load(from: file, context: context)
        workspace.sessionFile = file
        workspace.sessionStamp = WriteTarget.Stamp(of: file)
        let count = workspace.history.count
        var note = "loaded \(file): \(count) request\(count == 1 ? "" : "s")"
        for warning in warnings { note += "\n" + warning }
        if let secrets = workspace.secretsToGiveAgainLine() { note += "\n" + secrets }
        return workspace.reloadGraphQLSchema(
            after: workspace.reloadDescription(after: note, namedBy: file, context: context), namedBy: file, context: context)
    }

    static func loadHTTPFile(
        _ file: String, environment: String?, in workspace: inout Workspace, context: CommandContext
    ) throws(WorkbenchError) -> CommandOutcome {
        // Variables already `set` win over the file's and its env files' values, and stay.
        let given = workspace.variables
        let userNames = Set(given.names).subtracting(workspace.httpFileVariableNames)
        var imported = try HTTPFileImport.load(
            file, environment: environment, overrides: userNames, readFile: context.readFile, localFiles: workspace.localFiles)
        imported.notes += workspace.localFiles.leaveOutRefusedFiles(in: &imported.document, input: file)
        imported.document.apply(to: &workspace)
        for name in userNames { workspace.variables.set(name, to: given.value(of: name) ?? "", secret: given.isSecret(name)) }
        workspace.httpFileVariableNames = Set(imported.document.variables.keys).union(imported.secrets.keys).subtracting(userNames)
        for (name, value) in imported.secrets { workspace.variables.set(name, to: value, secret: true) }
        workspace.declaredSecrets = []
        // As `import` does: a literal credential of the file becomes a secret bound to its request's origin.
        var requests = workspace.history.records
        var notes: [String] = []
        for index in requests.indices { notes += workspace.keepImportedCredentials(&requests[index].endpoint) }
        workspace.history = History(requests)
        var endpoint = workspace.endpoint
        _ = workspace.keepImportedCredentials(&endpoint)
        workspace.endpoint = endpoint
        workspace.lastRecordIndex = nil
        // Not a session file: `save` must not write JSON over it.
        workspace.sessionFile = nil
        workspace.sessionStamp = nil
        if !workspace.inputFiles.contains(file) { workspace.inputFiles.append(file) }
        // The file's `--env` values are the file's variables (as before `env` existed); without
        // one, the environment in force stays, from the env files beside the file first.
        var environmentWarning: String?
        if environment == nil {
            environmentWarning = workspace.reactivateEnvironment(named: nil, file: nil, context: context)
        } else {
            workspace.activeEnvironment = nil
            workspace.environmentVariableNames = []
        }
        let count = workspace.history.count
        let summary = "loaded \(file): \(count) request\(count == 1 ? "" : "s") (not sent; `replay all` sends them in order)"
        return .output(
            ([summary] + notes + imported.notes.map { "warning: " + $0 } + (environmentWarning.map { [$0] } ?? []))
                .joined(separator: "\n"))
    }

    static func restore(_ workspace: inout Workspace, context: CommandContext) throws(WorkbenchError) -> CommandOutcome {
        guard let path = context.autosaves?.newestOfAnotherRun() else {
            throw WorkbenchError("nothing to restore: no autosaved session yet")
        }
        let environmentWarning = try workspace.loadAutosave(from: path, context: context)
        // The last response comes back as it was kept (status, headers, a text body).
        if let index = workspace.history.indices.last, let kept = workspace.history[index].response {
            workspace.lastResponse = kept.response
            workspace.lastRecordIndex = index
        }
        let count = workspace.history.count
        var note = "restored the autosaved session: \(count) request\(count == 1 ? "" : "s")"
        if let environmentWarning { note += "\n" + environmentWarning }
        if let secrets = workspace.secretsToGiveAgainLine() { note += "\n" + secrets }
        return workspace.reloadGraphQLSchema(after: workspace.reloadDescription(after: note, context: context), context: context)
    }

    static func replay(
        _ target: ReplayTarget, keepGoing: Bool, environment: String?, _ workspace: Workspace
    ) throws(WorkbenchError) -> CommandOutcome {
        if workspace.history.isEmpty { throw WorkbenchError("nothing to replay: no request has been sent yet") }
        if case .number(let number) = target, number > workspace.history.count { throw workspace.noRequest(number) }
        return .replay(target, keepGoing: keepGoing, environment: environment)
    }

    /// `compare`: both environments checked before anything is sent.
    static func compare(
        _ first: String, _ second: String, options: ResponseDiff.Options, ignored: [String], save: Bool, _ workspace: Workspace,
        context: CommandContext
    ) throws(WorkbenchError) -> CommandOutcome {
        guard workspace.endpoint.base != nil || workspace.endpoint.path.contains("://") else {
            throw WorkbenchError("no request to compare: set a base (`base {{host}}`) and a path first")
        }
        for name in [first, second] {
            var trial = workspace
            _ = try trial.useEnvironment(name, file: nil, context: context)
        }
        return .compare(first: first, second: second, options: options, ignored: ignored, save: save)
    }

    static func expect(_ expectation: Expectation, in workspace: inout Workspace, context: CommandContext) throws(WorkbenchError)
        -> CommandOutcome
    {
        let scope = workspace.scope(environment: context.environment)
        let (response, index) = try workspace.lastExchange()
        let schema = try workspace.schemaSource(for: expectation, request: workspace.history[index].endpoint, scope: scope)
        workspace.history[index].expectations.append(expectation)
        let result = expectation.check(response, in: scope, schema: schema)
        let number = workspace.history[index].expectations.count
        // The note goes on the first line: a schema check lists its violations below it.
        let lines = result.message.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        let kept = "\(lines[0]) (kept on request \(index + 1): `expect rm \(number)` takes it back)"
        return result.passed
            ? .output("PASS \(result.message)")
            : .checkFailed(summary: kept, details: lines.dropFirst().map(String.init))
    }

    static func use(_ number: Int, in workspace: inout Workspace, context: CommandContext) throws(WorkbenchError) -> CommandOutcome {
        guard workspace.history.indices.contains(number - 1) else { throw workspace.noRequest(number) }
        // A gRPC call and a WebSocket conversation are kept as an Endpoint too, but `send`
        // would put it on the wire as a plain HTTP request: only `replay` sends them again.
        let record = workspace.history[number - 1]
        if GRPCCall.isCall(record.endpoint) {
            throw WorkbenchError("request \(number) is a gRPC call: `replay \(number)` sends it again, `grpc call` makes a new one")
        }
        if record.conversation != nil {
            throw WorkbenchError(
                "request \(number) is a WebSocket conversation: `replay \(number)` has it again, `ws connect` opens a new one")
        }
        workspace.endpoint = record.endpoint
        let endpoint = workspace.endpoint
        let shown = (try? endpoint.url(in: workspace.scope(environment: context.environment).masked)) ?? endpoint.path
        return .output("editing request \(number): \(endpoint.method) \(shown)")
    }
}

/// Taking back what should not be kept or saved: requests of the history and the checks of
/// the last request.
extension CheckCommands {
    /// `history rm N[-M]`. When the last response's request goes, the last
    /// response goes with it: `capture` and `expect` would have nowhere to attach.
    static func removeHistory(_ range: ClosedRange<Int>, in workspace: inout Workspace) throws(WorkbenchError) -> CommandOutcome {
        guard workspace.history.indices.contains(range.upperBound - 1) else { throw workspace.noRequest(range.upperBound) }
        workspace.history.removeSubrange((range.lowerBound - 1)...(range.upperBound - 1))
        if let index = workspace.lastRecordIndex {
            if range.contains(index + 1) {
                workspace.lastRecordIndex = nil
                workspace.lastResponse = nil
            } else if index + 1 > range.upperBound {
                workspace.lastRecordIndex = index - range.count
            }
        }
        let what = range.count == 1 ? "request \(range.lowerBound)" : "requests \(range.lowerBound)-\(range.upperBound)"
        let left = workspace.history.count
        return .output("removed \(what); \(left) left" + (left == 0 ? "" : " (renumbered: see `history`)"))
    }

    /// `history clear`: the requests and the last response go; variables and the request being built stay.
    static func clearHistory(_ workspace: inout Workspace) -> CommandOutcome {
        let count = workspace.history.count
        workspace.history = []
        workspace.lastRecordIndex = nil
        workspace.lastResponse = nil
        return .output("removed \(count) request\(count == 1 ? "" : "s") from the history")
    }

    /// `expect`: the checks attached to the last request, numbered for `expect rm N`.
    static func listExpectations(_ workspace: Workspace) throws(WorkbenchError) -> CommandOutcome {
        let (_, index) = try workspace.lastExchange()
        let checks = workspace.history[index].expectations
        guard !checks.isEmpty else {
            return .output("(no expectations on request \(index + 1); a replay checks the status it got)")
        }
        return .output(
            "request \(index + 1):\n"
                + checks.enumerated().map { "  \($0.offset + 1)  \($0.element.text)" }.joined(separator: "\n"))
    }

    /// `expect rm N` (nil: `expect clear`) on the last request.
    static func removeExpectation(_ number: Int?, in workspace: inout Workspace) throws(WorkbenchError) -> CommandOutcome {
        let (_, index) = try workspace.lastExchange()
        let count = workspace.history[index].expectations.count
        guard let number else {
            workspace.history[index].expectations = []
            return .output("removed \(count) expectation\(count == 1 ? "" : "s") from request \(index + 1)")
        }
        guard number <= count else {
            throw WorkbenchError("no expectation \(number): request \(index + 1) has \(count) (see `expect`)")
        }
        let removed = workspace.history[index].expectations.remove(at: number - 1)
        return .output("removed `expect \(removed.text)` from request \(index + 1)")
    }

    /// `diff N [M]`: request N's recorded response against request M's, or
    /// against the last response (through the redaction step, as a session
    /// file keeps it). Differences are information here, not a failure.
    static func diff(
        _ old: Int, _ new: Int?, options: ResponseDiff.Options, _ workspace: Workspace, context: CommandContext
    ) throws(WorkbenchError) -> CommandOutcome {
        let redactor = workspace.redactor(environment: context.environment)
        func response(of number: Int) throws(WorkbenchError) -> RecordedResponse {
            guard workspace.history.indices.contains(number - 1) else { throw workspace.noRequest(number) }
            guard let response = workspace.history[number - 1].response else {
                let why = workspace.history[number - 1].failure.map { "it got none: \($0)" } ?? "it was never sent"
                throw WorkbenchError("request \(number) has no response to compare (\(why))")
            }
            return response.redacted(by: redactor)
        }
        let before = try response(of: old)
        let after: RecordedResponse
        let heading: String
        if let new {
            after = try response(of: new)
            heading = "request \(old) → request \(new)"
        } else {
            guard let last = workspace.lastResponse else {
                throw WorkbenchError("no response yet: `send` a request first, or `diff N M`")
            }
            after = RecordedResponse(last, redactor: redactor)
            heading = "request \(old) → the last response"
        }
        return .diff(ResponseDiff.compare(before, after, options: options), heading: heading)
    }
}

/// The options `diff` and `compare` share, declared once: `--header NAME` (a header to
/// compare, '*' for all) and `--ignore PATH` (a JSON path, or `header NAME`), each as often
/// as wanted, anywhere among the command's own words.
enum DiffOptionReader {
    /// The options' names, for completion.
    static let names = ["--header", "--ignore"]

    /// What was read, as typed.
    struct Read {
        var headers: [String] = []
        var ignored: [String] = []

        /// The options as `ResponseDiff` takes them; a header or path it cannot read is a
        /// usage error of `words`' command. Made after the command has checked its own words.
        func options(for words: CommandWords) throws(WorkbenchError) -> ResponseDiff.Options {
            do throws(WorkbenchError) {
                return try ResponseDiff.Options(headers: headers, ignore: ignored, headerOption: "--header")
            } catch {
                throw words.usageError(error.message)
            }
        }
    }

    /// Reads `texts`: each word that is not one of the options goes to `operand`, which takes it
    /// (nil) or says why not (the problem, made a usage error of `words`' command).
    static func read(
        _ texts: [String], by words: CommandWords, operand: (String) -> String?
    ) throws(WorkbenchError) -> Read {
        var read = Read()
        var rest = texts[...]
        while let word = rest.popFirst() {
            guard names.contains(word) else {
                if let problem = operand(word) { throw words.usageError(problem) }
                continue
            }
            guard let value = rest.popFirst() else { throw words.usageError("\(word) needs a value") }
            if word == "--header" { read.headers.append(value) } else { read.ignored.append(value) }
        }
        return read
    }
}
