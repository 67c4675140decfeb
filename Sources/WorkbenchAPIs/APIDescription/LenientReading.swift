import WorkbenchBasics

/// Schema keywords a strict OpenAPI 3.1 reader (OpenAPIKit) rejects, read
/// leniently on the generic tree before decoding, each with a note naming it,
/// so that one keyword never costs a whole component:
///
/// - `exclusiveMinimum: true` / `exclusiveMaximum: true` (OpenAPI 3.0's and
///   JSON Schema draft 4's form) in a 3.1 document: the bound it qualifies
///   becomes the exclusive one, as 3.1 writes it (`false` is dropped).
/// - Bounds and `multipleOf` that OpenAPIKit's model cannot hold exactly (an
///   integer schema's bounds are `Int`, a number schema's `Double`):
///   `maximum: 9223372036854776000` on an integer. The model gets the nearest
///   value it can hold, and the exact text rides along on the schema as the
///   vendor extension `x-workbench-exact` (`{"maximum": "9223372036854776000"}`),
///   which `SchemaBounds` reads back as exact decimals.
///
/// The walk follows the description's structure (paths, operations,
/// parameters, bodies, responses, components, and a schema's subschemas), so
/// examples and other free-form values are never taken for schemas.
enum LenientReading {
    /// The vendor extension holding bounds as their exact text.
    static let exactKey = "x-workbench-exact"
    /// The keywords whose exact text is kept.
    static let numericKeywords = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"]

    package struct Outcome {
        /// One line per keyword read leniently: where, what, and how it was read.
        var notes: [String] = []
        /// Whether some schema carries `exactKey` (the decoder must then read it).
        var keptExactText = false
    }

    /// Rewrites `tree` in place.
    static func apply(to tree: inout JSONValue, isVersion31: Bool) -> Outcome {
        var walk = Walk(isVersion31: isVersion31)
        walk.document(tree)
        var edits = walk.edits
        walk.edits = []
        // Applied first to last (parents before their subschemas), each let go once applied.
        edits.reverse()
        while let edit = edits.popLast() {
            _ = tree.replace(at: edit.path[...], with: edit.value)
        }
        return Outcome(notes: walk.notes, keptExactText: walk.keptExactText)
    }

    private struct Edit {
        var path: [String]
        var value: JSONValue
    }

    /// A read-only pass collecting the schemas to rewrite (parents before
    /// their subschemas, so applying them in order keeps every path valid:
    /// an edit only changes scalar members and appends one).
    private struct Walk {
        let isVersion31: Bool
        var edits: [Edit] = []
        var notes: [String] = []
        var keptExactText = false
        var path: [String] = []
        /// Schemas entered, to bound a hostile tree (the parser bounds depth; this bounds work).
        var schemaCount = 0
        static let schemaBudget = 1_000_000

        init(isVersion31: Bool) { self.isVersion31 = isVersion31 }

        mutating func document(_ tree: JSONValue) {
            for member in tree.members {
                inside(member.key) { walk in
                    switch member.key {
                    case "paths", "webhooks": walk.each(member.value) { $0.pathItem($1) }
                    case "components": walk.components(member.value)
                    default: break
                    }
                }
            }
        }

        mutating func components(_ value: JSONValue) {
            for member in value.members {
                inside(member.key) { walk in
                    switch member.key {
                    case "schemas": walk.each(member.value) { $0.schema($1) }
                    case "parameters", "headers": walk.each(member.value) { $0.parameter($1) }
                    case "requestBodies", "responses": walk.each(member.value) { $0.body($1) }
                    case "pathItems": walk.each(member.value) { $0.pathItem($1) }
                    case "callbacks": walk.each(member.value) { $0.each($1) { $0.pathItem($1) } }
                    default: break
                    }
                }
            }
        }

        mutating func pathItem(_ value: JSONValue) {
            for member in value.members {
                inside(member.key) { walk in
                    if member.key == "parameters" {
                        walk.each(member.value) { $0.parameter($1) }
                    } else if Self.methods.contains(member.key) {
                        walk.operation(member.value)
                    }
                }
            }
        }

        static let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"]

        mutating func operation(_ value: JSONValue) {
            for member in value.members {
                inside(member.key) { walk in
                    switch member.key {
                    case "parameters": walk.each(member.value) { $0.parameter($1) }
                    case "requestBody": walk.body(member.value)
                    case "responses": walk.each(member.value) { $0.body($1) }
                    case "callbacks": walk.each(member.value) { $0.each($1) { $0.pathItem($1) } }
                    default: break
                    }
                }
            }
        }

        /// A parameter or a header: a `schema`, or a `content` map.
        mutating func parameter(_ value: JSONValue) {
            for member in value.members {
                inside(member.key) { walk in
                    switch member.key {
                    case "schema": walk.schema(member.value)
                    case "content": walk.content(member.value)
                    default: break
                    }
                }
            }
        }

        /// A request body or a response: its `content`, and a response's `headers`.
        mutating func body(_ value: JSONValue) {
            for member in value.members {
                inside(member.key) { walk in
                    switch member.key {
                    case "content": walk.content(member.value)
                    case "headers": walk.each(member.value) { $0.parameter($1) }
                    default: break
                    }
                }
            }
        }

