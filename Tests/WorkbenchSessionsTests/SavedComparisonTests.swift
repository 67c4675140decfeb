import Testing
@testable import WorkbenchBasics
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// `compare ENV1 ENV2 --save`: the check kept in a session file and run by a replay, against
/// a transport that answers as two environments would.
@Suite struct SavedComparisonTests {
    static let environments: [String: (plain: [String: String], secret: [String: String])] = [
        "local": (["host": "http://local"], ["token": "loc-secret"]),
        "staging": (["host": "http://staging"], ["token": "stg-secret"]),
    ]

    /// Each host answers its name, the token it was sent (an echo) and a field of its own.
    static func transport() -> ClosureTransport {
        ClosureTransport { request throws(WorkbenchError) in
            let name = request.base.host
            let token = request.headers.first { $0.name == "X-Token" }?.value ?? ""
            let body = #"{"env": "\#(name)", "token": "\#(token)", "id": "\#(name)-1", "same": 1}"#
            return HTTPResponse(
                statusLine: "HTTP/1.1 200 OK", statusCode: 200,
                headers: [HeaderField(name: "Content-Type", value: "application/json")], body: Array(body.utf8))
        }
    }

    static func record(_ comparison: SavedComparison) -> RequestRecord {
        var endpoint = Endpoint(base: "{{host}}", path: "/item")
        endpoint.headers = [HeaderField(name: "X-Token", value: "{{token}}")]
        var record = RequestRecord(endpoint: endpoint, settings: Settings())
        record.comparison = comparison
        return record
    }

    static func replayer() -> Replayer {
        var replayer = Replayer(transport: transport(), environment: [:])
        replayer.environmentVariables = { name, variables throws(WorkbenchError) in
            guard let values = environments[name] else { throw WorkbenchError("no environment '\(name)'") }
            var switched = variables
            for (key, value) in values.plain { switched.set(key, to: value) }
            for (key, value) in values.secret { switched.set(key, to: value, secret: true) }
            return (switched, Array(values.secret.values))
        }
        return replayer
    }

    @Test func passesWhenOnlyTheIgnoredDiffers() {
        var variables = Variables()
        let comparison = SavedComparison(first: "local", second: "staging", ignored: ["$.env"], learned: ["$.id"])
        let outcome = Self.replayer().run(Self.record(comparison), number: 1, variables: &variables)
        #expect(outcome.verdict == .passed, "\(outcome.failures)")
        #expect(outcome.diff?.isEmpty == true, "the tokens are masked alike: no difference")
        #expect(outcome.url == "{{host}}/item in local → staging" && outcome.response == nil)
    }

    @Test func itIsSentWhereItsEnvironmentsSayWhateverTheBase() {
        var variables = Variables()
        var replayer = Self.replayer()
        replayer.baseOverride = "http://elsewhere"
        let outcome = replayer.run(
            Self.record(SavedComparison(first: "local", second: "staging", ignored: ["$.env"], learned: ["$.id"])), number: 1,
            variables: &variables)
        #expect(outcome.verdict == .passed, "\(outcome.failures)")
        #expect(outcome.request?.base.host == "local")
    }

    @Test func failsWithTheDifferencesAsATypedOutcome() {
        var variables = Variables()
        let outcome = Self.replayer().run(
            Self.record(SavedComparison(first: "local", second: "staging")), number: 1, variables: &variables)
        #expect(outcome.verdict == .failed)
        #expect(outcome.problems == [.environmentsDiffer(first: "local", second: "staging", count: "2 differences")])
        #expect(outcome.problems.first?.kindName == "environments differ" && outcome.problems.first?.isCheck == true)
        let lines = outcome.diff?.lines(color: false) ?? []
        #expect(lines.contains(#"  $.env: [-"local"-]{+"staging"+}"#) && lines.contains(#"  $.id: [-"local-1"-]{+"staging-1"+}"#))
        #expect(!lines.joined().contains("secret"), "private values never in the differences")
    }

    @Test func aMissingEnvironmentIsThatChecksErrorAndNothingIsSent() {
        var variables = Variables()
        var replayer = Self.replayer()
        let transport = ScriptedTransport()
        replayer.transport = transport
        let outcome = replayer.run(Self.record(SavedComparison(first: "local", second: "prod")), number: 1, variables: &variables)
        #expect(outcome.verdict == .error && transport.sent.isEmpty)
        #expect(outcome.failures == ["compare local prod: no environment 'prod'"])
        replayer.environmentVariables = nil
        let nowhere = replayer.run(Self.record(SavedComparison(first: "local", second: "staging")), number: 1, variables: &variables)
        #expect(nowhere.verdict == .error && nowhere.failures == ["compare local staging: environments cannot be read here"])
    }

    @Test func aSessionFileKeepsItAndRefusesOneItCannotRead() throws {
        let comparison = SavedComparison(
            first: "local", second: "staging", headers: ["etag"], ignored: ["$.version", "header Date"],
            learned: ["header X-Request-Id", "$.items[*].id"], ignoresStatus: true)
        let document = SessionDocument(requests: [Self.record(comparison)])
        let bytes = SessionEncoding.encode(document)
        let read = try SessionDecoding.decode(bytes, file: "s.json")
        #expect(read.requests[0].comparison == comparison)
        #expect(read.requests[0].response == nil)
        let text = String(decoding: bytes, as: UTF8.self)
        for (from, to) in [(#""first": "local""#, #""first": """#), (#""$.version""#, #""$..[""#), (#""etag""#, #""a b""#)] {
            let broken = Array(text.replacing(from, with: to).utf8)
            #expect(throws: WorkbenchError.self) { try SessionDecoding.decode(broken, file: "s.json") }
        }
    }

    @Test func itsTextAndWhatItIgnores() throws {
        let comparison = SavedComparison(first: "a", second: "b", headers: ["*"], ignored: ["$.x"], learned: ["$.id"])
        #expect(comparison.text == "compare a b --header * --ignore $.x")
        #expect(comparison.ignoredSummary == "2 ignored")
        #expect(try comparison.options().allHeaders)
        #expect(try SavedComparison(first: "a", second: "b").options().headers == EnvironmentComparison.headersThatMatter)
    }
}
