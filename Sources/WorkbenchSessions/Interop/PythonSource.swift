import WorkbenchBasics

/// Python source text for the locustfile export: string literals and the expressions that
/// put a typed value's `{{references}}` back together at run time.
///
/// A value is first rendered with a marker for each reference (`marker(for:)`, the render
/// closure `PortableRequest` takes), so the workbench's own builder encodes the URL; the
/// markers are then turned into a concatenation of literals and lookups.
struct PythonSource {
    /// Each reference met, in order; a marker holds its index.
    private(set) var references: [Template.Part] = []

    /// Markers are control characters no typed value holds (`Template.oneLine` and the
    /// parsers refuse them in names, values and URLs alike).
    private static let open: Character = "\u{1}"
    private static let close: Character = "\u{2}"

    mutating func marker(for part: Template.Part) -> String {
        if case .literal(let text) = part { return text }
        if let known = references.firstIndex(of: part) { return "\(Self.open)\(known)\(Self.close)" }
        references.append(part)
        return "\(Self.open)\(references.count - 1)\(Self.close)"
    }

    /// A typed template with its references as markers.
    mutating func marked(_ template: String) -> String {
        guard Template.hasReferences(template), let parts = try? Template.parse(template) else { return template }
        return parts.map { marker(for: $0) }.joined()
    }

    /// The pieces of a marked text: literals and references.
    func pieces(_ marked: String) -> [Template.Part] {
        var pieces: [Template.Part] = []
        var literal = ""
        var index: String?
        for character in marked {
            if character == Self.open {
                index = ""
            } else if character == Self.close, let digits = index {
                if !literal.isEmpty { pieces.append(.literal(literal)) }
                literal = ""
                if let position = Int(digits), references.indices.contains(position) { pieces.append(references[position]) }
                index = nil
            } else if index != nil {
                index?.append(character)
            } else {
                literal.append(character)
            }
        }
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        return pieces
    }

    /// How many references a marked text holds.
    func referenceCount(_ marked: String) -> Int {
        pieces(marked).filter { piece in
            if case .literal = piece { return false }
            return true
        }.count
    }

    /// A piece of an expression: text to write as a literal, or code.
    enum Term {
        case text(String)
        case code(String)
    }

    /// Terms joined with `+`, neighbouring texts as one literal.
    static func joined(_ terms: [Term]) -> String {
        var merged: [String] = []
        var text: String?
        for term in terms {
            switch term {
            case .text(let more): text = (text ?? "") + more
            case .code(let code):
                if let pending = text { merged.append(literal(pending)) }
                text = nil
                merged.append(code)
            }
        }
        if let pending = text { merged.append(literal(pending)) }
        return merged.isEmpty ? "\"\"" : merged.joined(separator: " + ")
    }

    /// A Python expression for a marked text: literals and lookups joined with `+`;
    /// `wrap` encodes each looked-up value (a form field's, for instance).
    func expression(_ marked: String, lookup: (Template.Part) -> String, wrap: (String) -> String = { $0 }) -> String {
        Self.joined(
            pieces(marked).map { piece in
                if case .literal(let text) = piece { return .text(text) }
                return .code(wrap(lookup(piece)))
            })
    }

    /// A typed template (references as `{{...}}`) as a Python expression.
    mutating func expression(typed template: String, lookup: (Template.Part) -> String) -> String {
        let marked = marked(template)
        return expression(marked, lookup: lookup)
    }

    /// A marked text as the workbench writes it (`{{id}}`, `{{env.TOKEN}}`), for names and comments.
    func typed(_ marked: String) -> String {
        pieces(marked).map { piece in
            switch piece {
            case .literal(let text): text
            case .variable(let name): "{{\(name)}}"
            case .environment(let name): "{{env.\(name)}}"
            }
        }.joined()
    }

    /// A double-quoted Python string literal; the file stays ASCII (other characters escaped).
    static func literal(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": output += "\\\\"
            case "\"": output += "\\\""
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                if scalar.value >= 0x20 && scalar.value < 0x7F {
                    output.unicodeScalars.append(scalar)
                } else if scalar.value <= 0xFF {
                    output += "\\x" + hex(scalar.value, digits: 2)
                } else if scalar.value <= 0xFFFF {
                    output += "\\u" + hex(scalar.value, digits: 4)
                } else {
                    output += "\\U" + hex(scalar.value, digits: 8)
                }
            }
        }
        return output + "\""
    }

    /// A comment's text on one line, escaped as the literal is (no line break can end it).
    static func comment(_ text: String) -> String {
        let quoted = literal(text)
        return String(quoted.dropFirst().dropLast())
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
