import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs
import WorkbenchSessions

/// Runs lines of input against a workspace, stage by stage: parse the line,
/// apply the command to a copy of the workspace, send through the transport
/// (`Exchange`), commit, render through the one redaction step.
///
/// The REPL and script mode both drive one of these, so they behave the same.
public final class Interpreter {
    public var workspace: Workspace { didSet { secretsMayHaveChanged = true } }
    public var context: CommandContext { didSet { secretsMayHaveChanged = true } }
    /// Whether the workspace or the environment changed since the redactor was last made:
    /// listing the secrets walks the variables, cookies and the Endpoint's templates, and a
    /// line asked for them three times.
    private var secretsMayHaveChanged = true
    /// Everything printed goes through here: secrets masked.
    public let output: RedactingSink
    public var display: DisplayOptions
    /// Polled during a transfer (Ctrl-C).
    public var sendOptions: SendOptions
    /// Asks for a secret value with hidden input; nil where nobody can answer (scripts).
    public var askSecret: ((String) -> String?)?
    /// Opens text in the user's editor and returns it edited (`body edit`); nil where there is none.
    /// The flag says the text is JSON (the file gets a `.json` name).
    public var editText: ((String, Bool) throws(WorkbenchError) -> String)?
    /// An edit that did not validate, opened again by the next `body edit`: never lost.
    private var keptEdit: (text: String, json: Bool)?
    /// The terminal's size when output goes to one the pager may take over; nil never pages.
    public var screenSize: () -> (rows: Int, columns: Int)? = { nil }
    /// Clears the terminal (`clear`); nil where there is none (scripts).
    public var clearScreen: (() -> Void)?
    /// Told, while a request runs, how it is doing, and nil when it ended.
    public var waiting: ((WaitProgress?) -> Void)?
    /// A progress line drawn in place on a terminal (`bench`), nil to erase it; nil where there is none.
    public var progressLine: ((String?) -> Void)?
    /// What commands say goes to standard error, a line each: while a command from the command
    /// line runs (`workbench FILE.json`), whose standard output belongs to the script.
    public var reportsToErrors = false

    private let makeTransport: () throws(WorkbenchError) -> HTTPTransport
    private var transport: HTTPTransport?
    /// `graphql`: nil for `body <<END`; false for `body graphql <<END`, true for its `vars <<END`.
    /// `grpcMethod`: `grpc call METHOD <<END`, whose lines are the messages.
    private var heredoc: (json: Bool, terminator: String, lines: [String], graphql: Bool?, grpcMethod: String?)?
    /// The lines so far of an `import curl` pasted over several lines (each ending with `\`).
    private var continued: String?
    /// The redactor last made: made again only when the secrets change.
    private let redactors = SecretRedactorCache()
    /// Why the last send failed, until a send succeeds: `expect` and `capture` then have
    /// no response to work on, and must not fall back to an older request's.
    private var lastSendFailure: String?
    /// Why the last send failed, for checks outside this file (`if CHECK` in scripts).
    var lastSendFailureReason: String? { lastSendFailure }
    /// The seconds a script's `sleep`s waited so far; nil outside a script (no total bound).
    var scriptSleep: Double?
    /// The WebSocket conversation (`ws connect`): a connection outlives the command that opened it.
    let webSocket = WebSocketSession()
    /// The lines so far of a `ws send <<END` frame.
    private var frameHeredoc: (terminator: String, lines: [String])?
    /// How deep `run` scripts are nested (`FileRun.depthLimit`).
    var runDepth = 0

    /// `makeTransport` is called on the first send, so starting costs no TLS set-up.
    public init(
        workspace: Workspace = Workspace(), context: CommandContext, output: OutputSink,
        display: DisplayOptions = DisplayOptions(outputIsTerminal: false, noColorRequested: true),
        sendOptions: SendOptions = SendOptions(),
        makeTransport: @escaping () throws(WorkbenchError) -> HTTPTransport = { () throws(WorkbenchError) in try CurlTransport() }
    ) {
        self.workspace = workspace
        self.context = context
        self.output = RedactingSink(output)
        self.display = display
        self.sendOptions = sendOptions
        self.makeTransport = makeTransport
        refreshRedactor()
    }

    /// Whether responses are coloured now (the `color` setting, the terminal, NO_COLOR).
    public var usesColor: Bool { display.usesColor(workspace.settings.color) }

