import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// The session file format over time: v1 files (real ones, in Tests/Fixtures/Sessions)
/// migrated to v2, unknown members kept where they were, newer major versions
/// refused, and the encoder that reuses the text of unchanged records.
@Suite struct SessionFormatTests {
    static let fixtures: String = {
        let file = String(#filePath)
        let tests = file[..<file.lastIndex(of: "/")!]
        return tests[..<tests.lastIndex(of: "/")!] + "/Fixtures/Sessions/"
    }()

    static func fixture(_ name: String) throws -> [UInt8] {
        try FileSystem.read(fixtures + name)
    }

    static func parsed(_ name: String) throws -> JSONValue {
        try JSONParser.parse(try fixture(name))
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    // MARK: v1 -> v2

    @Test func version1To2StatesEveryQueryAndCaptureFlag() throws {
        let v1 = try Self.parsed("v1-local-login.json")
        #expect(v1["version"] == .number("1"))
        let v2 = SessionMigration.version1To2(v1)
        #expect(v2["version"] == .number("2"))
        guard case .array(let records) = v2["requests"] else { Issue.record("no requests"); return }
        guard case .array(let captures) = records[0]["captures"] else { Issue.record("no captures"); return }
        #expect(captures[0]["secret"] == .bool(false))
        #expect(captures[0]["name"] == .string("token"))
        // Pure: the input is untouched, and a second run changes nothing more.
        #expect(v1["version"] == .number("1"))
        #expect(SessionMigration.version1To2(v2) == v2.setting("version", to: .number("2")))
    }

    @Test func version1To2KeepsFlagsAFileAlreadyHad() throws {
        let v2 = SessionMigration.version1To2(try Self.parsed("v1-pasted-query-secret-capture.json"))
        guard case .array(let records) = v2["requests"], case .array(let query) = records[1]["endpoint"]?["query"],
            case .array(let captures) = records[0]["captures"]
        else { Issue.record("unexpected shape"); return }
        #expect(query.map { $0["encoded"] } == [.bool(true), .bool(true), .bool(true)])
        #expect(query.map { $0["bare"] } == [.bool(false), .bool(true), .bool(false)])
        #expect(captures[0]["secret"] == .bool(true))
    }

    @Test func version1To2MasksCredentialHeadersOfRecordedResponses() throws {
        let v1 = try Self.parsed("v1-login-cookie-in-clear.json")
        #expect(v1.jsonText.contains("cookie-in-clear-42"))
        let v2 = SessionMigration.version1To2(v1)
        #expect(!v2.jsonText.contains("cookie-in-clear-42"))
        let document = try SessionDecoding.decode(try Self.fixture("v1-login-cookie-in-clear.json"), file: "old.json")
        let cookie = document.requests[0].response?.headers.first { $0.name == "Set-Cookie" }
        #expect(cookie?.value == Variables.mask)
        #expect(!Self.text(SessionEncoding.encode(document)).contains("cookie-in-clear-42"))
    }

    @Test func realVersion1FilesLoadAndSaveAsVersion2() throws {
        for name in ["v1-local-login.json", "v1-pasted-query-secret-capture.json", "v1-login-cookie-in-clear.json"] {
            let document = try SessionDecoding.decode(try Self.fixture(name), file: name)
            let saved = SessionEncoding.encode(document)
            let text = Self.text(saved)
            #expect(text.contains("\"version\": 2,"), "\(name)")
            // Saved again, the v2 file reads back as the same document and the same bytes.
            let again = try SessionDecoding.decode(saved, file: name)
            #expect(again == document, "\(name)")
            #expect(SessionEncoding.encode(again) == saved, "\(name)")
        }
        let pasted = try SessionDecoding.decode(try Self.fixture("v1-pasted-query-secret-capture.json"), file: "p.json")
        #expect(pasted.requests[1].endpoint.query.map(\.isEncoded) == [true, true, true])
        #expect(pasted.requests[1].endpoint.query.map(\.isBare) == [false, true, false])
        #expect(pasted.requests[0].captures.map(\.isSecret) == [true])
        let login = try SessionDecoding.decode(try Self.fixture("v1-local-login.json"), file: "l.json")
        #expect(login.requests[0].captures.map(\.isSecret) == [false])
    }

    @Test func version1FilesWithOmittedHeadersKeepThem() throws {
        // Written by a v1 workbench after `header rm Accept` existed and before version 2.
        let text = #"{"format": "workbench-session", "version": 1, "endpoint": {"base": "http://h", "omittedHeaders": ["Accept"]}}"#
        let document = try SessionDecoding.decode(Array(text.utf8), file: "o.json")
        #expect(document.endpoint.omittedDefaults == ["Accept"])
        #expect(document.unknown == nil)
        #expect(Self.text(SessionEncoding.encode(document)).contains("\"omittedHeaders\": [\n      \"Accept\"\n    ],"))
    }

    @Test func aNewerMajorVersionIsRefusedWithTheReason() throws {
        let text = Self.text(try Self.fixture("v2-unknown-members.json"))
            .replacing("\"version\": 2,", with: "\"version\": 3,")
        let error = thrownError { () throws(WorkbenchError) in _ = try SessionDecoding.decode(Array(text.utf8), file: "new.json") }
        #expect(error?.message == "new.json: made by a newer workbench (format version 3; this one reads up to 2)")
    }

    @Test func deeplyNestedUnknownMembersAreRefused() {
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        let text = "{\"format\": \"workbench-session\", \"version\": 2, \"endpoint\": {}, \"x\": \(deep)}"
        let error = thrownError { () throws(WorkbenchError) in _ = try SessionDecoding.decode(Array(text.utf8), file: "d.json") }
        #expect(error?.message.contains("nested more than 64 levels deep") == true)
    }

    // MARK: Unknown members

    @Test func unknownMembersAreWrittenBackWhereTheyWere() throws {
        let bytes = try Self.fixture("v2-unknown-members.json")
        let document = try SessionDecoding.decode(bytes, file: "u.json")
        #expect(SessionEncoding.encode(document) == bytes)
        let text = Self.text(bytes)
        // Top level first and last, after `version`; inside the endpoint, settings, a record,
        // its endpoint, a query item, a capture, the response and a response header.
        for key in [
            "x-first", "x-generator", "x-last", "x-endpoint-note", "http2", "x-record-tag", "x-endpoint-extra",
            "x-item-note", "x-capture-note", "httpVersion", "timings", "x-raw",
        ] {
            #expect(text.contains("\"\(key)\""), "\(key)")
        }
        #expect(text.hasPrefix("{\n  \"x-first\": {"))
        #expect(text.contains("\"version\": 2,\n  \"x-generator\": \"workbench 2.7\",\n  \"endpoint\""))
        #expect(text.hasSuffix("  \"x-last\": [\n    1,\n    2,\n    {\n      \"deep\": true\n    }\n  ]\n}\n"))
    }

    @Test func unknownMembersSurviveAWorkspaceThatChanges() throws {
        let bytes = try Self.fixture("v2-unknown-members.json")
        var workspace = Workspace()
        try SessionDecoding.decode(bytes, file: "u.json").apply(to: &workspace)
        _ = try workspace.apply(.queryAdd(name: "extra", value: "1"), context: CommandContext(environment: [:]))
        _ = try workspace.apply(.timeout(5), context: CommandContext(environment: [:]))
        let text = Self.text(SessionEncoding.encode(SessionDocument(workspace: workspace)))
        #expect(text.contains("\"path\": \"/3/movie/popular\",\n    \"x-endpoint-note\": \"typed by hand\","))
        #expect(text.contains("\"maxBody\": 67108864,\n    \"http2\": true\n"))
        #expect(text.contains("\"timeout\": 5,"))
        #expect(text.contains("\"x-first\"") && text.contains("\"x-record-tag\": \"smoke\""))
    }

    @Test func extrasOfAnElementStayOnlyWhileItIsUnchanged() throws {
        let original = JSONValue.object([
            JSONMember(
                key: "query",
                value: .array([
                    .object([JSONMember(key: "name", value: .string("a")), JSONMember(key: "note", value: .string("n"))])
                ])),
            JSONMember(
                key: "body",
                value: .object([
                    JSONMember(key: "kind", value: .string("text")), JSONMember(key: "charset", value: .string("latin1")),
                ])),
        ])
        let canonical = JSONValue.object([
            JSONMember(key: "query", value: .array([.object([JSONMember(key: "name", value: .string("a"))])])),
            JSONMember(key: "body", value: .object([JSONMember(key: "kind", value: .string("text"))])),
        ])
        let unknown = try #require(UnknownMembers.extract(from: original, canonical: canonical))
        #expect(unknown.apply(to: canonical) == original)
        // The item changed (another name) and the body became a form: their extras are dropped.
        let changed = JSONValue.object([
            JSONMember(key: "query", value: .array([.object([JSONMember(key: "name", value: .string("b"))])])),
            JSONMember(key: "body", value: .object([JSONMember(key: "kind", value: .string("form"))])),
        ])
        #expect(unknown.apply(to: changed) == changed)
        #expect(UnknownMembers.extract(from: canonical, canonical: canonical) == nil)
    }

    @Test func unknownMembersReadBackAsTheSameDocument() throws {
        let cases = [
            #"{"x": 1, "format": "workbench-session", "x": 2, "version": 2, "endpoint": {"body": {"kind": "text", "text": "t", "fields": [], "y": null}}}"#,
            #"{"format": "workbench-session", "version": 1, "endpoint": {"query": [{"name": "a", "value": "b", "z": [1]}]}, "requests": [{"endpoint": {}, "captures": [{"name": "t", "from": "status", "w": {}}], "response": {"status": 200, "v": "x"}}]}"#,
            // Found by the fuzzer: known members out of order (extras then come back in written
            // order), and a `kind` where none is known (an extra like any other).
            #"{"format": "workbench-session", "version": 2, "endpoint": {}, "requests": [{"expectations": [], "u1": 1, "endpoint": {}, "captures": [], "u2": 2, "response": {"status": 200, "kind": "k", "v": "x"}}]}"#,
            // Also found by the fuzzer: a known member given twice is read the first time only.
            #"{"format": "workbench-session", "version": 2, "endpoint": {}, "variables": {"a": "1"}, "variables": {"b": "2"}}"#,
        ]
        for text in cases {
            let document = try SessionDecoding.decode(Array(text.utf8), file: "c.json")
            let saved = SessionEncoding.encode(document)
            let again = try SessionDecoding.decode(saved, file: "c.json")
            #expect(again == document, "\(text)")
            #expect(SessionEncoding.encode(again) == saved, "\(text)")
            for key in ["\"x\": 1", "\"y\": null", "\"z\"", "\"w\": {}", "\"v\": \"x\"", "\"u1\": 1", "\"u2\": 2", "\"kind\": \"k\""]
            where text.contains(key) {
                #expect(Self.text(saved).contains(key), "\(key)")
            }
        }
    }

    @Test func aSecretInUnknownMembersIsMasked() throws {
        let text =
            #"{"format": "workbench-session", "version": 2, "endpoint": {"x-note": "pw is hunter2-secret"}, "#
            + #""requests": [{"endpoint": {}, "x-token": {"deep": ["hunter2-secret"]}, "response": {"status": 200, "x": "hunter2-secret"}}]}"#
        var workspace = Workspace()
        try SessionDecoding.decode(Array(text.utf8), file: "u.json").apply(to: &workspace)
        _ = try workspace.apply(.set(name: "pw", value: "hunter2-secret", secret: true), context: CommandContext(environment: [:]))
        let saved = Self.text(SessionEncoding.encode(SessionDocument(workspace: workspace)))
        let autosaved = Self.text(workspace.sessionFileText(encoder: SessionEncoder()))
        #expect(saved == autosaved)
        #expect(!saved.contains("hunter2"))
        #expect(saved.contains(#""x-note": "pw is ******""#) && saved.contains(#""x-token": {"#))
    }

    // MARK: The encoder

    static func bigDocument(records: Int) throws -> SessionDocument {
        var document = try SessionsTests.sampleDocument()
        let template = document.requests
        document.requests = (0..<records).map { template[$0 % template.count] }
        return document
    }

    @Test func assembledTextIsThePrettyTextOfTheWholeDocument() throws {
        for count in [0, 1, 5] {
            var document = try Self.bigDocument(records: count)
            document.unknown = UnknownMembers.extract(
                from: SessionEncoding.canonicalFrame(document).setting("x-note", to: .string("kept")),
                canonical: SessionEncoding.canonicalFrame(document))
            #expect(SessionEncoding.encode(document) == SessionEncoding.encodeAtOnce(document), "\(count)")
            #expect(Self.text(SessionEncoding.encode(document)).contains("\"x-note\": \"kept\""))
            // The records' texts are put in as they are (not the slow way, through one big value).
            #expect(SessionEncoder().encodeChunks(document).count == (count == 0 ? 1 : 2 * count + 1))
        }
    }

    @Test func unchangedRecordsAreNotEncodedAgain() throws {
        let harness = InterpreterHarness()
        try harness.run("base http://127.0.0.1:9\nget /a\nget /b\nget /c")
        let encoder = SessionEncoder()
        let first = harness.workspace.sessionFileText(encoder: encoder)
        #expect(encoder.reusedCount == 0)
        try harness.run("path /d")
        let second = harness.workspace.sessionFileText(encoder: encoder)
        #expect(encoder.reusedCount == 3)
        #expect(second == SessionEncoding.encode(SessionDocument(workspace: harness.workspace)))
        #expect(first != second)
        // `expect` attaches to the last record: only that one is encoded again.
        try harness.run("expect status 200")
        _ = harness.workspace.sessionFileText(encoder: encoder)
        #expect(encoder.reusedCount == 2)
        try harness.run("get /e")
        _ = harness.workspace.sessionFileText(encoder: encoder)
        #expect(encoder.reusedCount == 3)
    }

    @Test func aSecretCapturedLaterIsMaskedInTheCachedRecords() throws {
        let harness = InterpreterHarness()
        harness.transport.responses = [
            .success(scriptedResponse(200, #"{"token":"tok-abcdef-123"}"#)),
            .success(scriptedResponse(200, #"{"echo":"tok-abcdef-123"}"#)),
            .success(scriptedResponse(200, #"{"token":"tok-abcdef-123"}"#)),
        ]
        try harness.run("base http://127.0.0.1:9\nget /login\nget /echo")
        let encoder = SessionEncoder()
        #expect(Self.text(harness.workspace.sessionFileText(encoder: encoder)).contains("tok-abcdef-123"))
        try harness.run("replay 1\ncapture --secret token $.token")
        let text = Self.text(harness.workspace.sessionFileText(encoder: encoder))
        #expect(!text.contains("tok-abcdef-123"))
        #expect(encoder.reusedCount == 0)
        #expect(
            harness.workspace.sessionFileText(encoder: encoder) == SessionEncoding.encode(SessionDocument(workspace: harness.workspace)))
    }
}
