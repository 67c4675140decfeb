import OpenAPIKit
import WorkbenchBasics

/// A JSON value that fits a schema, for `body example`: what a user would write
/// by hand as a first request body, not a random instance.
///
/// For each schema the first of these that applies: its `example`/`examples`
/// and its `default` when they satisfy it, its `const` or first `enum` value,
/// then a value for its type (a string in its format and matching its
/// `pattern` (`PatternExample`), a number within its bounds (exact decimals:
/// `SchemaBounds`), an array of its `minItems` or one item, distinct under
/// `uniqueItems`, an object with its required properties first and then the
/// others). `allOf` parts are merged; `oneOf` takes the first alternative
/// whose value matches exactly that one, `anyOf` the first whose value
/// matches it; `not` a simple value the excluded schema rejects; `$ref`s are
/// followed. Properties the direction leaves out (`readOnly` in a request
/// body) are dropped, also from examples the schema gives. What cannot be
/// satisfied (a pattern it cannot read) is said in `notes`, once each.
///
/// Bounded for any schema: a reference already being expanded is not entered
/// again for an optional property or an array's items (a tree gets no
/// children), a required one ends in an empty value of its type at
/// `depthLimit`, and at most `nodeBudget` values are generated in all.
public struct SchemaExample {
    public static let depthLimit = 12
    public static let nodeBudget = 5_000
    /// `$ref`s and `allOf` parts followed on one branch: they name no JSON level of their own, so a
    /// chain of `allOf`s through `$ref`s (OpenAI's requests) does not spend `depthLimit`.
    public static let hopLimit = 128

    private let references: SchemaReferences
    private let components: OpenAPI.Components
    private let direction: SchemaDirection
    /// How many times each reference is being expanded on the current branch.
    private var expanding: [String: Int] = [:]
    /// References and `allOf` parts entered on the current branch (`hopLimit`).
    private var hops = 0
    private var nodes = 0
    /// What could not be satisfied, once each, in the order met.
    private var notes: [String] = []
    /// Compiles and keeps the patterns strings are checked against.
    private let matcher: SchemaValidation.Run

    /// A generated value and what in its schema it could not satisfy.
    public struct Generated {
        public var value: JSONValue
        public var notes: [String]
    }

    /// The example for `schema`, whose references are looked up in `components`.
    public static func value(
        for schema: JSONSchema,
        components: OpenAPI.Components,
        direction: SchemaDirection = .request
    ) -> JSONValue {
        generated(for: schema, components: components, direction: direction).value
    }

    /// The example and the notes on what it could not satisfy.
    public static func generated(
        for schema: JSONSchema,
        components: OpenAPI.Components,
        direction: SchemaDirection = .request
    ) -> Generated {
        var generator = SchemaExample(components: components, direction: direction)
        let value = generator.generate(schema, depth: 0)
        return Generated(value: value, notes: generator.notes)
    }

    private init(components: OpenAPI.Components, direction: SchemaDirection) {
        self.references = SchemaReferences(components: components)
        self.components = components
        self.direction = direction
        self.matcher = SchemaValidation.Run(references: references, direction: direction)
    }

