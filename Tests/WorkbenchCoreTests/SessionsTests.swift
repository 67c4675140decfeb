import Foundation
import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// Session files, captures, expectations, replay and JUnit, without a network:
/// responses come from a fake `send`.
@Suite struct SessionsTests {
    static func sampleDocument() throws -> SessionDocument {
        var login = RequestRecord(
            endpoint: Endpoint(
                base: "{{base}}", path: "/login", method: "POST",
                headers: [HeaderField(name: "Content-Type", value: "application/json")],
                body: .json(#"{"username": "ana", "password": "{{password}}"}"#)),
            settings: Settings())
        login.captures = [Capture(name: "token", source: .json(try JSONPath(parsing: "$.data.accessToken")))]
        login.expectations = [.status(.code(200)), try WorkbenchCore.Expectation.parse(#"json $.data.user == "ana""#)]
        login.response = RecordedResponse(scriptedResponse(200, #"{"data":{"accessToken":"tok-1","user":"ana"}}"#))
        var me = RequestRecord(
            endpoint: Endpoint(
                base: "{{base}}", path: "/me", query: [QueryItem(name: "a b", value: "é&")],
                headers: [HeaderField(name: "Authorization", value: "Bearer {{token}}", origin: "{{base}}")]),
            settings: Settings())
        me.settings.followRedirects = true
        me.settings.timeout = 2.5
        me.response = RecordedResponse(scriptedResponse(200, #"{"user":"ana"}"#))
        return SessionDocument(
            endpoint: me.endpoint, variables: ["base": "http://127.0.0.1:9"], secretNames: ["password"],
            settings: Settings(), requests: [login, me])
    }

    @Test func roundTripGivesIdenticalBytes() throws {
        let document = try Self.sampleDocument()
        let bytes = SessionEncoding.encode(document)
        let decoded = try SessionDecoding.decode(bytes, file: "s.json")
        #expect(decoded == document)
        #expect(SessionEncoding.encode(decoded) == bytes)
    }

    @Test func encodingIsPrettyWithAFixedKeyOrder() throws {
        let text = String(decoding: SessionEncoding.encode(try Self.sampleDocument()), as: UTF8.self)
        #expect(text.hasPrefix("{\n  \"format\": \"workbench-session\",\n  \"version\": 2,\n  \"endpoint\": {\n"))
        let keys = ["\"format\"", "\"version\"", "\"endpoint\"", "\"variables\"", "\"secrets\"", "\"settings\"", "\"requests\""]
        let positions = keys.compactMap { text.firstRange(of: $0)?.lowerBound }
        #expect(positions == positions.sorted() && positions.count == keys.count)
        #expect(text.hasSuffix("}\n"))
    }

    @Test func secretValuesAreNeverEncoded() {
        var workspace = Workspace()
        workspace.variables.set("password", to: "hunter2", secret: true)
        workspace.variables.set("user", to: "ana")
        workspace.endpoint.headers = [HeaderField(name: "X-Home", value: "{{env.HOME}}")]
        let text = String(decoding: SessionEncoding.encode(SessionDocument(workspace: workspace)), as: UTF8.self)
        #expect(!text.contains("hunter2"))
        #expect(text.contains("\"secrets\": [\n    \"password\"\n  ]"))
        #expect(text.contains("{{env.HOME}}"))
    }

    @Test(arguments: [
        ("", "s.json: the file is empty, not a session"),
        ("{", "s.json: line 1, column 2: unexpected end of input; not a session file"),
        ("[1]", "s.json: not a session file (expected a JSON object, found an array)"),
        (#"{"format": "other"}"#, #"s.json: not a session file (no "format": "workbench-session")"#),
        (
            #"{"format": "workbench-session", "version": 3, "endpoint": {}}"#,
            "s.json: made by a newer workbench (format version 3; this one reads up to 2)"
        ),
        (#"{"format": "workbench-session", "version": 1}"#, "s.json: field 'endpoint': missing"),
        (
            #"{"format": "workbench-session", "version": 1, "endpoint": {"query": [{"name": 1, "value": "x"}]}}"#,
            "s.json: field 'endpoint.query[0].name': expected a string, found a number"
        ),
        (
            #"{"format": "workbench-session", "version": 1, "endpoint": {"body": {"kind": "xml"}}}"#,
            "s.json: field 'endpoint.body.kind': unknown body kind 'xml' (expected text, json, jsonFile, form, multipart, file or graphql)"
        ),
        (
            #"{"format": "workbench-session", "version": 1, "endpoint": {"body": {"kind": "json", "text": "{oops"}}}"#,
            "s.json: field 'endpoint.body.text': invalid JSON body: unexpected 'o': expected a string key at line 1, column 2 (byte 1)"
        ),
        (
            #"{"format": "workbench-session", "version": 1, "endpoint": {}, "settings": {"timeout": -1}}"#,
            "s.json: field 'settings.timeout': expected seconds from 0 to 86400"
        ),
        (
            #"{"format": "workbench-session", "version": 1, "endpoint": {}, "requests": [{"endpoint": {}, "expectations": ["status 999"]}]}"#,
            "s.json: field 'requests[0].expectations[0]': invalid status '999': use a code from 100 to 599, or a class such as 2xx"
        ),
        (
            #"{"format": "workbench-session", "version": 1, "endpoint": {}, "requests": [{"endpoint": {}, "captures": [{"name": "t", "from": "$.a["}]}]}"#,
            "s.json: field 'requests[0].captures[0]'"
        ),
    ])
    func malformedFilesNameTheProblem(text: String, message: String) {
        #expect {
            _ = try SessionDecoding.decode(Array(text.utf8), file: "s.json")
        } throws: { error in
            (error as? WorkbenchError)?.message.hasPrefix(message) == true
        }
    }

    @Test func binaryFilesAreRefused() {
        #expect(throws: WorkbenchError.self) { _ = try SessionDecoding.decode(Array(0...255), file: "b.json") }
    }

    @Test func expectationsParseAndPrintTheirText() throws {
        for text in [
            "status 200", "status 2xx", "header Content-Type contains json", #"json $.a[0].b == {"x": [1, 2]}"#,
            "json $.id exists", "time < 500", "time < 12.5",
        ] {
            #expect(try WorkbenchCore.Expectation.parse(text).text == text)
        }
        for bad in ["", "status", "status abc", "status 600", "header X", "json $.a", "json $.a == ana", "time 5", "time < -1", "size 5"] {
            #expect(throws: WorkbenchError.self) { _ = try WorkbenchCore.Expectation.parse(bad) }
        }
    }

    @Test func expectationsCheckAResponse() throws {
        let response = scriptedResponse(201, #"{"id": 7, "name": "ana", "price": 1.10, "tags": []}"#)
        let scope = VariableScope(variables: Variables(["who": .init(value: "ana")]))
        func check(_ text: String) throws -> WorkbenchCore.Expectation.Result {
            try WorkbenchCore.Expectation.parse(text).check(response, in: scope)
        }
        #expect(try check("status 201").passed)
        #expect(try check("status 2xx").passed)
        #expect(try check("status 200") == WorkbenchCore.Expectation.Result(passed: false, message: "status 200: got 201"))
        #expect(try check("header Content-Type contains json").passed)
        #expect(try check("header X-Missing contains a").message == "header X-Missing contains a: no header X-Missing")
        #expect(try check(#"json $.name == "{{who}}""#).passed)
        #expect(try check("json $.price == 1.1").passed)
        #expect(try check("json $.id == 8").message == "json $.id == 8: got 7")
        #expect(try check("json $.tags exists").passed)
        #expect(!(try check("json $.nope exists").passed))
        #expect(try check("time < 500").passed)
        #expect(!(try check("time < 1").passed))
    }

    @Test func capturesTakeStatusHeadersAndJSON() throws {
        var response = scriptedResponse(200, #"{"data": {"token": "t-1", "n": 12345678901234567890123, "obj": {"a": 1}}}"#)
        response.headers.append(HeaderField(name: "X-Request-Id", value: "r-9"))
        #expect(try Capture(name: "s", source: .status).value(from: response) == "200")
        #expect(try Capture(name: "h", source: try Capture.parseSource(["header", "x-request-id"])).value(from: response) == "r-9")
        #expect(try Capture(name: "t", source: .json(JSONPath(parsing: "$.data.token"))).value(from: response) == "t-1")
        #expect(try Capture(name: "n", source: .json(JSONPath(parsing: "$.data.n"))).value(from: response) == "12345678901234567890123")
        #expect(try Capture(name: "o", source: .json(JSONPath(parsing: "$.data.obj"))).value(from: response) == #"{"a":1}"#)
        #expect(throws: WorkbenchError.self) {
            _ = try Capture(name: "x", source: .json(JSONPath(parsing: "$.data.tokn"))).value(from: response)
        }
        #expect(throws: WorkbenchError.self) { _ = try Capture.parseSource(["body"]) }
    }

    @Test func replayChainsCapturesIntoLaterRequests() throws {
        let document = try Self.sampleDocument()
        var sent: [PreparedRequest] = []
        let replayer = Replayer(
            transport: ClosureTransport { request throws(WorkbenchError) in
                sent.append(request)
                if request.target == "/login" { return scriptedResponse(200, #"{"data":{"accessToken":"tok-9","user":"ana"}}"#) }
                return scriptedResponse(200, #"{"user":"ana"}"#)
            }, environment: [:])
        var variables = Variables(["base": .init(value: "http://127.0.0.1:9"), "password": .init(value: "pw", isSecret: true)])
        let outcomes = document.requests.enumerated().map { index, record in
            replayer.run(record, number: index + 1, variables: &variables)
        }
        let allPassed = outcomes.allSatisfy { $0.passed }
        #expect(allPassed)
        #expect(sent.map(\.target) == ["/login", "/me?a%20b=%C3%A9%26"])
        #expect(sent[1].headers.contains(HeaderField(name: "Authorization", value: "Bearer tok-9")))
        #expect(String(decoding: sent[0].body, as: UTF8.self) == #"{"username": "ana", "password": "pw"}"#)
        #expect(Replayer.summary(outcomes) == "2 passed, 0 failed")
        #expect(Replayer.line(for: outcomes[0], color: false) == "PASS 1 POST http://127.0.0.1:9/login  200  12.0 ms")
    }

    @Test func replayReportsEveryFailure() throws {
        let document = try Self.sampleDocument()
        let replayer = Replayer(
            transport: ClosureTransport { request throws(WorkbenchError) in
                if request.target == "/login" { return scriptedResponse(401, #"{"data":"wrong"}"#) }
                throw WorkbenchError("connection refused: 127.0.0.1:1")
            }, environment: [:], baseOverride: "http://127.0.0.1:1")
        var variables = Variables(["password": .init(value: "pw", isSecret: true)])
        let first = replayer.run(document.requests[0], number: 1, variables: &variables)
        #expect(
            first.failures == [
                "capture token: $.data.accessToken: $.data is a string, not an object",
                "status 200: got 401",
                #"json $.data.user == "ana": $.data.user: $.data is a string, not an object"#,
            ])
        let second = replayer.run(document.requests[1], number: 2, variables: &variables)
        #expect(second.failures.count == 1 && second.failures[0].contains("token"))
        #expect(Replayer.summary([first, second]) == "0 passed, 2 failed")
    }

    @Test func aRequestWithoutExpectationsExpectsItsRecordedStatus() throws {
        let record = try Self.sampleDocument().requests[1]
        #expect(record.effectiveExpectations == [.status(.code(200))])
    }

    @Test func missingVariablesAreNamedUnlessAnEarlierRequestCapturesThem() throws {
        let document = try Self.sampleDocument()
        #expect(Replayer.missingVariables(in: document.requests, known: Variables()) == ["base", "password"])
        #expect(
            Replayer.missingVariables(in: document.requests, known: Variables(["base": .init(value: "x"), "password": .init(value: "y")]))
                == [])
    }

    @Test func junitReportEscapesAndCountsFailures() throws {
        var failing = Replayer.Outcome(
            number: 1, method: "GET", url: "http://h/?a=<1>&b=\"2\"", response: nil,
            problems: [.status(.init(passed: false, message: "status 200: got 500 <oops> \u{1}"))],
            checks: [])
        let passing = Replayer.Outcome(
            number: 2, method: "GET", url: "http://h/ok", response: scriptedResponse(200, "{}"),
            problems: [], checks: [])
        let xml = JUnitReport.xml(
            ReplayReport(runs: [
                .init(
                    file: "s&t.json", round: 1, rounds: 1,
                    result: .init(
                        summary: .init(outcomes: [failing, passing]), redactor: .none))
            ]))
        #expect(xml.contains(#"<testsuites name="workbench replay" tests="2" failures="1""#))
        #expect(xml.contains(#"name="1 GET http://h/?a=&lt;1&gt;&amp;b=&quot;2&quot;""#))
        #expect(xml.contains(#"<failure message="status 200: got 500 &lt;oops&gt; \#u{FFFD}">"#))
        #expect(xml.contains(#"<testcase classname="s&amp;t.json" name="2 GET http://h/ok" time="0.012"/>"#))
        failing.problems = []
        #expect(!JUnitReport.xml(ReplayReport(runs: [.init(file: "s", requests: [.init(failing, redactor: .none)])])).contains("<failure"))
    }

    @Test func captureAndExpectAttachToTheLastRequestInTheWorkspace() throws {
        var workspace = Workspace()
        let context = CommandContext(environment: [:])
        workspace.history = [RequestRecord(endpoint: Endpoint(base: "http://h"), settings: Settings())]
        workspace.lastRecordIndex = 0
        workspace.lastResponse = scriptedResponse(200, #"{"token": "abc"}"#)
        #expect(
            try workspace.apply(.capture(name: "t", source: .json(JSONPath(parsing: "$.token"))), context: context) == .output("t = abc"))
        #expect(workspace.variables.value(of: "t") == "abc")
        #expect(try workspace.apply(.expect(.status(.code(200))), context: context) == .output("PASS status 200"))
        #expect(
            try workspace.apply(.expect(.status(.code(404))), context: context)
                == .checkFailed(summary: "status 404: got 200 (kept on request 1: `expect rm 2` takes it back)"))
        #expect(workspace.history[0].captures.map(\.name) == ["t"])
        #expect(workspace.history[0].expectations.count == 2)
    }

    @Test func captureWithoutAResponseIsAnError() {
        var workspace = Workspace()
        #expect(throws: WorkbenchError("no response yet: `send` a request first")) {
            _ = try workspace.apply(.capture(name: "t", source: .status), context: CommandContext(environment: [:]))
        }
    }

    @Test func recordedResponsesKeepTextBodiesOnly() {
        #expect(RecordedResponse(scriptedResponse(200, "{\"a\":1}")).body == "{\"a\":1}")
        let binary = HTTPResponse(
            statusLine: "HTTP/1.1 200 OK", statusCode: 200,
            headers: [HeaderField(name: "Content-Type", value: "image/png")], body: [0x89, 0x50, 0])
        #expect(RecordedResponse(binary).body == nil)
        #expect(RecordedResponse(binary).bodySize == 3)
    }

    @Test func literalCredentialsAreFound() {
        let document = SessionDocument(
            endpoint: Endpoint(headers: [
                HeaderField(name: "Authorization", value: "Bearer abc"), HeaderField(name: "X-Api-Key", value: "{{key}}"),
                HeaderField(name: "Cookie", value: "s=1"),
            ]))
        #expect(document.literalCredentialHeaders == ["Authorization", "Cookie"])
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

    @Test func aSaveOverAFileAnotherWorkbenchSavedIsRefusedUntilForced() throws {
        let folder = ScratchFiles.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/s.json"
        let context = CommandContext(environment: [:])
        var first = Workspace()
        first.endpoint.base = "http://127.0.0.1:9"
        _ = try first.save(to: path, context: context)
        var second = Workspace()
        try second.load(from: path, context: context)
        second.sessionFile = path
        second.sessionStamp = WriteTarget.Stamp(of: path)
        // The first saves again (its own save is not someone else's) ...
        usleep(20_000)
        first.endpoint.base = "http://127.0.0.1:8"
        _ = try first.save(to: nil, context: context)
        _ = try first.save(to: nil, context: context)
        let written = try FileSystem.read(path)
        // ... so the second is told, and the file stays the first's.
        let error = thrownError { () throws(WorkbenchError) in try second.save(to: nil, context: context) }
        #expect(
            error?.message == "\(path) changed since this workbench loaded or saved it (another workbench saved it?): "
                + "not saved; `save --force` replaces it, `load \(path)` reads the other version")
        #expect(try FileSystem.read(path) == written)
        _ = try second.save(to: nil, force: true, context: context)
        #expect(try FileSystem.read(path) != written)
        #expect(try CommandParser.parse("save --force") == .command(.save(nil, requests: [], force: true)))
        #expect(try CommandParser.parse("save --force s.json 1-2") == .command(.save("s.json", requests: [1, 2], force: true)))
    }

    @Test func aSessionNamingAFileElsewhereAsItsSchemaDoesNotReadIt() throws {
        let folder = ScratchFiles.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let secretFile = ScratchFiles.folder()
        defer { try? FileManager.default.removeItem(atPath: secretFile) }
        ScratchFiles.write("TOPSECRETTOKEN other words\n", to: secretFile + "/notes.txt")
        ScratchFiles.write("TOPSECRETTOKEN other words\n", to: folder + "/notes.txt")
        for (schema, expected) in [
            (secretFile + "/notes.txt", "outside its folder"), (folder + "/notes.txt", "not a readable GraphQL schema"),
        ] {
            var workspace = Workspace()
            workspace.graphqlSchemaLocation = schema
            let path = folder + "/s.json"
            let context = CommandContext(environment: [:])
            _ = try workspace.save(to: path, context: context)
            var loading = Workspace()
            let outcome = try loading.apply(.load(path), context: context)
            guard case .outputWithWarning(_, let warning, _) = outcome else {
                Issue.record("expected a warning, got \(outcome)")
                continue
            }
            #expect(warning.contains(expected), "\(warning)")
            #expect(!warning.contains("TOPSECRETTOKEN"), "\(warning)")
        }
    }

    /// A gRPC schema past the 16 MiB a session keeps is left out of `save`, and `save` says so:
    /// one warning naming the origin and the bound; the calls and a schema within it are saved.
    @Test func aGRPCSchemaPastItsBoundIsLeftOutOfSaveWithAWarning() throws {
        let folder = ScratchFiles.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/s.json"
        let context = CommandContext(environment: [:])
        // FileDescriptorProto { name: "x.proto", package: "x" }
        let small = try ProtoFile(descriptor: [0x0A, 0x07] + Array("x.proto".utf8) + [0x12, 0x01] + Array("x".utf8))
        var large = small
        large.descriptor += [UInt8](repeating: 0x20, count: GRPCSessionSchemas.maximumSetBytes)
        var workspace = Workspace()
        var records: [RequestRecord] = []
        for origin in ["http://127.0.0.1:50051", "http://127.0.0.1:50052"] {
            var call = Endpoint(base: origin, path: "/x.S/M", method: "POST")
            call.headers = [HeaderField(name: "Content-Type", value: GRPCCall.recordContentType)]
            records.append(RequestRecord(endpoint: call, settings: Settings()))
        }
        workspace.history = History(records)
        workspace.grpcSchemas.remember(ProtoSchema(files: [large]), origin: "http://127.0.0.1:50051")
        workspace.grpcSchemas.remember(ProtoSchema(files: [small]), origin: "http://127.0.0.1:50052")
        let outcome = try workspace.save(to: path, context: context)
        #expect(
            outcome
                == .outputWithWarning(
                    "saved \(path): 2 requests",
                    warning: "warning: the gRPC schema of http://127.0.0.1:50051 is larger than 16 MiB (the bound a session keeps "
                        + "one within): not saved in \(path); replaying its calls needs server reflection or `grpc connect --proto` again"))
        let saved = try SessionDecoding.decode(try FileSystem.read(path), file: path)
        #expect(saved.grpcSchemas.entries.map(\.origin) == ["http://127.0.0.1:50052"])
        #expect(saved.requests.count == 2)
    }
}
