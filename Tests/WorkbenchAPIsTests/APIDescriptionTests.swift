import OpenAPIKit
import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchHTTP
import WorkbenchTestSupport

/// Loading real and written descriptions (3.0, 3.1, Swagger 2.0, a broken
/// one) and finding operations in them.
@Suite struct APIDescriptionTests {
    static let fixtures: String = {
        let file = String(#filePath)
        let tests = file[..<file.lastIndex(of: "/")!]
        return tests[..<tests.lastIndex(of: "/")!] + "/Fixtures/OpenAPI/"
    }()

    static func load(_ name: String, sourceURL: String? = nil) throws -> APIDescription {
        try APIDescription.load(try FileSystem.read(fixtures + name), location: name, sourceURL: sourceURL)
    }

    @Test func petstoreThreeZero() throws {
        let api = try Self.load("petstore.yaml")
        #expect(api.sourceVersion == "3.0.0")
        #expect(api.warnings.isEmpty)
        #expect(api.defaultBase == "http://petstore.swagger.io/v1")
        #expect(
            api.routes == [
                APIRoute(template: "/pets", methods: ["GET", "POST"]),
                APIRoute(template: "/pets/{petId}", methods: ["GET"]),
            ])
        let list = try #require(api.operation(method: "get", path: "/pets"))
        #expect(list.operationId == "listPets")
        let limit = try #require(list.parameters.first)
        #expect(limit.name == "limit" && limit.location == "query" && !limit.required)
        #expect(limit.typeDescription == "integer (int32)")
        // $ref to Pets (an array of Pet) resolved.
        let schema = try #require(list.responseSchema(forStatus: 200))
        #expect(schema.isArray)
        #expect(schema.arrayContext?.items?.objectContext?.properties["name"]?.isString == true)
        #expect(list.responses.first?.headers == ["x-next"])
        // 500 has no code of its own: `default`.
        #expect(list.response(forStatus: 500)?.status == "default")

        let one = try #require(api.operation(method: "GET", path: "/pets/42"))
        #expect(one.pathTemplate == "/pets/{petId}")
        #expect(one.parameters(in: "path").map(\.name) == ["petId"])
        #expect(api.operation(method: "DELETE", path: "/pets/42") == nil)
        #expect(api.operation(method: "GET", path: "/owners") == nil)
    }

    @Test func everyOfficialExampleLoads() throws {
        for name in ["petstore-expanded.yaml", "api-with-examples.yaml", "callback-example.yaml", "link-example.yaml"] {
            let api = try Self.load(name)
            #expect(api.warnings.isEmpty, "\(name): \(api.warnings)")
            #expect(!api.routes.isEmpty, "\(name)")
        }
        let expanded = try Self.load("petstore-expanded.yaml")
        let add = try #require(expanded.operation(method: "POST", path: "/pets"))
        // NewPet's properties, with `required` kept: name is, tag is not.
        let body = try #require(add.requestBody?.jsonSchema?.objectContext)
        #expect(body.requiredProperties == ["name"])
        let find = try #require(expanded.operation(method: "GET", path: "/pets"))
        let tags = try #require(find.parameters.first { $0.name == "tags" })
        #expect(tags.typeDescription == "array of string")
    }

