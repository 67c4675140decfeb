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

/// `LineReader` reads a long line (a pasted body, a large value) in one pass: it does not
/// search the same bytes again after each read (Benchmarks/scale.py, s).
extension ScriptRunTests {
    /// The lines a `LineReader` gives for `bytes`, read from a file.
    func lines(of bytes: [UInt8]) throws -> [String] {
        var template = Array("/tmp/workbench-lines-XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)
        try #require(descriptor >= 0)
        unlink(template)
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            try #require(count > 0)
            written += count
        }
        lseek(descriptor, 0, SEEK_SET)
        let reader = LineReader(descriptor: descriptor)
        var result: [String] = []
        while let line = reader.next() { result.append(try line.get()) }
        return result
    }

    @Test func aLineOfSeveralReadsComesWholeBetweenShortOnes() throws {
        let long = String(repeating: "0123456789", count: 300_000)  // 3 MB: 46 reads of 64 KiB
        let text = "base http://a.test\r\nset x \(long)\r\n\nshow\nlast line without a newline"
        #expect(
            try lines(of: Array(text.utf8)) == [
                "base http://a.test", "set x \(long)", "", "show", "last line without a newline",
            ])
    }

    @Test func aNewlineRightAtAReadBoundaryEndsTheLine() throws {
        for length in [65_535, 65_536, 65_537, 131_072] {
            let line = String(repeating: "a", count: length)
            #expect(try lines(of: Array("\(line)\n\(line)\nb".utf8)) == [line, line, "b"])
        }
    }
}
