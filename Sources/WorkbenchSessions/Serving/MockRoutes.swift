import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs

/// What `workbench serve` knows: the recorded requests of a session, each
/// with the response it got, and the rule that picks one for a request.
///
/// A request matches a recording by method, path and query (query items in
/// any order; HEAD also matches a recorded GET). A value the recording took
/// from a variable (`/users/{{id}}`, `?page={{page}}`) matches anything there:
/// a captured id differs from run to run. When several recordings match, the
/// ones whose typed headers and body the request repeats win; among equals,
/// the first that has not answered yet answers, so each answers once in
/// recorded order before any answers again (a session that polled `GET /job`
/// three times gets its three answers in order, a 304 between two 200s
/// stays where it was). A pure value: the server keeps it under a lock.
public struct MockRoutes: Sendable {
    public struct Route: Sendable {
        /// 1-based, as `history` numbers the session's requests.
        public var number: Int
        public var method: String
        var path: [MockPattern]
        var query: [(name: String, value: MockPattern)]
        /// The headers typed for the request, when they hold no variable.
        var headers: [HeaderField]
        /// The body sent, when it held no variable.
        var body: [UInt8]?
        public var response: RecordedResponse
        /// `/users/*`: the path as the 404 lists it.
        public var shownPath: String
        /// A WebSocket conversation: served to a client that asks for the upgrade.
        public var conversation: RecordedConversation?
    }

    public private(set) var routes: [Route]
    /// Requests left out, with the reason (no response recorded, a URL that cannot be built).
    public private(set) var notes: [String] = []
    /// Query items whose recorded value came from a secret (a secret variable,
    /// `{{env.*}}`): their values are masked in the log of requests served.
    public private(set) var secretQueryNames: Set<String> = []
    /// The recordings that have answered since each last started again (indices into `routes`).
    private var answered: Set<Int> = []

    public init(document: SessionDocument) {
        routes = []
        let captured = Set(document.requests.flatMap { $0.captures.map(\.name) })
        let secret = Set(document.secretNames + document.requests.flatMap { $0.captures.filter(\.isSecret).map(\.name) })
        for item in document.requests.flatMap(\.endpoint.allQueryItems) where Template.hasReferences(item.value) {
            let parts = (try? Template.parse(item.value)) ?? []
            if parts.contains(where: { part in
                switch part {
                case .environment: true
                case .variable(let name): secret.contains(name) || name == "auth_token" || name == "auth_password"
                default: false
                }
            }) {
                secretQueryNames.insert(item.name)
            }
        }
        for (index, record) in document.requests.enumerated() {
            guard let response = record.response else {
                notes.append("request \(index + 1) has no recorded response: not served")
                continue
            }
            do throws(WorkbenchError) {
                routes.append(
                    try Self.route(
                        number: index + 1, record.endpoint, response: response,
                        variables: document.variables, captured: captured))
                routes[routes.count - 1].conversation = record.conversation
            } catch {
                notes.append("request \(index + 1) is not served: \(error.message)")
            }
        }
    }

    /// A recorded request as a pattern: every variable it refers to becomes a
    /// marker (a wildcard), except plain session variables nothing captures.
    static func route(
        number: Int, _ recorded: Endpoint, response: RecordedResponse,
        variables known: [String: String], captured: Set<String>
    ) throws(WorkbenchError) -> Route {
        var variables = Variables()
        for (position, name) in recorded.referencedVariables.enumerated() {
            if let value = known[name], !captured.contains(name), !Template.hasReferences(value) {
                variables.set(name, to: value)
            } else {
                variables.set(name, to: MockPattern.marker(position))
            }
        }
        var environment: [String: String] = [:]
        for (position, name) in recorded.referencedEnvironment.enumerated() {
            environment[name] = MockPattern.marker(1000 + position)
        }
        let scope = VariableScope(variables: variables, environment: environment)
        var endpoint = recorded
        // The base only places the server; its own path prefix is kept when it can be built.
        if (try? endpoint.resolvedBase(in: scope)) == nil { endpoint.base = "http://mock.invalid" }
        let request: PreparedRequest
        do throws(WorkbenchError) {
            request = try endpoint.prepare(in: scope)
        } catch {
            // A body read from a file, or one a variable makes invalid: matched without it.
            endpoint.body = nil
            request = try endpoint.prepare(in: scope)
        }
        let (path, query) = MockRequest.split(request.target)
        // No body recorded is an empty body: a request without one prefers that recording.
        let body = MockPattern.hasMarker(request.body) ? nil : request.body
        let typed = Set(recorded.headers.map { $0.name.lowercased() })
        return Route(
            number: number, method: request.method,
            path: path.map(MockPattern.init), query: query.map { ($0.name, MockPattern($0.value)) },
            headers: request.headers.filter { typed.contains($0.name.lowercased()) && !MockPattern.hasMarker(Array($0.value.utf8)) },
            body: body, response: response,
            shownPath: "/" + path.map { MockPattern($0).shown }.joined(separator: "/"))
    }

