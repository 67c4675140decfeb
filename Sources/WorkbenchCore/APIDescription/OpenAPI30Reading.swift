import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat
import Yams

/// OpenAPI 3.0 documents (and Swagger 2.0 ones, once converted) read with
/// OpenAPIKit30 and converted to the 3.1 model that the rest of the workbench uses.
///
/// Its own file because OpenAPIKit30 and OpenAPIKit both name their types
/// `OpenAPI`, so every use here must say which one.
enum OpenAPI30Reading {
    static func decode(_ node: Yams.Node) throws -> OpenAPIKit.OpenAPI.Document {
        let document = try YAMLDecoder().decode(OpenAPIKit30.OpenAPI.Document.self, from: node)
        return document.convert(to: .v3_1_1)
    }
}
