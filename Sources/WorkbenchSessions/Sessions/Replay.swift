import Platform
import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs

/// Sends recorded requests again, in order, with captures flowing into the
/// variables of later requests and every expectation checked.
public struct Replayer {
    public var transport: HTTPTransport
    public var options: SendOptions
    public var environment: [String: String]
    public var readFile: (String) throws(WorkbenchError) -> [UInt8]
    /// `--base URL`: replaces the base of every request.
    public var baseOverride: String?
    /// The session's API description for `expect schema`: nil when it names
    /// none, a failure when it names one that could not be loaded.
    public var api: Result<APIDescription, WorkbenchError>?
    /// `--diff`: each response is compared with the one recorded; a difference fails the request.
    public var diff: ResponseDiff.Options?
    /// The gRPC servers' schemas, read by reflection when a recorded call is replayed.
    public var grpcSchemas = GRPCSchemaCache()
    /// The schemas the session saved, for servers that offer no reflection.
    public var savedGRPCSchemas = GRPCSessionSchemas()
    /// The environments a saved comparison is sent in (`Replay+Comparison`); nil where none can be read.
    public var environmentVariables: EnvironmentVariables?

    public init(
        transport: HTTPTransport, options: SendOptions = SendOptions(), environment: [String: String],
        baseOverride: String? = nil, readFile: @escaping (String) throws(WorkbenchError) -> [UInt8] = FileSystem.read
    ) {
        self.transport = transport
        self.options = options
        self.environment = environment
        self.baseOverride = baseOverride
        self.readFile = readFile
    }

    /// The result of replaying one request.
    public struct Outcome: Sendable {
        /// 1-based position in the session's request list.
        public var number: Int
        public var method: String
        public var url: String
        public var response: HTTPResponse?
        /// Why it did not pass, by kind, in the order found: what broke it, failed captures and checks.
        public var problems: [ReplayFailure]
        /// Every expectation checked, passed or not.
        public var checks: [Expectation.Result]
        /// With `--diff`: what changed since the recording (nil when not asked or nothing was recorded).
        public var diff: ResponseDiff?
        /// The request as it may be shown (secrets masked), for reports; nil when it could not be built.
        public var request: PreparedRequest? = nil
        /// Why it was not sent, when it was not: the run stopped before it.
        public var skipped: ReplaySkip? = nil
        /// The tries of a request recorded with `send --until` / `--retry`.
        public var tries: [SendTry] = []

        public init(
            number: Int, method: String, url: String, response: HTTPResponse?, problems: [ReplayFailure],
            checks: [Expectation.Result]
        ) {
            self.number = number
            self.method = method
            self.url = url
            self.response = response
            self.problems = problems
            self.checks = checks
        }

        /// The problems as the replay line says them.
        public var failures: [String] { problems.map(\.message) }

        public var verdict: ReplayVerdict { ReplayVerdict(problems, skipped: skipped) }

        public var passed: Bool { verdict == .passed }
    }

    /// A request not sent, named as a report names it (its URL with `baseOverride`, secrets masked).
    public static func skipped(
        _ record: RequestRecord, number: Int, variables: Variables, baseOverride: String?, because reason: ReplaySkip
    ) -> Outcome {
        var endpoint = record.endpoint
        if let baseOverride { endpoint.retarget(to: baseOverride) }
        var outcome = Outcome(
            number: number, method: endpoint.method, url: shownURL(of: endpoint, variables: variables),
            response: nil, problems: [], checks: [])
        outcome.skipped = reason
        return outcome
    }

    /// The URL with its variables filled in and secrets masked, or as typed when it cannot be built.
    static func shownURL(of endpoint: Endpoint, variables: Variables, environment: [String: String] = [:]) -> String {
        let scope = VariableScope(variables: variables, environment: environment)
        return (try? endpoint.url(in: scope.masked)) ?? (endpoint.base ?? "") + endpoint.path
    }

    /// Replays `record`; captures update `variables`, with an empty cookie jar.
    public func run(_ record: RequestRecord, number: Int, variables: inout Variables) -> Outcome {
        var cookies = CookieJar()
        return run(record, number: number, variables: &variables, cookies: &cookies)
    }

