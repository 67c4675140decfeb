import Foundation
import OpenAPIKit
import WorkbenchBasics

/// Values a description writes inside schemas (`example`, `default`, `enum`,
/// `const`) as our `JSONValue`, so that generated bodies and enum checks use the
/// same value type as everything else.
///
/// OpenAPIKit keeps such values as `AnyCodable`, whose objects are Swift
/// dictionaries: the document's member order is gone, so members come out in
/// sorted key order here (stable), and `SchemaExample` puts them back in the
/// order the schema declares its properties.
enum SchemaValue {
    static func json(_ value: AnyCodable) -> JSONValue {
        json(any: value.value)
    }

    /// Bounded: a value decoded from a document cannot be cyclic, but it may be
    /// deep; past `depthLimit` levels the rest is `null`.
    static func json(any value: Any?, depth: Int = 0) -> JSONValue {
        guard depth < depthLimit, let value else { return .null }
        switch value {
        case let codable as AnyCodable:
            return json(any: codable.value, depth: depth)
        case is NSNull:
            return .null
        case let flag as Bool:
            return .bool(flag)
        case let number as Int:
            return .number(String(number))
        case let number as UInt:
            return .number(String(number))
        case let number as Int64:
            return .number(String(number))
        case let number as Double:
            return number.isFinite ? .number(numberText(number)) : .null
        case let number as Float:
            return number.isFinite ? .number(numberText(Double(number))) : .null
        case let text as String:
            return .string(text)
        case let elements as [Any?]:
            return .array(elements.map { json(any: $0, depth: depth + 1) })
        case let members as [String: Any?]:
            return .object(members.keys.sorted().map { JSONMember(key: $0, value: json(any: members[$0] ?? nil, depth: depth + 1)) })
        case let url as URL:
            return .string(url.absoluteString)
        case let date as Date:
            return .string(ISO8601DateFormatter().string(from: date))
        default:
            return .string(String(describing: value))
        }
    }

    static let depthLimit = 64

    /// A Double as JSON number text: whole values without `.0` (`3`, not
    /// `3.0`), others in Swift's shortest round-trip form (`0.1`, `1e+300`).
    static func numberText(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 {
            return String(Int64(number))
        }
        return "\(number)"
    }
}