    /// - Parameter variant: 0 for the first choice everywhere; others pick
    ///   other enum values, numbers, strings and branches (`uniqueItems`).
    private mutating func generate(_ schema: JSONSchema, depth: Int, variant: Int = 0) -> JSONValue {
        nodes += 1
        if case .reference = schema.value {
            guard let key = SchemaReferences.key(of: schema), let target = references.resolve(schema) else { return .null }
            if depth >= Self.depthLimit || nodes >= Self.nodeBudget || hops >= Self.hopLimit { return emptyValue(of: target, hops: 0) }
            expanding[key, default: 0] += 1
            hops += 1
            defer {
                expanding[key, default: 1] -= 1
                hops -= 1
            }
            // The same JSON level: a reference is no level of nesting.
            return generate(target, depth: depth, variant: variant)
        }
        if depth >= Self.depthLimit || nodes >= Self.nodeBudget { return emptyValue(of: schema, hops: 0) }
        // The schema's own values, when they satisfy it (descriptions' examples often do not).
        if variant == 0 {
            for candidate in schema.examples.prefix(3) + (schema.defaultValue.map { [$0] } ?? []) {
                let value = trimmed(SchemaValue.json(candidate), to: schema)
                if satisfies(value, schema) { return value }
            }
        }
        if let values = schema.allowedValues, !values.isEmpty {
            return SchemaValue.json(values[variant % values.count])
        }
        switch schema.value {
        case .null:
            return .null
        case .boolean:
            return .bool(variant % 2 == 0)
        case .integer(let core, let context):
            return .number(
                integerText(
                    SchemaBounds(integer: context, extensions: core.vendorExtensions), format: core.format.rawValue, variant: variant))
        case .number(let core, let context):
            return .number(numberText(SchemaBounds(number: context, extensions: core.vendorExtensions), variant: variant))
        case .string(let core, let context):
            return .string(stringText(format: core.format.rawValue, context, variant: variant))
        case .object(_, let context):
            return object(context, depth: depth, variant: variant)
        case .array(_, let context):
            return array(context, depth: depth, variant: variant)
        case .all(of: let parts, core: _):
            return merged(parts, depth: depth, variant: variant)
        case .one(of: let alternatives, let core):
            return oneOf(alternatives, discriminated: core.discriminator != nil, depth: depth, variant: variant)
        case .any(of: let alternatives, core: _):
            return anyOf(alternatives, depth: depth, variant: variant)
        case .not(let excluded, core: _):
            return notMatching(excluded)
        case .fragment:
            return .object([])
        case .reference:
            return .null
        }
    }

    /// Whether `value` satisfies `schema`, as `expect schema` would check it.
    private func satisfies(_ value: JSONValue, _ schema: JSONSchema) -> Bool {
        SchemaValidation.check(value, against: schema, components: components, direction: direction, limit: 1).passed
    }

    private mutating func note(_ text: String) {
        if !notes.contains(text) { notes.append(text) }
    }

    // MARK: - Objects and arrays

    private mutating func object(_ context: JSONSchema.ObjectContext, depth: Int, variant: Int) -> JSONValue {
        let required = Set(context.requiredProperties)
        let ordered = context.properties.filter { required.contains($0.key) } + context.properties.filter { !required.contains($0.key) }
        var members: [JSONMember] = []
        var variant = variant
        for (name, property) in ordered {
            if leavesOut(property) { continue }
            if !required.contains(name), isRecursing(property) || allowsNothing(property) { continue }
            // The variant goes to the first property: objects that differ there differ.
            members.append(JSONMember(key: name, value: generate(property, depth: depth + 1, variant: variant)))
            variant = 0
        }
        if let maximum = context.maxProperties, members.count > maximum {
            // Optional properties go first (they come last).
            members = Array(members.prefix(max(maximum, required.count)))
        }
        // Members beyond the properties: a sample one for a map (`additionalProperties`
        // with a schema), and as many as `minProperties` asks for.
        var extraSchema: JSONSchema?
        var extraAllowed = true
        switch context.additionalProperties {
        case .b(let extra): extraSchema = extra
        case .a(false): extraAllowed = false
        default: break
        }
        if let schema = extraSchema, isRecursing(schema) { extraAllowed = false }
        let wanted = max(context.minProperties, context.properties.isEmpty && extraSchema != nil && extraAllowed ? 1 : 0)
        var index = 0
        while members.count < wanted, extraAllowed, index < 100 {
            index += 1
            let key = index == 1 ? "key" : "key\(index)"
            guard !members.contains(where: { $0.key == key }) else { continue }
            let value = extraSchema.map { generate($0, depth: depth + 1, variant: variant) } ?? .string("value")
            members.append(JSONMember(key: key, value: value))
        }
        return .object(members)
    }

