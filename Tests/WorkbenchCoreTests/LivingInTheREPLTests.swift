import Testing
import Platform
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// Issue 10: looking again (`last`, `print`, the pager), taking back (`history rm`,
/// `expect rm`, `capture rm`, `save FILE N`, `use N`), `run`, `path ..`, the prompt,
/// and the new checks, through the interpreter with a scripted transport.
@Suite struct LivingInTheREPLTests {
    static let secret = "pw-Unit-7731"

    /// A JSON response that echoes the secret, as a careless server would.
    static func echoing(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(
            statusLine: "HTTP/1.1 \(status) OK", statusCode: status,
            headers: [HeaderField(name: "Content-Type", value: "application/json"), HeaderField(name: "X-Echo", value: text)],
            body: Array("{\"echo\": \"\(text)\", \"n\": 5, \"tags\": [\"a\", \"b\"]}".utf8))
    }

    static func folder() -> String {
        var template = Array("/tmp/workbench-repl-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    static func remove(_ folder: String) {
        for entry in FileSystem.listDirectory(folder) { unlink(folder + "/" + entry.name) }
        rmdir(folder)
    }

    static func read(_ path: String) -> String {
        String(decoding: (try? FileSystem.read(path)) ?? [], as: UTF8.self)
    }

    func harnessWithSecretResponse() throws -> InterpreterHarness {
        let h = InterpreterHarness()
        h.transport.fallback = Self.echoing(Self.secret)
        try h.run("base http://h.test\nset --secret pw \(Self.secret)\nget /a")
        return h
    }

    // MARK: - last and print

    @Test func lastShowsTheResponseAgainInPartsWithoutSending() throws {
        let h = try harnessWithSecretResponse()
        let before = h.output.lines.count
        try h.run("last headers")
        #expect(h.transport.sent.count == 1, "last never sends")
        let lines = Array(h.output.lines[before...])
        #expect(
            lines == ["HTTP/1.1 200 OK", "(0 µs, 59 bytes)", "Content-Type: application/json", "X-Echo: ******"]
                || lines.count == 4)
        #expect(!lines.joined().contains(Self.secret))
        try h.run("last status")
        #expect(h.output.lines.last?.hasPrefix("(") == true)
        let bytesBefore = h.output.bytes.count
        try h.run("last body")
        let body = String(decoding: h.output.bytes[bytesBefore...], as: UTF8.self)
        #expect(body.contains("\"echo\": \"******\""))
        #expect(!body.contains(Self.secret))
    }

    @Test func printChoosesWhatEveryResponseShows() throws {
        let h = InterpreterHarness()
        try h.run("base http://h.test\nprint status\nget /a")
        #expect(h.output.lines == ["HTTP/1.1 200 OK", "(0.0 ms, 2 bytes)"])
        #expect(h.output.bytes.isEmpty)
        try h.run("print body\nget /b")
        #expect(h.output.lines.count == 2)
        #expect(String(decoding: h.output.bytes, as: UTF8.self).contains("{}"))
        try h.run("last all")
        #expect(h.output.lines.contains("Content-Type: application/json"))
        #expect(h.workspace.view.parts == .body)
        #expect(try h.printed("settings").hasSuffix("print    body\npager    auto"))
    }

    @Test func lastWithoutAResponseFails() {
        let h = InterpreterHarness()
        #expect(h.failure("last")?.message == "no response yet: `send` a request first")
        #expect(h.failure("last > x.json")?.message == "no response yet: `send` a request first")
    }

    @Test func lastToAFileWritesTheMaskedBodyAtomically() throws {
        let folder = Self.folder()
        defer { Self.remove(folder) }
        let h = try harnessWithSecretResponse()
        try h.run("last > \(folder)/body.json")
        let written = Self.read("\(folder)/body.json")
        #expect(written == "{\"echo\": \"******\", \"n\": 5, \"tags\": [\"a\", \"b\"]}")
        #expect(h.output.lines.last == "[body written to \(folder)/body.json: 46 bytes]")
        try h.run("last headers > \(folder)/head.txt")
        #expect(Self.read("\(folder)/head.txt").contains("X-Echo: ******\n"))
        // Only the file itself: no temporary file is left beside it.
        #expect(FileSystem.listDirectory(folder).map(\.name).sorted() == ["body.json", "head.txt"])
        // A directory is refused and nothing changes.
        #expect(h.failure("last > \(folder)")?.message == "cannot write '\(folder)': it is a directory")
    }

    @Test func lastThroughAPipeFeedsTheMaskedBody() throws {
        let folder = Self.folder()
        defer { Self.remove(folder) }
        let h = try harnessWithSecretResponse()
        try h.run("last | cat > '\(folder)/piped'")
        #expect(Self.read("\(folder)/piped") == "{\"echo\": \"******\", \"n\": 5, \"tags\": [\"a\", \"b\"]}")
        try h.run("last headers | grep -c X-Echo > '\(folder)/count'")
        #expect(Self.read("\(folder)/count") == "1\n")
        #expect(h.failure("last | exit 3")?.message == "`exit 3` exited with status 3")
        // A reader that stops early is not an error, and does not kill the workbench.
        try h.run("last | head -c 1 > /dev/null")
    }

