import Foundation
import OpenAPIKit
import WorkbenchBasics

/// Checks a JSON value against a schema as OpenAPI 3.0 and 3.1 define JSON
/// Schema, for `expect schema`: type (with `nullable`, and 3.1's type lists
/// with `null`, both of which OpenAPIKit reads as nullable), `enum`/`const`,
/// object keywords (`required`, `properties`, `additionalProperties`,
/// `patternProperties`, min/maxProperties), array keywords (`items`,
/// `prefixItems`, min/maxItems, `uniqueItems`), string keywords (lengths in
/// Unicode scalars, `pattern`, the common formats in `SchemaFormat`), numbers
/// compared as exact decimals (an integer is a number with no fraction,
/// `multipleOf` without binary rounding), and `allOf`/`anyOf`/`oneOf`/`not`.
///
/// Hand-written rather than a JSON Schema library: none is in the package
/// mirror, and the checks must run on our `JSONValue` (exact numbers, member
/// order) and OpenAPIKit's model of the schema.
///
/// Bounded for any input: values nested deeper than `depthLimit` are reported
/// once and not entered, `$ref` chains that do not advance into the value stop
/// after `hopLimit` (a loop of references constrains nothing; an `allOf` chain through
/// `$ref`s spends two a level), and the whole check stops after `stepBudget` steps with a
/// violation saying so.
public struct SchemaValidation {
    public static let depthLimit = 256
    public static let hopLimit = 128
    public static let stepBudget = 2_000_000

    /// What a check found: the violations in document order, at most `limit`.
    public struct Report: Equatable, Sendable {
        public var violations: [SchemaViolation]
        /// How many more were found beyond those listed.
        public var omitted: Int
        public var passed: Bool { violations.isEmpty }
    }

    public static func check(
        _ value: JSONValue,
        against schema: JSONSchema,
        components: OpenAPI.Components,
        direction: SchemaDirection = .response,
        limit: Int = 50
    ) -> Report {
        let run = Run(references: SchemaReferences(components: components), direction: direction)
        var found: [SchemaViolation] = []
        run.validate(value, schema, hops: 0, into: &found)
        if run.steps > stepBudget {
            found.append(SchemaViolation(path: "$", reason: "the check stopped after \(stepBudget) steps; the rest was not checked"))
        }
        return Report(violations: Array(found.prefix(limit)), omitted: max(0, found.count - limit))
    }