    private mutating func array(_ context: JSONSchema.ArrayContext, depth: Int, variant: Int) -> JSONValue {
        var elements: [JSONValue] = []
        for item in context.prefixItems ?? [] {
            elements.append(generate(item, depth: depth + 1))
        }
        let wanted = max(context.minItems, elements.isEmpty ? 1 : 0)
        let count = min(wanted, context.maxItems ?? wanted, 100)
        guard let items = context.items, elements.count < count else { return .array(elements) }
        if isRecursing(items) && context.minItems == 0 { return .array(elements) }
        if !context.uniqueItems {
            let element = generate(items, depth: depth + 1, variant: variant)
            elements.append(contentsOf: repeatElement(element, count: count - elements.count))
            return .array(elements)
        }
        // Distinct items: other variants until enough differ (a bounded number of tries).
        var next = variant
        var tries = 0
        while elements.count < count, tries < count * 4 + 8 {
            let element = generate(items, depth: depth + 1, variant: next)
            next += 1
            tries += 1
            if !elements.contains(where: { JSONEquality.equal($0, element) }) { elements.append(element) }
        }
        if elements.count < count {
            note("uniqueItems: only \(elements.count) distinct items found where \(count) are wanted")
        }
        return .array(elements)
    }

    /// `allOf`: the parts' objects as one (the first value for a key wins); a
    /// part that is not an object gives the value when no part is one.
    private mutating func merged(_ parts: [JSONSchema], depth: Int, variant: Int) -> JSONValue {
        var members: [JSONMember] = []
        var other: JSONValue?
        var sawObject = false
        var values: [JSONValue] = []
        for part in parts {
            // A part that only annotates (`{"nullable": true}`, a description) gives no value of its own.
            if case .fragment = (references.resolve(part) ?? part).value { continue }
            if hops >= Self.hopLimit { break }
            // A part describes the same value: the same JSON level.
            hops += 1
            let value = generate(part, depth: depth, variant: variant)
            hops -= 1
            values.append(value)
            switch value {
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
        let result = sawObject || other == nil ? JSONValue.object(members) : other ?? .null
        let whole = JSONSchema.all(of: parts)
        if satisfies(result, whole) { return result }
        // An optional member one part adds may be what another part's `oneOf`
        // or `not` rejects (OpenAI's "vector_store_ids or vector_stores"): without it, then.
        if sawObject, members.count <= 40 {
            for index in members.indices.reversed() {
                var fewer = members
                fewer.remove(at: index)
                if satisfies(.object(fewer), whole) { return .object(fewer) }
            }
        }
        // Parts that do not merge as objects (a oneOf of a string and an object, say): one part's value that satisfies them all.
        return values.first { satisfies($0, whole) } ?? result
    }

    /// `oneOf`: the first alternative (not recursing) whose value matches it
    /// and no other (with a discriminator, matching it is enough: the
    /// property picks the branch); null only when nothing else does.
    private mutating func oneOf(_ alternatives: [JSONSchema], discriminated: Bool, depth: Int, variant: Int) -> JSONValue {
        var fallback: JSONValue?
        var nullMatches = false
        let usable = alternatives.filter { !isRecursing($0) }
        // The variant picks where to start, so distinct items may come from distinct branches.
        let start = usable.isEmpty ? 0 : variant % usable.count
        for offset in usable.indices {
            let alternative = usable[(start + offset) % usable.count]
            let value = generate(alternative, depth: depth + 1, variant: variant / max(usable.count, 1))
            let matches = alternatives.filter { satisfies(value, $0) }.count
            if value == .null {
                if matches == 1 { nullMatches = true }
                continue
            }
            if matches == 1 || (discriminated && satisfies(value, alternative)) { return value }
            if fallback == nil { fallback = value }
        }
        if nullMatches { return .null }
        if fallback != nil { note("oneOf: no alternative gave a value matching exactly one of the \(alternatives.count)") }
        return fallback ?? .null
    }

    /// `anyOf`: the first alternative (not recursing) whose value matches it, null last.
    private mutating func anyOf(_ alternatives: [JSONSchema], depth: Int, variant: Int) -> JSONValue {
        var fallback: JSONValue?
        let usable = alternatives.filter { !isRecursing($0) }
        let start = usable.isEmpty ? 0 : variant % usable.count
        for offset in usable.indices {
            let alternative = usable[(start + offset) % usable.count]
            let value = generate(alternative, depth: depth + 1, variant: variant / max(usable.count, 1))
            if value == .null { continue }
            if satisfies(value, alternative) { return value }
            if fallback == nil { fallback = value }
        }
        return fallback ?? .null
    }

    /// `not`: the first simple value the excluded schema rejects.
    private mutating func notMatching(_ excluded: JSONSchema) -> JSONValue {
        let candidates: [JSONValue] = [.object([]), .string("string"), .number("0"), .bool(true), .array([]), .null]
        if let value = candidates.first(where: { !satisfies($0, excluded) }) { return value }
        note("not: every simple value matches the schema under `not`")
        return .null
    }

    // MARK: - Scalars

    /// 0 (or the variant-th integer from it) when the bounds allow it,
    /// otherwise the nearest bound, on a multiple of `multipleOf`; exact
    /// decimals throughout, so bounds beyond 64 bits hold.
    private mutating func integerText(_ bounds: SchemaBounds, format: String, variant: Int) -> String {
        var low = bounds.minimum.flatMap { Self.integerAtOrAbove($0.value, exclusive: $0.exclusive) }
        var high = bounds.maximum.flatMap { Self.integerAtOrBelow($0.value, exclusive: $0.exclusive) }
        if let range = SchemaFormat.integerRange(format) {
            low = max(low ?? Int(range.lowerBound.text)!, Int(range.lowerBound.text)!)
            high = min(high ?? Int(range.upperBound.text)!, Int(range.upperBound.text)!)
        }
        let step = bounds.multipleOf.flatMap { $0.isInteger ? Int($0.text) : nil }.map { abs($0) } ?? 1
        var value = variant.multipliedReportingOverflow(by: step).partialValue
        if let low, value < low {
            value = low.addingReportingOverflow(variant.multipliedReportingOverflow(by: step).partialValue).partialValue
        }
        if let high, value > high { value = high }
        if step > 1 {
            let remainder = ((value % step) + step) % step
            if remainder != 0 {
                let up = value.addingReportingOverflow(step - remainder)
                if !up.overflow, high.map({ up.partialValue <= $0 }) ?? true {
                    value = up.partialValue
                } else {
                    value -= remainder
                }
            }
        }
        let text = String(value)
        let exact = ExactDecimal(text)
        if !bounds.admits(exact) || !(bounds.multipleOf.map { exact.isMultiple(of: $0) } ?? true) {
            note("no integer found within the bounds and multipleOf of an integer schema")
        }
        return text
    }

    /// The least 64-bit integer at or above (above, when exclusive) `bound`; clamped.
    static func integerAtOrAbove(_ bound: ExactDecimal, exclusive: Bool) -> Int? {
        if bound < ExactDecimal(String(Int.min)) { return Int.min }
        if bound > ExactDecimal(String(Int.max)) { return nil }
        if let whole = Int(bound.text) ?? (bound.isInteger ? Double(bound.text).flatMap { Int(exactly: $0) } : nil) {
            return exclusive ? (whole == Int.max ? nil : whole + 1) : whole
        }
        guard let double = Double(bound.text) else { return nil }
        return Int(exactly: double.rounded(.up))
    }

    /// The greatest 64-bit integer at or below (below, when exclusive) `bound`; clamped.
    static func integerAtOrBelow(_ bound: ExactDecimal, exclusive: Bool) -> Int? {
        if bound > ExactDecimal(String(Int.max)) { return Int.max }
        if bound < ExactDecimal(String(Int.min)) { return nil }
        if let whole = Int(bound.text) ?? (bound.isInteger ? Double(bound.text).flatMap { Int(exactly: $0) } : nil) {
            return exclusive ? (whole == Int.min ? nil : whole - 1) : whole
        }
        guard let double = Double(bound.text) else { return nil }
        return Int(exactly: double.rounded(.down))
    }

    /// 0 (or the variant-th step from it) when the bounds allow it, else a
    /// bound or the middle between exclusive ones; checked as exact decimals,
    /// an inclusive bound's own text where binary numbers miss.
    private mutating func numberText(_ bounds: SchemaBounds, variant: Int) -> String {
        let low = bounds.minimum.flatMap { Double($0.value.text) }
        let high = bounds.maximum.flatMap { Double($0.value.text) }
        let lowExclusive = bounds.minimum?.exclusive ?? false
        let highExclusive = bounds.maximum?.exclusive ?? false
        var value = Double(variant)
        if let low, value < low || (lowExclusive && value == low) {
            value = lowExclusive ? (high.map { (low + $0) / 2 } ?? low + 1) : low
            if variant > 0 { value += Double(variant) * (high.map { ($0 - low) / Double(variant + 2) } ?? 1) }
        } else if let high, value > high || (highExclusive && value == high) {
            value = highExclusive ? (low.map { ($0 + high) / 2 } ?? high - 1) : high
        }
        if let step = bounds.multipleOf.flatMap({ Double($0.text) }), step > 0, (value / step).rounded() != value / step {
            value = (value / step).rounded(.up) * step
        }
        var text = SchemaValue.numberText(value)
        let fits = { (candidate: String) in
            bounds.admits(ExactDecimal(candidate)) && (bounds.multipleOf.map { ExactDecimal(candidate).isMultiple(of: $0) } ?? true)
        }
        if !fits(text) {
            let inclusive = [bounds.minimum, bounds.maximum].compactMap { $0 }.filter { !$0.exclusive }.map(\.value.text)
            if let bound = inclusive.first(where: fits) {
                text = bound
            } else {
                note("no number found within the bounds and multipleOf of a number schema")
            }
        }
        return text
    }

    /// A plausible value for the format, matching the pattern when there is
    /// one, padded or cut to the length bounds.
    private mutating func stringText(format: String, _ context: JSONSchema.StringContext, variant: Int) -> String {
        var text = Self.formatted(format, variant: variant)
        let minimum = context.minLength
        if let pattern = context.pattern {
            if !(matcher.matches(pattern, text) && Self.fitsLength(text, context)) {
                if let generated = PatternExample.string(matching: pattern, minLength: minimum, variant: variant),
                    matcher.matches(pattern, generated), Self.fitsLength(generated, context)
                {
                    return generated
                }
                note("pattern \(pattern) could not be satisfied; the example's string does not match it (`body edit` to fix)")
            }
            return text
        }
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

    private static func fitsLength(_ text: String, _ context: JSONSchema.StringContext) -> Bool {
        let length = text.unicodeScalars.count
        return length >= context.minLength && (context.maxLength.map { length <= $0 } ?? true)
    }

    /// The format's sample; other variants differ in a digit or a letter, still valid.
    private static func formatted(_ format: String, variant: Int) -> String {
        let digit = String(variant % 9 + 1)
        let n = variant == 0 ? "" : String(variant + 1)
        switch format {
        case "date-time": return "2024-01-0\(digit)T12:00:00Z"
        case "date": return "2024-01-0\(digit)"
        case "time": return "12:00:0\(variant % 10)Z"
        case "duration": return "P\(digit)D"
        case "email", "idn-email": return "user\(n)@example.com"
        case "uuid": return "3fa85f64-5717-4562-b3fc-2c963f66afa\((variant + 6) % 10)"
        case "uri", "url", "iri": return "https://example.com/\(n)"
        case "uri-reference", "iri-reference": return "/example\(n)"
        case "uri-template": return "https://example.com/{id}\(n)"
        case "hostname", "idn-hostname": return "example\(n).com"
        case "ipv4": return "192.0.2.\(variant % 254 + 1)"
        case "ipv6": return "2001:db8::\(variant % 9 + 1)"
        case "byte": return ["c3RyaW5n", "c3RyaW5nMg==", "c3RyaW5nMw=="][variant % 3]
        case "binary": return n
        case "password": return "password\(n)"
        case "regex": return ".*"
        default: return "string\(n)"
        }
    }

    // MARK: - Helpers

    /// Whether the schema is a reference already being expanded on this branch.
    private func isRecursing(_ schema: JSONSchema) -> Bool {
        if let key = SchemaReferences.key(of: schema) { return expanding[key, default: 0] > 0 }
        if case .array(_, let context) = schema.value, let items = context.items { return isRecursing(items) }
        return false
    }

    /// `enum: []` (Discord writes it beside an `allOf` that names the values):
    /// no value is one of none, so an optional property with it is left out.
    private func allowsNothing(_ property: JSONSchema) -> Bool {
        (references.resolve(property) ?? property).allowedValues?.isEmpty ?? false
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