        mutating func content(_ value: JSONValue) {
            each(value) { walk, mediaType in
                guard let schema = mediaType["schema"] else { return }
                walk.inside("schema") { $0.schema(schema) }
            }
        }

        static let schemaMaps: Set<String> = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]
        static let schemaLists: Set<String> = ["allOf", "anyOf", "oneOf", "prefixItems"]
        static let subschemas: Set<String> = [
            "items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames",
            "unevaluatedItems", "unevaluatedProperties", "additionalItems", "contentSchema",
        ]

        /// A schema where the description's structure puts one: rewritten
        /// whole (subschemas first), as one edit, so that edits never nest.
        mutating func schema(_ value: JSONValue) {
            if let rewritten = transformed(value) {
                edits.append(Edit(path: path, value: rewritten))
            }
        }

        /// The schema with its subschemas and then its own keywords rewritten; nil when nothing is.
        mutating func transformed(_ value: JSONValue) -> JSONValue? {
            guard case .object(var members) = value, schemaCount < Self.schemaBudget else { return nil }
            schemaCount += 1
            var changed = false
            for index in members.indices {
                let key = members[index].key
                let child = members[index].value
                var replacement: JSONValue?
                inside(key) { walk in
                    if Self.schemaMaps.contains(key) || Self.schemaLists.contains(key) {
                        replacement = walk.transformedEach(child)
                    } else if Self.subschemas.contains(key) {
                        // draft 4's tuple `items` is a list
                        if case .array = child { replacement = walk.transformedEach(child) } else { replacement = walk.transformed(child) }
                    }
                }
                if let replacement {
                    members[index].value = replacement
                    changed = true
                }
            }
            if case .object(let rewritten)? = rewritten(members) {
                members = rewritten
                changed = true
            }
            if let restructured = Self.restructured(members) {
                members = restructured
                changed = true
            }
            return changed ? .object(members) : nil
        }

        /// Each member or item transformed as a schema; nil when none changed.
        mutating func transformedEach(_ value: JSONValue) -> JSONValue? {
            switch value {
            case .object(var members):
                var changed = false
                for index in members.indices {
                    let child = members[index].value
                    var replacement: JSONValue?
                    inside(members[index].key) { replacement = $0.transformed(child) }
                    if let replacement { members[index].value = replacement; changed = true }
                }
                return changed ? .object(members) : nil
            case .array(var items):
                var changed = false
                for index in items.indices {
                    let child = items[index]
                    var replacement: JSONValue?
                    inside(String(index)) { replacement = $0.transformed(child) }
                    if let replacement { items[index] = replacement; changed = true }
                }
                return changed ? .array(items) : nil
            default:
                return nil
            }
        }

        /// Keywords OpenAPIKit reads only for a schema of one type, which it
        /// drops when the schema also has `allOf`/`anyOf`/`oneOf`/`not`
        /// (OpenAI's `type: object` with `properties` and `anyOf: [{required:
        /// [file_ids]}, ...]` lost its properties).
        static let typeKeywords: Set<String> = [
            "properties", "required", "additionalProperties", "patternProperties", "minProperties", "maxProperties",
            "items", "prefixItems", "minItems", "maxItems", "uniqueItems", "minLength", "maxLength", "pattern",
            "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
        ]
        static let combinators: Set<String> = ["allOf", "anyOf", "oneOf", "not"]

        /// A schema with both as `allOf` of its typed part and its combinators:
        /// JSON Schema applies every keyword, so this says the same in a shape
        /// OpenAPIKit keeps whole. Annotations (description, nullable, examples) stay on top.
        static func restructured(_ members: [JSONMember]) -> [JSONMember]? {
            guard members.contains(where: { combinators.contains($0.key) }),
                members.contains(where: { typeKeywords.contains($0.key) })
            else { return nil }
            let typed = members.filter {
                typeKeywords.contains($0.key) || $0.key == "type" || $0.key == "format" || $0.key == LenientReading.exactKey
            }
            var parts: [JSONValue] = [.object(typed)]
            for member in members where combinators.contains(member.key) {
                if member.key == "allOf" {
                    parts += member.value.items
                } else {
                    var part = [member]
                    // The discriminator chooses among these alternatives: it goes with them.
                    if member.key != "not", let discriminator = members.first(where: { $0.key == "discriminator" }) {
                        part.append(discriminator)
                    }
                    parts.append(.object(part))
                }
            }
            var out = members.filter {
                !typeKeywords.contains($0.key) && !combinators.contains($0.key)
                    && !["type", "format", "discriminator", LenientReading.exactKey].contains($0.key)
            }
            out.append(JSONMember(key: "allOf", value: .array(parts)))
            return out
        }

        // MARK: - One schema