    /// The redaction step for what the workspace holds now.
    public var redactor: SecretRedactor {
        refreshRedactor()
        return output.redactor
    }

    private func refreshRedactor() {
        guard secretsMayHaveChanged else { return }
        let environment = context.environment
        let secrets = workspace.inPlace { $0.secretValues(environment: environment) }
        // After the access: `inPlace` counts as a change.
        secretsMayHaveChanged = false
        output.redactor = redactors.redactor(for: secrets)
    }

    /// What became of one line.
    public enum LineResult: Equatable {
        case ok
        case failed(WorkbenchError)
        case exit
    }

    /// True while the lines of a `body <<END` block are being collected.
    public var isCollectingBody: Bool { heredoc != nil || frameHeredoc != nil }

    /// The terminator of the block being collected, for the continuation prompt
    /// (`...` while a pasted command goes on over lines ending with `\` or inside a quote).
    public var pendingTerminator: String? { heredoc?.terminator ?? frameHeredoc?.terminator ?? continued.map { _ in "..." } }

    /// The method and lines so far of a `grpc call METHOD <<END` block, for completion.
    public var pendingGRPCCall: (method: String, messages: String)? {
        guard let heredoc, let method = heredoc.grpcMethod else { return nil }
        return (method, heredoc.lines.map { $0 + "\n" }.joined())
    }

    /// The lines so far of a `body graphql <<END` document, for completion.
    public var pendingGraphQLDocument: String? {
        guard let heredoc, heredoc.graphql == false else { return nil }
        return heredoc.lines.map { $0 + "\n" }.joined()
    }

    public func handle(line: String) -> LineResult {
        let result = handling { () throws(WorkbenchError) in try handleThrowing(line: line) }
        // Frames that arrived while the line ran are shown before the next one.
        if webSocket.isOpen { pollWebSocket() }
        return result
    }

    /// A command that arrived from elsewhere (the command line: `workbench FILE.json`), run as
    /// a line is: the same outcome reader, the failure masked.
    public func handle(command: Command) -> LineResult {
        handling { () throws(WorkbenchError) in try run(command) }
    }

    private func handling(_ body: () throws(WorkbenchError) -> LineResult) -> LineResult {
        refreshRedactor()
        defer {
            refreshRedactor()
            output.finish()
        }
        do {
            // Every failure's message masked here, the returned ones (a failed `expect`) too.
            let result = try body()
            if case .failed(let error) = result { return .failed(masked(error)) }
            return result
        } catch {
            return .failed(masked(error))
        }
    }

    /// What a command says: on standard output, or a line each on standard error while a
    /// command from the command line runs (`reportsToErrors`).
    func say(_ text: String) {
        guard reportsToErrors else { return output.printLine(shown(text)) }
        text.split(separator: "\n", omittingEmptySubsequences: false).forEach { output.printError(String($0)) }
    }

    /// A command's text as written to standard output: on a terminal, control and
    /// bidirectional characters escaped, for it quotes API descriptions, session
    /// files and replies (titles, paths, examples, header values) as they are.
    func shown(_ text: String) -> String {
        display.outputIsTerminal ? TerminalText.escape(text) : text
    }

