import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat

/// OpenAPI 3.0 documents (and Swagger 2.0 ones, once converted) read with
/// OpenAPIKit30 and converted to the 3.1 model that the rest of the workbench uses.
///
/// Its own file because OpenAPIKit30 and OpenAPIKit both name their types
/// `OpenAPI`, so every use here must say which one.
enum OpenAPI30Reading {
    static func decode(_ tree: JSONValue) throws -> OpenAPIKit.OpenAPI.Document {
        let document = try JSONValueDecoder.decode(OpenAPIKit30.OpenAPI.Document.self, from: tree,
                                                   userInfo: [OpenAPIKit30.VendorExtensionsConfiguration.enabledKey: false])
        return document.convert(to: .v3_1_1)
    }
}
