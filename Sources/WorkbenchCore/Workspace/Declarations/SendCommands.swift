import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs
import WorkbenchSessions

/// The commands of help's group "Send and look": each one's help, parsing and completion.
enum SendCommands {
    static let group = CommandGroup(
        title: "Send and look", commands: [send, get, post, put, patch, delete, head, options, last, timing])

    static let send = CommandDeclaration(
        name: "send",
        usage: [
            "send [--body] [--path-as-is]", "send > FILE", "send --until CHECK [--every 2s] [--for 60s]", "send --retry N", "send --resume",
        ],
        summary:
            "Send the request and print the response; `> FILE` writes the raw body to FILE (streamed, with a progress bar on a terminal); --body sends the body with GET, HEAD, OPTIONS, DELETE or TRACE too; --path-as-is sends `.` and `..` path segments as typed (by default they are worked out, as curl does). --until CHECK sends again every --every (2s) until CHECK (as in `expect`) holds, one line a try, and fails with the last response after --for (60s, at most 1h); --retry N (at most 10) sends again after a transport failure, a 429 or a 503, waiting 0.5s, 1s, 2s... (with jitter, at most 30s) or what Retry-After asks (seconds or a date; at most 60s). Either is one history entry with its tries; Ctrl-C stops. --resume sends the request again with `Last-Event-ID:` the last event id its latest event stream gave (see `events`), and does not send when it gave none.",
        example: "send", subcommands: [],
        parse: { words throws(WorkbenchError) in try SendCommands.parseSend(words, method: nil) },
        sends: true,
        verbatim: { line throws(WorkbenchError) in try CommandParser.sendThroughPipe(line) })

    // The method verbs: `send` with the method (and path) set first, so `send`'s
    // declaration applies what they parse into.
    static let get = methodVerb("get", example: "get /api/character/1")
    static let post = methodVerb("post", example: "post /login")
    static let put = methodVerb("put", example: "put /users/1")
    static let patch = methodVerb("patch", example: "patch /users/1")
    static let delete = methodVerb("delete", example: "delete /users/1", note: "; the body stays back unless --body")
    static let head = methodVerb("head", example: "head /")
    static let options = methodVerb("options", example: "options /")

    private static func methodVerb(_ name: String, example: String, note: String = "") -> CommandDeclaration {
        let method = name.uppercased()
        return CommandDeclaration(
            name: name,
            usage: ["\(name) [PATH] [--body] [--path-as-is]", "\(name) [PATH] --until CHECK [--every D] [--for D] [--retry N]"],
            summary: "Set the method to \(method) (and the path and query, if given), then send\(note).",
            example: example, subcommands: [],
            parse: { words throws(WorkbenchError) in try SendCommands.parseSend(words, method: method) },
            sends: true,
            verbatim: { line throws(WorkbenchError) in try CommandParser.sendThroughPipe(line) },
            complete: CompletionInput.apiPathAtFirst)
    }

    static let last = CommandDeclaration(
        name: "last", usage: ["last [all|headers|body|status]", "last [PART] > FILE", "last [PART] | COMMAND"],
        summary:
            "Show the last response again without sending: in parts, to a file (the raw body, written atomically) or through a shell command (the body on its standard input); secrets stay masked.",
        example: "last | jq .data", subcommands: ResponsePart.allCases.map(\.rawValue),
        parse: { words throws(WorkbenchError) in try SendCommands.parseLast(words) },
        verbatim: { line throws(WorkbenchError) in try CommandParser.lastThroughPipe(line) },
        complete: { input in
            if input.position == 1 && !input.current.hasPrefix(">") {
                return input.matching(input.subcommands + [">", "|"])
            }
            if input.before.last == ">" { return input.files(matching: input.current) }
            return nil
        })

    static let timing = CommandDeclaration(
        name: "timing", usage: ["timing"],
        summary: "Print the last response's phases: DNS, connect, TLS, sent, first byte, download, total.",
        example: "timing", subcommands: [],
        parse: { words throws(WorkbenchError) in try words.expectNoArguments(.timing) })
}

