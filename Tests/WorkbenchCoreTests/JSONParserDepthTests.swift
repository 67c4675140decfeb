import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// `JSONParser.maximumDepth`: one nesting bound in the parser every format reads through.
/// JSON 70,000 levels deep in an introspection result, a HAR log or a Postman
/// collection crashed the process (SIGSEGV) when the parsed value was dropped.
/// The inputs are made here.
@Suite struct JSONParserDepthTests {
    static let hostileDepth = 70_000

    static func brackets(_ depth: Int, inner: String = "1") -> String {
        String(repeating: "[", count: depth) + inner + String(repeating: "]", count: depth)
    }

    @Test func theParserRefusesAContainerPastItsBoundAtItsBracket() throws {
        let deep = Self.brackets(Self.hostileDepth)
        let failure = try #require(thrownParseFailure { () throws(JSONSyntax.Failure) in _ = try JSONParser.parse(deep) })
        #expect(failure.isNestingBound)
        #expect(failure.offset == JSONParser.maximumDepth && failure.column == JSONParser.maximumDepth + 1)
        #expect(failure.reason == "nested more than \(JSONParser.maximumDepth) levels deep")
        // At the bound it parses; a reader's own bound is tighter.
        #expect(try JSONParser.parse(Self.brackets(JSONParser.maximumDepth)).nestingDepth() == JSONParser.maximumDepth)
        #expect(
            thrownParseFailure { () throws(JSONSyntax.Failure) in _ = try JSONParser.parse(Self.brackets(11), maximumDepth: 10) }?.offset
                == 10)
        #expect(try JSONParser.parse(#"{"a":{"b":[{}]}}"#, maximumDepth: 4).nestingDepth() == 4)
        // Broken JSON that is also deep is a syntax problem only where the syntax breaks first.
        let broken = thrownParseFailure { () throws(JSONSyntax.Failure) in _ = try JSONParser.parse("[1 2]") }
        #expect(broken?.isNestingBound == false)
    }

    @Test func harAndPostmanFilesNestedDeepAreOneErrorNamingTheBound() {
        let har =
            #"{"log": {"version": "1.2", "entries": [{"request": {"method": "GET", "url": "http://h.test/", "x": "#
            + Self.brackets(Self.hostileDepth) + "}}]}}"
        let postman =
            #"{"info": {"name": "c", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"}, "item": "#
            + Self.brackets(Self.hostileDepth) + "}"
        for (name, text) in [("deep.har", har), ("deep.postman_collection.json", postman)] {
            let error = thrownError { () throws(WorkbenchError) in
                try FileImport.read(
                    text, named: name, settings: Settings(),
                    readFile: { path throws(WorkbenchError) in
                        throw WorkbenchError("cannot read \(path)")
                    })
            }
            #expect(error?.message.hasPrefix("\(name): line 1, column ") == true, "\(String(describing: error))")
            #expect(error?.message.hasSuffix(": nested more than \(FileImport.maximumDepth) levels deep; not imported") == true)
        }
    }

    @Test func aSessionNestedDeepIsOneError() {
        let text =
            #"{"format": "\#(SessionDocument.formatName)", "version": \#(SessionDocument.formatVersion), "requests": [], "x": "#
            + Self.brackets(Self.hostileDepth) + "}"
        let error = thrownError { () throws(WorkbenchError) in try SessionDecoding.decode(Array(text.utf8), file: "deep.json") }
        #expect(error?.message.contains("nested more than \(SessionDecoding.maximumDepth) levels deep; not a session file") == true)
    }

    /// An introspection result as deep as the hostile server's 200 KB of brackets.
    static let deepIntrospection = #"{"data": {"__schema": {"types": "# + brackets(hostileDepth) + "}}}"

    @Test func aDeepIntrospectionFileOrAnswerIsOneErrorAndChangesNothing() throws {
        let h = GraphQLTests.harness()
        try h.run("graphql schema schema.graphql")
        let before = WorkspaceSnapshot(h.workspace)
        h.files.contents["deep.json"] = Array(Self.deepIntrospection.utf8)
        #expect(
            h.failure("graphql schema deep.json")?.message
                == "deep.json: JSON nested more than 512 levels deep at line 1, column 542 (byte 541)")
        try h.run("base http://127.0.0.1:9/api")
        let based = WorkspaceSnapshot(h.workspace)
        h.transport.responses = [.success(GraphQLTests.response(200, Self.deepIntrospection))]
        #expect(
            h.failure("graphql schema http://127.0.0.1:9/graphql")?.message
                == "graphql schema: http://127.0.0.1:9/graphql answered JSON nested more than 512 levels deep at line 1, column 542 (byte 541)"
        )
        h.transport.responses = [.success(GraphQLTests.response(200, Self.deepIntrospection))]
        #expect(h.failure("graphql schema")?.message.contains("answered JSON nested more than 512 levels deep") == true)
        #expect(WorkspaceSnapshot(h.workspace) == based)
        #expect(h.workspace.graphqlSchemaLocation == "schema.graphql")
        _ = before
    }

    @Test func bodiesAndCapturesReadThroughTheSameBound() throws {
        let h = InterpreterHarness()
        try h.run("base http://127.0.0.1:9")
        h.transport.responses = [
            .success(
                HTTPResponse(
                    statusLine: "HTTP/1.1 200 OK", statusCode: 200,
                    headers: [HeaderField(name: "Content-Type", value: "application/json")],
                    body: Array(Self.brackets(Self.hostileDepth).utf8)))
        ]
        try h.run("get /deep")
        #expect(h.failure("capture x $[0]")?.message.contains("nested more than 512 levels deep") == true)
    }
}

private func thrownParseFailure(_ body: () throws(JSONSyntax.Failure) -> Void) -> JSONSyntax.Failure? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}
