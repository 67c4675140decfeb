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
}