extension SendCommands {
    static func parseSend(_ input: CommandWords, method: String?) throws(WorkbenchError) -> ParsedLine {
        if input.texts.contains("--resume") {
            guard method == nil, input.texts == ["--resume"] else { throw input.usageError("--resume goes alone: `send --resume`") }
            return .command(.sendResume)
        }
        var path: String?
        var output: String?
        var withBody = false
        var pathAsIs = false
        var repetition = SendRepetition()
        var repeats = false
        var every: Double?
        var limit: Double?
        var index = 0
        let texts = input.texts
        let flags: Set<String> = ["--body", "--path-as-is", "--until", "--every", "--for", "--retry"]
        while index < texts.count {
            let word = texts[index]
            if word == "--until" {
                // The check is every word up to the next flag (or the end): put `> FILE` before it.
                var end = index + 1
                while end < texts.count, !flags.contains(texts[end]) { end += 1 }
                guard end > index + 1 else { throw input.usageError("--until: expected a check, as in `--until status 200`") }
                let bytes = Array(input.line.utf8)
                let checkText = String(
                    decoding: bytes[input.args[index + 1].start..<min(input.args[end - 1].end, bytes.count)], as: UTF8.self)
                do throws(WorkbenchError) {
                    repetition.until = try Expectation.parse(checkText.trimmingSpaces())
                } catch {
                    throw input.usageError("--until: \(error.message)")
                }
                repeats = true
                index = end
            } else if word == "--every" || word == "--for" {
                guard index + 1 < texts.count else { throw input.usageError("\(word): expected a duration, as in `\(word) 2s`") }
                let seconds = try DurationText.seconds(
                    texts[index + 1], what: "send \(word)",
                    limit: word == "--every" ? SendRepetition.maximumEvery : SendRepetition.maximumLimit)
                if word == "--every" { every = seconds } else { limit = seconds }
                index += 2
            } else if word == "--retry" {
                guard index + 1 < texts.count, let count = Int(texts[index + 1]), count >= 0 else {
                    throw input.usageError("--retry: expected a number of retries, as in `--retry 3`")
                }
                guard count <= SendRepetition.maximumRetries else {
                    throw input.usageError("--retry: \(count) is more than \(SendRepetition.maximumRetries), the most retries a send makes")
                }
                repetition.retries = count
                repeats = true
                index += 2
            } else if word == "--body" {
                withBody = true
                index += 1
            } else if word == "--path-as-is" {
                pathAsIs = true
                index += 1
            } else if word == ">" {
                guard index + 1 < texts.count, !texts[index + 1].isEmpty else { throw input.usageError("expected a file name after '>'") }
                output = texts[index + 1]
                index += 2
            } else if word.hasPrefix(">") {
                output = String(word.dropFirst())
                index += 1
            } else if method != nil && path == nil && output == nil {
                path = word
                index += 1
            } else {
                throw input.usageError("unexpected argument \(Excerpt.quoted(word))")
            }
        }
        if let path { _ = try Endpoint.pathParts(path) }
        if every != nil || limit != nil {
            guard repetition.until != nil else { throw input.usageError("--every and --for go with --until CHECK") }
            repetition.every = every ?? repetition.every
            repetition.limit = limit ?? repetition.limit
            guard repetition.every <= repetition.limit else {
                throw input.usageError(
                    "--every \(DurationText.shown(repetition.every)) is longer than --for \(DurationText.shown(repetition.limit))")
            }
        }
        return .command(
            .send(
                method: method, path: path, output: output, withBody: withBody, pathAsIs: pathAsIs,
                repetition: repeats ? repetition : nil))
    }

    /// `last [PART] [> FILE]` (`| COMMAND` is cut off before the line is split).
    static func parseLast(_ words: CommandWords) throws(WorkbenchError) -> ParsedLine {
        var operands = words.texts
        var destination = LastDestination.screen
        if let arrow = operands.firstIndex(where: { $0.hasPrefix(">") }) {
            let attached = String(operands[arrow].dropFirst())
            let file = attached.isEmpty && arrow + 1 < operands.count ? operands[arrow + 1] : attached
            let used = attached.isEmpty ? 2 : 1
            guard !file.isEmpty, arrow + used == operands.count else {
                throw words.usageError(file.isEmpty ? "expected a file name after '>'" : "unexpected argument after the file name")
            }
            destination = .file(file)
            operands.removeSubrange(arrow...)
        }
        guard operands.count <= 1 else { throw words.usageError("unexpected argument '\(operands[1])'") }
        var part: ResponsePart?
        if let word = operands.first {
            guard let chosen = ResponsePart(rawValue: word.lowercased()) else {
                throw words.usageError("unknown part '\(word)': expected all, headers, body or status")
            }
            part = chosen
        }
        return .command(.last(part: part, destination: destination))
    }
}

extension CommandParser {
    /// `send | jq .`, `get /users | grep ana`: sent, then the body goes through the command.
    /// Everything after the first `|` is the shell's, quotes and all, so it is cut off
    /// before the line is split into words.
    static func sendThroughPipe(_ trimmedLine: String) throws(WorkbenchError) -> ParsedLine? {
        // Found in the bytes, as a shell finds it: every `get PATH` asks.
        guard let bar = trimmedLine.utf8.firstIndex(of: UInt8(ascii: "|")) else { return nil }
        let before = trimmedLine[..<bar]
        let command = trimmedLine[trimmedLine.utf8.index(after: bar)...].trimmingSpaces()
        guard let first = before.split(whereSeparator: { $0 == " " || $0 == "\t" }).first,
            (try? ShellWords.split(String(before))) != nil,
            case .command(.send(let method, let path, let output, let withBody, let pathAsIs, nil, let repetition)) = try parse(
                String(before))
        else { return nil }
        let name = String(first)
        guard !command.isEmpty else { throw WorkbenchError("\(name): expected a command after '|', as in `\(name) | jq .`") }
        guard output == nil else { throw WorkbenchError("\(name): `> FILE` and `| COMMAND` cannot both take the body") }
        return .command(
            .send(
                method: method, path: path, output: nil, withBody: withBody, pathAsIs: pathAsIs, pipe: String(command),
                repetition: repetition))
    }