    /// The conversation recording `number` holds, if it is one.
    public func conversation(of number: Int) -> RecordedConversation? {
        routes.first { $0.number == number }?.conversation
    }

    /// The answer to `request`, and the number of the recording it came from
    /// (nil: nothing matched, and the answer is a 404 listing what is known).
    public mutating func answer(_ request: MockRequest) -> (MockResponse, route: Int?) {
        var candidates = routes.indices.filter { routes[$0].method == request.method && matches(routes[$0], request) }
        if candidates.isEmpty && request.method == "HEAD" {
            candidates = routes.indices.filter { routes[$0].method == "GET" && matches(routes[$0], request) }
        }
        guard !candidates.isEmpty else { return (notFound(request), nil) }
        let scores = candidates.map { score(routes[$0], request) }
        let best = scores.max() ?? 0
        let equals = zip(candidates, scores).filter { $0.1 == best }.map(\.0)
        // Each recording answers once, in recorded order, before any answers again: a poll's
        // answers and a 304 between two 200s come back as they were recorded.
        let chosen: Int
        if let first = equals.first(where: { !answered.contains($0) }) {
            chosen = first
        } else {
            answered.subtract(equals)
            chosen = equals[0]
        }
        answered.insert(chosen)
        let route = routes[chosen]
        return (MockResponse(route.response), route.number)
    }

    func matches(_ route: Route, _ request: MockRequest) -> Bool {
        guard route.path.count == request.path.count,
            zip(route.path, request.path).allSatisfy({ $0.matches($1) }),
            route.query.count == request.query.count
        else { return false }
        var unused = request.query
        for item in route.query {
            guard let found = unused.firstIndex(where: { $0.name == item.name && item.value.matches($0.value) }) else { return false }
            unused.remove(at: found)
        }
        return true
    }

    /// `target` as the log shows it: the values of secret query items masked.
    public func shownTarget(_ target: String) -> String {
        guard !secretQueryNames.isEmpty, let question = target.firstIndex(of: "?") else { return target }
        let items = target[target.index(after: question)...].split(separator: "&", omittingEmptySubsequences: false).map { item in
            let name = item.split(separator: "=", maxSplits: 1).first.map { PercentEncoding.decode(String($0), plusIsSpace: true) } ?? ""
            return secretQueryNames.contains(name) && item.contains("=") ? item.prefix { $0 != "=" } + "=" + Variables.mask : String(item)
        }
        return String(target[...question]) + items.joined(separator: "&")
    }

    /// How closely the request repeats what was sent: the body counts twice, each typed header once.
    func score(_ route: Route, _ request: MockRequest) -> Int {
        var score = route.headers.count { field in request.headers.values(of: field.name).contains(field.value) }
        if let body = route.body {
            if body == request.body {
                score += 2
            } else if var recorded = try? JSONParser.parse(body), var sent = try? JSONParser.parse(request.body) {
                if JSONEquality.equal(recorded, sent) { score += 2 }
                recorded.dismantle()
                sent.dismantle()
            }
        }
        return score
    }

    /// 404 with what the session knows, as JSON.
    func notFound(_ request: MockRequest) -> MockResponse {
        var seen = Set<String>()
        var known: [JSONValue] = []
        for route in routes where seen.insert(route.method + " " + route.shownPath).inserted {
            known.append(
                .object([
                    JSONMember(key: "method", value: .string(route.method)),
                    JSONMember(key: "path", value: .string(route.shownPath)),
                ]))
        }
        let message = "no recorded request matches \(request.method) /\(request.path.joined(separator: "/"))"
        let body = JSONValue.object([
            JSONMember(key: "error", value: .string(message)),
            JSONMember(key: "known", value: .array(known)),
        ])
        return MockResponse(
            status: 404, reason: "Not Found",
            headers: [HeaderField(name: "Content-Type", value: "application/json")],
            body: Array(body.jsonText.utf8))
    }
}

/// A request as the mock server read it: method, decoded path segments and
/// query items, headers and body.
public struct MockRequest: Sendable {
    public var method: String
    public var path: [String]
    public var query: [(name: String, value: String)]
    public var headers: [HeaderField]
    public var body: [UInt8]

    public init(method: String, target: String, headers: [HeaderField] = [], body: [UInt8] = []) {
        self.method = method
        (path, query) = Self.split(target)
        self.headers = headers
        self.body = body
    }

