import Testing
import Platform
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// `run FILE`: a script of commands or a `.http` file, stopping at the line that fails.
@Suite struct ScriptRunTests {
    @Test func runExecutesAScriptAndNamesTheFailingLine() throws {
        let h = InterpreterHarness(files: [
            "ok.wb": utf8Bytes("base http://h.test\n# a comment\nbody <<END\nx\nEND\npost /a\n"),
            "bad.wb": utf8Bytes("path /before\nsned\npath /after\n"),
            "loop.wb": utf8Bytes("run loop.wb\n"),
            "open.wb": utf8Bytes("body <<END\nx\n"),
        ])
        try h.run("run ok.wb")
        #expect(h.transport.sent.count == 1)
        #expect(h.failure("run bad.wb")?.message == "bad.wb:2: unknown command 'sned': did you mean send?")
        #expect(h.endpoint.path == "/before", "lines before the failure took effect; none after")
        #expect(h.failure("run loop.wb")?.message.hasSuffix("run: scripts nested 8 deep (does one run itself?)") == true)
        #expect(h.failure("run open.wb")?.message == "open.wb:2: end of input inside `body <<END`: the body was not set")
        #expect(!h.interpreter.isCollectingBody)
        #expect(h.failure("run none.wb")?.message == "cannot read 'none.wb': No such file or directory")
        h.files.contents["latin1.wb"] = [UInt8]("path /ok\npath /caf".utf8) + [0xE9] + [UInt8]("\n".utf8)
        #expect(h.failure("run latin1.wb")?.message.hasPrefix("latin1.wb:2: the line is not valid UTF-8 (byte 0xE9 at column 10)") == true)
        #expect(h.endpoint.path == "/ok")
        #expect(h.failure("run api.http")?.message == "cannot read 'api.http': No such file or directory")
    }

    @Test func runAHTTPFileSendsItsRequestsInOrderWithCapturesFlowing() throws {
        let h = InterpreterHarness(files: [
            "api.http": utf8Bytes(
                """
                @host = http://h.test
                # @name login
                POST {{host}}/login

                ### me
                GET {{host}}/me
                X-Token: {{login.response.body.$.token}}
                """)
        ])
        h.transport.responses = [
            .success(
                HTTPResponse(
                    statusLine: "HTTP/1.1 200 OK", statusCode: 200, headers: [HeaderField(name: "Content-Type", value: "application/json")],
                    body: utf8Bytes("{\"token\": \"t-1\"}")))
        ]
        try h.run("base http://kept.test\nrun api.http")
        #expect(h.transport.sent.map(\.request.url) == ["http://h.test/login", "http://h.test/me"])
        #expect(h.transport.sent[1].request.headers.contains(HeaderField(name: "X-Token", value: "t-1")))
        #expect(h.workspace.history.count == 2 && h.endpoint.base == "http://kept.test", "the request being built stays")
        #expect(h.output.lines.contains("api.http: 2 requests, sent in order as history 1-2"))
    }
}
