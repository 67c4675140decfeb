import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// `body example`, `expect schema` (now and on replay) and the parameter
/// warnings of `show`/`send`, through the interpreter (fake files, scripted
/// transport), and the pure checks under them.
@Suite struct SchemaCommandsTests {
    static let shop = #"""
        openapi: 3.1.0
        info: {title: Shop, version: "1"}
        servers: [{url: "http://shop.test/v1"}]
        paths:
          /items:
            get:
              parameters:
                - {name: status, in: query, required: true, schema: {type: string, enum: [available, sold]}}
                - {name: tags, in: query, schema: {type: array, items: {type: string, enum: [red, blue]}}}
                - {name: X-Tenant, in: header, required: true, schema: {type: string}}
                - {name: Accept, in: header, required: true, schema: {type: string}}
              responses:
                '2XX': {description: ok, content: {application/json: {schema: {type: array, items: {$ref: '#/components/schemas/Item'}}}}}
            post:
              requestBody: {content: {application/vnd.shop+json: {schema: {$ref: '#/components/schemas/Item'}}}}
              responses: {'204': {description: stored}}
          /items/{itemId}:
            get:
              parameters: [{name: itemId, in: path, required: true, schema: {type: string, enum: [a1, b2]}}]
              responses:
                '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Item'}}}}
                '404': {description: gone, content: {text/plain: {}}}
        components:
          schemas:
            Item:
              type: object
              required: [id, name]
              additionalProperties: false
              properties:
                id: {type: integer, readOnly: true}
                name: {type: string}
        """#

    static func harness() -> InterpreterHarness {
        InterpreterHarness(files: ["shop.yaml": Array(shop.utf8)])
    }

    static func reply(_ status: Int, _ body: String) -> Result<HTTPResponse, WorkbenchError> {
        .success(
            HTTPResponse(
                statusLine: "HTTP/1.1 \(status) X", statusCode: status,
                headers: [HeaderField(name: "Content-Type", value: "application/json")], body: Array(body.utf8)))
    }

    @Test func parsingAndText() throws {
        #expect(try CommandParser.parse("body example") == .command(.bodyExample))
        #expect(try CommandParser.parse("expect schema") == .command(.expect(.schema)))
        #expect(try Expectation.parse("schema") == .schema)
        #expect(Expectation.schema.text == "schema")
        #expect(throws: WorkbenchError.self) { try Expectation.parse("schema 200") }
        // More words are a text body, as before.
        #expect(try CommandParser.parse("body example now") == .command(.body(.text("example now"))))
    }

    @Test func bodyExampleSetsAJSONBodyWithTheOperationsMediaType() throws {
        let h = Self.harness()
        try h.run("openapi shop.yaml\nmethod POST\npath /items")
        #expect(try h.printed("body example").hasPrefix("body: an example application/vnd.shop+json body for POST /items"))
        #expect(h.endpoint.body == .json("{\n  \"name\": \"string\"\n}"))
        #expect(h.endpoint.headers.values(of: "Content-Type") == ["application/vnd.shop+json"])
    }

    @Test func bodyExampleFailuresChangeNothing() throws {
        let h = Self.harness()
        try h.run("method POST\npath /items")
        #expect(h.failure("body example")?.message == "body example: no API description loaded: `openapi FILE-or-URL` first")
        try h.run("openapi shop.yaml\nbody json {\"keep\": true}\nmethod GET")
        let before = WorkspaceSnapshot(h.workspace)
        #expect(h.failure("body example")?.message == "body example: GET /items takes no request body")
        try h.run("method DELETE")
        #expect(
            h.failure("body example")?.message == "body example: DELETE /items is not an operation of shop.yaml (it has GET, POST there)")
        try h.run("method GET")
        #expect(WorkspaceSnapshot(h.workspace) == before)
    }

    @Test func expectSchemaChecksTheLastResponseAndIsRecorded() throws {
        let h = Self.harness()
        h.transport.responses = [Self.reply(200, #"{"id":1,"name":"Rex"}"#), Self.reply(200, #"{"id":"x"}"#), Self.reply(404, "gone")]
        try h.run("openapi shop.yaml\nbase http://shop.test/v1\nget /items/a1")
        #expect(try h.printed("expect schema") == "PASS schema: GET /items/{itemId} 200 (Item)")
        try h.run("get /items/b2")
        let failed = h.failure("expect schema")?.message ?? ""
        #expect(failed.hasPrefix("expectation failed: schema: 2 violations of GET /items/{itemId} 200 (Item) (kept on request 2"))
        #expect(!failed.contains("\n"))
        // The violations are output, one per line, under the same first line.
        #expect(h.output.lines.last?.hasPrefix("FAIL schema: 2 violations of GET /items/{itemId} 200 (Item)") == true)
        #expect(
            h.output.lines.last?.hasSuffix("\n  $: missing required property 'name'\n  $.id: expected an integer, got a string") == true)
        #expect(h.workspace.history[1].expectations == [.schema])
        try h.run("get /items/a1")
        #expect(
            h.failure("expect schema")?.message.contains(
                "schema: GET /items/{itemId} 404 has no JSON schema to check against (it documents text/plain)") == true)
    }

    @Test func controlCharactersFromTheServerAreEscaped() throws {
        let h = Self.harness()
        h.transport.responses = [Self.reply(200, #"{"id":1,"name":"x","\u001b]0;owned\u0007":1,"\u009b2J":2}"#)]
        try h.run("openapi shop.yaml\nbase http://shop.test/v1\nget /items/a1")
        let error = h.failure("expect schema")?.message ?? ""
        let shown = h.output.lines.last ?? ""
        #expect(shown.contains(#"$["\x1b]0;owned\x07"]: property '\x1b]0;owned\x07' is not allowed"#))
        #expect(shown.contains(#"\x9b2J"#))
        #expect(!(shown + error).unicodeScalars.contains { $0.value == 0x1b || $0.value == 0x07 || $0.value == 0x9b })
    }

    @Test func expectSchemaWithoutADescriptionRecordsNothing() throws {
        let h = Self.harness()
        try h.run("base http://shop.test/v1\nget /items/a1")
        #expect(h.failure("expect schema")?.message == "expect schema: no API description loaded: `openapi FILE-or-URL` first")
        #expect(h.workspace.history[0].expectations.isEmpty)
    }

    @Test func replayChecksAgainstTheDescription() throws {
        let h = Self.harness()
        h.transport.responses = [Self.reply(200, #"{"id":1,"name":"Rex"}"#), Self.reply(200, #"{"name":2}"#)]
        try h.run("openapi shop.yaml\nbase http://shop.test/v1\nget /items/a1\nexpect schema")
        let error = h.failure("replay 1")
        #expect(error?.message == "replay: 1 of 1 request failed")
        #expect(h.output.lines.contains { $0.contains("$.name: expected a string, got a number") })
        // Without the description, the replayed check fails with the reason.
        try h.run("openapi off")
        h.transport.responses = [Self.reply(200, #"{"id":1,"name":"Rex"}"#)]
        _ = h.failure("replay 1")
        #expect(h.output.lines.last?.contains("schema: no API description loaded") == true)
    }

    @Test func showWarnsAndStillShows() throws {
        let h = Self.harness()
        try h.run("openapi shop.yaml\nbase http://shop.test/v1\npath /items\nshow")
        // One error line each (a terminal shows a newline inside one line escaped).
        #expect(
            h.output.errors == [
                "warning: GET /items: required query parameter 'status' is missing",
                "warning: GET /items: required header 'X-Tenant' is missing",
            ])
        #expect(h.output.lines.last?.hasPrefix("GET /v1/items HTTP/1.1") == true)
        try h.run("query add status sold\nquery add tags red,green\nheader x-tenant: t\nsend")
        #expect(h.output.errors.last == "warning: GET /items: query parameter 'tags' is 'green', not one of red, blue")
        #expect(h.transport.sent.count == 1)
    }

    @Test func parameterCheckIsPure() throws {
        let api = try APIDescription.load(Array(Self.shop.utf8), location: "shop.yaml")
        let operation = try #require(api.operation(method: "GET", path: "/items/{itemId}"))
        #expect(
            ParameterCheck.warnings(for: operation, pathValues: ["itemId": "{itemId}"], query: [], headers: [])
                == ["warning: GET /items/{itemId}: path parameter {itemId} is not filled"])
        #expect(
            ParameterCheck.warnings(for: operation, pathValues: ["itemId": "c3"], query: [], headers: [])
                == ["warning: GET /items/{itemId}: path parameter 'itemId' is 'c3', not one of a1, b2"])
        #expect(ParameterCheck.warnings(for: operation, pathValues: ["itemId": "a1"], query: [], headers: []) == [])
        let list = try #require(api.operation(method: "GET", path: "/items"))
        // A value holding a secret (shown differs from sent) is not compared.
        let secret = ParameterCheck.Value(name: "status", value: "lost", shown: "******")
        #expect(
            ParameterCheck.warnings(for: list, pathValues: [:], query: [secret], headers: [.init(name: "X-TENANT", value: "t", shown: "t")])
                == [])
    }

    @Test func responseSchemaCheckFindsOperationsBelowTheServersPath() throws {
        let api = try APIDescription.load(Array(Self.shop.utf8), location: "shop.yaml")
        let passed = ResponseSchemaCheck.check(
            api, method: "GET", path: "/v1/items", status: 201, body: Array(#"[{"id":1,"name":"a"}]"#.utf8))
        #expect(passed == .init(passed: true, detail: "GET /items 2XX (array of Item)"))
        let noBody = ResponseSchemaCheck.check(api, method: "POST", path: "/items", status: 204, body: [])
        #expect(noBody == .init(passed: true, detail: "POST /items 204 (no body, as documented)"))
        let undocumented = ResponseSchemaCheck.check(api, method: "POST", path: "/items", status: 500, body: [])
        #expect(undocumented == .init(passed: false, detail: "POST /items documents no response for 500 (only 204)"))
        let many = "[" + Array(repeating: #"{"id":"x","name":"a"}"#, count: 30).joined(separator: ",") + "]"
        let capped = ResponseSchemaCheck.check(api, method: "GET", path: "/items", status: 200, body: Array(many.utf8))
        #expect(capped.detail.hasPrefix("30 violations of GET /items 2XX"))
        #expect(capped.detail.hasSuffix("  ... and 10 more"))
    }

    @Test func aSessionsDescriptionIsFoundBesideTheSessionFile() throws {
        #expect(SessionDescription.candidatePaths("shop.yaml", sessionFile: "runs/s.json") == ["runs/shop.yaml", "shop.yaml"])
        #expect(SessionDescription.candidatePaths("/specs/shop.yaml", sessionFile: "runs/s.json") == ["/specs/shop.yaml"])
        #expect(SessionDescription.candidatePaths("shop.yaml", sessionFile: "s.json") == ["shop.yaml"])
        let files = FakeFiles(["runs/shop.yaml": Array(Self.shop.utf8), "broken.yaml": Array("openapi: [".utf8)])
        let read: (String) throws(WorkbenchError) -> [UInt8] = { path throws(WorkbenchError) in try files.read(path) }
        let transport = ScriptedTransport()
        let found = SessionDescription.load("shop.yaml", sessionFile: "runs/s.json", transport: transport, readFile: read)
        #expect((try? found.get())?.title == "Shop")
        guard
            case .failure(let missing) = SessionDescription.load(
                "gone.yaml", sessionFile: "runs/s.json", transport: transport, readFile: read)
        else {
            Issue.record("a missing description must fail")
            return
        }
        #expect(missing.message.hasPrefix("gone.yaml: cannot read 'runs/gone.yaml'"))
        guard
            case .failure(let broken) = SessionDescription.load("broken.yaml", sessionFile: "s.json", transport: transport, readFile: read)
        else {
            Issue.record("a broken description must fail")
            return
        }
        #expect(broken.message.hasPrefix("broken.yaml: "))
        #expect(transport.sent.isEmpty)
    }
}
