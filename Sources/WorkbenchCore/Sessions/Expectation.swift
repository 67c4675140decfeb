/// `expect CHECK`: a check on a response, attached to the request it was made
/// for and run again on every replay.
public enum Expectation: Equatable, Sendable {
    /// `status 200`, or a class: `status 2xx`.
    case status(StatusMatch)
    /// `header NAME contains TEXT`
    case headerContains(name: String, text: String)
    /// `json PATH == VALUE`, VALUE a JSON literal (templates allowed).
    case jsonEquals(path: JSONPath, value: String)
    /// `json PATH exists`
    case jsonExists(JSONPath)
    /// `time < MS`
    case timeBelow(milliseconds: Double)

    public enum StatusMatch: Equatable, Sendable {
        case code(Int)
        /// `2xx`: any code from 200 to 299.
        case range(Int)

        func matches(_ code: Int) -> Bool {
            switch self {
            case .code(let expected): code == expected
            case .range(let hundred): code / 100 == hundred
            }
        }

        var text: String {
            switch self {
            case .code(let code): String(code)
            case .range(let hundred): "\(hundred)xx"
            }
        }
    }

    /// The outcome of one check.
    public struct Result: Equatable, Sendable {
        public var passed: Bool
        /// `status 200` when it passed; `status 200: got 401` when not.
        public var message: String
    }

    /// Parses the text after `expect`.
    public static func parse(_ text: String) throws(WorkbenchError) -> Expectation {
        let words = try ShellWords.split(text)
        let usage = "use status CODE, header NAME contains TEXT, json PATH == VALUE, json PATH exists, or time < MS"
        guard let kind = words.first?.text else { throw WorkbenchError("expected a check: \(usage)") }
        switch kind {
        case "status":
            guard words.count == 2 else { throw WorkbenchError("expected `status CODE`, as in `expect status 200`") }
            let code = words[1].text.lowercased()
            if code.count == 3, code.hasSuffix("xx"), let hundred = Int(code.prefix(1)), (1...5).contains(hundred) {
                return .status(.range(hundred))
            }
            guard let number = Int(code), (100...599).contains(number) else {
                throw WorkbenchError("invalid status '\(words[1].text)': use a code from 100 to 599, or a class such as 2xx")
            }
            return .status(.code(number))
        case "header":
            guard words.count >= 4, words[2].text == "contains" else {
                throw WorkbenchError("expected `header NAME contains TEXT`")
            }
            try HTTPSyntax.checkHeaderName(words[1].text)
            let rest = text.suffix(fromUTF8Offset: words[3].start).trimmingSpaces()
            let needle = words.count == 4 ? words[3].text : rest
            return .headerContains(name: words[1].text, text: needle)
        case "json":
            guard words.count >= 3 else { throw WorkbenchError("expected `json PATH == VALUE` or `json PATH exists`") }
            let path = try JSONPath(parsing: words[1].text)
            if words[2].text == "exists" && words.count == 3 { return .jsonExists(path) }
            guard words[2].text == "==", words.count >= 4 else {
                throw WorkbenchError("expected `json PATH == VALUE` or `json PATH exists`")
            }
            let literal = text.suffix(fromUTF8Offset: words[3].start).trimmingSpaces()
            try JSONTemplate.check(literal, what: "expected value")
            return .jsonEquals(path: path, value: literal)
        case "time":
            guard words.count == 3, words[1].text == "<", let limit = Double(words[2].text), limit > 0, limit.isFinite else {
                throw WorkbenchError("expected `time < MS`, as in `expect time < 500`")
            }
            return .timeBelow(milliseconds: limit)
        default:
            throw WorkbenchError("unknown check '\(kind)': \(usage)")
        }
    }

    /// The check as typed after `expect`, which is also how session files
    /// store it: `parse(text)` gives this check back, so a word that
    /// `ShellWords` would split or unquote is quoted (`json '$["a b"]' exists`).
    public var text: String {
        switch self {
        case .status(let match): "status \(match.text)"
        case .headerContains(let name, let needle): Self.headerContainsText(name: name, needle: needle)
        case .jsonEquals(let path, let value): "json \(ShellWords.quoteIfNeeded(path.text)) == \(value)"
        case .jsonExists(let path): "json \(ShellWords.quoteIfNeeded(path.text)) exists"
        case .timeBelow(let limit): "time < \(Quantities.trimmed(limit))"
        }
    }

    /// `header NAME contains TEXT` with TEXT as it is when that reads back as
    /// the same text (several words are taken as the rest of the line), and
    /// quoted as one word when it does not (quotes, backslashes, blanks at
    /// either end).
    static func headerContainsText(name: String, needle: String) -> String {
        let start = "header \(ShellWords.quoteIfNeeded(name)) contains "
        let plain = start + needle
        if case .headerContains(_, let readBack)? = try? parse(plain),
           readBack.unicodeScalars.elementsEqual(needle.unicodeScalars) {
            return plain
        }
        return start + ShellWords.quote(needle)
    }

    public func check(_ response: HTTPResponse, in scope: VariableScope) -> Result {
        switch self {
        case .status(let match):
            return result(match.matches(response.statusCode), got: "got \(response.statusCode)")
        case .headerContains(let name, let needle):
            let values = response.headers.values(of: name)
            if values.isEmpty { return result(false, got: "no header \(name)") }
            let expanded = (try? Template.expand(needle, in: scope)) ?? needle
            return result(values.contains { $0.contains(expanded) }, got: "got \(name): \(values.joined(separator: ", "))")
        case .jsonEquals(let path, let literal):
            do throws(WorkbenchError) {
                var found = try ResponseJSON.evaluate(path, in: response)
                defer { found.dismantle() }
                let expandedText = try Template.expand(literal, in: scope)
                var expected: JSONValue
                do {
                    expected = try JSONParser.parse(expandedText)
                } catch {
                    return result(false, got: "expected value is not JSON after expanding variables (\(error))")
                }
                defer { expected.dismantle() }
                return result(JSONEquality.equal(found, expected), got: "got \(Self.shortText(found))")
            } catch {
                return result(false, got: error.message)
            }
        case .jsonExists(let path):
            do throws(WorkbenchError) {
                var found = try ResponseJSON.evaluate(path, in: response)
                found.dismantle()
                return result(true, got: "")
            } catch {
                return result(false, got: error.message)
            }
        case .timeBelow(let limit):
            let elapsed = response.timings.total * 1000
            return result(elapsed < limit, got: "took \(Quantities.duration(response.timings.total))")
        }
    }

    private func result(_ passed: Bool, got: String) -> Result {
        Result(passed: passed, message: passed ? text : "\(text): \(got)")
    }

    static func shortText(_ value: JSONValue) -> String {
        let text = value.jsonText
        return text.count > 80 ? String(text.prefix(77)) + "..." : text
    }
}