    /// Replays `record`; captures update `variables`, the cookies it sets `cookies`.
    public func run(_ record: RequestRecord, number: Int, variables: inout Variables, cookies: inout CookieJar) -> Outcome {
        // `compare ENV1 ENV2 --save`: sent where its two environments say (Replay+Comparison);
        // `--base` would send both to one server.
        if let comparison = record.comparison {
            return runComparison(record, comparison, number: number, variables: variables, cookies: cookies)
        }
        var endpoint = record.endpoint
        // The session pointed at another server: its credentials go with it.
        if let baseOverride { endpoint.retarget(to: baseOverride) }
        var outcome = Outcome(
            number: number, method: endpoint.method,
            url: Self.shownURL(of: endpoint, variables: variables, environment: environment),
            response: nil, problems: [], checks: [])
        let sender = Sender(transport: transport, options: options, readFile: readFile)
        // `auth oauth2 client-credentials`: the replay runs the flow itself, no person needed.
        if let name = OAuth2Protocol.obtainableTokenVariable(of: endpoint), variables.value(of: name) == nil,
            let settings = endpoint.auth?.oauth2
        {
            var tokenSettings = record.settings
            tokenSettings.followRedirects = false
            let scope = VariableScope(variables: variables, environment: environment).forWire
            do throws(WorkbenchError) {
                let token = try OAuth2Protocol.clientCredentialsToken(settings, in: scope) { request throws(WorkbenchError) in
                    try sender.send(request, settings: tokenSettings, cookies: CookieJar(), in: scope)
                }
                variables.set(name, to: token.accessToken, secret: true)
            } catch {
                outcome.problems.append(.tokenRequest(error))
                return outcome
            }
        }
        // `ws connect`: the conversation again (Replay+Conversation).
        if let conversation = record.conversation {
            outcome.method = "WS"
            return runConversation(record, conversation, endpoint: endpoint, outcome: outcome, variables: &variables, cookies: cookies)
        }
        let request: PreparedRequest
        let scope = VariableScope(variables: variables, environment: environment).forWire
        do throws(WorkbenchError) {
            request = try endpoint.prepare(in: scope, readFile: readFile)
        } catch {
            outcome.problems.append(.notSent(error))
            return outcome
        }
        outcome.url = request.shownURL
        outcome.request = request.shown
        let response: HTTPResponse
        do throws(WorkbenchError) {
            if GRPCCall.isCall(endpoint) {
                let call = try replayGRPC(
                    request, endpoint: endpoint, record: record, variables: variables, sender: sender, cookies: cookies)
                outcome.request = call.request.shown
                response = call.response
            } else if let repetition = record.repetition {
                // `send --until` / `--retry` replays as it was sent: tried again, the same way.
                let ending = repeatedSend(repetition).run(
                    send: { [cookies] () throws(WorkbenchError) in
                        try sender.send(request, settings: record.settings, cookies: cookies, in: scope)
                    },
                    check: { repetition.until?.check($0, in: scope) }, mask: { $0 }, report: { _ in })
                outcome.tries = ending.tries
                response = try ending.last.get()
                if let failure = ending.failure {
                    outcome.problems.append(.expectation(Expectation.Result(passed: false, message: "until \(failure.message)")))
                }
            } else {
                response = try sender.send(request, settings: record.settings, cookies: cookies, in: scope)
            }
        } catch {
            // What the engine refuses before the transfer (a file to upload gone, a Content-Length
            // larger than the body) carries no transport kind: nothing was sent.
            outcome.problems.append(error.transportFailure == nil ? .notSent(error) : .transport(error))
            return outcome
        }
        outcome.response = response
        cookies = response.cookies ?? cookies
        for capture in record.captures {
            do throws(WorkbenchError) {
                let value = try capture.value(from: response)
                variables.set(capture.name, to: value, secret: capture.isSecret || variables.isSecret(capture.name))
            } catch {
                outcome.problems.append(.capture(name: capture.name, error))
            }
        }
        let checkScope = VariableScope(variables: variables, environment: environment)
        let schema = api.map { SchemaSource(description: $0, endpoint: endpoint, scope: checkScope) }
        for expectation in record.effectiveExpectations {
            let result = expectation.check(response, in: checkScope, schema: schema)
            outcome.checks.append(result)
            guard !result.passed else { continue }
            if case .status = expectation {
                outcome.problems.append(.status(result))
            } else {
                outcome.problems.append(.expectation(result))
            }
        }
        if let failure = Self.graphqlFailure(record, response) { outcome.problems.append(.graphQLErrors(failure)) }
        if let diff, let recorded = record.response {
            // Both sides through the redaction step: a secret is the mask in each, never a difference.
            let redactor = SecretRedactor(
                variables: variables, endpoints: [record.endpoint], environment: environment,
                also: cookies.values)
            let found = ResponseDiff.compare(recorded.redacted(by: redactor), RecordedResponse(response, redactor: redactor), options: diff)
            outcome.diff = found
            if !found.isEmpty { outcome.problems.append(.differs(found.count)) }
        }
        return outcome
    }

