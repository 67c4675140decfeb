import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// Issue 26's rules on values: typos, pipes from sending commands, checks after a failed send,
/// what quitting and restoring say. The screen itself is tested in test_repl_screen.py.
@Suite struct REPLSecondRoundTests {
    @Test func sendingCommandsTakeAPipe() throws {
        #expect(try CommandParser.parse("get /users | jq .") == .command(.send(method: "GET", path: "/users", output: nil, pipe: "jq .")))
        #expect(
            try CommandParser.parse("send --body | wc -c")
                == .command(.send(method: nil, path: nil, output: nil, withBody: true, pipe: "wc -c")))
        // A `|` inside a quoted URL is part of it.
        #expect(try CommandParser.parse("get '/a?b=1|2'") == .command(.send(method: "GET", path: "/a?b=1|2", output: nil)))
        #expect(
            thrownError { () throws(WorkbenchError) in _ = try CommandParser.parse("send > f | jq") }?.message
                == "send: `> FILE` and `| COMMAND` cannot both take the body")
        #expect(try CommandParser.parse("clear") == .command(.clear))
    }

    @Test func aCheckTypoSuggestsTheCheck() throws {
        #expect(
            thrownError { () throws(WorkbenchError) in _ = try Expectation.parse("staus 200") }?.message
                == "unknown check 'staus': did you mean status?")
    }

    @Test func aCheckAfterAFailedSendNamesTheFailure() throws {
        let h = InterpreterHarness()
        try h.run("base http://h\nget /ok")
        h.transport.responses = [.failure(WorkbenchError("empty reply from server"))]
        #expect(h.failure("get /broken") != nil)
        let failure = h.failure("expect status 200")
        #expect(failure?.message == "the last send failed (empty reply from server): there is no response to check; send again first")
        #expect(h.workspace.history[0].expectations.isEmpty, "nothing recorded on the older request")
        try h.run("get /ok")
        try h.run("expect status 200")
    }

    @Test func quittingSaysHowToGetUnsavedRequestsBack() throws {
        let h = InterpreterHarness()
        #expect(h.workspace.quitHint(autosaved: true) == nil)
        try h.run("base http://h\nget /a\nget /b")
        #expect(
            h.workspace.quitHint(autosaved: true)
                == "(2 requests were not saved: `workbench --restore` brings them back, or `restore` in the next run)")
        try h.run("save s.json")
        #expect(h.workspace.quitHint(autosaved: true) == nil)
        try h.run("get /c")
        #expect(h.workspace.quitHint(autosaved: false) == "(1 request was not saved, and this run keeps no autosave)")
    }

    @Test func aLoadedSessionSaysWhichSecretsToGiveAgainInTheUsersWords() throws {
        let h = InterpreterHarness()
        try h.run("base http://h\nauth bearer tok\nheader X-Api-Key: k-1\nget /a\nsave s.json")
        let fresh = InterpreterHarness(files: h.files.contents)
        let loaded = try fresh.printed("load s.json")
        #expect(loaded.contains("the token of `auth bearer`: type `auth bearer` again"))
        #expect(loaded.contains("{{x_api_key}} of the header X-Api-Key: type `header X-Api-Key: ...` again, or `set --secret x_api_key`"))
        #expect(
            fresh.failure("get /a")?.message
                == "not set since the session was loaded: {{x_api_key}} of the header X-Api-Key: type `header X-Api-Key: ...` again, or `set --secret x_api_key`"
        )
        try fresh.run("set --secret x_api_key k-2")
        #expect(
            fresh.failure("get /a")?.message == "not set since the session was loaded: the token of `auth bearer`: type `auth bearer` again"
        )
    }
}
