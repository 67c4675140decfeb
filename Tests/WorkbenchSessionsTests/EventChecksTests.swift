import Testing
@testable import WorkbenchBasics
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// `expect event`, `capture NAME event` and a record's events: as typed, as written back, as a
/// session file keeps them.
@Suite struct EventChecksTests {
    static let stream = Array(
        "retry: 900\nevent: tick\nid: 7\ndata: {\"n\": 1}\n\ndata: two\n\nevent: done\nid: 9\ndata: {\"n\": 3}\n\n".utf8)

    static func response(_ body: [UInt8] = stream) -> HTTPResponse {
        HTTPResponse(
            statusLine: "HTTP/1.1 200 OK", statusCode: 200, headers: [HeaderField(name: "Content-Type", value: "text/event-stream")],
            body: body)
    }

    @Test func checksReadBackAsTyped() throws {
        for typed in [
            "event last type == tick", "event 2 id == 7", "event 1 json $.n == 1", "event 3 json $.n > 2", "event last json $.n exists",
            "event 2 data contains two", #"event 2 data contains "a  b""#, #"event 1 type == "a b""#, #"event 1 id == "it's""#,
        ] {
            let check = try Expectation.parse(typed)
            // Written back as typed, but for quotes the words do not need.
            if !typed.contains("\"") { #expect(check.text == typed) }
            #expect(try Expectation.parse(check.text) == check)
        }
        for (typed, problem) in [
            ("event", "expected `event N|last CHECK`"), ("event 0 type == a", "expected `event N|last CHECK`"),
            ("event last", "expected a check after `event last`"), ("event last status 200", "unknown check on an event 'status'"),
            ("event last type = a", "expected `type == VALUE`"),
        ] {
            let error = thrownError { () throws(WorkbenchError) in _ = try Expectation.parse(typed) }
            #expect(error?.message.contains(problem) == true, "\(typed): \(error?.message ?? "no error")")
        }
    }

    @Test func checksPassAndFailOnTheEvents() {
        let scope = VariableScope(variables: Variables())
        func message(_ typed: String) -> String {
            let result = (try? Expectation.parse(typed))?.check(Self.response(), in: scope)
            return (result?.passed == true ? "PASS " : "FAIL ") + (result?.message ?? "")
        }
        #expect(message("event 1 type == tick") == "PASS event 1 type == tick")
        #expect(message("event 2 id == 7") == "PASS event 2 id == 7")
        #expect(message("event last json $.n == 2") == "FAIL event last json $.n == 2: got 3 (event 3)")
        #expect(message("event 4 type == tick") == "FAIL event 4 type == tick: no event 4: the stream sent 3")
        #expect(message("event 2 json $.n == 1").hasPrefix("FAIL event 2 json $.n == 1: the response body is not JSON"))
        let plain = HTTPResponse(statusLine: "HTTP/1.1 200 OK", statusCode: 200, headers: [], body: Array("x".utf8))
        #expect(
            (try? Expectation.parse("event 1 type == tick"))?.check(plain, in: scope).message
                == "event 1 type == tick: the response is not an event stream (Content-Type: none), so it has no events")
    }

    @Test func capturesTakeDataIdAndType() throws {
        func value(_ words: [String]) throws -> String {
            try Capture(name: "v", source: try Capture.parseSource(words)).value(from: Self.response())
        }
        #expect(try value(["event", "1", "$.n"]) == "1")
        #expect(try value(["event", "last", "id"]) == "9")
        #expect(try value(["event", "last", "type"]) == "done")
        #expect(try value(["event", "2", "data"]) == "two")
        #expect(Capture(name: "v", source: try Capture.parseSource(["event", "last", "$.n"])).sourceText == "event last $.n")
        let missing = thrownError { () throws(WorkbenchError) in
            _ = try Capture(name: "v", source: .event(.number(5), .id)).value(from: Self.response())
        }
        #expect(missing?.message == "capture v: no event 5: the stream sent 3")
    }

    /// A record keeps the events (secrets masked), and a session file keeps them as they were.
    @Test func aRecordKeepsTheEventsThroughASessionFile() throws {
        var response = Self.response(Array("id: s3cret\ndata: token s3cret here\n\n".utf8) + Self.stream)
        var parser = EventStreamParser()
        response.body.withUnsafeBufferPointer { parser.feed($0, at: 0.0123456789) }
        response.events = parser.stream
        let recorded = RecordedResponse(response, redactor: SecretRedactor(secrets: ["s3cret"]))
        let events = try #require(recorded.events)
        #expect(events.events.count == 4)
        #expect(events.events[0].data == "token \(Variables.mask) here")
        #expect(events.events[0].id == Variables.mask)
        #expect(events.events[0].time == 0.012346)
        #expect(events.reconnectionTime == 900)
        let record = RequestRecord(
            endpoint: Endpoint(), settings: Settings(), expectations: [try Expectation.parse("event last id == 9")], response: recorded)
        let document = SessionDocument(requests: [record])
        let saved = SessionEncoding.encode(document)
        let reloaded = try SessionDecoding.decode(saved, file: "s.json")
        #expect(reloaded.requests.first?.response?.events == events)
        #expect(reloaded.requests.first?.expectations == record.expectations)
        #expect(SessionEncoding.encode(reloaded) == saved)
    }

    @Test func aRecordKeepsTheLastEventsWithinItsBounds() {
        let many = EventStream(events: (1...12_000).map { ServerSentEvent(data: String($0)) })
        let kept = RecordedResponse.kept(many)
        #expect(kept.events.count == RecordedResponse.eventsKept)
        #expect(kept.dropped == 2_000)
        #expect(kept.event(numbered: 12_000)?.data == "12000")
        let large = EventStream(events: (1...5).map { _ in ServerSentEvent(data: String(repeating: "x", count: 100_000)) })
        #expect(RecordedResponse.kept(large).events.count == 2)
        #expect(RecordedResponse.kept(large).dropped == 3)
    }
}
