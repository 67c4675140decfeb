/// A value as the user typed it, with `{{NAME}}` and `{{env.NAME}}` references.
///
/// Values are stored unexpanded, so a saved session keeps its variables and a
/// replay can change them; expansion happens only when a request is built.
public enum Template {
    /// One piece of a template.
    public enum Part: Equatable, Sendable {
        case literal(String)
        case variable(String)
        case environment(String)
    }

    /// Splits `text` into literals and references, or names what is malformed.
    public static func parse(_ text: String) throws(WorkbenchError) -> [Part] {
        var parts: [Part] = []
        var literal = ""
        var rest = Substring(text)
        while let open = rest.firstRange(of: "{{") {
            literal += rest[..<open.lowerBound]
            let afterOpen = rest[open.upperBound...]
            guard let close = afterOpen.firstRange(of: "}}") else {
                throw WorkbenchError("unclosed '{{' in \(quoted(text)): close it with '}}'")
            }
            let name = afterOpen[..<close.lowerBound].trimmingSpaces()
            if !literal.isEmpty {
                parts.append(.literal(literal))
                literal = ""
            }
            parts.append(try reference(named: name, in: text))
            rest = afterOpen[close.upperBound...]
        }
        literal += rest
        if !literal.isEmpty { parts.append(.literal(literal)) }
        return parts
    }

    /// Whether `text` contains any reference at all.
    public static func hasReferences(_ text: String) -> Bool {
        // A byte scan over the string's own storage where it has one (native strings do):
        // this runs for every value of every request built.
        if let found = text.utf8.withContiguousStorageIfAvailable(hasDoubleBrace) { return found }
        return hasDoubleBrace(text.utf8)
    }

