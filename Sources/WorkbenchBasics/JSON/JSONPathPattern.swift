/// A JSON path that may hold wildcards, for `--ignore PATH` in diffs:
/// `$.updated_at`, `$.items[*].id`, `$.meta.*`. It names a set of places in a
/// document, and everything below them.
///
/// The parts between wildcards are read by `JSONPath`, so both accept the
/// same keys and indexes; only non-negative indexes are allowed here (a diff
/// path counts from the start).
public struct JSONPathPattern: Equatable, Sendable, CustomStringConvertible {
    public enum Step: Equatable, Sendable {
        case key(String)
        case index(Int)
        /// `[*]` or `.*`: any key or index.
        case any
    }

    public let text: String
    public let steps: [Step]

    public var description: String { text }

    public init(parsing text: String) throws(WorkbenchError) {
        self.text = text
        guard text.hasPrefix("$") else { throw WorkbenchError("invalid JSON path '\(text)': a path must start with '$'") }
        var steps: [Step] = []
        var piece = ""
        var rest = Substring(text.dropFirst())
        func flush() throws(WorkbenchError) {
            defer { piece = "" }
            guard !piece.isEmpty else { return }
            let path: JSONPath
            do throws(WorkbenchError) { path = try JSONPath(parsing: "$" + piece) } catch {
                throw error.prefixed("in '\(text)': ")
            }
            for component in path.components {
                switch component {
                case .key(let key): steps.append(.key(key))
                case .index(let index) where index >= 0: steps.append(.index(index))
                case .index: throw WorkbenchError("invalid JSON path '\(text)': an index counted from the end cannot be ignored (use [*])")
                }
            }
        }
        while !rest.isEmpty {
            if rest.hasPrefix("[*]") {
                try flush()
                steps.append(.any)
                rest = rest.dropFirst(3)
            } else if rest.hasPrefix(".*"), rest.dropFirst(2).first.map({ $0 == "." || $0 == "[" }) ?? true {
                try flush()
                steps.append(.any)
                rest = rest.dropFirst(2)
            } else {
                piece.append(rest.removeFirst())
            }
        }
        try flush()
        self.steps = steps
    }

    /// Whether `path` is one of the places named, or inside one.
    public func covers(_ path: [JSONPath.Component]) -> Bool {
        guard path.count >= steps.count else { return false }
        for (step, component) in zip(steps, path) {
            switch (step, component) {
            case (.any, _): continue
            case (.key(let name), .key(let key)) where JSONEquality.sameScalars(name, key): continue
            case (.index(let wanted), .index(let index)) where wanted == index: continue
            default: return false
            }
        }
        return true
    }
}