    @Test func aLongResponseGoesThroughThePagerOnATerminal() throws {
        let folder = Self.folder()
        defer { Self.remove(folder) }
        let h = InterpreterHarness(environment: ["PAGER": "cat > '\(folder)/paged'"])
        h.interpreter.screenSize = { (rows: 3, columns: 80) }
        h.transport.fallback = Self.echoing(Self.secret)
        try h.run("base http://h.test\nset --secret pw \(Self.secret)\nget /a")
        let paged = Self.read("\(folder)/paged")
        #expect(paged.hasPrefix("HTTP/1.1 200 OK\n"))
        #expect(paged.contains("X-Echo: ******"))
        #expect(!paged.contains(Self.secret))
        #expect(h.output.lines.isEmpty && h.output.bytes.isEmpty, "the pager showed it, not the output")
        // `pager off`, or a response that fits, prints directly.
        try h.run("pager off\nlast")
        #expect(h.output.lines.first == "HTTP/1.1 200 OK")
    }

    @Test func aBodyFarLongerThanTheScreenStreamsIntoThePagerMasked() throws {
        let folder = Self.folder()
        defer { Self.remove(folder) }
        let h = InterpreterHarness(environment: ["PAGER": "cat > '\(folder)/paged'"])
        h.interpreter.screenSize = { (rows: 2, columns: 10) }
        let items = (0..<200).map { "\"\(Self.secret)-\($0)\"" }.joined(separator: ", ")
        h.transport.fallback = HTTPResponse(
            statusLine: "HTTP/1.1 200 OK", statusCode: 200,
            headers: [HeaderField(name: "Content-Type", value: "application/json")],
            body: Array("[\(items)]".utf8))
        try h.run("base http://h.test\nset --secret pw \(Self.secret)\nget /a")
        let paged = Self.read("\(folder)/paged")
        #expect(paged.hasPrefix("HTTP/1.1 200 OK\n"))
        #expect(paged.contains("\"******-199\""))
        #expect(!paged.contains(Self.secret))
        #expect(h.output.lines.isEmpty && h.output.bytes.isEmpty)
    }

    @Test func aMissingPagerStillShowsTheResponse() throws {
        let h = InterpreterHarness(environment: ["PAGER": "no-such-pager-workbench"])
        h.interpreter.screenSize = { (rows: 2, columns: 80) }
        try h.run("base http://h.test\nget /a")
        #expect(h.output.errors.first?.contains("the pager `no-such-pager-workbench` was not found") == true)
        #expect(String(decoding: h.output.bytes, as: UTF8.self).hasPrefix("HTTP/1.1 200 OK"))
    }

    @Test func screenLinesCountWrappedLinesAndSkipEscapes() {
        let buffer = OutputBuffer()
        buffer.printLine("\u{1B}[1;32mshort\u{1B}[0m")
        buffer.printLine(String(repeating: "x", count: 25))
        buffer.printLine("é")
        #expect(buffer.screenLines(columns: 10) == 1 + 3 + 1)
        buffer.writeBytes(Array("tail".utf8))
        #expect(buffer.screenLines(columns: 10) == 6)
    }

    // MARK: - Taking back

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
        h.transport.fallback = Self.echoing("v")
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

    // MARK: - run, path .., base

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

    @Test(arguments: [
        ("/a/b/c", [String](), "/a/b"),
        ("/a/b/", [], "/a"),
        ("/a", [], ""),
        ("a/b", [], "a"),
        ("/a", ["x", "y"], "/a"),
    ])
    func pathUpDropsOneSegment(path: String, segments: [String], expected: String) throws {
        var endpoint = Endpoint(base: "http://h", path: path, segments: segments)
        try endpoint.goUp()
        if segments.isEmpty {
            #expect(endpoint.path == expected)
        } else {
            #expect(endpoint.segments == Array(segments.dropLast()))
            #expect(endpoint.path == path)
        }
    }

    @Test func pathUpNeverSendsDotDot() throws {
        let h = InterpreterHarness()
        try h.run("base http://h.test/api\npath /users/7\nquery add q 1\npath ..\nget")
        #expect(h.transport.sent.last?.request.url == "http://h.test/api/users?q=1")
        try h.run("path ..")
        #expect(h.failure("path ..")?.message == "path ..: already at the top of the base URL (http://h.test/api)")
    }

    @Test func changingTheBaseSaysThePathStays() throws {
        let h = InterpreterHarness()
        try h.run("base http://one.test\npath /users")
        #expect(try h.printed("base http://two.test/v2") == "kept the path: http://two.test/v2/users (`path /` starts at the base)")
        try h.run("path /")
        let before = h.output.lines.count
        try h.run("base http://three.test")
        #expect(h.output.lines.count == before, "nothing to say without a path")
    }

