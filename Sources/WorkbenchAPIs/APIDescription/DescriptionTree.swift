import Yams
import WorkbenchBasics

/// An API description's text read into one generic tree (`JSONValue`), before
/// OpenAPIKit sees it.
///
/// The tree is what the loader edits: Swagger 2.0 is rewritten as 3.0 on it,
/// and a piece OpenAPIKit rejects is cut out of it before decoding again.
/// JSON goes through our own parser (exact positions in its errors); YAML
/// through Yams. Both keep members in their order.
enum DescriptionTree {
    /// The tree of `bytes`, or an error naming the line and column that does not parse.
    static func parse(_ bytes: [UInt8], name: String) throws(WorkbenchError) -> JSONValue {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw WorkbenchError("\(name) is not UTF-8 text, so it is not an OpenAPI description")
        }
        let firstCharacter = text.first { !$0.isWhitespace && $0 != "\u{FEFF}" }
        if firstCharacter == "{" {
            do {
                return try JSONParser.parse(bytes, skippingByteOrderMark: true, maximumDepth: DescriptionBounds.maximumDepth)
            } catch  where error.isNestingBound {
                throw DescriptionBounds.tooDeep(name)
            } catch {
                throw WorkbenchError("\(name) is not valid JSON: \(error)")
            }
        }
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch {
            if DescriptionBounds.isNestingProblem(String(describing: error)) { throw DescriptionBounds.tooDeep(name) }
            throw WorkbenchError("\(name) is neither JSON nor YAML: \(Self.yamlProblem(error))")
        }
        guard let node else { throw WorkbenchError("\(name) is empty") }
        var budget = DescriptionBounds.Budget(name: name, byteCount: bytes.count)
        return try value(of: node, depth: 1, budget: &budget)
    }

    /// Yams' errors print the whole offending context over several lines; keep the first.
    private static func yamlProblem(_ error: any Error) -> String {
        let text = String(describing: error)
        return text.split(separator: "\n").first.map(String.init) ?? text
    }

    /// The YAML node as a JSON value: scalars by their resolved tag, anything
    /// JSON cannot say (timestamps, binary) kept as its text. Every value
    /// made, aliases' repetitions included, is counted against `budget`.
    static func value(of node: Node, depth: Int, budget: inout DescriptionBounds.Budget) throws(WorkbenchError) -> JSONValue {
        try budget.count(depth: depth)
        switch node {
        case .scalar(let scalar):
            switch Tag.Name(rawValue: node.tag.rawValue) {
            case .null: return .null
            case .bool: return node.bool.map(JSONValue.bool) ?? .string(scalar.string)
            case .int:
                if isJSONNumber(scalar.string) { return .number(scalar.string) }
                if let int = node.int { return .number(String(int)) }
                return .string(scalar.string)
            case .float:
                if isJSONNumber(scalar.string) { return .number(scalar.string) }
                if let float = node.float, float.isFinite { return .number(String(float)) }
                return .string(scalar.string)
            default: return .string(scalar.string)
            }
        case .mapping(let mapping):
            var members: [JSONMember] = []
            members.reserveCapacity(mapping.count)
            for pair in mapping {
                let key = pair.key.string ?? String(describing: pair.key)
                members.append(JSONMember(key: key, value: try value(of: pair.value, depth: depth + 1, budget: &budget)))
            }
            return .object(members)
        case .sequence(let sequence):
            var elements: [JSONValue] = []
            elements.reserveCapacity(sequence.count)
            for element in sequence {
                elements.append(try value(of: element, depth: depth + 1, budget: &budget))
            }
            return .array(elements)
        case .alias:
            return .null
        }
    }

    /// Whether YAML's text of a number is also JSON's (`1.10` stays `1.10`; `0x1F` and `.5` do not).
    private static func isJSONNumber(_ text: String) -> Bool {
        (try? JSONParser.parse(text)).map { if case .number = $0 { true } else { false } } ?? false
    }
}
