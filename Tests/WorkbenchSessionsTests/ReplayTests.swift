import Synchronization
import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// `Replay/`: several files replayed as jobs (in parallel, repeated, stopped by
/// Ctrl-C) and the four report formats, against a transport made per job.
@Suite struct ReplayTests {
    /// A session of `count` GETs to `/FILE/N`, each expecting 200.
    static func document(_ name: String, count: Int, secretHeader: Bool = false) -> SessionDocument {
        var requests: [RequestRecord] = []
        for number in 1...count {
            var endpoint = Endpoint(base: "http://h", path: "/\(name)/\(number)")
            if secretHeader { endpoint.headers = [HeaderField(name: "X-Token", value: "{{token}}")] }
            requests.append(RequestRecord(endpoint: endpoint, settings: Settings(), expectations: [.status(.code(200))]))
        }
        return SessionDocument(secretNames: secretHeader ? ["token"] : [], requests: requests)
    }

    static func batch(
        _ documents: [String: SessionDocument], order: [String], jobs: Int = 1, repeats: Int = 1,
        reports: [ReportTarget] = [], keepGoing: Bool = false, assignments: [String] = []
    ) -> ReplayBatch {
        let files = order.map { name in
            ReplayFileRun(
                file: name, base: nil, assignments: assignments, keepGoing: keepGoing, color: false,
                readDocument: { file, _, _ throws(WorkbenchError) in
                    guard let document = documents[file] else { throw WorkbenchError("cannot read '\(file)'") }
                    return ReplaySource(document: document)
                })
        }
        return ReplayBatch(files: files, jobs: jobs, repeats: repeats, reports: reports)
    }

    /// Answers 200 with the request's target and headers as JSON, except `/bad/...`: 500.
    @Sendable static func echo() throws(WorkbenchError) -> HTTPTransport {
        ClosureTransport { request throws(WorkbenchError) in
            let headers = request.headers.map { "\"\($0.name): \($0.value)\"" }.joined(separator: ", ")
            var response = scriptedResponse(
                request.target.hasPrefix("/bad/") ? 500 : 200,
                "{\"target\": \"\(request.target)\", \"headers\": [\(headers)]}")
            response.timings.nameLookup = 0.001
            response.timings.connect = 0.002
            response.timings.preTransfer = 0.003
            response.timings.firstByte = 0.010
            return response
        }
    }