    /// `/a/b%20c?x=1&y` as `["a", "b c"]` and `[("x", "1"), ("y", "")]`, percent-decoded.
    static func split(_ target: String) -> (path: [String], query: [(name: String, value: String)]) {
        var rest = Substring(target)
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        let question = rest.firstIndex(of: "?")
        let pathText = question.map { rest[..<$0] } ?? rest
        let path = pathText.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
            .map { PercentEncoding.decode(String($0)) }
        var query: [(name: String, value: String)] = []
        if let question {
            for item in rest[rest.index(after: question)...].split(separator: "&") {
                let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                query.append(
                    (
                        PercentEncoding.decode(String(parts[0]), plusIsSpace: true),
                        parts.count > 1 ? PercentEncoding.decode(String(parts[1]), plusIsSpace: true) : ""
                    ))
            }
        }
        return (path.isEmpty ? [""] : Array(path), query)
    }
}

/// What the mock server sends back: the recorded status, headers and body,
/// without the headers that belonged to the recorded connection or encoding
/// (the server sets its own Content-Length; a recorded body is already decoded).
public struct MockResponse: Equatable, Sendable {
    public var status: Int
    public var reason: String
    public var headers: [HeaderField]
    public var body: [UInt8]
    /// The recorded time, for `--delay`.
    public var delayMilliseconds: Double = 0
    /// The body was not kept in the session (binary, or too large): sent empty.
    public var bodyMissing = false

    /// Marks an answer whose recorded body was not kept (sent without it).
    public static let bodyNotKeptHeader = "X-Workbench-Body-Not-Kept"

    /// Headers never served from a recording.
    static let dropped: Set<String> = [
        "connection", "keep-alive", "proxy-connection", "transfer-encoding", "te", "trailer",
        "upgrade", "content-length", "content-encoding", "http2-settings",
    ]

    public init(status: Int, reason: String, headers: [HeaderField], body: [UInt8]) {
        self.status = status
        self.reason = reason
        self.headers = headers
        self.body = body
    }

    public init(_ recorded: RecordedResponse) {
        let words = recorded.statusLine.split(separator: " ", maxSplits: 2)
        self.init(
            status: recorded.statusCode, reason: words.count > 2 ? String(words[2]) : "",
            headers: recorded.headers.filter { !Self.dropped.contains($0.name.lowercased()) && !$0.name.hasPrefix(":") },
            body: Array((recorded.body ?? "").utf8))
        delayMilliseconds = recorded.elapsedMilliseconds
        if recorded.body == nil, let events = recorded.events {
            // A stream too large to keep whole: its kept events, written as a stream again.
            body = Array(events.text.utf8)
        }
        bodyMissing = recorded.body == nil && recorded.events == nil && recorded.bodySize > 0
        if bodyMissing {
            // No bytes to send: said in a header, so a client (and `replay --diff`) does not take it for an empty body.
            headers.append(HeaderField(name: Self.bodyNotKeptHeader, value: "\(recorded.bodySize) bytes not kept in the recording"))
        }
    }
}

/// A recorded path segment or query value where a variable stood: the text
/// around markers must match exactly, a marker matches any text.
struct MockPattern: Sendable {
    /// The literal pieces; between two of them, anything.
    var pieces: [String]

    static let markerStart = "WBMOCK"
    static let markerEnd = "VALUEX"

    /// Letters and digits only, so no encoding changes it.
    static func marker(_ position: Int) -> String { markerStart + String(position) + markerEnd }

    static func hasMarker(_ bytes: [UInt8]) -> Bool {
        let marker = Array(markerStart.utf8)
        guard bytes.count >= marker.count else { return false }
        return (0...(bytes.count - marker.count)).contains { bytes[$0..<($0 + marker.count)].elementsEqual(marker) }
    }

    init(_ text: String) {
        var pieces: [String] = []
        var rest = Substring(text)
        while let start = rest.firstRange(of: Self.markerStart),
            let end = rest[start.upperBound...].firstRange(of: Self.markerEnd),
            rest[start.upperBound..<end.lowerBound].allSatisfy(\.isNumber)
        {
            pieces.append(String(rest[..<start.lowerBound]))
            rest = rest[end.upperBound...]
        }
        pieces.append(String(rest))
        self.pieces = pieces
    }

    /// `users-*`: a marker shown as `*`.
    var shown: String { pieces.joined(separator: "*") }

    func matches(_ text: String) -> Bool {
        guard pieces.count > 1 else { return pieces[0] == text }
        var rest = Substring(text)
        guard rest.hasPrefix(pieces[0]) else { return false }
        rest = rest.dropFirst(pieces[0].count)
        for piece in pieces.dropFirst().dropLast() {
            guard let found = rest.firstRange(of: piece) else { return false }
            rest = rest[found.upperBound...]
        }
        let last = pieces[pieces.count - 1]
        return rest.count >= last.count && rest.hasSuffix(last)
    }
}
