import Testing
import Platform
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// Taking back: `history rm`, `expect rm`, `capture rm`, `save FILE N`, `use N`.
@Suite struct TakeBackTests {
    @Test func historyRemoveRenumbersAndKeepsTheLastResponseWhereItBelongs() throws {
        let h = InterpreterHarness()
        try h.run("base http://h.test\nget /1\nget /2\nget /3\nget /4")
        try h.run("history rm 2-3")
        #expect(h.workspace.history.map(\.endpoint.path) == ["/1", "/4"])
        #expect(h.workspace.lastRecordIndex == 1)
        try h.run("expect status 200")
        #expect(h.workspace.history[1].expectations.count == 1)
        try h.run("history rm 2")
        #expect(h.workspace.lastResponse == nil, "the last response went with its request")
        #expect(h.failure("expect status 200")?.message == "no response yet: `send` a request first")
        #expect(h.failure("history rm 2")?.message == "no request 2: the history has 1 (see `history`)")
        #expect(try h.printed("history clear") == "removed 1 request from the history")
        #expect(h.workspace.history.isEmpty)
        #expect(h.workspace.endpoint.base == "http://h.test", "the request being built stays")
    }

    @Test func expectationsAreListedAndTakenBack() throws {
        let h = InterpreterHarness()
        try h.run("base http://h.test\nget /a")
        #expect(try h.printed("expect") == "(no expectations on request 1; a replay checks the status it got)")
        try h.run("expect status 200\nexpect header Content-Type contains json")
        let failed = h.failure("expect status 404")
        #expect(failed?.message == "expectation failed: status 404: got 200 (kept on request 1: `expect rm 3` takes it back)")
        #expect(try h.printed("expect") == "request 1:\n  1  status 200\n  2  header Content-Type contains json\n  3  status 404")
        #expect(try h.printed("expect rm 3") == "removed `expect status 404` from request 1")
        #expect(h.failure("expect rm 3")?.message == "no expectation 3: request 1 has 2 (see `expect`)")
        try h.run("replay 1")
        #expect(try h.printed("expect clear") == "removed 2 expectations from request 1")
        #expect(h.workspace.history[0].expectations.isEmpty)
    }

    @Test func captureRemoveStopsTheCaptureButKeepsTheVariable() throws {
        let h = InterpreterHarness()
        h.transport.fallback = ResponseViewTests.echoing("v")
        try h.run("base http://h.test\nget /a\ncapture code status\nget /b\ncapture code status")
        #expect(
            try h.printed("capture rm code")
                == "removed the capture of code from requests 1, 2; the variable keeps its value (`unset code` removes it)")
        #expect(h.workspace.history.allSatisfy { $0.captures.isEmpty })
        #expect(h.workspace.variables.entries["code"]?.value == "200")
        #expect(h.failure("capture rm code")?.message == "no request captures 'code' (see `history`)")
    }

    @Test func saveWithNumbersWritesOnlyThoseRequests() throws {
        let h = InterpreterHarness()
        try h.run("base http://h.test\nget /1\npost /2\nget /3")
        #expect(try h.printed("save part.json 1 3") == "saved part.json: 2 requests of 3")
        let document = try SessionDecoding.decode(h.files.contents["part.json"] ?? [], file: "part.json")
        #expect(document.requests.map(\.endpoint.path) == ["/1", "/3"])
        #expect(h.workspace.sessionFile == nil, "a partial save is not where a bare `save` goes")
        #expect(h.failure("save part.json 4")?.message == "no request 4: the history has 3 (see `history`)")
        #expect(try h.printed("save all.json") == "saved all.json: 3 requests")
    }

    @Test func useRefusesACallOrConversationThatSendWouldSendAsHTTP() throws {
        let h = InterpreterHarness()
        // A recorded gRPC call is marked by gRPC's JSON content subtype (GRPCCall.isCall).
        try h.run("base http://h.test\nheader Content-Type: application/grpc+json\nbody {\"a\": 1}\npost /pkg.S/M\nreset")
        let before = h.endpoint
        #expect(h.failure("use 1")?.message == "request 1 is a gRPC call: `replay 1` sends it again, `grpc call` makes a new one")
        #expect(h.endpoint == before, "the editor is unchanged")
        try h.run("get /ws")
        h.interpreter.workspace.history[1].conversation = RecordedConversation()
        #expect(
            h.failure("use 2")?.message
                == "request 2 is a WebSocket conversation: `replay 2` has it again, `ws connect` opens a new one")
    }

    @Test func useBringsARecordedRequestBackIntoTheEditor() throws {
        let h = InterpreterHarness()
        try h.run("base http://h.test\nheader X-A: 1\nbody json {\"a\": 1}\npost /login\nreset\nget /other")
        #expect(try h.printed("use 1") == "editing request 1: POST http://h.test/login")
        #expect(h.endpoint.method == "POST")
        #expect(h.endpoint.body == .json("{\"a\": 1}"))
        #expect(h.endpoint.headers.map(\.name) == ["X-A"])
        #expect(h.transport.sent.count == 2, "use does not send")
        #expect(h.failure("use 9")?.message == "no request 9: the history has 2 (see `history`)")
    }
}