    /// The loop of a repeated send on this replayer's transport: waits poll Ctrl-C.
    func repeatedSend(_ repetition: SendRepetition) -> RepeatedSend<HTTPResponse> {
        let clock = ContinuousClock()
        let origin = clock.now
        let shouldAbort = options.shouldAbort
        return RepeatedSend<HTTPResponse>(
            repetition: repetition, response: { $0 },
            now: { Double(time(nil)) },
            jitter: { Double.random(in: 0..<1) },
            wait: { seconds in
                let deadline = clock.now + .milliseconds(Int64((seconds * 1000).rounded()))
                while clock.now < deadline {
                    if shouldAbort() { return false }
                    usleep(20_000)
                }
                return true
            },
            clock: {
                let elapsed = clock.now - origin
                return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            })
    }

    /// A recorded gRPC call sent again: the server's schema by reflection (once a run), or, when
    /// the server offers none, the one the session saved; with the request's headers and auth.
    private func replayGRPC(
        _ request: PreparedRequest, endpoint: Endpoint, record: RequestRecord, variables: Variables, sender: Sender,
        cookies: CookieJar
    ) throws(WorkbenchError) -> GRPCCall.Outcome {
        let origin = request.base.origin
        let scope = VariableScope(variables: variables, environment: environment).forWire
        let method = String(request.target.split(separator: "?", maxSplits: 1).first ?? "")
        let saved = savedGRPCSchemas.schema(origin: origin, method: method)
        let reflected = try grpcSchemas.schema(for: origin) { () throws(WorkbenchError) in
            do throws(WorkbenchError) {
                return try GRPCReflection.schema { path, requests throws(WorkbenchError) in
                    let asking = try GRPCClient.prepare(
                        endpoint: endpoint, url: origin, path: path, messages: requests, in: scope, settings: record.settings,
                        readFile: readFile)
                    let result = try GRPCClient.call(
                        asking, sender: sender, settings: record.settings, cookies: cookies, in: scope, onMessage: { _ in })
                    return (result.messages, result.status)
                }
            } catch {
                // A server that cannot be reached fails the call as it is; one without reflection
                // is answered from the session's schema.
                guard error.transportFailure == nil else { throw error }
                guard let saved else {
                    var why = Substring(error.message)
                    if why.hasPrefix("grpc connect: ") { why = why.dropFirst("grpc connect: ".count) }
                    if let hint = why.range(of: ": give its .proto files with --proto") { why = why[..<hint.lowerBound] }
                    throw WorkbenchError(
                        "grpc: \(why), and the session keeps no schema for it (`grpc connect URL --proto FILE`, then `replay` or `save`)")
                }
                return saved
            }
        }
        // A server whose reflection leaves the service out is answered from the session's schema too.
        let schema = reflected.method(method) == nil ? saved ?? reflected : reflected
        return try GRPCCall.run(
            request, schema: schema, sender: sender, settings: record.settings, cookies: cookies, in: scope, onMessage: { _, _ in })
    }

    /// Variables the requests use that nobody provides: not set, not in the
    /// environment given, and not captured by an earlier request.
    public static func missingVariables(in records: [RequestRecord], known: Variables) -> [String] {
        var defined = Set(known.entries.keys)
        var missing: [String] = []
        // A saved comparison's variables come from its environments: one missing there is its error.
        for record in records where record.comparison == nil {
            let obtained = OAuth2Protocol.obtainableTokenVariable(of: record.endpoint)
            // `{{$uuid}}` and its kind are made when the request is built.
            for name in record.endpoint.referencedVariables
            where !defined.contains(name) && !missing.contains(name) && name != obtained && !name.hasPrefix("$") {
                missing.append(name)
            }
            for capture in record.captures { defined.insert(capture.name) }
        }
        return missing
    }

    /// `PASS  1 POST http://host/login  200  12.3 ms`, with the reasons of a failure after it.
    public static func line(for outcome: Outcome, color: Bool) -> String {
        let mark = outcome.passed ? ANSI.paint("PASS", ANSI.green, if: color) : ANSI.paint("FAIL", ANSI.red, if: color)
        var text = "\(mark) \(outcome.number) \(outcome.method) \(Excerpt.cut(outcome.url))"
        if let response = outcome.response {
            text += "  \(response.statusText)  \(Quantities.duration(response.timings.total))"
        }
        if outcome.tries.count > 1 { text += "  (\(outcome.tries.count) tries)" }
        if !outcome.failures.isEmpty {
            text += "  " + outcome.failures.joined(separator: "; ")
        }
        // The differences under the request's line, one a line.
        for line in outcome.diff?.lines(color: color) ?? [] { text += "\n" + line }
        return text
    }

    /// The closing line: `N passed, N failed`.
    public static func summary(_ outcomes: [Outcome]) -> String {
        let passed = outcomes.filter(\.passed).count
        return "\(passed) passed, \(outcomes.count - passed) failed"
    }
}
