/// The small JSONPath subset that captures and expectations need: `$`, then
/// any chain of `.name`, `["any key"]` or `['any key']`, and `[N]` or `[-N]`
/// (counted from the end), as in `$.items[0].id` or `$["odd key"].x`.
///
/// No wildcards, filters or recursive descent: each path names exactly one
/// value, so a capture is a single value and an expectation compares one
/// thing. When a path does not match, the error names the first step that
/// failed and what was there instead, which is what the user needs to fix it.
public struct JSONPath: Equatable, Sendable, CustomStringConvertible {
    /// One step after `$`.
    public enum Component: Equatable, Sendable {
        case key(String)
        /// An array index; negative counts from the end, `-1` being the last element.
        case index(Int)
    }

    /// The path as the user typed it.
    public private(set) var text: String
    public private(set) var components: [Component]

    public var description: String { text }

    public init(parsing text: String) throws(WorkbenchError) {
        self.text = text
        var reader = Reader(scalars: Array(text.unicodeScalars))
        do throws(Reader.Problem) {
            components = try reader.readComponents()
        } catch {
            throw WorkbenchError("invalid JSON path '\(text)': \(error.message) at column \(error.position + 1)")
        }
    }

    /// The value this path names inside `value`.
    public func evaluate(_ value: JSONValue) throws(WorkbenchError) -> JSONValue {
        var current = value
        for (position, component) in components.enumerated() {
            // Rendered only for an error: a path can have 100,000 steps.
            var here: String { Self.render(components[..<position]) }
            var step: String { Self.render(components[...position]) }
            switch (component, current) {
            case (.key(let key), .object(let members)):
                guard let member = members.first(where: { $0.key == key }) else {
                    throw WorkbenchError("\(step): no key '\(key)' in the object at \(here) (\(Self.describeKeys(members)))")
                }
                current = member.value
            case (.index(let index), .array(let elements)):
                let resolved = index < 0 ? elements.count + index : index
                guard resolved >= 0 && resolved < elements.count else {
                    let size =
                        elements.isEmpty
                        ? "is empty"
                        : "has \(elements.count) element\(elements.count == 1 ? "" : "s")"
                    throw WorkbenchError("\(step): index \(index) is out of range (the array at \(here) \(size))")
                }
                current = elements[resolved]
            case (.key, _):
                throw WorkbenchError("\(step): \(here) is \(Self.kind(of: current)), not an object")
            case (.index, _):
                throw WorkbenchError("\(step): \(here) is \(Self.kind(of: current)), not an array")
            }
        }
        return current
    }

    /// The most keys an error lists; a large object would bury the message.
    static let listedKeyLimit = 20

    static func describeKeys(_ members: [JSONMember]) -> String {
        guard !members.isEmpty else { return "the object is empty" }
        var seen = Set<String>()
        var keys: [String] = []
        for member in members where seen.insert(member.key).inserted {
            keys.append(member.key)
        }
        if keys.count <= listedKeyLimit {
            return "keys: " + keys.joined(separator: ", ")
        }
        return "keys: " + keys.prefix(listedKeyLimit).joined(separator: ", ") + ", and \(keys.count - listedKeyLimit) more"
    }

    static func kind(of value: JSONValue) -> String {
        value.kindDescription
    }

    /// The canonical text of a path: `.name` where the name allows it, `["..."]` otherwise.
    package static func render(_ components: ArraySlice<Component>) -> String {
        var text = "$"
        for component in components {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key):
                if !key.isEmpty && key.unicodeScalars.allSatisfy(Reader.isNameScalar) {
                    text += "." + key
                } else {
                    text += "[\""
                    for scalar in key.unicodeScalars {
                        if scalar == "\"" || scalar == "\\" { text += "\\" }
                        text.unicodeScalars.append(scalar)
                    }
                    text += "\"]"
                }
            }
        }
        return text
    }

    /// Reads a path one Unicode scalar at a time; positions are scalar offsets,
    /// reported as 1-based columns.
    private struct Reader {
        let scalars: [Unicode.Scalar]
        var position = 0

        struct Problem: Error {
            var message: String
            var position: Int
        }

        /// Letters, digits, `_`, `-` and anything outside ASCII may follow a `.`.
        static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "_", "-": true
            default: scalar.value >= 0x80
            }
        }

        var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

        func problem(_ message: String) -> Problem {
            Problem(message: message, position: position)
        }

        func describeCurrent() -> String {
            guard let current else { return "end of path" }
            return "'\(current)'"
        }

        mutating func readComponents() throws(Problem) -> [Component] {
            guard current == "$" else {
                throw problem(current == nil ? "a path must start with '$'" : "expected '$' at the start, found \(describeCurrent())")
            }
            position += 1
            var components: [Component] = []
            while let scalar = current {
                switch scalar {
                case ".":
                    position += 1
                    components.append(.key(try readName()))
                case "[":
                    position += 1
                    components.append(try readBracket())
                default:
                    throw problem("unexpected \(describeCurrent()): expected '.' or '['")
                }
            }
            return components
        }

        mutating func readName() throws(Problem) -> String {
            let start = position
            while let scalar = current, Self.isNameScalar(scalar) { position += 1 }
            guard position > start else {
                switch current {
                case ".": throw problem("recursive descent '..' is not supported")
                case "*": throw problem("wildcards are not supported")
                case nil: throw problem("expected a key name after '.'")
                default: throw problem("expected a key name after '.', found \(describeCurrent()) (use [\"...\"] for such keys)")
                }
            }
            var name = ""
            name.unicodeScalars.append(contentsOf: scalars[start..<position])
            return name
        }

        mutating func readBracket() throws(Problem) -> Component {
            let component: Component
            switch current ?? " " {
            case "\"", "'":
                component = .key(try readQuoted())
            case "-", "0"..."9":
                component = .index(try readIndex())
            case "*":
                throw problem("wildcards are not supported")
            default:
                throw problem("expected an index or a quoted key")
            }
            guard current == "]" else { throw problem("expected ']', found \(describeCurrent())") }
            position += 1
            return component
        }

        mutating func readQuoted() throws(Problem) -> String {
            guard let quote = current else { throw problem("expected a quoted key") }
            let opening = position
            position += 1
            var key = ""
            while let scalar = current {
                position += 1
                if scalar == quote { return key }
                if scalar == "\\" {
                    guard let escaped = current else { break }
                    guard escaped == "\"" || escaped == "'" || escaped == "\\" else {
                        throw Problem(
                            message: "invalid escape '\\\(escaped)' in a quoted key (only \\\", \\' and \\\\ are allowed)",
                            position: position - 1)
                    }
                    position += 1
                    key.unicodeScalars.append(escaped)
                } else {
                    key.unicodeScalars.append(scalar)
                }
            }
            throw Problem(message: "unterminated quoted key", position: opening)
        }

        mutating func readIndex() throws(Problem) -> Int {
            let negative = current == "-"
            if negative { position += 1 }
            let start = position
            var magnitude = 0
            while let scalar = current, ("0"..."9").contains(scalar) {
                guard position - start < 18 else { throw problem("the index is too large") }
                magnitude = magnitude * 10 + Int(scalar.value - 48)
                position += 1
            }
            guard position > start else { throw problem("expected a digit after '-'") }
            return negative ? -magnitude : magnitude
        }
    }
}
