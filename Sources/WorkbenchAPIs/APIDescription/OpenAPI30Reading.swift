import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat
import WorkbenchBasics

/// OpenAPI 3.0 documents (and Swagger 2.0 ones, once converted) read with
/// OpenAPIKit30 and converted to the 3.1 model that the rest of the workbench uses.
///
/// Its own file because OpenAPIKit30 and OpenAPIKit both name their types
/// `OpenAPI`, so every use here must say which one.
enum OpenAPI30Reading {
    /// - Parameter readsExactText: whether schemas carrying `LenientReading.exactKey` have their vendor extensions read.
    static func decode(_ tree: JSONValue, readsExactText: Bool = false) throws -> OpenAPIKit30.OpenAPI.Document {
        let marked =
            readsExactText
            ? (
                member: LenientReading.exactKey,
                userInfo: [OpenAPIKit30.VendorExtensionsConfiguration.enabledKey: true] as [CodingUserInfoKey: any Sendable]
            )
            : nil
        return try JSONValueDecoder.decode(
            OpenAPIKit30.OpenAPI.Document.self, from: tree,
            userInfo: [OpenAPIKit30.VendorExtensionsConfiguration.enabledKey: false],
            sharing: shared, marked: marked)
    }

    static func convert(_ document: OpenAPIKit30.OpenAPI.Document) -> OpenAPIKit.OpenAPI.Document {
        document.convert(to: .v3_1_1)
    }

    /// What operations repeat (parameters, bodies, responses, schemas), each
    /// decoded once per distinct text: see `JSONValueDecoder.decode`. None of
    /// them reads more than its own subtree.
    static var shared: [any Decodable.Type] {
        [
            OpenAPIKit30.OpenAPI.Parameter.Array.Element.self,
            Either<OpenAPIKit30.JSONReference<OpenAPIKit30.OpenAPI.Request>, OpenAPIKit30.OpenAPI.Request>.self,
            Either<OpenAPIKit30.JSONReference<OpenAPIKit30.OpenAPI.Response>, OpenAPIKit30.OpenAPI.Response>.self,
            OpenAPIKit30.JSONSchema.self,
        ]
    }

    /// The same for OpenAPI 3.1 documents, read by OpenAPIKit itself.
    static var shared31: [any Decodable.Type] {
        [
            OpenAPIKit.OpenAPI.Parameter.Array.Element.self,
            Either<OpenAPIKit.OpenAPI.Reference<OpenAPIKit.OpenAPI.Request>, OpenAPIKit.OpenAPI.Request>.self,
            Either<OpenAPIKit.OpenAPI.Reference<OpenAPIKit.OpenAPI.Response>, OpenAPIKit.OpenAPI.Response>.self,
            OpenAPIKit.JSONSchema.self,
        ]
    }
}
