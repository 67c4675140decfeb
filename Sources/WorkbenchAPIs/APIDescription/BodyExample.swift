import OpenAPIKit
import WorkbenchBasics

/// The JSON request body `body example` sets for an operation: the media
/// type's own example when it satisfies the schema, else one generated from
/// the schema (`SchemaExample`), checked against the schema by
/// `SchemaValidation` before it is offered.
///
/// A body that cannot be built (the schema gives no value at all) is an
/// error, never a `null` sent as JSON; a value that still breaks its schema
/// (a pattern the generator cannot satisfy, say) comes with one note line per
/// violation, so the user sees what to fix.
public struct BodyExample {
    public var value: JSONValue
    /// `warning:`-style lines: what in the value does not satisfy the schema, and why.
    public var notes: [String]
    /// The media type it is for (`application/json`, or a `+json` one).
    public var contentType: String

    public static func build(for operation: APIOperation, in api: APIDescription) throws(WorkbenchError) -> BodyExample {
        let name = "\(operation.method) \(operation.pathTemplate)"
        guard let body = operation.requestBody, let contentType = body.jsonContentType else {
            if let other = operation.requestBody?.contentTypes, !other.isEmpty {
                throw WorkbenchError("body example: \(name) takes no JSON body (it takes \(other.joined(separator: ", ")))")
            }
            throw WorkbenchError("body example: \(name) takes no request body")
        }
        let components = api.document.components
        guard let schema = body.jsonSchema else {
            if let example = body.jsonExample { return BodyExample(value: SchemaValue.json(example), notes: [], contentType: contentType) }
            return BodyExample(value: .object([]), notes: [], contentType: contentType)
        }
        if let example = body.jsonExample {
            let value = SchemaValue.json(example)
            if value != .null, check(value, schema, components).passed {
                return BodyExample(value: value, notes: [], contentType: contentType)
            }
        }
        let generated = SchemaExample.generated(for: schema, components: components, direction: .request)
        // `null` is a body only for a schema that says so; anything else that gives
        // null (a reference to nothing, a cycle, a `not` nothing satisfies) is not sent.
        if generated.value == .null && !(SchemaReferences(components: components).resolve(schema).map(\.isNull) ?? false) {
            var reason = "its schema gives no value"
            if let first = generated.notes.first { reason += " (\(first))" }
            throw WorkbenchError("body example: cannot build a JSON body for \(name): \(reason); `body edit` writes one by hand")
        }
        var notes = generated.notes
        let report = check(generated.value, schema, components)
        notes += report.violations.map { "the example does not satisfy its schema at \($0.description)" }
        if report.omitted > 0 { notes.append("and \(report.omitted) more places where it does not") }
        return BodyExample(value: generated.value, notes: notes, contentType: contentType)
    }

    static func check(_ value: JSONValue, _ schema: JSONSchema, _ components: OpenAPI.Components) -> SchemaValidation.Report {
        SchemaValidation.check(value, against: schema, components: components, direction: .request, limit: 10)
    }
}