    /// One check's state: compiled patterns and the step count (a class so that
    /// the recursive walk shares them without threading them through).
    package final class Run {
        let references: SchemaReferences
        let direction: SchemaDirection
        var steps = 0
        /// Deep values are reported once, at the first place they go too deep.
        var reportedDepth = false
        var patterns: [String: NSRegularExpression?] = [:]
        /// Where the walk is: the steps from the root, pushed and popped as it
        /// goes down and back, rendered only for violations.
        var path: [JSONPath.Component] = []
        var pathText: String { JSONPath.render(path[...]) }

        init(references: SchemaReferences, direction: SchemaDirection) {
            self.references = references
            self.direction = direction
        }

        func validate(_ value: JSONValue, _ schema: JSONSchema, hops: Int, into found: inout [SchemaViolation]) {
            steps += 1
            guard steps <= SchemaValidation.stepBudget else { return }
            func fail(_ reason: String) { found.append(SchemaViolation(path: pathText, reason: reason)) }
            if case .reference = schema.value {
                // A loop of references with nothing between (`Loop: {$ref: Loop}`) constrains nothing.
                guard hops < SchemaValidation.hopLimit else { return }
                // A reference that points nowhere the document holds cannot be checked; the loader has said so.
                guard let target = references.resolve(schema) else { return }
                validate(value, target, hops: hops + 1, into: &found)
                return
            }
            if path.count > SchemaValidation.depthLimit {
                if !reportedDepth {
                    reportedDepth = true
                    fail("nested more than \(SchemaValidation.depthLimit) levels deep; not checked further")
                }
                return
            }
            if value == .null && (schema.nullable || schema.isNull) { return }
            if let allowed = schema.allowedValues, !allowed.isEmpty {
                let values = allowed.map(SchemaValue.json)
                if !values.contains(where: { JSONEquality.equal($0, value) }) {
                    fail(
                        values.count == 1
                            ? "expected \(Self.shown(values[0])), got \(Self.shown(value))"
                            : "\(Self.shown(value)) is not one of \(values.prefix(10).map(Self.shown).joined(separator: ", "))\(values.count > 10 ? ", ..." : "")"
                    )
                    return
                }
            }
            switch schema.value {
            case .null:
                fail("expected null, got \(value.kindDescription)")
            case .boolean:
                if case .bool = value { return }
                fail(Self.typeMismatch("a boolean", value, schema))
            case .integer(let core, let context):
                guard case .number(let text) = value else { return fail(Self.typeMismatch("an integer", value, schema)) }
                let number = ExactDecimal(text)
                guard number.isInteger else { return fail("expected an integer, got \(text)") }
                checkNumeric(number, text: text, SchemaBounds(integer: context, extensions: core.vendorExtensions), fail: fail)
                if let range = SchemaFormat.integerRange(core.format.rawValue), !(number >= range.lowerBound && number <= range.upperBound)
                {
                    fail("\(text) is outside the range of \(core.format.rawValue)")
                }
            case .number(let core, let context):
                guard case .number(let text) = value else { return fail(Self.typeMismatch("a number", value, schema)) }
                checkNumeric(ExactDecimal(text), text: text, SchemaBounds(number: context, extensions: core.vendorExtensions), fail: fail)
            case .string(let core, let context):
                guard case .string(let text) = value else { return fail(Self.typeMismatch("a string", value, schema)) }
                checkString(text, context, format: core.format.rawValue, fail: fail)
            case .object(_, let context):
                guard case .object(let members) = value else { return fail(Self.typeMismatch("an object", value, schema)) }
                checkObject(members, context, into: &found)
            case .array(_, let context):
                guard case .array(let elements) = value else { return fail(Self.typeMismatch("an array", value, schema)) }
                checkArray(elements, context, into: &found)
            case .all(of: let parts, core: _):
                for part in parts {
                    validate(value, part, hops: hops + 1, into: &found)
                }
            case .any(of: let alternatives, core: _):
                var closest: [SchemaViolation]?
                for alternative in alternatives {
                    var attempt: [SchemaViolation] = []
                    validate(value, alternative, hops: hops + 1, into: &attempt)
                    if attempt.isEmpty { return }
                    if closest == nil || attempt.count < closest!.count { closest = attempt }
                }
                fail("matches none of the \(alternatives.count) anyOf alternatives\(closest == nil ? "" : "; the closest fails:")")
                found.append(contentsOf: closest ?? [])
            case .one(of: let alternatives, let core):
                var matched: [Int] = []
                var closest: [SchemaViolation]?
                for (index, alternative) in alternatives.enumerated() {
                    var attempt: [SchemaViolation] = []
                    validate(value, alternative, hops: hops + 1, into: &attempt)
                    if attempt.isEmpty {
                        matched.append(index + 1)
                    } else if closest == nil || attempt.count < closest!.count {
                        closest = attempt
                    }
                }
                if matched.isEmpty {
                    fail("matches none of the \(alternatives.count) oneOf alternatives\(closest == nil ? "" : "; the closest fails:")")
                    found.append(contentsOf: closest ?? [])
                } else if matched.count > 1 && core.discriminator == nil {
                    // With a discriminator the property picks the alternative; overlapping shapes are the norm then.
                    fail(
                        "matches \(matched.count) oneOf alternatives (\(matched.map(String.init).joined(separator: ", "))), exactly one must match"
                    )
                }
            case .not(let excluded, core: _):
                var attempt: [SchemaViolation] = []
                validate(value, excluded, hops: hops + 1, into: &attempt)
                if attempt.isEmpty { fail("must not match the schema under `not`") }
            case .fragment, .reference:
                return
            }
        }

        // MARK: - Objects and arrays

        func checkObject(_ members: [JSONMember], _ context: JSONSchema.ObjectContext, into found: inout [SchemaViolation]) {
            let required = context.requiredProperties
            for name in required where !members.contains(where: { $0.key == name }) {
                // A required readOnly property is required in responses only, a writeOnly one in requests only.
                if let property = context.properties[name], let resolved = references.resolve(property), direction.leavesOut(resolved) {
                    continue
                }
                found.append(SchemaViolation(path: pathText, reason: "missing required property '\(name)'"))
            }
            // OpenAPIKit raises minProperties to the number of required properties; only a larger one was written.
            if context.minProperties > required.count, members.count < context.minProperties {
                found.append(
                    SchemaViolation(path: pathText, reason: "has \(members.count) properties, at least \(context.minProperties) required"))
            }
            if let maximum = context.maxProperties, members.count > maximum {
                found.append(SchemaViolation(path: pathText, reason: "has \(members.count) properties, at most \(maximum) allowed"))
            }
            for member in members {
                path.append(.key(member.key))
                defer { path.removeLast() }
                var matched = false
                if let property = context.properties[member.key] {
                    matched = true
                    validate(member.value, property, hops: 0, into: &found)
                }
                for (pattern, property) in context.patternProperties where matches(pattern, member.key) {
                    matched = true
                    validate(member.value, property, hops: 0, into: &found)
                }
                guard !matched else { continue }
                switch context.additionalProperties {
                case .a(false):
                    found.append(
                        SchemaViolation(path: pathText, reason: "property '\(member.key)' is not allowed (additionalProperties is false)"))
                case .b(let extra):
                    validate(member.value, extra, hops: 0, into: &found)
                default:
                    break
                }
            }
        }

        func checkArray(_ elements: [JSONValue], _ context: JSONSchema.ArrayContext, into found: inout [SchemaViolation]) {
            func fail(_ reason: String) { found.append(SchemaViolation(path: pathText, reason: reason)) }
            if elements.count < context.minItems {
                fail("has \(elements.count) item\(elements.count == 1 ? "" : "s"), at least \(context.minItems) required")
            }
            if let maximum = context.maxItems, elements.count > maximum {
                fail("has \(elements.count) items, at most \(maximum) allowed")
            }
            let prefix = context.prefixItems ?? []
            for (index, element) in elements.enumerated() {
                let schema = index < prefix.count ? prefix[index] : context.items
                guard let schema else { continue }
                path.append(.index(index))
                validate(element, schema, hops: 0, into: &found)
                path.removeLast()
                if steps > SchemaValidation.stepBudget { return }
            }
            if context.uniqueItems {
                outer: for (index, element) in elements.enumerated() {
                    for earlier in elements[..<index] {
                        steps += 1
                        if steps > SchemaValidation.stepBudget { return }
                        if JSONEquality.equal(earlier, element) {
                            found.append(SchemaViolation(path: pathText + "[\(index)]", reason: "duplicates an earlier item (uniqueItems)"))
                            continue outer
                        }
                    }
                }
            }
        }

        // MARK: - Scalars

        /// Bounds and `multipleOf`, all as exact decimals.
        func checkNumeric(_ number: ExactDecimal, text: String, _ bounds: SchemaBounds, fail: (String) -> Void) {
            if let minimum = bounds.minimum {
                checkBound(number, text: text, minimum.value, minimum.exclusive, below: true, fail: fail)
            }
            if let maximum = bounds.maximum {
                checkBound(number, text: text, maximum.value, maximum.exclusive, below: false, fail: fail)
            }
            if let step = bounds.multipleOf, !number.isMultiple(of: step) {
                fail("\(text) is not a multiple of \(step.text)")
            }
        }

        func checkBound(_ number: ExactDecimal, text: String, _ bound: ExactDecimal, _ exclusive: Bool, below: Bool, fail: (String) -> Void)
        {
            let outside = below ? (exclusive ? number <= bound : number < bound) : (exclusive ? number >= bound : number > bound)
            guard outside else { return }
            let relation = below ? (exclusive ? "greater than" : "at least") : (exclusive ? "less than" : "at most")
            fail("\(text) is not \(relation) \(bound.text)")
        }

        func checkString(_ text: String, _ context: JSONSchema.StringContext, format: String, fail: (String) -> Void) {
            let length = text.unicodeScalars.count
            if length < context.minLength {
                fail("is \(length) character\(length == 1 ? "" : "s") long, at least \(context.minLength) required")
            }
            if let maximum = context.maxLength, length > maximum {
                fail("is \(length) characters long, at most \(maximum) allowed")
            }
            if let pattern = context.pattern {
                if compiled(pattern) == nil {
                    // A pattern NSRegularExpression cannot read is the description's problem, not the response's.
                } else if !matches(pattern, text) {
                    fail("\(Self.shown(.string(text))) does not match the pattern \(pattern)")
                }
            }
            if !SchemaFormat.accepts(text, format: format) {
                fail("\(Self.shown(.string(text))) is not a valid \(format)")
            }
        }

        func compiled(_ pattern: String) -> NSRegularExpression? {
            if let cached = patterns[pattern] { return cached }
            let expression = try? NSRegularExpression(pattern: pattern)
            patterns[pattern] = expression
            return expression
        }

        /// JSON Schema patterns are not anchored: a match anywhere counts.
        func matches(_ pattern: String, _ text: String) -> Bool {
            guard let expression = compiled(pattern) else { return false }
            return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }

        // MARK: - Messages

        /// A value in a message: short values whole, long ones cut.
        static func shown(_ value: JSONValue) -> String {
            let text: String
            switch value {
            case .object: return "an object"
            case .array: return "an array"
            default: text = value.jsonText
            }
            return text.unicodeScalars.count <= 40 ? text : String(String.UnicodeScalarView(text.unicodeScalars.prefix(37))) + "..."
        }

        static func typeMismatch(_ expected: String, _ value: JSONValue, _ schema: JSONSchema) -> String {
            "expected \(expected)\(schema.nullable ? " or null" : ""), got \(value.kindDescription)"
        }
    }
}