    private static func hasDoubleBrace<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == UInt8(ascii: "{") && previous == byte { return true }
            previous = byte
        }
        return false
    }

    /// Checks the syntax of every reference without expanding anything.
    public static func validate(_ text: String) throws(WorkbenchError) {
        guard hasReferences(text) else { return }
        _ = try parse(text)
    }

    /// The names of the session variables `text` refers to.
    public static func variableNames(in text: String) -> [String] {
        guard let parts = try? parse(text) else { return [] }
        return parts.compactMap { if case .variable(let name) = $0 { name } else { nil } }
    }

    /// The environment variables (`{{env.NAME}}`) `text` refers to.
    public static func environmentNames(in text: String) -> [String] {
        guard let parts = try? parse(text) else { return [] }
        return parts.compactMap { if case .environment(let name) = $0 { name } else { nil } }
    }

    /// Replaces every reference with its value; in a scope that `masksSecrets`,
    /// secret values become the mask, so what is built from it can be shown.
    public static func expand(_ text: String, in scope: VariableScope) throws(WorkbenchError) -> String {
        guard hasReferences(text) else { return text }
        var output = ""
        for part in try parse(text) {
            switch part {
            case .literal(let literal):
                output += literal
            case .variable(let name):
                guard let entry = scope.variables.entries[name] else {
                    // Names are case-sensitive: {{petid}} for {{petId}} is a typo to point at.
                    let meant = Suggestion.nearest(name, among: scope.variables.names).map { "did you mean {{\($0)}}? or " } ?? ""
                    throw WorkbenchError(
                        "undefined variable {{\(name)}}: \(meant)set it with `set \(name) VALUE`",
                        kind: .undefinedVariable(name))
                }
                // A secret not read from its source yet is never read here: whoever sends reads the
                // sources first (`Interpreter.wireScope`, the replay). For display (`show`, exports) it
                // is the mask, never empty; on the wire the mask would be a silent wrong request.
                if entry.isPending && scope.isForWire && !scope.masksSecrets { throw unreadSecret(name, entry) }
                output += (scope.masksSecrets && entry.isSecret) || entry.isPending ? Variables.mask : entry.value
            case .environment(let name):
                guard let value = scope.environment[name] else {
                    throw WorkbenchError("environment variable \(name) is not set (used as {{env.\(name)}})")
                }
                // `{{env.*}}` values are secrets: tokens live in the environment.
                output += scope.masksSecrets ? Variables.mask : value
            }
            if output.utf8.count > maximumExpandedBytes {
                throw WorkbenchError(
                    "\(quoted(text)) expands to more than \(Quantities.size(maximumExpandedBytes)) (the bound for a value with {{...}} references)"
                )
            }
        }
        return output
    }

    /// A secret about to be sent whose source was not read: a path that sends forgot to.
    private static func unreadSecret(_ name: String, _ entry: Variables.Entry) -> WorkbenchError {
        let source = entry.source.map { " (\($0.text))" } ?? ""
        return WorkbenchError(
            "{{\(name)}} was not read from its source\(source) before sending: nothing sent, rather than the mask")
    }

    /// What one value may expand to: as much as a file read whole may hold. Values
    /// are not expanded twice, so only many references to large variables reach it.
    public static let maximumExpandedBytes = FileSystem.defaultReadLimit

    /// Whether `name` is a valid session variable name: a letter or `_`, then letters, digits, `_`, `-` or `.`.
    public static func isValidVariableName(_ name: String) -> Bool {
        guard let first = name.utf8.first, isNameStart(first), !name.hasPrefix("env.") else { return false }
        return name.utf8.allSatisfy { isNameStart($0) || isDigit($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }
    }

    private static func reference(named name: Substring, in text: String) throws(WorkbenchError) -> Part {
        if name.isEmpty {
            throw WorkbenchError("empty variable reference '{{}}' in \(quoted(text))")
        }
        if name.hasPrefix("env.") {
            let variable = name.dropFirst(4)
            guard let first = variable.utf8.first, isNameStart(first),
                variable.utf8.allSatisfy({ isNameStart($0) || isDigit($0) })
            else {
                throw WorkbenchError("invalid environment variable name '\(oneLine(variable))' in {{\(oneLine(name))}}")
            }
            return .environment(String(variable))
        }
        if name.hasPrefix("$"), name.count > 1, !name.contains("{"), !name.contains("}") {
            // `{{$uuid}}` and its kind: made when a request is built (`DynamicValues`), never set.
            return .variable(String(name))
        }
        guard isValidVariableName(String(name)) else {
            throw WorkbenchError("invalid variable name '\(oneLine(name))' in {{\(oneLine(name))}}: use letters, digits, '_', '-' and '.'")
        }
        return .variable(String(name))
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "_")
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// `text` in single quotes for an error message, shortened, and on one line even
    /// when it comes from a multi-line `body <<END` block.
    private static func quoted(_ text: String) -> String {
        let line = oneLine(text)
        return line.count > 60 ? "'\(line.prefix(57))...'" : "'\(line)'"
    }

    /// `text` with line breaks and other control characters but tab written as escapes (`\n`).
    package static func oneLine(_ text: some StringProtocol) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension Substring {
    /// Without the spaces and tabs at either end, as Characters: a space that a
    /// combining mark follows (or a prepended mark precedes) is part of another Character.
    package func trimmingSpaces() -> Substring {
        // By bytes, in the text's own storage, for every line and header asks: a space or
        // tab next to an ASCII byte, or at an end, is a Character of its own. Anything
        // else takes the Character walk. `Benchmarks/fast_paths.sh`: 3.7-3.8x faster a trim
        // than the Character walk (234 against 881 ns); in instructions a GET it is one of the
        // changes of the row 218,000 -> 209,600 (Benchmarks/README.md, "Fourth round").
        guard let kept = utf8.withContiguousStorageIfAvailable(\.spaceTrimmedRange) ?? nil else {
            return trimmingSpaceCharacters()
        }
        if kept.lowerBound == 0 && kept.upperBound == utf8.count { return self }
        let bytes = utf8
        return self[bytes.index(bytes.startIndex, offsetBy: kept.lowerBound)..<bytes.index(bytes.startIndex, offsetBy: kept.upperBound)]
    }

    private func trimmingSpaceCharacters() -> Substring {
        var result = self
        while let first = result.first, first == " " || first == "\t" { result = result.dropFirst() }
        while let last = result.last, last == " " || last == "\t" { result = result.dropLast() }
        return result
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// The bytes `trimmingSpaces` keeps of this UTF-8 text, found by bytes; nil when a space or
    /// tab to be trimmed stands next to a non-ASCII byte (it may be part of another Character),
    /// which the Character walk must decide. For text still in bytes (a received header).
    package var spaceTrimmedRange: Range<Int>? {
        func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var start = 0
        var end = count
        while start < end, isSpace(self[start]) {
            if start + 1 < end, self[start + 1] >= 0x80 { return nil }
            start += 1
        }
        while end > start, isSpace(self[end - 1]) {
            if end - 1 > start, self[end - 2] >= 0x80 { return nil }
            end -= 1
        }
        return start..<end
    }
}

extension String {
    package func trimmingSpaces() -> String {
        let trimmed = Substring(self).trimmingSpaces()
        return trimmed.utf8.count == utf8.count ? self : String(trimmed)
    }
}
