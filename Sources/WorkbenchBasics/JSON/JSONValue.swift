/// A parsed JSON value that keeps what the server sent: members in their
/// order and numbers as their exact text.
///
/// Numbers stay text because a Double would turn `12345678901234567890123`
/// into `1.2345678901234568e+22` and `1.10` into `1.1`, and a captured id or
/// an expected amount must compare exactly as received. `==` is structural
/// (member order and number text count: what a round trip must keep);
/// `JSONEquality.equal` compares by meaning, as `expect json` does.
///
/// The enum is not `indirect`: the containers are arrays, which are already
/// references, so only the scalar payloads would gain a needless box.
///
/// Everything that walks a value here (`==`, `jsonText`, `dismantle()`)
/// uses an explicit stack, because a response may nest 100,000 levels deep.
/// Destruction is the one walk Swift does on its own, and it recurses: see
/// `dismantle()` for values that may be that deep.
public enum JSONValue: Equatable, Sendable, CustomStringConvertible {
    case object([JSONMember])
    case array([JSONValue])
    case string(String)
    /// The number's text exactly as received, e.g. `"1.10"` or `"-0.0e+5"`.
    case number(String)
    case bool(Bool)
    case null

    /// The value of the first member named `key`, or nil when there is none
    /// or this is not an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        for member in members where member.key == key {
            return member.value
        }
        return nil
    }

    /// The decoded text of a string value; nil for every other kind.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    public var description: String { jsonText }

    /// What kind of value this is, for error messages: `an object`, `a string`, `null`.
    public var kindDescription: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }

    /// The value as compact JSON: no white space, members in order, numbers
    /// as their text, strings with only the escapes JSON requires.
    public var jsonText: String {
        var output: [UInt8] = []
        // Pending work, last item first: a value to write, or a fixed piece of
        // punctuation, or a key (already followed by ':' when written).
        var pending: [Piece] = [.value(self)]
        while let piece = pending.popLast() {
            switch piece {
            case .byte(let byte):
                output.append(byte)
            case .key(let key):
                Self.appendQuoted(key, to: &output)
                output.append(UInt8(ascii: ":"))
            case .value(let value):
                switch value {
                case .object(let members):
                    output.append(UInt8(ascii: "{"))
                    pending.append(.byte(UInt8(ascii: "}")))
                    for index in members.indices.reversed() {
                        pending.append(.value(members[index].value))
                        pending.append(.key(members[index].key))
                        if index > 0 { pending.append(.byte(UInt8(ascii: ","))) }
                    }
                case .array(let elements):
                    output.append(UInt8(ascii: "["))
                    pending.append(.byte(UInt8(ascii: "]")))
                    for index in elements.indices.reversed() {
                        pending.append(.value(elements[index]))
                        if index > 0 { pending.append(.byte(UInt8(ascii: ","))) }
                    }
                case .string(let text):
                    Self.appendQuoted(text, to: &output)
                case .number(let text):
                    output.append(contentsOf: text.utf8)
                case .bool(let flag):
                    output.append(contentsOf: (flag ? "true" : "false").utf8)
                case .null:
                    output.append(contentsOf: "null".utf8)
                }
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private enum Piece {
        case value(JSONValue)
        case key(String)
        case byte(UInt8)
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Appends `text` as a JSON string: `"` and `\` escaped, control
    /// characters as their short escape or `\u00XX`, everything else as UTF-8.
    static func appendQuoted(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x08: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x0A: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x00...0x1F:
                output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            default:
                output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// Structural equality (members in order, numbers by their text), with an
    /// explicit stack, so that comparing two 100,000-deep values cannot
    /// overflow the stack as the synthesized, recursive `==` would. The walk
    /// is `JSONEquality`'s, whose other mode compares by meaning.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        JSONEquality.compare(lhs, rhs, byMeaning: false)
    }

    /// Takes the value apart with an explicit stack and leaves `.null` in its place.
    ///
    /// Swift destroys nested arrays recursively, one run of stack frames per
    /// level, so simply dropping a value nested about 50,000 levels deep
    /// (fewer on a small thread stack) crashes the process. Whoever owns a
    /// value parsed from untrusted input, such as a response body, calls this
    /// before letting it go. It only helps when this is the last copy of the
    /// value: a container that another copy still shares is left for that
    /// copy to release. It is linear in the size of the value and harmless
    /// for shallow ones.
    public mutating func dismantle() {
        // Move the value into the stack so that the stack holds the only reference.
        var pending: [JSONValue] = []
        pending.append(self)
        self = .null
        while let value = pending.popLast() {
            // Each container's nested containers get one more reference here,
            // so when `value` dies at the end of this iteration, freeing its
            // storage releases them without destroying them. Scalars need no
            // help: they are freed with their container, one level deep.
            switch value {
            case .object(let members):
                for member in members {
                    switch member.value {
                    case .object, .array: pending.append(member.value)
                    default: break
                    }
                }
            case .array(let elements):
                for element in elements {
                    switch element {
                    case .object, .array: pending.append(element)
                    default: break
                    }
                }
            default:
                break
            }
        }
    }
}

/// One `"key": value` member of a JSON object; a struct rather than a tuple so
/// that objects can be compared.
public struct JSONMember: Equatable, Sendable {
    public var key: String
    public var value: JSONValue

    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}