    static func text(_ output: OutputBuffer) -> [String] {
        String(decoding: output.bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test func severalFilesInParallelPrintEachFileAsOneBlockAndOneClosingLine() {
        let names = ["a.json", "b.json", "c.json", "d.json"]
        let documents = Dictionary(uniqueKeysWithValues: names.map { ($0, Self.document(String($0.prefix(1)), count: 25)) })
        for jobs in [1, 4] {
            let output = OutputBuffer()
            let status = Self.batch(documents, order: names, jobs: jobs)
                .run(environment: [:], output: output, makeTransport: Self.echo, shouldAbort: { false })
            #expect(status == 0)
            let lines = Self.text(output)
            #expect(lines.last == "100 passed, 0 failed")
            #expect(lines.count == 4 * 26 + 1)
            // Each header is followed by its own file's 25 lines, in order.
            for name in names {
                let start = lines.firstIndex(of: "== \(name)")
                #expect(start != nil)
                guard let start else { continue }
                let block = lines[(start + 1)...(start + 25)]
                let expected = (1...25).map { "PASS \($0) GET http://h/\(name.prefix(1))/\($0)" }
                #expect(zip(block, expected).allSatisfy { $0.hasPrefix($1 + "  200") })
            }
            if jobs == 1 { #expect(lines.filter { $0.hasPrefix("== ") } == names.map { "== \($0)" }) }
        }
    }

    @Test func repeatRunsEachFileAgainWithFreshVariables() {
        let documents = ["a.json": Self.document("a", count: 2)]
        let output = OutputBuffer()
        let status = Self.batch(documents, order: ["a.json"], jobs: 2, repeats: 3)
            .run(environment: [:], output: output, makeTransport: Self.echo, shouldAbort: { false })
        #expect(status == 0)
        let lines = Self.text(output)
        #expect(Set(lines.filter { $0.hasPrefix("== ") }) == Set((1...3).map { "== a.json (round \($0) of 3)" }))
        #expect(lines.last == "6 passed, 0 failed")
    }

    @Test func aFailureGivesStatusOneAndAnUnreadableFileStatusTwoBeforeAnythingIsSent() {
        let documents = ["a.json": Self.document("a", count: 2), "bad.json": Self.document("bad", count: 3)]
        let output = OutputBuffer()
        #expect(
            Self.batch(documents, order: ["a.json", "bad.json"], jobs: 2)
                .run(environment: [:], output: output, makeTransport: Self.echo, shouldAbort: { false }) == 1)
        let lines = Self.text(output)
        #expect(lines.contains("stopped at the first failure: 2 requests not sent (--keep-going sends them)"))
        #expect(lines.last == "2 passed, 1 failed")

        let sent = Mutex(0)
        let counting: @Sendable () throws(WorkbenchError) -> HTTPTransport = {
            ClosureTransport { _ throws(WorkbenchError) in
                sent.withLock { $0 += 1 }
                return scriptedResponse(200, "{}")
            }
        }
        let refused = OutputBuffer()
        #expect(
            Self.batch(documents, order: ["a.json", "missing.json"], jobs: 2)
                .run(environment: [:], output: refused, makeTransport: counting, shouldAbort: { false }) == 2)
        #expect(refused.errors == ["error: cannot read 'missing.json'"])
        #expect(sent.withLock { $0 } == 0)
    }

    @Test func ctrlCStopsEveryJobAndStillSummarises() {
        let names = ["a.json", "b.json", "c.json", "d.json"]
        let documents = Dictionary(uniqueKeysWithValues: names.map { ($0, Self.document(String($0.prefix(1)), count: 10)) })
        let interrupted = Mutex(false)
        let sent = Mutex(0)
        // The fifth request sent anywhere is "Ctrl-C": it and every later poll see the flag.
        let transport: @Sendable () throws(WorkbenchError) -> HTTPTransport = {
            ClosureTransport { _ throws(WorkbenchError) in
                let count = sent.withLock {
                    $0 += 1; return $0
                }
                if count >= 5 {
                    interrupted.withLock { $0 = true }
                    throw WorkbenchError("request aborted (Ctrl-C)")
                }
                return scriptedResponse(200, "{}")
            }
        }
        let output = OutputBuffer()
        let status = Self.batch(documents, order: names, jobs: 4, keepGoing: true)
            .run(environment: [:], output: output, makeTransport: transport, shouldAbort: { interrupted.withLock { $0 } })
        #expect(status == 130)
        let lines = Self.text(output)
        let total = sent.withLock { $0 }
        // Each job stops after the request that saw Ctrl-C: at most one more per job.
        #expect(total <= 8)
        let passed = lines.filter { $0.hasPrefix("PASS") }.count
        let failed = lines.filter { $0.hasPrefix("FAIL") }.count
        #expect(passed + failed == total)
        #expect(lines.suffix(2) == ["interrupted (Ctrl-C): \(40 - total) requests not sent", "\(passed) passed, \(failed) failed"])
    }

    @Test func reportsHoldEveryRequestAndNoSecret() throws {
        let documents = [
            "a.json": Self.document("a", count: 2, secretHeader: true),
            "bad.json": Self.document("bad", count: 1, secretHeader: true),
        ]
        let secret = "s3cr3t-t0ken-<&>"
        let report = ReplayReport(runs: try Self.results(documents, secret: secret))
        #expect(report.passed == 2 && report.failed == 1)
        for format in ReportFormat.allCases {
            let text = format.render(report)
            #expect(!text.contains("s3cr3t"), "\(format) shows the secret")
            #expect(text.contains("bad"), "\(format) misses the failed request")
        }
        let junit = JUnitReport.xml(report)
        #expect(junit.contains(#"<testsuites name="workbench replay" tests="3" failures="1""#))
        #expect(junit.contains(#"<testsuite name="bad.json" tests="1" failures="1""#))
        #expect(junit.contains(#"<failure message="status 200: got 500">"#))

        let tap = TAPReport.text(report).split(separator: "\n").map(String.init)
        #expect(tap.prefix(3) == ["TAP version 13", "1..3", "# a.json"])
        #expect(tap.contains("not ok 3 - 1 GET http://h/bad/1"))
        #expect(tap.contains(#"  message: "status 200: got 500""#))

        let json = try JSONParser.parse(JSONReport.text(report))
        let runs = json["runs"]
        guard case .array(let list)? = runs, case .array(let requests)? = list.last?["requests"] else {
            Issue.record("no runs in \(json)")
            return
        }
        #expect(json["failed"] == .number("1") && json["interrupted"] == .bool(false))
        #expect(requests.first?["status"] == .number("500") && requests.first?["passed"] == .bool(false))
        #expect(requests.first?["timings"]?["firstByte"] == .number("7.000"))
        #expect(requests.first?["timings"]?["tlsHandshake"] == .null)
        #expect(
            requests.first?["checks"]
                == .array([
                    .object([
                        JSONMember(key: "passed", value: .bool(false)),
                        JSONMember(key: "message", value: .string("status 200: got 500")),
                    ])
                ]))

        let html = HTMLReport.page(report)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(!html.contains("<script") && !html.contains("http-equiv") && !html.contains(" src="))
        #expect(html.contains(#"<li class="fail">FAIL status 200: got 500</li>"#))
        #expect(html.contains(#"<details id="run2-request1" class="request fail" open>"#))
        #expect(html.contains("X-Token: ******"))
        #expect(html.contains("&quot;target&quot;: &quot;/bad/1&quot;"))
    }

