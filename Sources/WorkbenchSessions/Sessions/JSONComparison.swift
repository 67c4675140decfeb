import WorkbenchBasics

/// The operators of `expect json PATH OP VALUE` besides `==`, as Hurl has them.
public enum JSONComparison: String, Equatable, Sendable, CaseIterable {
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    /// A string holding a string, or an array holding an element.
    case contains
    /// A string matching a regular expression, given as a JSON string.
    case matches

    /// A VALUE the operator can never use is refused when typed.
    func checkOperand(_ literal: String) throws(WorkbenchError) {
        guard !Template.hasReferences(literal) else { return }
        var value: JSONValue
        do { value = try JSONParser.parse(literal) } catch { return }
        defer { value.dismantle() }
        switch self {
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard case .number = value else {
                throw WorkbenchError("`\(rawValue)` compares numbers: expected a number, got \(value.kindDescription)")
            }
        case .matches:
            guard case .string(let pattern) = value else {
                throw WorkbenchError("`matches` takes a regular expression in double quotes, as in \"^ana\"")
            }
            do { _ = try Regex(pattern) } catch { throw WorkbenchError("invalid regular expression \"\(pattern)\": \(error)") }
        case .notEqual, .contains:
            break
        }
    }

    /// Whether `found OP expected` holds.
    func holds(_ found: JSONValue, _ expected: JSONValue) -> Bool {
        switch self {
        case .notEqual:
            return !JSONEquality.equal(found, expected)
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard case .number(let a) = found, case .number(let b) = expected,
                let x = Double(a), let y = Double(b)
            else { return false }
            switch self {
            case .less: return x < y
            case .lessOrEqual: return x <= y
            case .greater: return x > y
            default: return x >= y
            }
        case .contains:
            switch (found, expected) {
            case (.string(let text), .string(let part)): return text.contains(part)
            case (.array(let elements), _): return elements.contains { JSONEquality.equal($0, expected) }
            default: return false
            }
        case .matches:
            guard case .string(let text) = found, case .string(let pattern) = expected,
                let regex = try? Regex(pattern)
            else { return false }
            return text.contains(regex)
        }
    }
}
