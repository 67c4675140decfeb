import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// `openapi`, `ls`, `cd`, `describe`, the session's description and completion
/// from it, through the interpreter (fake files, scripted transport).
@Suite struct OpenAPICommandsTests {
    static func fixture(_ name: String) throws -> [UInt8] {
        try FileSystem.read(Fixtures.folder + "OpenAPI/" + name)
    }

    static func harness() throws -> InterpreterHarness {
        InterpreterHarness(files: [
            "petstore.yaml": try fixture("petstore.yaml"),
            "zoo.yaml": try fixture("zoo-3.1.yaml"),
            "broken.json": try fixture("broken-operation.json"),
            "notes.txt": Array("just some notes\n".utf8),
        ])
    }

    @Test func loadingSetsTheBaseOnlyWhenThereIsNone() throws {
        let h = try Self.harness()
        let text = try h.printed("openapi petstore.yaml")
        #expect(text.hasPrefix("loaded petstore.yaml: Swagger Petstore 1.0.0 (OpenAPI 3.0.0)\n3 operations on 2 paths"))
        #expect(h.endpoint.base == "http://petstore.swagger.io/v1")
        #expect(try h.printed("openapi").hasPrefix("petstore.yaml: Swagger Petstore"))
        // A second description leaves the base as it is, and says so.
        let second = try h.printed("openapi zoo.yaml")
        #expect(second.contains("the base stays http://petstore.swagger.io/v1\nits first server: http://localhost:8080/zoo"))
        #expect(h.endpoint.base == "http://petstore.swagger.io/v1")
        #expect(try h.printed("openapi off") == "forgot zoo.yaml (the base stays)")
        #expect(h.workspace.api == nil && h.workspace.apiLocation == nil)
        #expect(try h.printed("openapi").hasPrefix("(no API description"))
    }

    @Test func badDescriptionsAreOneErrorAndChangeNothing() throws {
        let h = try Self.harness()
        try h.run("openapi petstore.yaml")
        let before = WorkspaceSnapshot(h.workspace)
        #expect(h.failure("openapi notes.txt")?.message.contains("not an OpenAPI description") == true)
        #expect(h.failure("openapi missing.yaml")?.message.contains("cannot read") == true)
        #expect(WorkspaceSnapshot(h.workspace) == before)
    }

    @Test func aBrokenOperationIsOneWarning() throws {
        let h = try Self.harness()
        try h.run("openapi broken.json")
        #expect(h.output.errors.count == 1)
        #expect(h.output.errors.first?.hasPrefix("warning: broken.json: left out GET /bad: ") == true)
        #expect(try h.printed("ls /").contains("bad"))
    }

    @Test func lsCdAndDescribe() throws {
        let h = try Self.harness()
        try h.run("openapi zoo.yaml")
        #expect(
            try h.printed("ls") == """
                animals/       GET POST
                  mine         GET
                  {animalId}   GET DELETE
                keepers/
                  {keeperId}/
                    animals    GET
                """)
        try h.run("cd animals")
        #expect(h.endpoint.path == "/animals")
        try h.run("cd {id}")
        #expect(h.endpoint.path == "/animals/{animalId}")
        // Unfilled: not sent.
        #expect(h.failure("send")?.message.contains("still has {animalId} to fill") == true)
        #expect(h.transport.sent.isEmpty)
        try h.run("cd ../7")
        #expect(h.endpoint.path == "/animals/7")
        let described = try h.printed("describe")
        #expect(described.hasPrefix("GET /animals/{animalId}\n"))
        #expect(described.contains("animalId  path    required  integer  e.g. 7"))
        #expect(described.contains("200  One animal  (application/json: Animal)"))
        try h.run("send")
        #expect(h.transport.sent.first?.request.url == "http://localhost:8080/zoo/animals/7")
        try h.run("cd /")
        #expect(h.endpoint.path == "/")
        #expect(h.failure("cd ..")?.message.contains("goes above the top") == true)
        #expect(h.failure("cd lions")?.message.contains("/lions is not a path of zoo.yaml") == true)
        #expect(h.endpoint.path == "/")

        let post = try h.printed("describe POST /animals")
        #expect(post.contains("request body (required): application/json"))
        #expect(post.contains("  name: string, required"))
        #expect(post.contains("  kind: string, required, one of: cat, dog, owl"))
        #expect(h.failure("describe PUT /animals")?.message == "describe: zoo.yaml has no PUT /animals (it has GET, POST)")
        // Every line fits 80 columns.
        for text in [post, try h.printed("describe /animals"), try h.printed("ls")] {
            for line in text.split(separator: "\n") { #expect(line.count <= 80, "\(line)") }
        }
    }

    @Test func withoutADescription() throws {
        let h = try Self.harness()
        #expect(h.failure("ls")?.message == "ls: no API description loaded: `openapi FILE-or-URL` first")
        // `cd` still moves the path, like a folder.
        try h.run("base http://127.0.0.1:9\ncd /a/b\ncd ../c")
        #expect(h.endpoint.path == "/a/c")
    }

