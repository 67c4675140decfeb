import Foundation
import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchHTTP

/// Issue 28: descriptions in several files (`$ref` to another file, relative
/// to the file holding it), read with bounds.
@Suite struct ExternalReferencesTests {
    /// Files in a fresh folder, and a reader of them that records what it read.
    final class Folder: @unchecked Sendable {
        let path: String
        var read: [String] = []
        init(_ files: [String: String]) throws {
            path = NSTemporaryDirectory() + "workbench-refs-\(UUID().uuidString)"
            for (name, text) in files {
                let file = path + "/" + name
                try FileManager.default.createDirectory(
                    atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try text.write(toFile: file, atomically: true, encoding: .utf8)
            }
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }

        func load(_ name: String, fileRule: LocalFileRule = LocalFileRule()) throws(WorkbenchError) -> APIDescription {
            let main = path + "/" + name
            return try APIDescription.load(
                try FileSystem.read(main), location: main,
                readFile: { (file: String) throws(WorkbenchError) -> [UInt8] in
                    self.read.append(String(file.dropFirst(self.path.count + 1)))
                    return try FileSystem.read(file)
                }, fileRule: fileRule)
        }
    }

    static let main = """
        openapi: 3.1.0
        info: {title: split, version: "1"}
        paths:
          /pets:
            post:
              requestBody:
                content:
                  application/json:
                    schema: {$ref: "schemas/pet.yaml"}
              responses:
                "200": {$ref: "common.yaml#/components/responses/Ok"}
          /trees:
            $ref: "paths/trees.yaml"
        """

    static let files = [
        "api.yaml": main,
        "schemas/pet.yaml": """
        type: object
        required: [name]
        properties:
          name: {type: string, pattern: "^[A-Z][a-z]+$"}
          category: {$ref: "./category.yaml"}
          error: {$ref: "../common.yaml#/components/schemas/Error"}
        """,
        "schemas/category.yaml": #"{"type": "object", "properties": {"id": {"type": "integer", "minimum": 1}}}"#,
        "schemas/node.yaml": """
        type: object
        properties:
          name: {type: string}
          children: {type: array, items: {$ref: "node.yaml"}}
        """,
        "common.yaml": """
        components:
          schemas:
            Error: {type: object, properties: {code: {type: integer}}}
          responses:
            Ok:
              description: fine
              content:
                application/json:
                  schema: {$ref: "#/components/schemas/Error"}
        """,
        "paths/trees.yaml": """
        get:
          responses:
            "200":
              description: a tree
              content:
                application/json:
                  schema: {$ref: "../schemas/node.yaml"}
        """,
    ]

    @Test func referencesToOtherFilesAreReadRelativeToTheirFile() throws {
        let folder = try Folder(Self.files)
        let api = try folder.load("api.yaml")
        #expect(api.warnings.isEmpty)
        #expect(api.routes.map(\.template) == ["/pets", "/trees"])
        #expect(Set(folder.read) == ["schemas/pet.yaml", "schemas/category.yaml", "common.yaml", "paths/trees.yaml", "schemas/node.yaml"])
        let post = try #require(api.operation(method: "POST", path: "/pets"))
        let example = try BodyExample.build(for: post, in: api)
        #expect(example.notes.isEmpty)
        #expect(example.value.jsonText == #"{"name":"Aa","category":{"id":1},"error":{"code":0}}"#)
        // The response's schema, inside common.yaml, refers to its own file's components.
        #expect(post.responseSchema(forStatus: 200)?.objectContext?.properties["code"] != nil)
        // The node refers to itself: put once into components/schemas and referred to there.
        #expect(api.document.components.schemas.keys.map(\.rawValue) == ["node"])
        let tree = try #require(api.operation(method: "GET", path: "/trees"))
        #expect(
            SchemaValidation.check(
                try JSONParser.parse(#"{"name":"a","children":[{"name":"b","children":[]}]}"#),
                against: try #require(tree.responseSchema(forStatus: 200)), components: api.document.components
            ).passed)
        #expect(
            !SchemaValidation.check(
                try JSONParser.parse(#"{"children":[{"name":5}]}"#),
                against: try #require(tree.responseSchema(forStatus: 200)), components: api.document.components
            ).passed)
    }

