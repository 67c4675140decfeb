import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// The history keeps what the redactor needs of its records as they change
/// (`History`), so the redactor is not rebuilt from every record after each
/// request. These tests hold the kept counts, and the redactor made from them,
/// to a walk over every record (the way the redactor was made before), over
/// random histories and random changes.
@Suite struct HistoryTests {
    /// A small seeded generator (SplitMix64): a failing case is the same on every run.
    static let environment = [
        "TOKEN_A": "env-secret-aaaa", "TOKEN_B": "env-secret-bbbb", "TOKEN_C": "env-secret-cccc",
        "HOST": "env-host-value", "UNUSED": "env-never-referred-to",
    ]

    /// Endpoints that refer to the environment, have auth (from a variable, a literal, the
    /// environment), both, or neither: most refer to nothing, as in a real session.
    static func randomEndpoint(_ generator: inout FuzzGenerator) -> Endpoint {
        var endpoint = Endpoint(base: "http://api.test", path: "/items/\(Int.random(in: 0..<1000, using: &generator))")
        switch Int.random(in: 0..<12, using: &generator) {
        case 0: endpoint.headers = [HeaderField(name: "Authorization", value: "Bearer {{env.TOKEN_A}}")]
        case 1: endpoint.query = [QueryItem(name: "key", value: "{{env.TOKEN_B}}")]
        case 2: endpoint.base = "http://{{env.HOST}}"
        case 3: endpoint.auth = Auth(scheme: .bearer, user: "", secret: "{{auth_token}}")
        case 4: endpoint.auth = Auth(scheme: .basic, user: "ana", secret: "literal-password-\(Int.random(in: 0..<3, using: &generator))")
        case 5: endpoint.auth = Auth(scheme: .basic, user: "ana", secret: "{{env.TOKEN_C}}")
        case 6: endpoint.auth = Auth(scheme: .bearer, user: "", secret: "{{plain_token}}")
        case 7: endpoint.body = .json(#"{"a": "{{env.TOKEN_A}}", "b": "{{env.TOKEN_C}}"}"#)
        default: break
        }
        return endpoint
    }

    static func record(_ endpoint: Endpoint) -> RequestRecord {
        RequestRecord(endpoint: endpoint, settings: Settings())
    }

    /// The redactor as it was made before the history kept counts: from every endpoint.
    static func rebuiltRedactor(_ workspace: Workspace, environment: [String: String]) -> SecretRedactor {
        let endpoints = [workspace.endpoint] + workspace.history.records.map(\.endpoint)
        let scope = workspace.scope(environment: environment)
        let authSecrets = endpoints.compactMap { endpoint in
            endpoint.auth.flatMap { try? Template.expand($0.secret, in: scope) }
        }
        return SecretRedactor(
            variables: workspace.variables, endpoints: endpoints, environment: environment,
            also: workspace.cookies.values + workspace.initialCookies.values
                + workspace.removedCookieValues + authSecrets)
    }

    /// What a walk over the records finds: the names and auth secrets the history must report.
    static func walked(_ history: History) -> (environment: Set<String>, auth: Set<String>, captures: Set<String>) {
        var names = Set<String>()
        var auth = Set<String>()
        var captures = Set<String>()
        for record in history.records {
            names.formUnion(record.endpoint.referencedEnvironment)
            if let secret = record.endpoint.auth?.secret { auth.insert(secret) }
            captures.formUnion(record.captures.map(\.name))
        }
        return (names, auth, captures)
    }

    /// One random change, through each way the workspace changes its history.
    static func change(_ history: inout History, _ generator: inout FuzzGenerator) {
        let count = history.count
        switch Int.random(in: 0..<10, using: &generator) {
        case 0, 1, 2:
            history.append(record(randomEndpoint(&generator)))
        case 3:
            history += (0..<Int.random(in: 1...4, using: &generator)).map { _ in record(randomEndpoint(&generator)) }
        case 4 where count > 0:
            let start = Int.random(in: 0..<count, using: &generator)
            let end = Int.random(in: start...min(count - 1, start + 3), using: &generator)
            history.removeSubrange(start...end)
        case 5 where count > 0:
            // A record's endpoint replaced (what no command does today, but the collection allows).
            history[Int.random(in: 0..<count, using: &generator)].endpoint = randomEndpoint(&generator)
        case 6 where count > 0:
            // A capture attached or removed (`capture rm`): the endpoint stays.
            let name = ["id", "token", "etag"][Int.random(in: 0..<3, using: &generator)]
            let index = Int.random(in: 0..<count, using: &generator)
            if Bool.random(using: &generator) {
                history[index].captures.append(Capture(name: name, source: .status, isSecret: false))
            } else {
                history[index].captures.removeAll { $0.name == name }
            }
        case 7 where count > 0:
            history.insert(record(randomEndpoint(&generator)), at: Int.random(in: 0...count, using: &generator))
        case 8 where Int.random(in: 0..<20, using: &generator) == 0:
            history = []
        case 9 where Int.random(in: 0..<10, using: &generator) == 0:
            // Replaced wholesale, as `load` does.
            history = History((0..<Int.random(in: 0...30, using: &generator)).map { _ in record(randomEndpoint(&generator)) })
        default:
            history.append(record(randomEndpoint(&generator)))
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func theKeptNamesAreWhatAWalkFinds(seed: UInt64) {
        var generator = FuzzGenerator(seed: seed)
        var history = History()
        for _ in 0..<400 {
            Self.change(&history, &generator)
            let expected = Self.walked(history)
            #expect(Set(history.referencedEnvironment) == expected.environment)
            #expect(Set(history.authSecrets) == expected.auth)
            #expect(Set(history.captureNames) == expected.captures)
        }
    }

    @Test(arguments: [11, 12, 13, 14, 15, 16] as [UInt64])
    func theRedactorMasksExactlyWhatARebuildMasks(seed: UInt64) {
        var generator = FuzzGenerator(seed: seed)
        var workspace = Workspace()
        let cache = SecretRedactorCache()
        for step in 0..<300 {
            Self.change(&workspace.history, &generator)
            switch Int.random(in: 0..<8, using: &generator) {
            case 0: workspace.variables.set("auth_token", to: "token-\(step)-value", secret: true)
            case 1: workspace.variables.set("plain_token", to: "plain-\(step % 5)-value")
            case 2: workspace.endpoint = Self.randomEndpoint(&generator)
            case 3: workspace.cookies = CookieJar([Cookie(domain: "api.test", name: "sid", value: "cookie-\(step)")])
            default: break
            }
            let rebuilt = Self.rebuiltRedactor(workspace, environment: Self.environment)
            #expect(workspace.redactor(environment: Self.environment) == rebuilt)
            #expect(cache.redactor(for: workspace.secretValues(environment: Self.environment)) == rebuilt)
        }
    }

    /// One record among many refers to the token: wherever it stands, the redactor masks the
    /// token; once that record is gone, it no longer does (as a rebuild would not).
    @Test(arguments: [0, 1, 499, 998, 999])
    func aSingleRecordAnywhereIsCounted(position: Int) {
        var workspace = Workspace()
        workspace.history = History(
            (0..<1000).map { index in
                Self.record(Endpoint(base: "http://api.test", path: "/items/\(index)"))
            })
        var marked = Self.record(
            Endpoint(
                base: "http://api.test", path: "/private",
                headers: [HeaderField(name: "X-Key", value: "{{env.TOKEN_B}}")]))
        marked.captures = [Capture(name: "id", source: .status, isSecret: false)]
        workspace.history[position] = marked
        let text = "the reply echoed env-secret-bbbb"
        #expect(workspace.redactor(environment: Self.environment).redact(text) == "the reply echoed ******")
        #expect(workspace.redactor(environment: Self.environment) == Self.rebuiltRedactor(workspace, environment: Self.environment))
        workspace.history.remove(at: position)
        #expect(workspace.redactor(environment: Self.environment).redact(text) == text)
        #expect(workspace.redactor(environment: Self.environment) == Self.rebuiltRedactor(workspace, environment: Self.environment))
    }

    /// Through the interpreter: a token one early request referred to is masked in a reply
    /// that comes hundreds of requests later, and in errors.
    @Test func anEarlyRequestsTokenIsMaskedManyRequestsLater() throws {
        let harness = InterpreterHarness(environment: ["API_KEY": "key-from-the-environment"])
        try harness.run("base http://api.test\nheader X-Key: {{env.API_KEY}}\nget /login\nheader rm X-Key")
        for index in 0..<300 { try harness.run("get /items/\(index)") }
        harness.transport.fallback = HTTPResponse(
            statusLine: "HTTP/1.1 200 OK", statusCode: 200, headers: [HeaderField(name: "Content-Type", value: "text/plain")],
            body: Array("your key is key-from-the-environment".utf8))
        try harness.run("get /echo")
        let printed = harness.output.lines.joined(separator: "\n") + String(decoding: harness.output.bytes, as: UTF8.self)
        #expect(printed.contains("your key is ******"))
        #expect(!printed.contains("key-from-the-environment"))
        #expect(harness.workspace.history.last?.response?.body == "your key is ******")
    }

    @Test func equalHistoriesAreEqualWhateverTheirPast() {
        let first = Self.record(Endpoint(base: "http://a.test", headers: [HeaderField(name: "K", value: "{{env.TOKEN_A}}")]))
        let second = Self.record(Endpoint(base: "http://b.test"))
        var grown: History = [first]
        grown.append(second)
        grown.append(first)
        grown.removeLast()
        #expect(grown == History([first, second]))
        #expect(Set(grown.referencedEnvironment) == ["TOKEN_A"])
    }

    @Test func stampsChangeWithTheirRecordAndTheRevisionWithAnyChange() throws {
        let harness = InterpreterHarness()
        try harness.run("base http://127.0.0.1:9\nget /a\nget /b\nget /c")
        var history = harness.workspace.history
        let stamps = history.stamps
        let revision = history.revision
        #expect(Set(stamps).count == 3)
        let copy = history
        history[1].expectations = [.status(.code(200))]
        #expect(history.stamps[0] == stamps[0] && history.stamps[2] == stamps[2] && history.stamps[1] != stamps[1])
        #expect(history.revision != revision && copy.revision == revision && copy.stamps == stamps)
        let afterEdit = history.revision
        history.removeSubrange(0..<1)
        #expect(history.stamps == Array(history.stamps.suffix(2)) && history.stamps.last == stamps[2])
        #expect(history.revision != afterEdit)
        // Equal revisions: equal records, without comparing them; else the records decide.
        #expect(copy == harness.workspace.history)
        #expect(History(copy.records) == copy)
        // The encoder, given the stamps, encodes only the record that changed.
        let encoder = SessionEncoder()
        var workspace = harness.workspace
        _ = workspace.sessionFileChunks(encoder: encoder)
        workspace.history[2].expectations = [.status(.code(201))]
        let changes = workspace.updateSessionFile(in: encoder)
        #expect(changes.records.map(\.index) == [2] && encoder.reusedCount == 2)
    }
}