    @Test func bodyJSONFromAFileIsCheckedWhenTypedAndReadWhenSent() throws {
        let h = InterpreterHarness(files: ["ok.json": utf8Bytes("{\"a\": 1}"), "bad.json": utf8Bytes("{\"a\": }")])
        try h.run("body json @ok.json")
        #expect(h.endpoint.body == .jsonFile("ok.json"))
        #expect(h.failure("body json @bad.json")?.message.hasPrefix("bad.json is not valid JSON") == true)
        #expect(h.endpoint.body == .jsonFile("ok.json"), "a failed command changes nothing")
    }

    // MARK: - Checks

    @Test(arguments: [
        ("json $.n != 4", true), ("json $.n != 5", false),
        ("json $.n < 6", true), ("json $.n <= 5", true), ("json $.n > 5", false), ("json $.n >= 5", true),
        ("json $.echo contains \"a\"", true), ("json $.tags contains \"b\"", true), ("json $.tags contains \"z\"", false),
        ("json $.echo matches \"^v.l\"", true), ("json $.echo matches \"^x\"", false), ("json $.n matches \"5\"", false),
        ("json $.echo < 3", false),
        ("body contains \"n\": 5", true), ("body contains nowhere", false),
    ])
    func newChecks(check: String, passes: Bool) throws {
        let h = InterpreterHarness()
        h.transport.fallback = Self.echoing("val")
        try h.run("base http://h.test\nget /a")
        switch h.interpreter.handle(line: "expect " + check) {
        case .ok: #expect(passes, "\(check) passed")
        case .failed(let error): #expect(!passes, "\(check): \(error.message)")
        case .exit: Issue.record("exit")
        }
    }

    // MARK: - Progress

    @Test func theProgressLineWaitsASecondThenSaysWhatItKnows() {
        #expect(WaitProgress(elapsed: 0.9).text == nil)
        #expect(WaitProgress(elapsed: 1.25).text == "waiting 1.2 s (Ctrl-C aborts)")
        #expect(WaitProgress(elapsed: 2, received: 100, expected: 400, toFile: false).text == "waiting 2.0 s (Ctrl-C aborts)")
        #expect(
            WaitProgress(elapsed: 2, received: 100, expected: 400, toFile: true).text
                == "[#####...............] 100 bytes of 400 bytes, 50 bytes/s (Ctrl-C aborts)")
        #expect(
            WaitProgress(elapsed: 2, received: 3 << 20, expected: nil, toFile: true).text
                == "3.0 MB, 1.5 MB/s, 2.0 s (Ctrl-C aborts)")
        // A decoded body can outgrow the Content-Length of the encoded one: no bar then.
        #expect(
            WaitProgress(elapsed: 2, received: 500, expected: 400, toFile: true).text == "500 bytes, 250 bytes/s, 2.0 s (Ctrl-C aborts)")
    }

    @Test func theNewChecksExportToHurlAsserts() throws {
        let checks = try [
            "json $.n >= 1", "json $.name matches \"^R\"", "json $.name contains \"ic\"", "json $.tags contains 3",
            "json $.n != null", "body contains species",
        ].map { (text: String) throws(WorkbenchError) in try Expectation.parse(text) }
        let record = RequestRecord(endpoint: Endpoint(base: "http://h"), settings: Settings(), expectations: checks)
        let lines = HurlExport.response(record)
        #expect(lines.contains("jsonpath \"$.n\" >= 1"))
        #expect(lines.contains("jsonpath \"$.name\" matches \"^R\""))
        #expect(lines.contains("jsonpath \"$.name\" contains \"ic\""))
        #expect(lines.contains("jsonpath \"$.tags\" includes 3"))
        #expect(lines.contains("jsonpath \"$.n\" != null"))
        #expect(lines.contains("body contains \"species\""))
    }

    // MARK: - Prompt

    @Test func promptKeepsHostAndPathAndShortensTheQueryFirst() throws {
        let h = InterpreterHarness()
        try h.run("base http://127.0.0.1:43210\npath /api/character/1?name=rick&status=alive&page=2&sort=name")
        let wide = Prompt.text(for: h.workspace, environment: [:], width: 120)
        #expect(wide == "GET http://127.0.0.1:43210/api/character/1?name=rick&status=alive&page=2&sort=name> ")
        let narrow = Prompt.text(for: h.workspace, environment: [:], width: 60)
        #expect(narrow == "GET http://127.0.0.1:43210/api/…/1?…> ")
        try h.run("path /" + (0..<20).map { "segment\($0)" }.joined(separator: "/") + "?a=1")
        for width in [60, 120] {
            let prompt = Prompt.text(for: h.workspace, environment: [:], width: width)
            #expect(prompt.count < width, "\(prompt)")
            #expect(
                prompt.hasPrefix(width == 120 ? "GET http://127.0.0.1:43210/segment0/…/" : "GET http://127.0.0.1:43210/…/"),
                "\(prompt)")
            #expect(prompt.hasSuffix("/segment19?…> "), "\(prompt)")
        }
    }
}
