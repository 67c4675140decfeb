import OpenAPIKit
import WorkbenchBasics

/// Short readable forms of schemas and values, for `describe` and completion.
public enum SchemaText {
    /// `string`, `integer (int64)`, `array of Pet`, `one of: Cat | Dog`, `Pet` for an unresolved reference.
    public static func typeName(_ schema: JSONSchema) -> String {
        switch schema.value {
        case .reference(let reference, _):
            return reference.name ?? reference.absoluteString
        case .array(_, let array):
            return "array of " + (array.items.map(typeName) ?? "any")
        case .all(let schemas, _):
            return schemas.count == 1 ? typeName(schemas[0]) : "all of: " + schemas.map(typeName).joined(separator: " & ")
        case .one(let schemas, _):
            return "one of: " + schemas.map(typeName).joined(separator: " | ")
        case .any(let schemas, _):
            return "any of: " + schemas.map(typeName).joined(separator: " | ")
        case .not(let negated, _):
            return "not " + typeName(negated)
        case .fragment:
            return schema.title ?? "any"
        default:
            let type = schema.jsonType?.rawValue ?? "any"
            if let format = schema.formatString, !format.isEmpty { return "\(type) (\(format))" }
            return type
        }
    }

    /// A value from the description (an enum member, a default, an example) as
    /// the user would type it: strings bare, everything else as JSON.
    public static func text(_ value: AnyCodable) -> String {
        switch value.value {
        case let string as String: return string
        case let bool as Bool: return bool ? "true" : "false"
        case let int as Int: return String(int)
        case let double as Double:
            return double.rounded() == double && abs(double) < 1e15 ? String(Int(double)) : String(double)
        default: return value.description
        }
    }
}
