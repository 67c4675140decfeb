import OpenAPIKit
import WorkbenchBasics

/// `$ref`s in a schema replaced by the components they name, stopping where
/// a schema refers back to itself.
///
/// OpenAPIKit's `locallyDereferenced()` throws on any reference cycle (a
/// `Node` with `children: [Node]`), and a cycle cannot be inlined anyway; so
/// here the `$ref` that would close a cycle stays a `.reference`, which a
/// reader resolves one step at a time with `APIDescription.resolved(_:)`.
/// A budget bounds the work on descriptions whose references fan out.
struct SchemaInlining {
    let components: OpenAPI.Components
    /// References left to expand; past it, references stay as they are.
    private var budget: Int

    init(components: OpenAPI.Components, budget: Int = 5_000) {
        self.components = components
        self.budget = budget
    }

    /// The schema a `$ref` names (following chains of references), or nil
    /// when it names nothing in the components.
    func target(of reference: JSONReference<JSONSchema>) -> JSONSchema? {
        var current = reference
        for _ in 0..<32 {
            guard let found = components[current] else { return nil }
            guard case .reference(let next, _) = found.value else { return found }
            current = next
        }
        return nil
    }

    mutating func inline(_ schema: JSONSchema) -> JSONSchema {
        inline(schema, inside: [])
    }

    private mutating func inline(_ schema: JSONSchema, inside: Set<String>) -> JSONSchema {
        switch schema.value {
        case .reference(let reference, let core):
            let key = reference.absoluteString
            guard !inside.contains(key), budget > 0, let found = target(of: reference) else { return schema }
            budget -= 1
            let inlined = inline(found, inside: inside.union([key]))
            // Whether a property is required is said where it is used, not where it is defined.
            return core.required ? inlined.requiredSchemaObject() : inlined.optionalSchemaObject()
        case .object(let core, let object):
            let properties = object.properties.mapValues { inline($0, inside: inside) }
            let patterns = object.patternProperties.mapValues { inline($0, inside: inside) }
            var additional = object.additionalProperties
            if case .b(let extra) = additional { additional = .b(inline(extra, inside: inside)) }
            return JSONSchema(
                schema: .object(
                    core,
                    .init(
                        properties: properties, patternProperties: patterns, additionalProperties: additional,
                        maxProperties: object.maxProperties, minProperties: object.minProperties)))
        case .array(let core, let array):
            let items = array.items.map { inline($0, inside: inside) }
            let prefix = array.prefixItems?.map { inline($0, inside: inside) }
            return JSONSchema(
                schema: .array(
                    core,
                    .init(
                        items: items, maxItems: array.maxItems, minItems: array.minItems,
                        prefixItems: prefix, uniqueItems: array.uniqueItems)))
        case .all(let schemas, let core):
            return JSONSchema(schema: .all(of: schemas.map { inline($0, inside: inside) }, core: core))
        case .one(let schemas, let core):
            return JSONSchema(schema: .one(of: schemas.map { inline($0, inside: inside) }, core: core))
        case .any(let schemas, let core):
            return JSONSchema(schema: .any(of: schemas.map { inline($0, inside: inside) }, core: core))
        case .not(let negated, let core):
            return JSONSchema(schema: .not(inline(negated, inside: inside), core: core))
        case .null, .boolean, .number, .integer, .string, .fragment:
            return schema
        }
    }
}
