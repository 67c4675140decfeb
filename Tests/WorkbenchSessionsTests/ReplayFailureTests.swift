import Testing
@testable import WorkbenchBasics
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// `ReplayFailure` and `ReplayVerdict`: what a replayed request came to, by kind, from the
/// transport's typed error up to the counts every report derives.
@Suite struct ReplayFailureTests {
    static func record(_ path: String, captures: [Capture] = [], expectations: [WorkbenchSessions.Expectation] = [.status(.code(200))])
        -> RequestRecord
    {
        RequestRecord(
            endpoint: Endpoint(base: "http://h", path: path), settings: Settings(), captures: captures,
            expectations: expectations)
    }

    /// Answers 200 `{}`, except `/refused` (a transport failure by kind) and `/500`.
    static var transport: ClosureTransport {
        ClosureTransport { request throws(WorkbenchError) in
            switch request.target {
            case "/refused": throw WorkbenchError("connection refused: h:80", kind: .transport(.connectionRefused))
            case "/timeout": throw WorkbenchError("timeout after 1 s", kind: .transport(.timeout))
            case "/500": return scriptedResponse(500, "{}")
            default: return scriptedResponse(200, "{}")
            }
        }
    }

    static func outcome(_ record: RequestRecord) -> Replayer.Outcome {
        var variables = Variables()
        return Replayer(transport: transport, environment: [:]).run(record, number: 1, variables: &variables)
    }

    @Test func libcurlsRefusedConnectionIsTypedNotOnlyWorded() throws {
        let transport = try CurlTransport()
        var settings = Settings()
        settings.timeout = 5
        let request = try Endpoint(base: "http://127.0.0.1:1", path: "/").prepare(in: VariableScope(variables: Variables()))
        let error = #expect(throws: WorkbenchError.self) { try transport.send(request, settings: settings, options: SendOptions()) }
        #expect(error?.transportFailure == .connectionRefused)
        #expect(error?.message == "connection refused: 127.0.0.1:1")
        // Context added on the way up keeps the kind.
        #expect(error?.prefixed("token request: ").transportFailure == .connectionRefused)
    }

    @Test func whatBrokeBeforeTheChecksIsAnErrorAndAFailedCheckAFailure() throws {
        let refused = Self.outcome(Self.record("/refused"))
        #expect(refused.verdict == .error)
        #expect(refused.problems.map(\.kindName) == ["connection refused"])
        #expect(refused.checks.isEmpty)
        #expect(Self.outcome(Self.record("/timeout")).problems.map(\.kindName) == ["timeout"])

        let failedCheck = Self.outcome(Self.record("/500", expectations: [.status(.code(200)), .bodyContains("x")]))
        #expect(failedCheck.verdict == .failed)
        #expect(failedCheck.problems.map(\.kindName) == ["status", "expectation"])

        // A capture that finds nothing is an error when every check passed; beside a failed
        // check, the check explains it and the request is a failure.
        let capture = Capture(name: "id", source: .json(try JSONPath(parsing: "$.id")))
        let missed = Self.outcome(Self.record("/ok", captures: [capture]))
        #expect(missed.verdict == .error)
        #expect(missed.problems.map(\.kindName) == ["capture"])
        #expect(missed.checks == [WorkbenchSessions.Expectation.Result(passed: true, message: "status 200")])
        let explained = Self.outcome(Self.record("/500", captures: [capture]))
        #expect(explained.verdict == .failed)
        #expect(ReplayVerdict.decisive(explained.problems, for: .failed).map(\.kindName) == ["status"])

        // A variable nobody defines: the request is never built, nothing is sent.
        let unbuilt = Self.outcome(Self.record("/{{missing}}"))
        #expect(unbuilt.verdict == .error)
        #expect(unbuilt.problems.map(\.kindName) == ["not sent"])
        #expect(Self.outcome(Self.record("/ok")).verdict == .passed)
    }

    @Test func requestsAfterTheFirstFailureAreSkippedWithTheReason() {
        let records = ["/ok", "/refused", "/ok", "/500"].enumerated().map { ($0.offset + 1, Self.record($0.element)) }
        var variables = Variables()
        var cookies = CookieJar()
        let summary = ReplayRun(replayer: Replayer(transport: Self.transport, environment: [:]), stopAtFirstFailure: true)
            .run(records, variables: &variables, cookies: &cookies) { _, _, _ in }
        #expect(summary.outcomes.map(\.verdict) == [.passed, .error])
        #expect(summary.skipped.map(\.verdict) == [.skipped, .skipped])
        #expect(summary.skipped.map(\.number) == [3, 4])
        #expect(summary.skipped.map(\.url) == ["http://h/ok", "http://h/500"])
        #expect(summary.skipped.allSatisfy { $0.skipped == .stoppedAtFirstFailure })
        #expect(summary.notSent == 2 && summary.closingLine == "1 passed, 1 failed")

        let report = ReplayReport(runs: [
            ReplayReport.Run(
                file: "f.json", round: 1, rounds: 1,
                result: .init(summary: summary, redactor: .none))
        ])
        #expect((report.tests, report.passed, report.failed, report.failures, report.errors, report.notSent) == (4, 1, 1, 0, 1, 2))
    }

    @Test func aRunThatNeverStartedIsReportedAsSkipped() throws {
        let document = SessionDocument(secretNames: [], requests: [Self.record("/a"), Self.record("/b")])
        let run = ReplayFileRun(
            file: "n.json", base: "http://other", assignments: [], keepGoing: false, color: false,
            readDocument: { _, _, _ throws(WorkbenchError) in ReplaySource(document: document) })
        let result = run.notStarted(try run.prepare(environment: [:]))
        let report = ReplayReport(runs: [ReplayReport.Run(file: "n.json", round: 1, rounds: 1, result: result)])
        #expect(report.notStarted == 2 && report.notSent == 2 && report.tests == 2)
        #expect(report.runs[0].requests.map(\.url) == ["http://other/a", "http://other/b"])
        #expect(JUnitReport.xml(report).contains(#"skipped="2""#))
        #expect(TAPReport.text(report).contains("ok 2 - 2 GET http://other/b # SKIP not sent: the run of its file did not start"))
    }

    @Test func maskingKeepsTheKind() {
        let failure = ReplayFailure.transport(WorkbenchError("timeout: s3cr3t", kind: .transport(.timeout)))
        let masked = failure.redacted(by: SecretRedactor(secrets: ["s3cr3t"]))
        #expect(masked.message == "timeout: ******" && masked.kindName == "timeout" && masked.isError)
    }
}