        /// The schema's members with its lenient keywords rewritten; nil when none is.
        mutating func rewritten(_ original: [JSONMember]) -> JSONValue? {
            var members = original
            var changed = false
            if isVersion31 {
                for (flag, bound) in [("exclusiveMinimum", "minimum"), ("exclusiveMaximum", "maximum")] {
                    guard let index = members.firstIndex(where: { $0.key == flag }), case .bool(let exclusive) = members[index].value else {
                        continue
                    }
                    changed = true
                    let boundIndex = members.firstIndex { $0.key == bound }
                    if exclusive, let boundIndex, case .number(let text) = members[boundIndex].value {
                        members[index].value = .number(text)
                        members.remove(at: boundIndex)
                        note("`\(flag): true` (OpenAPI 3.0's form) read as `\(flag): \(text)`")
                    } else {
                        members.remove(at: index)
                        note(
                            "`\(flag): \(exclusive)` (OpenAPI 3.0's form) \(exclusive ? "has no `\(bound)` to qualify" : "is the default"); left out"
                        )
                    }
                }
            } else {
                // 3.1's form in a 3.0 document: the bound, and the 3.0 flag saying it is exclusive.
                for (flag, bound) in [("exclusiveMinimum", "minimum"), ("exclusiveMaximum", "maximum")] {
                    guard let index = members.firstIndex(where: { $0.key == flag }), case .number(let text) = members[index].value else {
                        continue
                    }
                    changed = true
                    members[index].value = .bool(true)
                    members.removeAll { $0.key == bound }
                    members.append(JSONMember(key: bound, value: .number(text)))
                    note("`\(flag): \(text)` (OpenAPI 3.1's form) read as `\(bound): \(text)` with `\(flag): true`")
                }
            }
            let isInteger = Self.isIntegerSchema(original)
            var exact: [JSONMember] = []
            for index in members.indices where LenientReading.numericKeywords.contains(members[index].key) {
                guard case .number(let text) = members[index].value, let held = Self.held(text, integer: isInteger) else { continue }
                changed = true
                exact.append(JSONMember(key: members[index].key, value: .string(text)))
                members[index].value = .number(held)
                note("`\(members[index].key): \(text)` does not fit a 64-bit \(isInteger ? "integer" : "number"); read as an exact decimal")
            }
            if !exact.isEmpty {
                keptExactText = true
                members.append(JSONMember(key: LenientReading.exactKey, value: .object(exact)))
            }
            return changed ? .object(members) : nil
        }

        /// `integer` (alone or with `null`): OpenAPIKit reads its bounds as `Int`.
        static func isIntegerSchema(_ members: [JSONMember]) -> Bool {
            guard let type = members.first(where: { $0.key == "type" })?.value else { return false }
            switch type {
            case .string(let name): return name == "integer"
            case .array(let names): return names.contains(.string("integer")) && !names.contains(.string("number"))
            default: return false
            }
        }

        /// The value OpenAPIKit's model will hold for `text`, when it is not
        /// `text` exactly: the nearest 64-bit integer for an integer schema
        /// (a fraction rounded toward zero), the nearest Double otherwise.
        /// Nil when the model holds `text` as it is.
        static func held(_ text: String, integer: Bool) -> String? {
            let exact = ExactDecimal(text)
            if integer {
                if exact > int64Max { return String(Int64.max) }
                if exact < int64Min { return String(Int64.min) }
                if exact.isInteger { return nil }
                guard let double = Double(text) else { return nil }
                return String(Int64(double.rounded(.towardZero)))
            }
            guard let double = Double(text), double.isFinite else { return nil }
            return ExactDecimal(SchemaValue.numberText(double)) == exact ? nil : SchemaValue.numberText(double)
        }

        private static let int64Max = ExactDecimal(String(Int64.max))
        private static let int64Min = ExactDecimal(String(Int64.min))

        // MARK: - Walking

        mutating func note(_ text: String) {
            notes.append("\(path.joined(separator: "/")): \(text)")
        }

        mutating func inside(_ key: String, _ body: (inout Walk) -> Void) {
            path.append(key)
            body(&self)
            path.removeLast()
        }

        /// Each member of an object, or each item of an array, with its key or index on the path.
        mutating func each(_ value: JSONValue, _ body: (inout Walk, JSONValue) -> Void) {
            switch value {
            case .object(let members):
                for member in members { inside(member.key) { body(&$0, member.value) } }
            case .array(let items):
                for (index, item) in items.enumerated() { inside(String(index)) { body(&$0, item) } }
            default:
                break
            }
        }
    }
}

extension JSONValue {
    /// Replaces the value at `path` (member names and array indices as text);
    /// false when nothing is there. Edits in place (see `set`).
    mutating func replace(at path: ArraySlice<String>, with value: JSONValue) -> Bool {
        guard let first = path.first else {
            self = value
            return true
        }
        let rest = path.dropFirst()
        switch self {
        case .object(var members):
            guard let index = members.firstIndex(where: { $0.key == first }) else { return false }
            self = .null
            defer { self = .object(members) }
            return members[index].value.replace(at: rest, with: value)
        case .array(var items):
            guard let index = Int(first), items.indices.contains(index) else { return false }
            self = .null
            defer { self = .array(items) }
            return items[index].replace(at: rest, with: value)
        default:
            return false
        }
    }
}
