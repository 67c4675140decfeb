import OpenAPIKit

/// A JSON value that fits a schema, for `body example`: what a user would write
/// by hand as a first request body, not a random instance.
///
/// For each schema the first of these that applies: its `example`/`examples`,
/// its `default`, its `const` or first `enum` value, then a value for its type
/// (a string in its format, a number within its bounds, an array of one item,
/// an object with its required properties first and then the others). `allOf`
/// parts are merged, `oneOf`/`anyOf` take the first alternative that gives a
/// value, `$ref`s are followed. Properties the direction leaves out (`readOnly`
/// in a request body) are dropped, also from examples the schema gives.
///
/// Bounded for any schema: a reference already being expanded is not entered
/// again for an optional property or an array's items (a tree gets no
/// children), a required one ends in an empty value of its type at
/// `depthLimit`, and at most `nodeBudget` values are generated in all.
public struct SchemaExample {
    public static let depthLimit = 12
    public static let nodeBudget = 5_000

    private let references: SchemaReferences
    private let direction: SchemaDirection
    /// How many times each reference is being expanded on the current branch.
    private var expanding: [String: Int] = [:]
    private var nodes = 0

    /// The example for `schema`, whose references are looked up in `components`.
    public static func value(
        for schema: JSONSchema,
        components: OpenAPI.Components,
        direction: SchemaDirection = .request
    ) -> JSONValue {
        var generator = SchemaExample(references: SchemaReferences(components: components), direction: direction)
        return generator.generate(schema, depth: 0)
    }

    private init(references: SchemaReferences, direction: SchemaDirection) {
        self.references = references
        self.direction = direction
    }

    private mutating func generate(_ schema: JSONSchema, depth: Int) -> JSONValue {
        nodes += 1
        if case .reference = schema.value {
            guard let key = SchemaReferences.key(of: schema), let target = references.resolve(schema) else { return .null }
            if depth >= Self.depthLimit || nodes >= Self.nodeBudget { return emptyValue(of: target, hops: 0) }
            expanding[key, default: 0] += 1
            defer { expanding[key, default: 1] -= 1 }
            return generate(target, depth: depth + 1)
        }
        if depth >= Self.depthLimit || nodes >= Self.nodeBudget { return emptyValue(of: schema, hops: 0) }
        if let example = schema.examples.first {
            return trimmed(SchemaValue.json(example), to: schema)
        }
        if let value = schema.defaultValue {
            return trimmed(SchemaValue.json(value), to: schema)
        }
        if let value = schema.allowedValues?.first {
            return SchemaValue.json(value)
        }
        switch schema.value {
        case .null:
            return .null
        case .boolean:
            return .bool(true)
        case .integer(_, let context):
            return .number(integerText(context))
        case .number(_, let context):
            return .number(numberText(context))
        case .string(let core, let context):
            return .string(stringText(format: core.format.rawValue, context))
        case .object(_, let context):
            return object(context, depth: depth)
        case .array(_, let context):
            return array(context, depth: depth)
        case .all(of: let parts, core: _):
            return merged(parts, depth: depth)
        case .one(of: let alternatives, core: _), .any(of: let alternatives, core: _):
            return firstUsable(alternatives, depth: depth)
        case .not:
            return .null
        case .fragment:
            return .object([])
        case .reference:
            return .null
        }
    }

    // MARK: - Objects and arrays

    private mutating func object(_ context: JSONSchema.ObjectContext, depth: Int) -> JSONValue {
        let required = Set(context.requiredProperties)
        let ordered = context.properties.filter { required.contains($0.key) } + context.properties.filter { !required.contains($0.key) }
        var members: [JSONMember] = []
        for (name, property) in ordered {
            if leavesOut(property) { continue }
            if !required.contains(name), isRecursing(property) { continue }
            members.append(JSONMember(key: name, value: generate(property, depth: depth + 1)))
        }
        if context.properties.isEmpty, case .b(let extra) = context.additionalProperties, !isRecursing(extra) {
            members.append(JSONMember(key: "key", value: generate(extra, depth: depth + 1)))
        }
        return .object(members)
    }

    private mutating func array(_ context: JSONSchema.ArrayContext, depth: Int) -> JSONValue {
        var elements: [JSONValue] = []
        for item in context.prefixItems ?? [] {
            elements.append(generate(item, depth: depth + 1))
        }
        let wanted = max(context.minItems, elements.isEmpty ? 1 : 0)
        let count = min(wanted, context.maxItems ?? wanted, 100)
        if let items = context.items, elements.count < count {
            if isRecursing(items) && context.minItems == 0 { return .array(elements) }
            let element = generate(items, depth: depth + 1)
            elements.append(contentsOf: repeatElement(element, count: count - elements.count))
        }
        return .array(elements)
    }

    /// `allOf`: the parts' objects as one (the first value for a key wins); a
    /// part that is not an object gives the value when no part is one.
    private mutating func merged(_ parts: [JSONSchema], depth: Int) -> JSONValue {
        var members: [JSONMember] = []
        var other: JSONValue?
        var sawObject = false
        for part in parts {
            switch generate(part, depth: depth + 1) {
            case .object(let partMembers):
                sawObject = true
                for member in partMembers where !members.contains(where: { $0.key == member.key }) {
                    members.append(member)
                }
            case .null:
                continue
            case let value:
                if other == nil { other = value }
            }
        }
        if sawObject || other == nil { return .object(members) }
        return other ?? .null
    }

