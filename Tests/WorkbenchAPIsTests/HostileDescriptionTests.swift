import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchHTTP
import WorkbenchTestSupport

/// Issue 25: a description with many broken pieces loads in bounded work,
/// each piece found as decoding the whole would find it.
@Suite struct HostileDescriptionTests {
    /// `paths` paths of one GET each; every `every`-th GET is broken, in turns
    /// a parameter without `in` and a security requirement naming no scheme
    /// (OpenAPIKit checks that one only once the whole document is decoded).
    static func brokenDescription(paths: Int, every: Int) -> String {
        var items: [String] = []
        for index in 0..<paths {
            let extra =
                index % every != 0
                ? #""security": [{"key": []}]"#
                : (index / every) % 2 == 0
                    ? #""security": [{"missing": []}]"#
                    : #""parameters": [{"name": "q", "schema": {"type": "string"}}]"#
            items.append(#""/r\#(index)": {"get": {"responses": {"200": {"description": "ok"}}, \#(extra)}}"#)
        }
        return #"{"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "#
            + #""components": {"securitySchemes": {"key": {"type": "apiKey", "in": "header", "name": "K"}}}, "#
            + #""paths": {\#(items.joined(separator: ", "))}}"#
    }

    static func brokenOperations(_ api: APIDescription) -> Set<String> {
        Set(api.warnings.compactMap { $0.split(separator: ":").first.map(String.init) })
    }

    @Test func manyBrokenOperationsAreEachLeftOutOnce() throws {
        // 40 broken of 400 (two halves of 200, decoded apart): past the third, found piece by piece.
        let api = try APIDescription.load(Array(Self.brokenDescription(paths: 400, every: 10).utf8), location: "b.json")
        let expected = Set(stride(from: 0, to: 400, by: 10).map { "GET /r\($0)" })
        #expect(Self.brokenOperations(api) == expected)
        #expect(api.warnings.count == 40)
        #expect(api.routes.reduce(0) { $0 + $1.methods.count } == 360)
        // The lines are OpenAPIKit's, as when each is found by decoding the whole.
        #expect(api.warnings.contains { $0.hasPrefix("GET /r0: ") && $0.contains("must refer to a Security Scheme") })
        #expect(api.warnings.contains { $0.hasPrefix("GET /r10: ") && $0.contains("Expected to find `in` key") })
    }

    @Test func theSearchFindsWhatTheWholeDecodingFinds() throws {
        // A few broken pieces (the plain way) and many (piece by piece) name the same operations.
        for every in [2, 3, 7, 50, 150] {
            let text = Self.brokenDescription(paths: 150, every: every)
            let api = try APIDescription.load(Array(text.utf8), location: "b.json")
            #expect(Self.brokenOperations(api) == Set(stride(from: 0, to: 150, by: every).map { "GET /r\($0)" }), "every \(every)")
        }
    }

    @Test func aBrokenComponentIsFoundOnItsOwn() throws {
        let text =
            #"{"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "components": {"parameters": {"#
            + (0..<5).map { #""p\#($0)": {"name": "x"}"# }.joined(separator: ", ")
            + #", "good": {"name": "g", "in": "query", "schema": {"type": "string"}}}}, "paths": {"/a": {"get": {"responses": {"200": {"description": "ok"}}}}}}"#
        let api = try APIDescription.load(Array(text.utf8), location: "c.json")
        #expect(Self.brokenOperations(api) == Set((0..<5).map { "components/parameters/p\($0)" }))
        #expect(api.routes.count == 1)
    }

    @Test func moreThanAHundredBrokenPiecesAreRefused() {
        let error = thrownError { () throws(WorkbenchError) in
            _ = try APIDescription.load(Array(Self.brokenDescription(paths: 150, every: 1).utf8), location: "b.json")
        }
        #expect(error?.message == "b.json cannot be read as OpenAPI 3.0.3: more than 100 pieces are broken")
    }

    @Test func theWorkBoundIsNamed() throws {
        var work = DecodingWork(name: "w.json", version: "3.1.0", treeValues: 10)
        try work.charge(DecodingWork.allowance)
        let error = thrownError { () throws(WorkbenchError) in try work.charge(81) }
        #expect(
            error?.message == "w.json cannot be read as OpenAPI 3.1.0: decoding it again around its broken pieces would read "
                + "more than 10000080 values (the bound on loading work: 8 times its 10 values plus 10000000)")
    }

    @Test func valueCountCountsContainersAndScalars() throws {
        #expect(try JSONParser.parse(#"{"a": [1, 2, {"b": null}], "c": "d"}"#).valueCount == 7)
    }
}
