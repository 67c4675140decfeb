import OpenAPIKit
import WorkbenchBasics

/// Follows a schema's `$ref` into the description's components, one hop at a
/// time, so that the walkers (`SchemaExample`, `SchemaValidation`) can count
/// hops and stop on cycles themselves instead of trusting a whole-document
/// dereference, which recursive schemas (a tree, a linked list) defeat.
struct SchemaReferences: Sendable {
    var components: OpenAPI.Components

    /// The schema a reference names (itself when it is none); nil when it points
    /// outside the components or to nothing.
    func resolve(_ schema: JSONSchema) -> JSONSchema? {
        guard case .reference = schema.value else { return schema }
        return try? components.lookupOnce(schema)
    }

    /// The reference's text, as a key for cycle counting (`#/components/schemas/Node`).
    static func key(of schema: JSONSchema) -> String? {
        guard case .reference(let reference, _) = schema.value else { return nil }
        return reference.absoluteString
    }
}

/// Whether a property belongs in a request body or in a response: `readOnly`
/// properties are the server's to send, `writeOnly` ones (a password) the
/// client's, as OpenAPI defines them.
public enum SchemaDirection: Sendable {
    case request
    case response

    func leavesOut(_ property: JSONSchema) -> Bool {
        switch self {
        case .request: property.readOnly
        case .response: property.writeOnly
        }
    }
}