    /// `oneOf`/`anyOf`: the first alternative that is not recursing and gives
    /// something other than null (null only when every alternative does).
    private mutating func firstUsable(_ alternatives: [JSONSchema], depth: Int) -> JSONValue {
        for alternative in alternatives where !isRecursing(alternative) {
            let value = generate(alternative, depth: depth + 1)
            if value != .null { return value }
        }
        return .null
    }

    // MARK: - Scalars

    /// 0 when the bounds allow it, otherwise the nearest bound, on a multiple of `multipleOf`.
    private func integerText(_ context: JSONSchema.IntegerContext) -> String {
        let step = max(context.multipleOf ?? 1, 1)
        var value = 0
        if let low = context.minimum, value < low.value + (low.exclusive ? 1 : 0) {
            value = low.value + (low.exclusive ? 1 : 0)
        }
        if let high = context.maximum, value > high.value - (high.exclusive ? 1 : 0) {
            value = high.value - (high.exclusive ? 1 : 0)
        }
        let remainder = ((value % step) + step) % step
        if remainder != 0 {
            let up = value + step - remainder
            if let high = context.maximum, up > high.value - (high.exclusive ? 1 : 0) {
                value -= remainder
            } else {
                value = up
            }
        }
        return String(value)
    }

    private func numberText(_ context: JSONSchema.NumericContext) -> String {
        let low = context.minimum
        let high = context.maximum
        var value = 0.0
        if let low, value < low.value || (low.exclusive && value == low.value) {
            value = low.exclusive ? (high.map { (low.value + $0.value) / 2 } ?? low.value + 1) : low.value
        } else if let high, value > high.value || (high.exclusive && value == high.value) {
            value = high.exclusive ? (low.map { ($0.value + high.value) / 2 } ?? high.value - 1) : high.value
        }
        if let step = context.multipleOf, step > 0, (value / step).rounded() != value / step {
            value = (value / step).rounded(.up) * step
        }
        return SchemaValue.numberText(value)
    }

    /// A plausible value for the format, padded or cut to the length bounds.
    private func stringText(format: String, _ context: JSONSchema.StringContext) -> String {
        var text: String
        switch format {
        case "date-time": text = "2024-01-01T12:00:00Z"
        case "date": text = "2024-01-01"
        case "time": text = "12:00:00Z"
        case "duration": text = "P1D"
        case "email", "idn-email": text = "user@example.com"
        case "uuid": text = "3fa85f64-5717-4562-b3fc-2c963f66afa6"
        case "uri", "url", "iri": text = "https://example.com/"
        case "uri-reference", "iri-reference": text = "/example"
        case "uri-template": text = "https://example.com/{id}"
        case "hostname", "idn-hostname": text = "example.com"
        case "ipv4": text = "192.0.2.1"
        case "ipv6": text = "2001:db8::1"
        case "byte": text = "c3RyaW5n"
        case "binary": text = ""
        case "password": text = "password"
        case "regex": text = ".*"
        default: text = "string"
        }
        let minimum = context.minLength
        if text.unicodeScalars.count < minimum {
            text += String(repeating: "x", count: minimum - text.unicodeScalars.count)
        }
        if let maximum = context.maxLength, text.unicodeScalars.count > maximum {
            var cut = ""
            cut.unicodeScalars.append(contentsOf: text.unicodeScalars.prefix(maximum))
            text = cut
        }
        return text
    }

    // MARK: - Helpers

    /// Whether the schema is a reference already being expanded on this branch.
    private func isRecursing(_ schema: JSONSchema) -> Bool {
        if let key = SchemaReferences.key(of: schema) { return expanding[key, default: 0] > 0 }
        if case .array(_, let context) = schema.value, let items = context.items { return isRecursing(items) }
        return false
    }

    private func leavesOut(_ property: JSONSchema) -> Bool {
        direction.leavesOut(property) || (references.resolve(property).map(direction.leavesOut) ?? false)
    }

    /// The smallest value of the schema's type: where recursion or the budget stops.
    private func emptyValue(of schema: JSONSchema, hops: Int) -> JSONValue {
        switch schema.value {
        case .object, .fragment: return .object([])
        case .array: return .array([])
        case .string: return .string("")
        case .integer, .number: return .number("0")
        case .boolean: return .bool(false)
        case .reference:
            guard hops < 8, let target = references.resolve(schema) else { return .null }
            return emptyValue(of: target, hops: hops + 1)
        case .all(of: let parts, core: _), .one(of: let parts, core: _), .any(of: let parts, core: _):
            return parts.first.map { emptyValue(of: $0, hops: hops + 1) } ?? .null
        case .null, .not: return .null
        }
    }

    /// A value the schema gives as its example, in the schema's property order
    /// and without the properties this direction leaves out (one level deep:
    /// examples are written for a purpose, the top level is where ids sit).
    private func trimmed(_ value: JSONValue, to schema: JSONSchema) -> JSONValue {
        guard case .object(let members) = value, let context = schema.objectContext else { return value }
        var ordered: [JSONMember] = []
        for (name, property) in context.properties {
            guard let member = members.first(where: { $0.key == name }) else { continue }
            if !leavesOut(property) { ordered.append(member) }
        }
        ordered.append(contentsOf: members.filter { context.properties[$0.key] == nil })
        return .object(ordered)
    }
}