    @Test func threeOneWithCyclesRangesAndPathLevelParameters() throws {
        let api = try Self.load("zoo-3.1.yaml")
        #expect(api.sourceVersion == "3.1.0")
        #expect(api.defaultBase == "http://localhost:8080/zoo")
        // Literal segments win over parameters.
        #expect(api.operation(method: "GET", path: "/animals/mine")?.pathTemplate == "/animals/mine")
        let one = try #require(api.operation(method: "GET", path: "/animals/7"))
        #expect(one.pathTemplate == "/animals/{animalId}")
        let id = try #require(one.parameters.first)
        #expect(id.location == "path" && id.required && id.examples == ["7", "12"])
        // The recursive Animal.parent stays a reference, resolved on demand.
        let animal = try #require(one.responseSchema(forStatus: 200))
        guard case .all(let parts, _) = animal.value else {
            Issue.record("Animal is not allOf: \(animal)")
            return
        }
        #expect(parts[0].objectContext?.properties["kind"]?.allowedValues?.count == 3)
        let parent = try #require(parts[1].objectContext?.properties["parent"])
        #expect(parent.isReference)
        #expect(!parent.required)
        #expect(api.resolved(parent).isReference == false)

        let list = try #require(api.operation(method: "GET", path: "/animals"))
        #expect(list.parameters.first { $0.name == "kind" }?.enumValues == ["cat", "dog", "owl"])
        #expect(list.parameters.first { $0.name == "limit" }?.defaultValue == "20")
        #expect(list.parameters(in: "header").map(\.name) == ["X-Trace"])
        #expect(list.response(forStatus: 204)?.status == "2XX")
        #expect(list.response(forStatus: 204)?.jsonContentType == "application/vnd.zoo+json")
        #expect(list.responseSchema(forStatus: 404)?.objectContext?.properties["title"] != nil)

        #expect(api.children(of: "/").map(\.segment) == ["animals", "keepers"])
        #expect(api.children(of: "/animals").map(\.segment) == ["mine", "{animalId}"])
        #expect(api.children(of: "/animals").map(\.hasChildren) == [false, false])
        #expect(api.routes(below: "/keepers").map(\.template) == ["/keepers/{keeperId}/animals"])
        #expect(api.contains(path: "/keepers/ann"))
        #expect(!api.contains(path: "/lions"))
        #expect(api.pathParameterValues(path: "/keepers/ann/animals", template: "/keepers/{keeperId}/animals") == ["keeperId": "ann"])
    }

    @Test func swaggerTwoIsConverted() throws {
        let api = try Self.load("swagger2.json")
        #expect(api.sourceVersion == "2.0")
        #expect(api.defaultBase == "http://127.0.0.1:8000/v2")
        let list = try #require(api.operation(method: "GET", path: "/books"))
        let sort = try #require(list.parameters.first)
        #expect(sort.enumValues == ["title", "year"] && sort.defaultValue == "title")
        #expect(list.parameters(in: "header").map(\.name) == ["X-Request-Id"])
        let add = try #require(api.operation(method: "POST", path: "/books"))
        #expect(add.requestBody?.required == true)
        #expect(add.requestBody?.jsonSchema?.objectContext?.properties["title"]?.isString == true)
        let cover = try #require(api.operation(method: "PUT", path: "/books/123/cover"))
        #expect(cover.parameters.map(\.name) == ["isbn"])
        #expect(cover.requestBody?.contentTypes == ["multipart/form-data"])
    }

    @Test func oneBrokenOperationIsLeftOutWithAWarning() throws {
        let api = try Self.load("broken-operation.json")
        #expect(api.warnings.count == 1)
        #expect(api.warnings.first?.hasPrefix("GET /bad:") == true, "\(api.warnings)")
        #expect(api.routes.map(\.template) == ["/good", "/bad", "/also-good/{id}"])
        #expect(api.operation(method: "POST", path: "/bad") != nil)
        #expect(api.operation(method: "GET", path: "/bad") == nil)
    }

    @Test func aLargeDescriptionIsDecodedInTwoHalvesAndJoinedInOrder() throws {
        var paths: [String] = []
        for index in 0..<250 {
            let location = index == 200 ? "nowhere" : "query"
            paths.append(
                """
                "/p\(index)/{id}": {"get": {"parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}},
                  {"name": "q", "in": "\(location)", "schema": {"type": "string"}}], "responses": {"200": {"description": "ok"}}}}
                """)
        }
        let text = """
            {"openapi": "3.0.3", "info": {"title": "many", "version": "1"}, "paths": {\(paths.joined(separator: ","))},
             "components": {"schemas": {"A": {"type": "string"}}}}
            """
        let api = try APIDescription.load(Array(text.utf8), location: "many.json")
        #expect(DescriptionLoading.split(try JSONParser.parse(text)).count == 2)
        #expect(api.routes.count == 250)
        #expect(api.routes.map(\.template) == (0..<250).map { "/p\($0)/{id}" })
        #expect(api.warnings.count == 1 && api.warnings[0].hasPrefix("GET /p200/{id}: "), "\(api.warnings)")
        #expect(api.operation(method: "GET", path: "/p249/7")?.parameters.map(\.name) == ["id", "q"])
        #expect(api.document.components.schemas.count == 1)
    }