    /// An error's message with the known secrets and URL passwords masked, on one line
    /// (a field read from a file may hold CR or LF, which would split it on a pipe).
    private func masked(_ error: WorkbenchError) -> WorkbenchError {
        let message = URLPasswordMask.apply(output.redactor.redact(error.message))
        // Requests that failed keep saying so: their lines were printed, a caller says no more.
        let kind: WorkbenchError.Kind? = error.kind == .requestsFailed ? .requestsFailed : nil
        guard message.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return WorkbenchError(message, kind: kind) }
        var line = ""
        for scalar in message.unicodeScalars {
            switch scalar {
            case "\r": line += "\\r"
            case "\n": line += "\\n"
            default: line.unicodeScalars.append(scalar)
            }
        }
        return WorkbenchError(line, kind: kind)
    }

    /// The scope templates are expanded in for the wire, on every path that sends: `send`,
    /// `compare`, `replay`, `bench`, the OAuth 2.0 flows' token requests, `openapi URL`,
    /// `graphql schema`, `ws` and `grpc`, once the secrets `endpoints` and `texts` refer to
    /// were read from their sources (`readSecretSources`).
    func wireScope(for endpoints: [Endpoint] = [], texts: [String] = []) throws(WorkbenchError) -> VariableScope {
        try readSecretSources(for: endpoints, texts: texts)
        return workspace.scope(environment: context.environment).forWire
    }

    /// Reads the secrets `endpoints`, `texts` and the proxy's login need from their sources,
    /// once each, before anything is sent (`SecretSourceResolver`). The values are held in the
    /// workspace's variables, never saved, and masked from here on.
    /// `withheld`: what a source that fails leaves undone, for its error.
    func readSecretSources(for endpoints: [Endpoint], texts: [String] = [], withheld: String = "nothing sent")
        throws(WorkbenchError)
    {
        let needed = SecretSourceResolver.referencedNames(endpoints: endpoints, texts: texts, proxy: workspace.settings.proxy)
        let pending = workspace.variables.pending(among: needed)
        guard !pending.isEmpty else { return }
        try SecretSourceResolver(environment: context.environment, withheld: withheld).resolve(pending, in: &workspace.variables)
        // The redaction step knows the values before any reply can echo them.
        _ = redactor
    }

    /// `ws HOST/PATH> ` while a conversation is open.
    public var webSocketPrompt: String? { WebSocketConversationRunner(interpreter: self).prompt }

    /// The socket to watch beside the keyboard while a conversation is open.
    public var webSocketDescriptor: Int32? { WebSocketConversationRunner(interpreter: self).descriptor }

    /// Prints the frames that arrived, waiting for nothing; true when it printed something.
    @discardableResult
    public func pollWebSocket() -> Bool { WebSocketConversationRunner(interpreter: self).poll() }

    /// Leaving the workbench with a conversation open: the closing handshake (1001, going away).
    public func leaveWebSocket() { WebSocketConversationRunner(interpreter: self).leave() }

    /// The conversation so far written into its history entry, before another command reads the history.
    func recordConversation() { WebSocketConversationRunner(interpreter: self).recordConversation() }

    /// Whatever is buffered goes out before another process writes to the same terminal.
    func flushOutput() {
        output.finish()
        (output.base as? FileDescriptorSink)?.flush()
    }

    /// Drops a half-typed `body <<END` block (Ctrl-C).
    public func cancelPendingInput() {
        heredoc = nil
        frameHeredoc = nil
        continued = nil
    }

    /// Ends input: an unterminated `body <<END` block is an error, not a silent loss.
    public func finishInput() -> LineResult {
        if let pending = continued {
            continued = nil
            if let open = ShellCommandLines.split(pending).openQuote {
                return .failed(WorkbenchError("end of input inside a quote: \(open.message); the command was not run"))
            }
            return .failed(WorkbenchError("end of input after a line ending with `\\`: the command was not run"))
        }
        if let pending = frameHeredoc {
            frameHeredoc = nil
            return .failed(WorkbenchError("end of input inside `ws send <<\(pending.terminator)`: the frame was not sent"))
        }
        guard let pending = heredoc else { return .ok }
        heredoc = nil
        if let method = pending.grpcMethod {
            return .failed(WorkbenchError("end of input inside `grpc call \(method) <<\(pending.terminator)`: the call was not made"))
        }
        return .failed(WorkbenchError("end of input inside `body <<\(pending.terminator)`: the body was not set"))
    }

    private func handleThrowing(line: String) throws(WorkbenchError) -> LineResult {
        if var pending = frameHeredoc {
            if line.trimmingSpaces() == pending.terminator {
                frameHeredoc = nil
                let text = pending.lines.joined(separator: "\n")
                try Template.validate(text)
                return try run(.webSocket(.send(.text(text))))
            }
            pending.lines.append(line)
            frameHeredoc = pending
            return .ok
        }
        if var pending = heredoc {
            if line.trimmingSpaces() == pending.terminator {
                heredoc = nil
                let text = pending.lines.joined(separator: "\n")
                if let method = pending.grpcMethod {
                    _ = try GRPCMessageText.split(text)
                    return try run(.grpc(.call(method: method, messages: text)))
                }
                if let variables = pending.graphql {
                    if variables { try GraphQLDocument.checkVariables(text) } else { try GraphQLDocument.check(text) }
                    return try run(.graphqlBody(variables ? .variables(text) : .query(text)))
                }
                if pending.json {
                    try JSONTemplate.check(text)
                    return try run(.body(.json(text)))
                }
                try Template.validate(text)
                return try run(.body(.text(text)))
            }
            pending.lines.append(line)
            heredoc = pending
            return .ok
        }
        var line = line
        if let head = continued {
            line = head + "\n" + line
            continued = nil
        }
        // A pasted curl command goes on over lines as bash reads it: after a `\`, or inside quotes.
        if CommandParser.startsImport(line), CurlImport.endsWithContinuation(line) || ShellCommandLines.isIncomplete(line) {
            continued = line
            return .ok
        }
        switch try CommandParser.parse(line) {
        case .empty:
            return .ok
        case .heredoc(let json, let terminator):
            heredoc = (json, terminator, [], nil, nil)
            return .ok
        case .graphqlHeredoc(let variables, let terminator):
            heredoc = (false, terminator, [], variables, nil)
            return .ok
        case .grpcHeredoc(let method, let terminator):
            heredoc = (false, terminator, [], nil, method)
            return .ok
        case .webSocketHeredoc(let terminator):
            frameHeredoc = (terminator, [])
            return .ok
        case .command(let command):
            return try run(command)
        }
    }

    /// Applies one command and does what its outcome asks.
    public func run(_ command: Command) throws(WorkbenchError) -> LineResult {
        // Whatever reads the history sees the conversation as it is now.
        if case .webSocket = command {} else { recordConversation() }
        switch command {
        case .expect, .capture:
            // After a failed send there is no response to check: never an older request's.
            if let lastSendFailure {
                throw WorkbenchError("the last send failed (\(lastSendFailure)): there is no response to check; send again first")
            }
        case .load, .restore, .loadHTTPFile:
            lastSendFailure = nil
        case .showWithSecrets:
            // Shown as it would be sent: the secrets it refers to are read from their sources
            // first, as a send reads them; not read, they were written as the mask.
            try readSecretSources(for: [workspace.endpoint], withheld: "the request not shown")
        case .curl(secrets: true):
            try readSecretSources(for: [workspace.endpoint], withheld: "the curl command not shown")
        case .export(let export) where export.revealSecrets:
            try readSecretSources(
                for: try ToolCommands.records(export, in: workspace).map(\.endpoint), withheld: "nothing exported")
        default:
            // Every other command has no precondition on the last send.
            break
        }
        return try perform(try workspace.apply(command, context: context))
    }

    /// Does what an applied command's outcome asks: print, send, page, fetch.
    public func perform(_ outcome: CommandOutcome) throws(WorkbenchError) -> LineResult {
        switch outcome {
        case .done:
            return .ok
        case .webSocket(let command):
            return try WebSocketConversationRunner(interpreter: self).run(command)
        case .output(let text):
            say(text)
            return .ok
        case .paged(let text):
            try ResponsePresenter(interpreter: self).presentText(text)
            return .ok
        case .clearScreen:
            flushOutput()
            clearScreen?()
            return .ok
        case .revealed(let text):
            output.finish()
            output.base.printLine(shown(text))
            return .ok
        case .diff(let diff, let heading):
            output.printLine(diff.isEmpty ? "no differences: \(heading)" : "\(heading): \(diff.count)")
            for line in diff.lines(color: usesColor) { output.printLine(line) }
            return .ok
        case .outputWithWarning(let text, let warning, let revealed):
            if revealed && !reportsToErrors {
                output.finish()
                output.base.printLine(shown(text))
            } else {
                say(text)
            }
            // Several warnings are several lines (a terminal would show one line's newline escaped).
            for line in warning.split(separator: "\n") { output.printError(String(line)) }
            return .ok
        case .checkFailed(let summary, let details):
            // A check with details (`expect schema`'s violations) shows them as output, one per
            // line, under the FAIL line; the error line is the summary alone.
            if !details.isEmpty { output.printLine((["FAIL " + summary] + details).joined(separator: "\n")) }
            return .failed(WorkbenchError("expectation failed: \(summary)"))
        case .exit:
            return .exit
        case .askSecret(let name):
            guard let askSecret else {
                throw WorkbenchError(
                    "`set --secret \(name)` asks for the value, which a script cannot answer: "
                        + "give it (`set --secret \(name) VALUE`) or use {{env.NAME}}")
            }
            guard let value = askSecret("value of \(name) (hidden): "), !value.isEmpty else {
                throw WorkbenchError("no value given: \(name) is unchanged")
            }
            return try run(.set(name: name, value: value, secret: true))
        case .editBody(let current, let json):
            return try editBody(current, json: json)
        case .askCredential(let typed):
            guard let missing = typed.missing else { return try run(.auth(.set(typed))) }
            guard let askSecret else {
                throw WorkbenchError(
                    "`auth \(typed.auth.scheme.displayName)` asks for the \(missing.noun), which a script cannot answer: "
                        + "give it (`\(missing.example)`) or refer to one (`{{env.NAME}}`)")
            }
            guard let value = askSecret("\(missing.question) (hidden): "), !value.isEmpty else {
                throw WorkbenchError("no \(missing.noun) given: auth is unchanged")
            }
            return try run(.auth(.set(typed.answered(value))))
        case .oauth2(let command):
            try runOAuth2(command)
            return .ok
        case .send(let outputFile, let note, let withBody, let pathAsIs, let pipe, let repetition, let lastEventID):
            try readSecretSources(for: [workspace.endpoint])
            if let note { output.printLine(note) }
            // Only with a description: a method called on the stored workspace copies it whole.
            if workspace.api != nil {
                let current = workspace
                for warning in current.parameterWarnings(in: current.scope(environment: context.environment)) {
                    output.printError(warning)
                }
            }
            var options = sendOptions
            if let outputFile {
                // Checked before sending: the transfer's own check (OutputFile) knows nothing of the session.
                try WriteTarget.check(outputFile, inputs: workspace.writeInputs(includingSession: true), allowingDevices: true)
            }
            options.outputFile = outputFile
            // A stream (events, NDJSON, chunked text) is shown while it arrives.
            let stream = StreamRenderer(sink: output, color: usesColor, outputIsTerminal: display.outputIsTerminal)
            // A body piped to a command goes there whole, not onto the screen while it arrives.
            // A repeated send shows its tries as lines, and the last response whole.
            if pipe == nil && repetition == nil { options.stream = stream }
            options = reportingWait(options, until: { stream.kind != nil })
            defer { waiting?(nil) }
            var exchange: Exchange
            // The workspace lent where it is stored: passed on as it is, it would be copied whole.
            func sendWorkspace() throws(WorkbenchError) -> Exchange {
                let transport = try engine()
                return try workspace.inPlace { current throws(WorkbenchError) in
                    try Exchange.send(
                        current, context: context, transport: transport, options: options,
                        withBody: withBody, pathAsIs: pathAsIs, lastEventID: lastEventID, redactors: redactors)
                }
            }
            func sendOnce() throws(WorkbenchError) -> Exchange {
                try renewOAuth2TokenIfDue()
                var exchange = try sendWorkspace()
                if OAuth2Protocol.isInvalidToken(exchange.response), workspace.endpoint.auth?.scheme == .oauth2 {
                    // Once: the server says the token is no good (revoked, or expired early).
                    try renewOAuth2Token(reason: "the server refused the token (invalid_token)")
                    exchange = try sendWorkspace()
                }
                return exchange
            }
            var gaveUp: WorkbenchError?
            do throws(WorkbenchError) {
                if let repetition {
                    (exchange, gaveUp) = try RepeatedSendRun(repetition: repetition, interpreter: self).run(send: sendOnce)
                } else {
                    exchange = try sendOnce()
                }
            } catch {
                stream.finish()
                lastSendFailure = Template.oneLine(error.message.prefix(200))
                throw error
            }
            waiting?(nil)
            workspace.commit(exchange)
            lastSendFailure = nil
            refreshRedactor()
            if exchange.response.stream != nil {
                stream.finish()
                output.printLine(StreamRenderer.closingLine(for: exchange.response))
            } else if let pipe {
                try ResponsePresenter(interpreter: self).showLast(part: nil, destination: .pipe(pipe))
            } else {
                try ResponsePresenter(interpreter: self).present(exchange.response, parts: workspace.view.parts)
            }
            // An event stream past its bounds says which (the events kept are what `events` lists).
            for warning in exchange.response.events?.boundWarnings ?? [] { output.printError(warning) }
            if case .graphql = exchange.record.endpoint.body {
                for line in GraphQLResponseErrors.lines(exchange.response) { output.printError(line) }
            }
            // Polling gave up (or Ctrl-C stopped it): the last response is shown and kept, the line fails.
            if let gaveUp { throw gaveUp }
            return .ok
        case .last(let part, let destination):
            try ResponsePresenter(interpreter: self).showLast(part: part, destination: destination)
            return .ok
        case .run(let file):
            try FileRun(interpreter: self).script(file)
            return .ok
        case .runHTTPFile(let file, let environment, let keepGoing):
            try FileRun(interpreter: self).httpFile(file, environment: environment, keepGoing: keepGoing)
            return .ok
        case .sleep(let seconds):
            try ScriptBlockRunner(interpreter: self).sleep(seconds: seconds)
            return .ok
        case .bench(let plan, let json):
            try BenchRun(plan: plan, json: json).run(on: self)
            return .ok
        case .compare(let first, let second, let options, let ignored, let save):
            try readSecretSources(for: [workspace.endpoint])
            try EnvironmentComparisonRun(first: first, second: second, options: options, ignored: ignored, save: save).run(on: self)
            return .ok
        case .timing:
            guard let response = workspace.lastResponse else {
                throw WorkbenchError("no response yet: `send` a request first")
            }
            output.printLine(TimingReport.text(for: response))
            return .ok
        case .replay(let target, let keepGoing, let environment):
            try replay(target, keepGoing: keepGoing, environment: environment)
            return .ok
        case .fetchDescription(let url, let note):
            try fetchDescription(url, note: note)
            return .ok
        case .introspectGraphQL(let url):
            let fetched = try descriptionFetch(for: [workspace.endpoint], texts: url.map { [$0] } ?? [])
                .graphQLIntrospection(from: workspace.endpoint, url: url)
            output.printLine(try workspace.adoptIntrospection(fetched.body, location: fetched.location))
            return .ok
        case .grpcConnect(let url, let protoFiles, let importPaths):
            try GRPCSessionDriver(interpreter: self).connect(url: url, protoFiles: protoFiles, importPaths: importPaths)
            return .ok
        case .grpcCall(let method, let messages):
            return try GRPCSessionDriver(interpreter: self).call(method: method, messages: messages)
        }
    }

    /// A fetch of a description on this interpreter's transport, with the workspace as it is;
    /// the secrets `endpoints` and `texts` refer to read from their sources first.
    private func descriptionFetch(for endpoints: [Endpoint] = [], texts: [String]) throws(WorkbenchError) -> DescriptionFetch {
        DescriptionFetch(
            sender: try sender(), scope: try wireScope(for: endpoints, texts: texts), settings: workspace.settings,
            cookies: workspace.cookies)
    }

    /// `openapi URL` (`DescriptionFetch`). `note` is set when a loaded session names the URL:
    /// printed first, and a failure is then a warning, as the session itself was loaded.
    private func fetchDescription(_ url: String, note: String?) throws(WorkbenchError) {
        if let note { say(note) }
        do throws(WorkbenchError) {
            let fetched = try descriptionFetch(texts: [url]).openAPIDocument(url)
            let outcome = try workspace.adoptDescription(fetched.body, location: url, sourceURL: fetched.sourceURL)
            // What loading it says, read as every outcome is.
            _ = try perform(outcome)
        } catch {
            guard note != nil else { throw error }
            output.printError("warning: the session's API description was not loaded: \(error.message)")
        }
    }

    /// `body edit`: the editor returns the text; JSON (the body was JSON, or a
    /// new body that starts like JSON) must validate, else the edit is kept for
    /// the next `body edit` and the body stays as it was.
    private func editBody(_ current: String, json: Bool) throws(WorkbenchError) -> LineResult {
        guard let editText else {
            throw WorkbenchError("`body edit` needs an editor: set $VISUAL or $EDITOR")
        }
        let start = keptEdit ?? (current, json)
        var edited = try editText(start.text, start.json)
        // Editors end a file with a newline the body did not have.
        if edited.hasSuffix("\n") && !start.text.hasSuffix("\n") { edited.removeLast() }
        let isJSON = start.json || (start.text.isEmpty && (edited.trimmingSpaces().first.map { $0 == "{" || $0 == "[" } ?? false))
        do throws(WorkbenchError) {
            if isJSON { try JSONTemplate.check(edited) } else { try Template.validate(edited) }
        } catch {
            keptEdit = (edited, isJSON)
            throw WorkbenchError(
                "the edited body is not valid\(isJSON ? " JSON" : ""): \(error.message); the body is unchanged, and `body edit` opens your edit again"
            )
        }
        keptEdit = nil
        return try run(.body(isJSON ? .json(edited) : .text(edited)))
    }

    /// `replay N` prints the response as `send` does; `replay all` prints one line a request,
    /// and stops at the first failure unless `keepGoing`, as `workbench replay` does. Each
    /// response is kept in its history entry, as a send keeps it.
    func replay(_ target: ReplayTarget, keepGoing: Bool = false, environment: String? = nil) throws(WorkbenchError) {
        let numbers: [Int]
        switch target {
        case .all: numbers = Array(1...workspace.history.count)
        case .number(let number): numbers = [number]
        }
        try replay(numbers, fromInitialCookies: target == .all, keepGoing: keepGoing, environment: environment, showingEach: false)
    }

    /// Replays history entries `numbers` in order; `showingEach`: each response shown as
    /// `replay N` shows it, then the `N passed, M failed` line (`run FILE.http`). A failure
    /// throws `requestsFailed`: the lines printed already said which request and why.
    func replay(
        _ numbers: [Int], fromInitialCookies: Bool, keepGoing: Bool, environment: String?, showingEach: Bool
    ) throws(WorkbenchError) {
        let history = workspace.history
        // `--env NAME`: the requests go out with that environment's values, the one in force
        // coming back after; its private values stay masked (`environmentSecretValues`).
        let inForce = workspace.activeEnvironment
        if let environment {
            var switched = workspace
            output.printLine(
                try switched.useEnvironment(environment, file: nil, context: context).split(separator: "\n")[0] + " (for this replay)")
            workspace = switched
        }
        defer {
            if environment != nil {
                workspace.switchEnvironment(to: inForce)
                refreshRedactor()
            }
        }
        try readSecretSources(
            for: numbers.map { history[$0 - 1].endpoint },
            texts: numbers.compactMap { if case .url(let proxy) = history[$0 - 1].settings.proxy { proxy } else { nil } })
        defer { waiting?(nil) }
        var replayer = Replayer(
            transport: try engine(), options: reportingWait(sendOptions),
            environment: context.environment, readFile: context.readFile)
        replayer.savedGRPCSchemas = workspace.grpcSchemas
        replayer.api =
            workspace.api.map { .success($0) }
            ?? workspace.apiLocation.map { .failure(WorkbenchError("\($0) is named by the session but not loaded (`openapi \($0)`)")) }
        replayer.environmentVariables = { [self] name, variables throws(WorkbenchError) in
            try EnvironmentComparisonRun.environment(name, variables, on: self)
        }
        let color = usesColor
        var variables = workspace.variables
        // `replay all` starts from the cookies the session had when its first
        // request was recorded; `replay N` from the jar as it is now.
        var cookies = fromInitialCookies ? workspace.initialCookies : workspace.cookies
        let summary = ReplayRun(replayer: replayer, stopAtFirstFailure: !keepGoing)
            .run(numbers.map { ($0, history[$0 - 1]) }, variables: &variables, cookies: &cookies) { outcome, variables, jar in
                workspace.variables = variables
                if jar != workspace.cookies {
                    workspace.removedCookieValues += workspace.cookies.values
                    workspace.cookies = jar
                }
                refreshRedactor()
                if let response = outcome.response {
                    let secrets = workspace.secretValues(environment: context.environment, cookies: response.cookies)
                    workspace.history[outcome.number - 1].keep(RecordedResponse(response, redactor: redactors.redactor(for: secrets)))
                    workspace.history[outcome.number - 1].sentURL = outcome.url
                    workspace.lastResponse = response
                    lastSendFailure = nil
                    workspace.lastRecordIndex = outcome.number - 1
                    waiting?(nil)
                    if numbers.count == 1 || showingEach {
                        try? ResponsePresenter(interpreter: self).present(response, parts: workspace.view.parts)
                    }
                } else if let failure = outcome.problems.lazy.compactMap(\.sendFailure).first {
                    let secrets = workspace.secretValues(environment: context.environment)
                    workspace.history[outcome.number - 1].failure = redactors.redactor(for: secrets).redact(failure)
                }
                // `{{host}}` of an environment none is in force of: `env use`, not `set`.
                var shown = outcome
                shown.problems = outcome.problems.map { problem in
                    guard case .notSent(let error) = problem else { return problem }
                    return .notSent(workspace.explainingUnchosenEnvironment(error, context: context))
                }
                output.printLine(Replayer.line(for: shown, color: color))
            }
        // A file run ends as `workbench replay` does: why it stopped, then the count.
        if showingEach, let stopped = summary.stoppedNote { output.printLine(stopped) }
        if numbers.count > 1 || showingEach {
            output.printLine(summary.closingLine)
        }
        if !showingEach, let stopped = summary.stoppedNote { output.printLine(stopped) }
        if summary.failed > 0 {
            throw WorkbenchError(
                "replay: \(summary.failed) of \(summary.outcomes.count) request\(summary.outcomes.count == 1 ? "" : "s") failed",
                kind: .requestsFailed)
        }
    }

    /// A run of an OAuth 2.0 flow on this interpreter's transport, with the workspace as it is:
    /// its token requests follow no redirect and keep no cookie. The secrets its `settings`
    /// and `clientSecret` refer to are read from their sources first.
    private func oauth2Flow(_ oauth2: OAuth2Settings, clientSecret: String?) throws(WorkbenchError) -> OAuth2Flow {
        var settings = workspace.settings
        settings.followRedirects = false
        let texts = [oauth2.tokenURL, oauth2.clientID] + [oauth2.authorizationURL, clientSecret, oauth2.refreshToken].compactMap { $0 }
        return OAuth2Flow(
            sender: try sender(options: SendOptions(shouldAbort: sendOptions.shouldAbort)), settings: settings,
            scope: try wireScope(texts: texts), environment: context.environment,
            output: output, shouldAbort: sendOptions.shouldAbort)
    }

    /// `auth oauth2 ...`: what a flow obtained is taken into the workspace only once it succeeded.
    private func runOAuth2(_ command: OAuth2Command) throws(WorkbenchError) {
        switch command {
        case .show:
            break
        case .refresh:
            try renewOAuth2Token(reason: nil)
        case .start(let settings, let clientSecret):
            let obtained = try oauth2Flow(settings, clientSecret: clientSecret).start(settings, clientSecret: clientSecret)
            workspace.adoptOAuth2(obtained.settings, clientSecret: clientSecret, token: obtained.token, now: OAuth2Flow.now)
            output.printLine(obtained.line)
        }
    }

    /// Before a send: a token that is missing or about to run out is renewed.
    func renewOAuth2TokenIfDue() throws(WorkbenchError) {
        guard let auth = workspace.endpoint.auth,
            let reason = OAuth2Flow.renewalReason(auth, variables: workspace.variables, now: OAuth2Flow.now)
        else { return }
        try renewOAuth2Token(reason: reason)
    }

    /// A new access token for the auth in force (`OAuth2Flow.renew`).
    private func renewOAuth2Token(reason: String?) throws(WorkbenchError) {
        guard let auth = workspace.endpoint.auth, auth.scheme == .oauth2, let oauth2 = auth.oauth2 else {
            throw WorkbenchError("no oauth2 auth for \(workspace.endpoint.credentialOrigin ?? "this base")")
        }
        let obtained = try oauth2Flow(oauth2, clientSecret: oauth2.clientSecret).renew(auth, oauth2: oauth2, reason: reason)
        workspace.adoptOAuth2(obtained.settings, clientSecret: nil, token: obtained.token, now: OAuth2Flow.now)
        output.printLine(obtained.line)
    }

    /// `options` with its abort poll (every few milliseconds during a transfer)
    /// also telling `waiting` how long the request has waited. Once `streaming`
    /// is true the body is on the screen itself: the line is cleared and no longer drawn.
    func reportingWait(_ options: SendOptions, until streaming: @escaping () -> Bool = { false }) -> SendOptions {
        guard let waiting else { return options }
        var reporting = options
        let clock = ContinuousClock()
        var start = clock.now
        var lastReport = clock.now
        let toFile = options.outputFile != nil
        var cleared = false
        reporting.progress = { received, expected in
            if streaming() {
                if !cleared { waiting(nil) }
                cleared = true
                return
            }
            let now = clock.now
            // A replay sends several requests with these options: a long gap starts a new wait.
            if now - lastReport > .milliseconds(500) { start = now }
            lastReport = now
            let elapsed = now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            waiting(WaitProgress(elapsed: seconds, received: received, expected: expected, toFile: toFile))
        }
        return reporting
    }

    /// The one send path, on this interpreter's transport (the send options as set, unless given).
    func sender(options: SendOptions? = nil) throws(WorkbenchError) -> Sender {
        Sender(transport: try engine(), options: options ?? sendOptions, readFile: context.readFile)
    }

    /// The transport is made on first use and kept: connections stay alive between sends.
    func engine() throws(WorkbenchError) -> HTTPTransport {
        if let transport { return transport }
        let made = try makeTransport()
        transport = made
        return made
    }
}