    /// Issue 40: the one rule for local files an input names (`LocalFileRule`), as for
    /// Postman, HAR, `.http` and sessions: a file outside the description's folder is not
    /// read (its reference kept, one warning naming it) unless its folder is allowed.
    @Test func referencesOutsideTheFolderFollowTheLocalFileRule() throws {
        let outside = try Folder(["outside.yaml": "type: object\nproperties:\n  secret: {type: string}\n"])
        let link = try Folder(Self.files)
        try FileManager.default.createSymbolicLink(
            atPath: link.path + "/schemas/link.yaml", withDestinationPath: outside.path + "/outside.yaml")
        let relative = "../" + (outside.path as NSString).lastPathComponent + "/outside.yaml"
        for (ref, folder) in [(relative, nil), (outside.path + "/outside.yaml", nil), ("schemas/link.yaml", link)] {
            let folder = try folder ?? Folder(Self.files)
            try Self.main.replacingOccurrences(of: "schemas/pet.yaml", with: ref).write(
                toFile: folder.path + "/api.yaml", atomically: true, encoding: .utf8)
            let api = try folder.load("api.yaml")
            #expect(!folder.read.contains { $0.hasSuffix("outside.yaml") || $0.hasSuffix("link.yaml") }, "\(ref): \(folder.read)")
            #expect(api.routes.map(\.template) == ["/pets", "/trees"])
            // Judged where it is: `..` taken out, the link as named.
            let target = ref.hasPrefix("schemas/") ? folder.path + "/" + ref : outside.path + "/outside.yaml"
            #expect(
                api.refusedFiles == [
                    "\(folder.path)/api.yaml names the file '\(target)', outside its folder ($ref '\(ref)'): \(LocalFileRule.howToAllow)"
                ], "\(api.refusedFiles)")
            // Allowed: read, and its schema is the body's.
            folder.read = []
            let allowed = try folder.load("api.yaml", fileRule: LocalFileRule(allowing: [outside.path]))
            #expect(allowed.refusedFiles.isEmpty)
            #expect(folder.read.contains { $0.hasSuffix("outside.yaml") || $0.hasSuffix("link.yaml") }, "\(ref): \(folder.read)")
            let post = try #require(allowed.operation(method: "POST", path: "/pets"))
            #expect(try BodyExample.build(for: post, in: allowed).value.jsonText == #"{"secret":"string"}"#)
        }
    }

    @Test func referencesByURLOrToNothingAreRefused() throws {
        for (ref, message) in [
            ("http://127.0.0.1:9/pet.yaml", "names a URL; only files are read, never fetched"),
            ("missing.yaml", "missing.yaml"),
            ("schemas/category.yaml#/properties/nothing", "points to nothing in"),
        ] {
            var files = Self.files
            files["api.yaml"] = Self.main.replacingOccurrences(of: "schemas/pet.yaml", with: ref)
            let folder = try Folder(files)
            #expect(throws: WorkbenchError.self) { try folder.load("api.yaml") }
            do {
                _ = try folder.load("api.yaml")
            } catch {
                #expect(error.message.contains(message), "\(ref): \(error.message)")
            }
        }
    }

    @Test func theNumberOfFilesIsBounded() throws {
        // A chain of files, each referring to the next: more than the bound.
        var files = ["api.yaml": Self.main.replacingOccurrences(of: "schemas/pet.yaml", with: "f0.yaml")]
        for index in 0...ExternalReferences.maximumFiles {
            files["f\(index).yaml"] = #"{"type": "object", "properties": {"next": {"$ref": "f\#(index + 1).yaml"}}}"#
        }
        let folder = try Folder(files)
        #expect(throws: WorkbenchError.self) { try folder.load("api.yaml") }
        do {
            _ = try folder.load("api.yaml")
        } catch {
            #expect(error.message.hasSuffix("refers to more than \(ExternalReferences.maximumFiles) other files; not loaded"))
        }
    }

    @Test func aDescriptionWithoutReferencesToOtherFilesIsNotRewritten() throws {
        let tree = try JSONParser.parse(##"{"paths": {}, "components": {"schemas": {"A": {"$ref": "#/components/schemas/B"}}}}"##)
        #expect(!ExternalReferences.hasExternal(tree))
        #expect(ExternalReferences.hasExternal(try JSONParser.parse(#"{"a": [{"$ref": "b.yaml"}]}"#)))
    }
}