    @Test func notADescriptionIsOneError() {
        for (text, expected) in [
            ("{\"hello\": 1}", "no `openapi` or `swagger` version"),
            ("[1, 2]", "its top level is an array"),
            ("{\"openapi\": ", "not valid JSON"),
            ("openapi: 4.0.0\ninfo: {}", "reads OpenAPI 3.0, 3.1"),
            ("key: [unclosed", "neither JSON nor YAML"),
        ] {
            #expect {
                _ = try APIDescription.load(Array(text.utf8), location: "x.yaml")
            } throws: { error in
                (error as? WorkbenchError)?.message.contains(expected) == true
            }
        }
    }

    @Test func relativeServersResolveAgainstTheDescriptionsURL() throws {
        let text = """
            {"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "servers": [{"url": "/api/v1/"}], "paths": {}}
            """
        let fromURL = try APIDescription.load(Array(text.utf8), location: "u", sourceURL: "http://127.0.0.1:5000/spec.json")
        #expect(fromURL.defaultBase == "http://127.0.0.1:5000/api/v1")
        let fromFile = try APIDescription.load(Array(text.utf8), location: "f")
        #expect(fromFile.defaultBase == nil)
    }

    /// Ten anchors, each a list of ten aliases of the one before: 10^10 values expanded.
    static let billionLaughs: String = {
        var lines = [
            "openapi: 3.0.0", "info: {title: t, version: \"1\"}", "paths: {}",
            "x-a0: &a0 [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]",
        ]
        for level in 1..<10 {
            lines.append("x-a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ",") + "]")
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    static func deepJSON(_ depth: Int) -> [UInt8] {
        Array(
            ("{\"openapi\":\"3.0.0\",\"info\":{\"title\":\"t\",\"version\":\"1\"},\"paths\":{},\"x-deep\":"
                + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}").utf8)
    }

    static func deepYAML(_ depth: Int) -> [UInt8] {
        Array(
            ("openapi: 3.0.0\ninfo: {title: t, version: \"1\"}\npaths: {}\nx-deep: "
                + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "\n").utf8)
    }

    @Test func billionLaughsIsRefusedNamingTheBound() {
        let error = thrownError { () throws(WorkbenchError) in
            _ = try APIDescription.load(Array(Self.billionLaughs.utf8), location: "laughs.yaml")
        }
        #expect(
            error?.message == "laughs.yaml expands to more than 1000596 values: its YAML aliases repeat what they name too often "
                + "(the bound is 1000000 values beyond one per byte of the file)")
    }

    @Test func aFewAliasesAreStillRead() throws {
        let text = """
            openapi: 3.0.0
            info: {title: t, version: "1"}
            paths:
              /a:
                get:
                  responses: &ok {"200": {description: ok}}
              /b:
                get:
                  responses: *ok
            """
        let api = try APIDescription.load(Array(text.utf8), location: "a.yaml")
        #expect(api.routes.reduce(0) { $0 + $1.methods.count } == 2)
    }

    @Test func deepJSONAndYAMLAreRefusedWithoutACrash() {
        // 70,000 levels crashed the process (SIGSEGV); 1,500 pass libyaml's own bound of 1,000.
        for (name, bytes) in [
            ("deep.json", Self.deepJSON(70_000)), ("deep.yaml", APIDescriptionTests.deepYAML(500)),
            ("deeper.yaml", APIDescriptionTests.deepYAML(1_500)),
        ] {
            let error = thrownError { () throws(WorkbenchError) in _ = try APIDescription.load(bytes, location: name) }
            #expect(error?.message == "\(name) nests more than 200 levels deep (the bound for an API description)")
        }
    }

    @Test func aDescriptionJustWithinTheDepthBoundLoads() throws {
        // Nested object schemas, decoded by OpenAPIKit on a worker thread: the bound leaves it stack to spare.
        var schema = #"{"type":"string"}"#
        for _ in 0..<97 { schema = #"{"type":"object","properties":{"a":"# + schema + "}}" }
        let text =
            #"{"openapi":"3.0.0","info":{"title":"t","version":"1"},"paths":{"/x":{"get":{"responses":{"200":"#
            + ##"{"description":"ok","content":{"application/json":{"schema":{"$ref":"#/components/schemas/S"}}}}}}}},"##
            + #""components":{"schemas":{"S":"# + schema + "}}}"
        let api = try APIDescription.load(Array(text.utf8), location: "deep-ok.json")
        #expect(api.routes.reduce(0) { $0 + $1.methods.count } == 1)
    }

    @Test func nestingDepthStopsPastItsLimit() throws {
        #expect(JSONValue.number("1").nestingDepth() == 0)
        #expect(try JSONParser.parse("[[{\"a\":[1]}],[]]").nestingDepth() == 4)
        #expect(
            try JSONParser.parse(String(repeating: "[", count: 500) + String(repeating: "]", count: 500))
                .nestingDepth(stoppingAbove: 10) == 11)
    }

    @Test func openAPILoaderSeedsLoadOrRefuseOnOneLine() throws {
        let seeds =
            try FuzzCorpus.seeds("openapi-loader") + [("laughs.yaml", Array(Self.billionLaughs.utf8)), ("deep.json", Self.deepJSON(5_000))]
        #expect(seeds.count >= 12)
        for (name, bytes) in seeds {
            do {
                let api = try APIDescription.load(bytes, location: name)
                _ = APIListing.text(api, below: "/")
                for route in api.routes {
                    for method in route.methods {
                        guard let operation = api.operation(method: method, path: route.template) else { continue }
                        _ = OperationText.text(operation, in: api)
                    }
                }
            } catch {
                #expect(!error.message.isEmpty && !error.message.contains("\n"), "\(name): \(error.message)")
            }
        }
    }

    /// openapi-loader, crash-e9f94a05: a backslash before a newline in a JSON
    /// string was quoted raw in the error, so the error was two lines.
    @Test func anInvalidEscapeBeforeANewlineIsOneLine() {
        let bytes = Array("{\n \"openape\\\n\0\0\0\0\0\0\0".utf8)
        let error = thrownError { () throws(WorkbenchError) in _ = try APIDescription.load(bytes, location: "fuzz.json") }
        #expect(
            error?.message == "fuzz.json is not valid JSON: invalid escape: '\\' followed by byte 0xA in a string "
                + "at line 2, column 10 (byte 11)")
        #expect(JSONTokenizer.describe(0x0A) == "byte 0xA")
        // A printable one is still quoted as it is.
        let quoted = thrownError { () throws(WorkbenchError) in _ = try APIDescription.load(Array(#"{"a": "\q"}"#.utf8), location: "q.json")
        }
        #expect(quoted?.message.contains(#"invalid escape '\q' in a string"#) == true)
    }

    /// openapi-loader, crash-01564207 (the run after the two fixes above): an
    /// `openapi` version that was a YAML block of many lines was quoted whole.
    @Test func aVersionOfManyLinesIsQuotedOnOneShortLine() {
        let long = String(repeating: "word ", count: 30)
        for (text, message) in [
            (
                "openapi: |\n  4.0\n  \(long)\n",
                "v.yaml says openapi 4.0 word word word word word word word w…; the workbench reads OpenAPI 3.0, 3.1 and Swagger 2.0"
            ),
            ("swagger: \"1\\nx\"\n", "v.yaml says swagger 1 x; the workbench reads Swagger 2.0, OpenAPI 3.0 and 3.1"),
            ("openapi: \"3.1\\nx\"\ninfo: 7\n", nil),
        ] {
            let error = thrownError { () throws(WorkbenchError) in _ = try APIDescription.load(Array(text.utf8), location: "v.yaml") }
            #expect(error != nil)
            #expect(error?.message.contains("\n") == false, "\(error?.message ?? "")")
            if let message { #expect(error?.message == message) }
        }
    }
}

/// A description with many broken pieces loads in bounded work,
/// each piece found as decoding the whole would find it.
@Suite struct APIDescriptionBrokenPiecesTests {
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
