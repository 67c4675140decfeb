/// Whether two JSON values mean the same thing, as `expect json PATH == VALUE` needs.
///
/// - Objects: the same keys with equal values, in any order. When a key
///   appears more than once, the last one counts, as in JavaScript and Python.
/// - Numbers: equal as exact decimal values, never through a Double: `1`,
///   `1.0`, `1e0` and `10e-1` are equal, `0.1` equals `0.10`, `-0` equals `0`,
///   and `12345678901234567890` differs from `12345678901234567891`.
/// - Strings and keys: the same Unicode scalars after unescaping (`"\u00e9"`
///   equals `"é"`, but a decomposed `e` + U+0301 does not: Swift's `==` on
///   strings would call those equal).
/// - Arrays in order; booleans and null as themselves.
///
/// A pure function with an explicit stack: two values nested 100,000 deep compare fine.
public enum JSONEquality {
    public static func equal(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        compare(lhs, rhs, byMeaning: true)
    }

    /// The one walk over two values: by meaning (above), or structurally for
    /// `JSONValue.==` (members in order, numbers by text, strings by Swift's `==`).
    static func compare(_ lhs: JSONValue, _ rhs: JSONValue, byMeaning: Bool) -> Bool {
        var pending: [(JSONValue, JSONValue)] = [(lhs, rhs)]
        while let (left, right) = pending.popLast() {
            switch (left, right) {
            case (.object(let leftMembers), .object(let rightMembers)) where byMeaning:
                let leftByKey = lastMembers(leftMembers)
                let rightByKey = lastMembers(rightMembers)
                guard leftByKey.count == rightByKey.count else { return false }
                for (key, value) in leftByKey {
                    guard let other = rightByKey[key] else { return false }
                    pending.append((value, other))
                }
            case (.object(let leftMembers), .object(let rightMembers)):
                guard leftMembers.count == rightMembers.count else { return false }
                for (leftMember, rightMember) in zip(leftMembers, rightMembers) {
                    guard leftMember.key == rightMember.key else { return false }
                    pending.append((leftMember.value, rightMember.value))
                }
            case (.array(let leftElements), .array(let rightElements)):
                guard leftElements.count == rightElements.count else { return false }
                pending.append(contentsOf: zip(leftElements, rightElements))
            case (.string(let leftText), .string(let rightText)):
                guard byMeaning ? sameScalars(leftText, rightText) : leftText == rightText else { return false }
            case (.number(let leftText), .number(let rightText)):
                guard leftText == rightText || byMeaning && Decimal(leftText) == Decimal(rightText) else { return false }
            case (.bool(let leftFlag), .bool(let rightFlag)):
                guard leftFlag == rightFlag else { return false }
            case (.null, .null):
                break
            default:
                return false
            }
        }
        return true
    }

    /// Same Unicode scalars: the UTF-8 bytes are equal exactly when they are.
    static func sameScalars(_ left: String, _ right: String) -> Bool {
        left.utf8.elementsEqual(right.utf8)
    }

    /// Each key's last value, keyed by the key's UTF-8 bytes (not `String`,
    /// whose hashing and `==` treat canonically equivalent keys as one).
    package static func lastMembers(_ members: [JSONMember]) -> [[UInt8]: JSONValue] {
        var byKey: [[UInt8]: JSONValue] = [:]
        byKey.reserveCapacity(members.count)
        for member in members {
            byKey[Array(member.key.utf8)] = member.value
        }
        return byKey
    }

    /// A JSON number as sign, significant digits and exponent: the value is
    /// `0.d1d2d3... × 10^exponent`, with no leading or trailing zero digit,
    /// so two numbers are equal exactly when these are.
    package struct Decimal: Equatable {
        package var negative: Bool
        /// The significant digits, as ASCII; empty for zero.
        package var digits: [UInt8]
        package var exponent: Int

        /// Exponents are read up to this size; beyond it (10^17 and more) they
        /// saturate, so numbers that large or small compare by their digits alone.
        static let exponentLimit = 100_000_000_000_000_000

        /// Reads number text as `JSONParser` keeps it; text that is not a number
        /// (it cannot come from a parsed value) still reads as something, never crashes.
        package init(_ text: String) {
            let bytes = Array(text.utf8)
            var index = 0
            negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
            if negative { index += 1 }
            var all: [UInt8] = []
            var pointPosition: Int?
            while index < bytes.count {
                let byte = bytes[index]
                if JSONTokenizer.isDigit(byte) {
                    all.append(byte)
                } else if byte == UInt8(ascii: "."), pointPosition == nil {
                    pointPosition = all.count
                } else {
                    break
                }
                index += 1
            }
            var written = 0
            if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
                index += 1
                var exponentNegative = false
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                    exponentNegative = bytes[index] == UInt8(ascii: "-")
                    index += 1
                }
                while index < bytes.count, JSONTokenizer.isDigit(bytes[index]) {
                    written = min(written * 10 + Int(bytes[index] - UInt8(ascii: "0")), Self.exponentLimit)
                    index += 1
                }
                if exponentNegative { written = -written }
            }
            // The digits before the point (all of them when there is none) set the scale.
            var scale = pointPosition ?? all.count
            var first = 0
            while first < all.count, all[first] == UInt8(ascii: "0") {
                first += 1
                scale -= 1
            }
            var last = all.count
            while last > first, all[last - 1] == UInt8(ascii: "0") { last -= 1 }
            digits = Array(all[first..<last])
            if digits.isEmpty {
                // Zero, whatever its sign or exponent.
                negative = false
                exponent = 0
            } else {
                exponent = scale + written
            }
        }
    }
}
