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
        /// Why it failed: an error, failed captures and failed expectations.
        public var failures: [String]
        /// Every expectation checked, passed or not.
        public var checks: [Expectation.Result]
        /// With `--diff`: what changed since the recording (nil when not asked or nothing was recorded).
        public var diff: ResponseDiff?
        /// The request as it may be shown (secrets masked), for reports; nil when it could not be built.
        public var request: PreparedRequest? = nil

        public var passed: Bool { failures.isEmpty }
    }

    /// Replays `record`; captures update `variables`, with an empty cookie jar.
    public func run(_ record: RequestRecord, number: Int, variables: inout Variables) -> Outcome {
        var cookies = CookieJar()
        return run(record, number: number, variables: &variables, cookies: &cookies)
    }

    /// Replays `record`; captures update `variables`, the cookies it sets `cookies`.
    public func run(_ record: RequestRecord, number: Int, variables: inout Variables, cookies: inout CookieJar) -> Outcome {
        var endpoint = record.endpoint
        // The session pointed at another server: its credentials go with it.
        if let baseOverride { endpoint.retarget(to: baseOverride) }
        let scope = VariableScope(variables: variables, environment: environment)
        var outcome = Outcome(number: number, method: endpoint.method,
                              url: (try? endpoint.url(in: scope.masked)) ?? (endpoint.base ?? "") + endpoint.path,
                              response: nil, failures: [], checks: [])
        let response: HTTPResponse
        let sender = Sender(transport: transport, options: options, readFile: readFile)
        do throws(WorkbenchError) {
            // `auth oauth2 client-credentials`: the replay runs the flow itself, no person needed.
            if let name = OAuth2Protocol.obtainableTokenVariable(of: endpoint), variables.value(of: name) == nil,
               let settings = endpoint.auth?.oauth2 {
                var tokenSettings = record.settings
                tokenSettings.followRedirects = false
                let token = try OAuth2Protocol.clientCredentialsToken(settings, in: scope) { request throws(WorkbenchError) in
                    try sender.send(request, settings: tokenSettings, cookies: CookieJar())
                }
                variables.set(name, to: token.accessToken, secret: true)
            }
            let scope = VariableScope(variables: variables, environment: environment)
            let request = try endpoint.prepare(in: scope, readFile: readFile)
            outcome.url = request.shownURL
            outcome.request = request.shown
            response = try sender.send(request, settings: record.settings, cookies: cookies)
        } catch {
            outcome.failures.append(error.message)
            return outcome
        }
        outcome.response = response
        cookies = response.cookies ?? cookies
        for capture in record.captures {
            do throws(WorkbenchError) {
                let value = try capture.value(from: response)
                variables.set(capture.name, to: value, secret: capture.isSecret || variables.isSecret(capture.name))
            } catch {
                outcome.failures.append(error.message)
            }
        }
        let checkScope = VariableScope(variables: variables, environment: environment)
        let schema = api.map { SchemaSource(description: $0, endpoint: endpoint, scope: checkScope) }
        for expectation in record.effectiveExpectations {
            let result = expectation.check(response, in: checkScope, schema: schema)
            outcome.checks.append(result)
            if !result.passed { outcome.failures.append(result.message) }
        }
        if let failure = Self.graphqlFailure(record, response) { outcome.failures.append(failure) }
        if let diff, let recorded = record.response {
            // Both sides through the redaction step: a secret is the mask in each, never a difference.
            let redactor = SecretRedactor(variables: variables, endpoints: [record.endpoint], environment: environment,
                                          also: cookies.values)
            let found = ResponseDiff.compare(recorded.redacted(by: redactor), RecordedResponse(response, redactor: redactor), options: diff)
            outcome.diff = found
            if !found.isEmpty { outcome.failures.append("differs from the recording (\(found.count))") }
        }
        return outcome
    }

    /// Variables the requests use that nobody provides: not set, not in the
    /// environment given, and not captured by an earlier request.
    public static func missingVariables(in records: [RequestRecord], known: Variables) -> [String] {
        var defined = Set(known.entries.keys)
        var missing: [String] = []
        for record in records {
            let obtained = OAuth2Protocol.obtainableTokenVariable(of: record.endpoint)
            for name in record.endpoint.referencedVariables
            where !defined.contains(name) && !missing.contains(name) && name != obtained {
                missing.append(name)
            }
            for capture in record.captures { defined.insert(capture.name) }
        }
        return missing
    }

    /// `PASS  1 POST http://host/login  200  12.3 ms`, with the reasons of a failure after it.
    public static func line(for outcome: Outcome, color: Bool) -> String {
        let mark = outcome.passed ? ANSI.paint("PASS", ANSI.green, if: color) : ANSI.paint("FAIL", ANSI.red, if: color)
        var text = "\(mark) \(outcome.number) \(outcome.method) \(outcome.url)"
        if let response = outcome.response {
            text += "  \(response.statusCode)  \(Quantities.duration(response.timings.total))"
        }
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