    /// `last [PART] | COMMAND`: everything after the first `|` is the shell's,
    /// quotes and all, so it is cut off before the line is split into words.
    static func lastThroughPipe(_ trimmedLine: String) throws(WorkbenchError) -> ParsedLine? {
        guard let bar = trimmedLine.firstIndex(of: "|") else { return nil }
        let words = trimmedLine[..<bar].split(whereSeparator: { $0 == " " || $0 == "\t" })
        let command = trimmedLine[trimmedLine.index(after: bar)...].trimmingSpaces()
        guard let first = words.first, first.lowercased() == "last" else { return nil }
        let problem: String? =
            command.isEmpty
            ? "expected a command after '|', as in `last | jq .`"
            : words.count > 2 ? "unexpected argument '\(words[2])' before '|'" : nil
        var part: ResponsePart?
        if problem == nil, words.count == 2 {
            part = ResponsePart(rawValue: words[1].lowercased())
            if part == nil {
                throw WorkbenchError("last: unknown part '\(words[1])': expected all, headers, body or status; see `help last`")
            }
        }
        if let problem { throw WorkbenchError("last: \(problem); see `help last`") }
        return .command(.last(part: part, destination: .pipe(String(command))))
    }
}

/// The effects of the group's commands, each reached from `Workspace.apply`'s one switch
/// with its command's values.
extension SendCommands {
    /// `send` and the method verbs: the method and target set, the request checked, then sent.
    static func send(
        method: String?, path: String?, output: String?, withBody: Bool, pathAsIs: Bool, pipe: String?,
        repetition: SendRepetition?, in workspace: inout Workspace
    ) throws(WorkbenchError) -> CommandOutcome {
        if let method { workspace.endpoint.method = method }
        let note = try path.flatMap { path throws(WorkbenchError) in try workspace.setTarget(path) }
        if let parameter = workspace.unfilledParameter() {
            throw WorkbenchError(
                "the path \(workspace.currentPath) still has \(parameter) to fill: `cd ..` then `cd VALUE`, or `path` with the value")
        }
        if withBody && workspace.endpoint.body == nil {
            throw WorkbenchError("--body: no body is set (`body ...` sets one)")
        }
        return .send(output: output, note: note, withBody: withBody, pathAsIs: pathAsIs, pipe: pipe, repetition: repetition)
    }

    /// `send --resume`: the current request again, with the last event ID of its latest event stream.
    static func resume(in workspace: inout Workspace) throws(WorkbenchError) -> CommandOutcome {
        let current = workspace.endpoint
        func isThisRequest(_ endpoint: Endpoint) -> Bool {
            endpoint.method == current.method && endpoint.base == current.base && endpoint.path == current.path
                && endpoint.segments == current.segments && endpoint.query == current.query && endpoint.pathQuery == current.pathQuery
        }
        guard
            let index = workspace.history.indices.last(where: {
                workspace.history[$0].response?.events != nil && isThisRequest(workspace.history[$0].endpoint)
            }), let stream = workspace.history[index].response?.events
        else {
            throw WorkbenchError(
                "send --resume: no event stream of \(current.method) \(workspace.currentPath) yet: `send` it first; not sent")
        }
        guard !stream.lastEventID.isEmpty else {
            throw WorkbenchError("send --resume: the event stream of request \(index + 1) gave no event id to resume from; not sent")
        }
        guard !Template.hasReferences(stream.lastEventID) else {
            throw WorkbenchError("send --resume: the last event id holds `{{`, which a header would read as a variable; not sent")
        }
        if let parameter = workspace.unfilledParameter() {
            throw WorkbenchError(
                "the path \(workspace.currentPath) still has \(parameter) to fill: `cd ..` then `cd VALUE`, or `path` with the value")
        }
        let retry = stream.reconnectionTime.map { " (the server asked for \($0) ms between reconnections)" } ?? ""
        return .send(
            output: nil,
            note: "Last-Event-ID: \(Template.oneLine(stream.lastEventID.prefix(200))), the last of request \(index + 1)\(retry)",
            lastEventID: stream.lastEventID)
    }

    static func last(part: ResponsePart?, destination: LastDestination, _ workspace: Workspace) throws(WorkbenchError)
        -> CommandOutcome
    {
        guard workspace.lastResponse != nil else { throw WorkbenchError("no response yet: `send` a request first") }
        return .last(part: part, destination: destination)
    }
}
