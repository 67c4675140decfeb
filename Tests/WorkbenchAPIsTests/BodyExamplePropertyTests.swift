import Foundation
import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchHTTP

/// Issue 28: every `body example` satisfies its own schema, over every
/// operation with a JSON request body of the real descriptions (Discord's,
/// OpenAI's: Tests/Fixtures/OpenAPI/Real), the OpenAPI Initiative's
/// examples and our fixtures (Tests/Fixtures/OpenAPI); checked by our
/// validator here, and by Python `jsonschema` in the end-to-end tests.
@Suite struct BodyExamplePropertyTests {
    static let repository: String = {
        let file = String(#filePath)
        var folder = file[..<file.lastIndex(of: "/")!]
        folder = folder[..<folder.lastIndex(of: "/")!]
        return String(folder[..<folder.lastIndex(of: "/")!])
    }()

    static let fixtures = repository + "/Tests/Fixtures/OpenAPI/"

    static func load(_ path: String) throws -> APIDescription {
        try APIDescription.load(try FileSystem.read(path), location: String(path[path.index(after: path.lastIndex(of: "/")!)...]))
    }

    /// `(operation, violations and notes)` for each operation whose example fails.
    static func failures(in api: APIDescription) -> (checked: Int, failed: [String]) {
        var checked = 0
        var failed: [String] = []
        for route in api.routes {
            for method in route.methods {
                guard let operation = api.operation(method: method, path: route.template),
                    operation.requestBody?.jsonContentType != nil
                else { continue }
                checked += 1
                do {
                    let example = try BodyExample.build(for: operation, in: api)
                    let report = example.notes.isEmpty && example.value != .null
                    if !report { failed.append("\(method) \(route.template): \(example.notes.joined(separator: "; "))") }
                } catch {
                    failed.append("\(method) \(route.template): \(error.message)")
                }
            }
        }
        return (checked, failed)
    }

    @Test(arguments: ["discord-openapi.json", "openai-openapi.yaml"])
    func realDescriptions(_ name: String) throws {
        let api = try Self.load(Self.fixtures + "Real/" + name)
        #expect(api.warnings.isEmpty, "left out: \(api.warnings)")
        let (checked, failed) = Self.failures(in: api)
        #expect(checked > 40)
        #expect(failed.isEmpty, "\(failed.count) of \(checked): \(failed.prefix(20).joined(separator: "\n"))")
    }

    @Test func theOpenAPIInitiativesExamplesAndOurFixtures() throws {
        var total = 0
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures)
            .filter { ($0.hasSuffix(".yaml") || $0.hasSuffix(".json")) }
        // The OpenAPI Initiative's five examples (Tests/Fixtures/NOTICE.md) are among them.
        #expect(
            Set([
                "petstore.yaml", "petstore-expanded.yaml", "api-with-examples.yaml",
                "callback-example.yaml", "link-example.yaml",
            ]).isSubset(of: names))
        for path in names.map({ Self.fixtures + $0 }) {
            let api = try Self.load(path)
            let (checked, failed) = Self.failures(in: api)
            total += checked
            #expect(failed.isEmpty, "\(path): \(failed.joined(separator: "\n"))")
        }
        // Each file read once: the examples were counted twice while a copy outside the repository was read too.
        #expect(total >= 4)
    }

    @Test func aBodyThatCannotBeBuiltIsAnErrorNotNull() throws {
        let text = ##"""
            {"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{
              "/missing":{"post":{"requestBody":{"content":{"application/json":{"schema":{"$ref":"#/components/schemas/Gone"}}}},"responses":{"200":{"description":"ok"}}}},
              "/nothing":{"post":{"requestBody":{"content":{"application/json":{"schema":{"not":{}}}}},"responses":{"200":{"description":"ok"}}}},
              "/null":{"post":{"requestBody":{"content":{"application/json":{"schema":{"type":"null"}}}},"responses":{"200":{"description":"ok"}}}}}}
            """##
        let api = try APIDescription.load(Array(text.utf8), location: "t.json")
        for path in ["/missing", "/nothing"] {
            let operation = try #require(api.operation(method: "POST", path: path))
            #expect(throws: WorkbenchError.self) { try BodyExample.build(for: operation, in: api) }
            do {
                _ = try BodyExample.build(for: operation, in: api)
            } catch {
                #expect(
                    error.message.hasPrefix("body example: cannot build a JSON body for POST \(path): its schema gives no value"),
                    "\(error.message)")
            }
        }
        // A schema that says null gets null.
        let null = try #require(api.operation(method: "POST", path: "/null"))
        #expect(try BodyExample.build(for: null, in: api).value == .null)
    }

    @Test func describeKeepsTheIndentOfAWrappedResponseLine() throws {
        let api = try Self.load(Self.fixtures + "Real/openai-openapi.yaml")
        let chat = try #require(api.operation(method: "POST", path: "/chat/completions"))
        let text = OperationText.text(chat, in: api)
        #expect(
            text.contains("\n  429  The request was rejected because a rate limit was exceeded.\n      (application/json: ErrorResponse)"),
            "\(text.suffix(300))")
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 && !$0.hasSuffix(" ") })
        #expect(
            OperationText.wrap("  name  query  optional  string  " + String(repeating: "word ", count: 20), width: 40, indent: "      ")
                .allSatisfy { $0.hasPrefix("  ") && !$0.hasSuffix(" ") && $0.count <= 40 })
    }
}