    /// Runs each file once with `secret` as `token` (sent in a header and echoed back).
    static func results(_ documents: [String: SessionDocument], secret: String) throws -> [ReplayReport.Run] {
        try documents.keys.sorted().map { name in
            let run = batch(documents, order: [name], assignments: ["token=\(secret)"]).files[0]
            let prepared = try run.prepare(environment: [:])
            let result = run.run(
                prepared, environment: [:], output: OutputBuffer(), transport: try echo(),
                options: SendOptions())
            return ReplayReport.Run(file: name, round: 1, rounds: 1, result: result)
        }
    }

    @Test func differencesFromTheRecordingAreInTheReports() {
        let now = scriptedResponse(200, #"{"name": "bob", "token": "s3cr3t-t0ken"}"#)
        var outcome = Replayer.Outcome(
            number: 1, method: "GET", url: "http://h/u", response: now,
            problems: [.differs("2 differences")], checks: [])
        outcome.diff = ResponseDiff.compare(
            RecordedResponse(scriptedResponse(200, #"{"name": "ana", "token": "old-t0ken"}"#)),
            RecordedResponse(now))
        let report = ReplayReport(runs: [
            .init(file: "u.json", requests: [.init(outcome, redactor: SecretRedactor(secrets: ["s3cr3t-t0ken"]))])
        ])
        #expect(report.runs[0].requests[0].differences == [#"$.name: [-"ana"-]{+"bob"+}"#, #"$.token: [-"old-t0ken"-]{+"******"+}"#])
        #expect(HTMLReport.page(report).contains("$.name: [-&quot;ana&quot;-]{+&quot;bob&quot;+}"))
        #expect(JSONReport.text(report).contains(#""$.name: [-\"ana\"-]{+\"bob\"+}""#))
        #expect(TAPReport.text(report).contains(#"    - "$.name: [-\"ana\"-]{+\"bob\"+}""#))
        for format in ReportFormat.allCases { #expect(!format.render(report).contains("s3cr3t")) }
    }

    @Test func aLongBodyIsCutInTheHTMLReport() {
        let body = String(repeating: "é", count: HTMLReport.bodyLimit)
        let cut = HTMLReport.cut(body)
        #expect(cut.utf8.count < body.utf8.count)
        #expect(cut.hasSuffix("[... \(body.utf8.count - HTMLReport.bodyLimit) more bytes not shown]"))
    }

    @Test func reportArgumentsComeInPairsOfAKnownFormat() throws {
        let noFiles: (String) -> Bool = { _ in false }
        let parsed = try ReportTarget.parse(["junit", "a.xml", "HTML", "r.html"], isFile: noFiles)
        #expect(parsed.targets == [ReportTarget(format: .junit, path: "a.xml"), ReportTarget(format: .html, path: "r.html")])
        #expect(parsed.files.isEmpty)
        #expect(
            thrownError { () throws(WorkbenchError) in try ReportTarget.parse(["junit"], isFile: noFiles) }?.message
                .contains("--report takes FORMAT FILE") == true)
        #expect(
            thrownError { () throws(WorkbenchError) in try ReportTarget.parse(["xml", "a"], isFile: noFiles) }?.message
                .contains("unknown format 'xml'") == true)
        #expect(
            thrownError { () throws(WorkbenchError) in
                try ReportTarget.checkAll([ReportTarget(format: .tap, path: "r"), ReportTarget(format: .json, path: "r")], inputs: [])
            }?.message == "two reports would be written to 'r'")
    }

    /// `replay --report junit r.xml a.json b.json`: ArgumentParser gives `--report` every word up
    /// to the next option; the session files among them are told apart from the pairs.
    @Test func sessionFilesMayFollowAReportPair() throws {
        let sessions: Set<String> = ["a.json", "b.json", "json"]
        let parsed = try ReportTarget.parse(["junit", "r.xml", "a.json", "tap", "r.tap", "b.json"], isFile: sessions.contains)
        #expect(parsed.targets == [ReportTarget(format: .junit, path: "r.xml"), ReportTarget(format: .tap, path: "r.tap")])
        #expect(parsed.files == ["a.json", "b.json"])
        // A format word is a format even when a file has that name: `--report json json` writes ./json.
        let named = try ReportTarget.parse(["json", "json"], isFile: sessions.contains)
        #expect(named.targets == [ReportTarget(format: .json, path: "json")] && named.files.isEmpty)
        // A word that is neither a format nor a file is still the unknown format it looks like.
        #expect(
            thrownError { () throws(WorkbenchError) in
                try ReportTarget.parse(["junit", "r.xml", "c.json"], isFile: sessions.contains)
            }?.message.contains("unknown format 'c.json'") == true)
    }

    @Test func workerThreadsRunEveryPartAndTheCallerMeanwhile() {
        let seen = Mutex<[Int]>([])
        var meanwhile = false
        WorkerThreads.run(5, { index in seen.withLock { $0.append(index) } }, meanwhile: { meanwhile = true })
        #expect(seen.withLock { $0.sorted() } == [0, 1, 2, 3, 4])
        #expect(meanwhile)
    }

    @Test func aHugeURLIsCutInEveryLine() {
        let url = "http://127.0.0.1:9/" + String(repeating: "a", count: 20_000_000)
        let outcome = Replayer.Outcome(
            number: 1, method: "GET", url: url, response: nil,
            problems: [.transport(WorkbenchError("transfer failed"))], checks: [])
        let line = Replayer.line(for: outcome, color: false)
        #expect(line.utf8.count < 3_000)
        #expect(line.contains("… (19.1 MB in all)"))
    }
}