    @Test func aURLIsFetchedThroughTheTransport() throws {
        let h = try Self.harness()
        h.transport.responses = [
            .success(
                HTTPResponse(
                    statusLine: "HTTP/1.1 200 OK", statusCode: 200, headers: [], body: try Self.fixture("broken-operation.json")))
        ]
        try h.run("openapi http://127.0.0.1:5000/spec.json")
        #expect(h.transport.sent.first?.request.url == "http://127.0.0.1:5000/spec.json")
        #expect(h.workspace.apiLocation == "http://127.0.0.1:5000/spec.json")
        #expect(h.workspace.history.isEmpty)
        h.transport.responses = [.success(HTTPResponse(statusLine: "HTTP/1.1 404 Not Found", statusCode: 404, headers: [], body: []))]
        #expect(h.failure("openapi http://127.0.0.1:5000/nothing")?.message.contains("answered HTTP/1.1 404 Not Found") == true)
        #expect(h.workspace.apiLocation == "http://127.0.0.1:5000/spec.json")
    }

    @Test func theSessionNamesTheDescriptionAndLoadsItAgain() throws {
        let h = try Self.harness()
        try h.run("openapi zoo.yaml\nsave s.json")
        let saved = try JSONParser.parse(try #require(h.files.contents["s.json"]))
        #expect(saved["openapi"] == .string("zoo.yaml"))
        #expect(saved["version"] == .number("2"))

        let fresh = InterpreterHarness(files: ["s.json": h.files.contents["s.json"]!, "zoo.yaml": try Self.fixture("zoo-3.1.yaml")])
        try fresh.run("load s.json")
        #expect(fresh.workspace.api?.location == "zoo.yaml")
        #expect(fresh.output.lines.last?.contains("loaded zoo.yaml") == true)

        // The description gone: a warning, the session loaded all the same, and saved again still names it.
        let missing = InterpreterHarness(files: ["s.json": h.files.contents["s.json"]!])
        try missing.run("load s.json")
        #expect(
            missing.output.errors == [
                "warning: the session's API description was not loaded: cannot read 'zoo.yaml': No such file or directory"
            ])
        #expect(missing.workspace.api == nil && missing.workspace.apiLocation == "zoo.yaml")
        try missing.run("save again.json")
        #expect(try JSONParser.parse(try #require(missing.files.contents["again.json"]))["openapi"] == .string("zoo.yaml"))
    }

    @Test func completionFromTheDescription() throws {
        let h = try Self.harness()
        try h.run("openapi zoo.yaml")
        func complete(_ line: String) -> [String] {
            Completion(workspace: h.workspace, listDirectory: { _ in [] }).candidates(forLinePrefix: line)
        }
        #expect(complete("cd ") == ["animals/", "keepers/"])
        #expect(complete("openapi o") == ["off"])
        #expect(complete("cd an") == ["animals/"])
        #expect(complete("cd animals/") == ["animals/mine", "animals/{animalId}", "animals/7", "animals/12"])
        #expect(complete("get /keepers/") == ["/keepers/{keeperId}/", "/keepers/ann/", "/keepers/bob/"])
        #expect(complete("path /k") == ["/keepers/"])
        try h.run("cd animals")
        #expect(complete("method ") == ["GET", "POST"])
        #expect(complete("query add ") == ["kind", "limit"])
        #expect(complete("query add kind ") == ["cat", "dog", "owl"])
        #expect(complete("query add limit ") == ["20"])
        #expect(complete("header X-") == ["X-Trace:", "X-Api-Key:", "X-Request-Id:"])
        #expect(complete("describe ").prefix(2) == ["GET", "POST"])
        try h.run("cd 7")
        #expect(complete("method ") == ["GET", "DELETE"])
    }

    @Test func parsing() throws {
        #expect(try CommandParser.parse("openapi spec.yaml") == .command(.openapi("spec.yaml")))
        #expect(try CommandParser.parse("openapi") == .command(.openapiShow))
        #expect(try CommandParser.parse("openapi off") == .command(.openapiOff))
        #expect(try CommandParser.parse("ls") == .command(.ls(nil)))
        #expect(try CommandParser.parse("cd ..") == .command(.cd("..")))
        #expect(try CommandParser.parse("describe post /pets") == .command(.describe(method: "POST", path: "/pets")))
        #expect(try CommandParser.parse("describe /pets") == .command(.describe(method: nil, path: "/pets")))
        #expect(throws: WorkbenchError.self) { try CommandParser.parse("cd") }
        #expect(throws: WorkbenchError.self) { try CommandParser.parse("describe a b c") }
    }

    @Test func descriptionTextIsEscapedOnATerminal() throws {
        // The description's JSON escapes make raw controls in its strings.
        let text =
            #"{"openapi":"3.0.0","info":{"title":"T\u001b]0;owned\u0007","version":"1\u001b[2J"},"#
            + #""paths":{"/p\u001b[2Jx":{"get":{"operationId":"op\u001b]52;c;aGk=\u0007","summary":"s\u202eum","#
            + #""responses":{"200":{"description":"ok\u001b[2J"}}}}}}"#
        let escape = "\u{1B}"
        let harness = InterpreterHarness(files: ["evil.json": Array(text.utf8)])
        harness.interpreter.display = DisplayOptions(outputIsTerminal: true, noColorRequested: true)
        try harness.run("openapi evil.json\nls\ndescribe GET /p\(escape)[2Jx")
        let shown = harness.output.lines.joined(separator: "\n")
        #expect(!shown.contains(escape) && !shown.contains("\u{07}") && !shown.contains("\u{202E}"), "\(shown)")
        #expect(shown.contains("T\\x1b]0;owned\\x07") && shown.contains("s\\u{202e}um"))
        // A pipe gets the text as the description has it.
        let piped = InterpreterHarness(files: ["evil.json": Array(text.utf8)])
        try piped.run("openapi evil.json")
        #expect(piped.output.lines.joined().contains("T\(escape)]0;owned\u{07}"))
    }
}
