import OpenAPIKit
import WorkbenchBasics

/// One operation of the description, as the workbench uses it: its
/// parameters (path-level ones merged in), its JSON request body schema and
/// its responses, with `$ref`s resolved against the components (a reference
/// that would close a cycle stays a reference: see `SchemaInlining`).
public struct APIOperation: Sendable {
    /// `GET`, `POST`, ... in capitals.
    public var method: String
    /// The template as the description writes it, e.g. `/pets/{petId}`.
    public var pathTemplate: String
    public var operationId: String?
    public var summary: String?
    public var description: String?
    public var deprecated: Bool
    /// Path-level parameters first, each replaced by the operation's own of the same name and location.
    public var parameters: [APIParameter]
    public var requestBody: APIRequestBody?
    /// In the document's order.
    public var responses: [APIResponse]

    /// The parameters in one location (`path`, `query`, `header`, `cookie`).
    public func parameters(in location: String) -> [APIParameter] {
        parameters.filter { $0.location == location }
    }

    /// The response documented for `status`: its exact code, else its range (`2XX`), else `default`.
    public func response(forStatus status: Int) -> APIResponse? {
        let exact = String(status)
        let range = "\(status / 100)XX"
        return responses.first { $0.status == exact }
            ?? responses.first { $0.status.uppercased() == range }
            ?? responses.first { $0.status == "default" }
    }

    /// The JSON schema of the response documented for `status`, if it has one.
    public func responseSchema(forStatus status: Int) -> JSONSchema? {
        response(forStatus: status)?.jsonSchema
    }
}

public struct APIParameter: Sendable {
    public var name: String
    /// `path`, `query`, `header` or `cookie`.
    public var location: String
    public var required: Bool
    public var deprecated: Bool
    public var description: String?
    /// The parameter's schema (from `schema`, or from its `content`), references resolved.
    public var schema: JSONSchema?
    /// The values its schema allows (`enum`, or the items' `enum` for an array), as text.
    public var enumValues: [String]
    /// Its schema's default, as text.
    public var defaultValue: String?
    /// Its examples (`example`, `examples`, the schema's), as text.
    public var examples: [String]

    /// `integer (int64)`, `array of string`: for `describe`.
    public var typeDescription: String {
        schema.map(SchemaText.typeName) ?? "any"
    }
}

public struct APIRequestBody: Sendable {
    public var description: String?
    public var required: Bool
    /// Every media type the operation accepts, in the document's order.
    public var contentTypes: [String]
    /// The media type of `jsonSchema`: `application/json`, else the first `+json` one.
    public var jsonContentType: String?
    public var jsonSchema: JSONSchema?
    /// When there is no JSON schema: the schema of the first other media type
    /// that has one (a form's fields, say), for `describe`.
    public var otherSchema: JSONSchema?
    /// The JSON media type's own example, if the description gives one.
    public var jsonExample: AnyCodable?
}

public struct APIResponse: Sendable {
    /// `200`, `2XX` or `default`, as the description writes it.
    public var status: String
    public var description: String
    public var contentTypes: [String]
    public var jsonContentType: String?
    public var jsonSchema: JSONSchema?
    /// The schema's name as the description writes it (`Pet`, `array of Pet`), for `describe`.
    public var jsonSchemaName: String?
    /// Header names the response declares.
    public var headers: [String]
}
