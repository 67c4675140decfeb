import OpenAPIKit
import WorkbenchBasics

/// A schema as an indented outline for `describe`: one line per property
/// with its type, whether it is required, its enum; nested objects below
/// their property; `allOf` parts merged, `oneOf`/`anyOf` alternatives listed.
/// Bounded in depth and lines, as schemas can be large or recursive.
enum SchemaTree {
    static let maximumDepth = 6
    static let maximumLines = 60

    static func lines(_ schema: JSONSchema, in description: APIDescription, width: Int, indent: Int) -> [String] {
        var lines: [String] = []
        var builder = Builder(description: description, width: width)
        builder.add(schema, depth: indent, into: &lines)
        if builder.cut > 0 { lines.append(String(repeating: "  ", count: indent) + "… (\(builder.cut) more lines)") }
        return lines
    }

    private struct Builder {
        let description: APIDescription
        let width: Int
        var cut = 0

        /// The lines below a schema's own line: its properties, items or alternatives.
        mutating func add(_ schema: JSONSchema, depth: Int, into lines: inout [String]) {
            let pad = String(repeating: "  ", count: depth)
            guard depth <= maximumDepth else { return }
            switch schema.value {
            case .object(_, let object):
                addProperties(object.properties, depth: depth, into: &lines)
                if case .b(let extra) = object.additionalProperties {
                    append(pad + "(other names): " + SchemaText.typeName(extra), into: &lines)
                    if hasOutline(extra) { add(extra, depth: depth + 1, into: &lines) }
                }
            case .all(let parts, _):
                for part in parts { add(part, depth: depth, into: &lines) }
            case .one(let parts, _), .any(let parts, _):
                let word = if case .one = schema.value { "one of" } else { "any of" }
                for (index, part) in parts.enumerated() {
                    append(pad + "\(word) #\(index + 1): " + SchemaText.typeName(part) + notes(part), into: &lines)
                    if hasOutline(part) { add(part, depth: depth + 1, into: &lines) }
                }
            case .array(_, let array):
                if let items = array.items, hasOutline(items) {
                    append(pad + "items: " + SchemaText.typeName(items), into: &lines)
                    add(items, depth: depth + 1, into: &lines)
                } else if lines.isEmpty {
                    append(pad + SchemaText.typeName(schema) + notes(schema), into: &lines)
                }
            case .reference:
                append(pad + SchemaText.typeName(schema) + " (refers back to itself)", into: &lines)
            default:
                if lines.isEmpty { append(pad + SchemaText.typeName(schema) + notes(schema), into: &lines) }
            }
        }

        private mutating func addProperties(_ properties: OrderedDictionary<String, JSONSchema>, depth: Int, into lines: inout [String]) {
            let pad = String(repeating: "  ", count: depth)
            for (name, property) in properties {
                var line = pad + name + ": " + SchemaText.typeName(property)
                if property.isReference { line += " (refers back)" }
                if property.required { line += ", required" }
                line += notes(property)
                let deeper = hasOutline(property)
                if deeper && depth + 1 > maximumDepth { line += " {…}" }
                append(line, into: &lines)
                if deeper { add(property, depth: depth + 1, into: &lines) }
            }
        }

        /// Whether a schema has an outline of its own below its line.
        private func hasOutline(_ schema: JSONSchema) -> Bool {
            switch schema.value {
            case .object(_, let object): return !object.properties.isEmpty
            case .all, .one, .any: return true
            case .array(_, let array): return array.items.map(hasOutline) ?? false
            default: return false
            }
        }

        private func notes(_ schema: JSONSchema) -> String {
            var notes: [String] = []
            if schema.nullable { notes.append("nullable") }
            if schema.readOnly { notes.append("read-only") }
            if schema.writeOnly { notes.append("write-only") }
            if let values = schema.allowedValues, !values.isEmpty {
                notes.append("one of: " + values.map(SchemaText.text).joined(separator: ", "))
            }
            if let value = schema.defaultValue { notes.append("default \(SchemaText.text(value))") }
            return notes.isEmpty ? "" : ", " + notes.joined(separator: ", ")
        }

        private mutating func append(_ line: String, into lines: inout [String]) {
            guard lines.count < maximumLines else {
                cut += 1
                return
            }
            lines.append(line.count > width ? String(line.prefix(width - 1)) + "…" : line)
        }
    }
}
