import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs

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
    /// `json PATH OP VALUE` for the operators other than `==`.
    case jsonCompare(path: JSONPath, operator: JSONComparison, value: String)
    /// `body contains TEXT`: the body, as text, holds TEXT (templates allowed).
    case bodyContains(String)
    /// `schema`: the body fits the schema the API description documents for
    /// the request's operation and the response's status.
    case schema
    /// `grpc-status CODE`: a gRPC call's status, by name or number.
    case grpcStatus(Int)
    /// `event N|last CHECK`: a check on one event of an event-stream body.
    indirect case event(EventSelector, EventCheck)

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
        let usage =
            "use status CODE, header NAME contains TEXT, json PATH OP VALUE, json PATH exists, body contains TEXT, time < MS, schema, grpc-status CODE, or event N|last CHECK"
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
            let comparison = JSONComparison(rawValue: words[2].text)
            guard words[2].text == "==" || comparison != nil, words.count >= 4 else {
                throw WorkbenchError(
                    "expected `json PATH OP VALUE` (OP one of == \(JSONComparison.allCases.map(\.rawValue).joined(separator: " "))) or `json PATH exists`"
                )
            }
            let literal = text.suffix(fromUTF8Offset: words[3].start).trimmingSpaces()
            do throws(WorkbenchError) {
                try JSONTemplate.check(literal, what: "expected value")
            } catch {
                throw Self.withQuotingHint(error, literal: literal)
            }
            guard let comparison else { return .jsonEquals(path: path, value: literal) }
            try comparison.checkOperand(literal)
            return .jsonCompare(path: path, operator: comparison, value: literal)
        case "body":
            guard words.count >= 3, words[1].text == "contains" else {
                throw WorkbenchError("expected `body contains TEXT`")
            }
            let needle = words.count == 3 ? words[2].text : text.suffix(fromUTF8Offset: words[2].start).trimmingSpaces()
            guard !needle.isEmpty else { throw WorkbenchError("expected `body contains TEXT` with some TEXT") }
            try Template.validate(needle)
            return .bodyContains(needle)
        case "grpc-status":
            guard words.count == 2, let code = GRPCStatus.code(words[1].text), code <= 16 else {
                throw WorkbenchError("expected `grpc-status CODE`, CODE a name such as OK or NOT_FOUND, or a number from 0 to 16")
            }
            return .grpcStatus(code)
        case "event":
            guard words.count >= 2, let selector = EventSelector.parse(words[1].text) else {
                throw WorkbenchError("expected `event N|last CHECK`, as in `expect event last json $.n == 1`")
            }
            guard words.count >= 3 else { throw WorkbenchError("expected a check after `event \(words[1].text)`") }
            return .event(selector, try EventCheck.parse(text.suffix(fromUTF8Offset: words[2].start).trimmingSpaces()))
        case "schema":
            guard words.count == 1 else {
                throw WorkbenchError("expected `schema` alone: the operation and status come from the request and its response")
            }
            return .schema
        case "time":
            guard words.count == 3, words[1].text == "<", let limit = Double(words[2].text), limit > 0, limit.isFinite else {
                throw WorkbenchError("expected `time < MS`, as in `expect time < 500`")
            }
            return .timeBelow(milliseconds: limit)
        default:
            if let meant = Suggestion.nearest(kind, among: ["status", "header", "json", "body", "time", "schema", "event"]) {
                throw WorkbenchError("unknown check '\(kind)': did you mean \(meant)?")
            }
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
        case .jsonCompare(let path, let comparison, let value):
            "json \(ShellWords.quoteIfNeeded(path.text)) \(comparison.rawValue) \(value)"
        case .bodyContains(let needle): Self.bodyContainsText(needle)
        case .schema: "schema"
        case .grpcStatus(let code): "grpc-status \(GRPCStatus(code: code, message: "").name)"
        case .event(let selector, let check): "event \(selector.text) \(check.text)"
        }
    }

    /// `body contains TEXT`, TEXT quoted only when it would not read back the same.
    static func bodyContainsText(_ needle: String) -> String {
        let plain = "body contains " + needle
        if case .bodyContains(let readBack)? = try? parse(plain), readBack.unicodeScalars.elementsEqual(needle.unicodeScalars) {
            return plain
        }
        return "body contains " + ShellWords.quote(needle)
    }

    /// `expect json $.title == popcorn`: a bare word is not JSON; say how to write a string.
    static func withQuotingHint(_ error: WorkbenchError, literal: String) -> WorkbenchError {
        guard let first = literal.first, first.isLetter, !["true", "false", "null"].contains(literal),
            !literal.contains("\"")
        else { return error }
        return error.mapMessage { "\($0); strings need double quotes: \"\(literal)\"" }
    }

    /// `header NAME contains TEXT` with TEXT as it is when that reads back as
    /// the same text (several words are taken as the rest of the line), and
    /// quoted as one word when it does not (quotes, backslashes, blanks at
    /// either end).
    static func headerContainsText(name: String, needle: String) -> String {
        let start = "header \(ShellWords.quoteIfNeeded(name)) contains "
        let plain = start + needle
        if case .headerContains(_, let readBack)? = try? parse(plain),
            readBack.unicodeScalars.elementsEqual(needle.unicodeScalars)
        {
            return plain
        }
        return start + ShellWords.quote(needle)
    }

    /// - Parameter schema: for `expect schema`, the description and the request; nil when none is loaded.
    public func check(_ response: HTTPResponse, in scope: VariableScope, schema: SchemaSource? = nil) -> Result {
        switch self {
        case .status(let match):
            return result(match.matches(response.statusCode), got: "got \(response.statusCode)")
        case .headerContains(let name, let needle):
            let values = response.headers.values(of: name)
            if values.isEmpty { return result(false, got: "no header \(name)") }
            let expanded = (try? Template.expand(needle, in: scope)) ?? needle
            return result(values.contains { $0.contains(expanded) }, got: "got \(name): \(values.joined(separator: ", "))")
        case .jsonEquals(let path, let literal):
            return compareJSON(at: path, with: literal, in: response, scope: scope, by: JSONEquality.equal)
        case .jsonExists(let path):
            do throws(WorkbenchError) {
                var found = try ResponseJSON.evaluate(path, in: response, perEvent: "expect event last \(text)")
                found.dismantle()
                return result(true, got: "")
            } catch {
                return result(false, got: error.message)
            }
        case .timeBelow(let limit):
            let elapsed = response.timings.total * 1000
            return result(elapsed < limit, got: "took \(Quantities.duration(response.timings.total))")
        case .jsonCompare(let path, let comparison, let literal):
            return compareJSON(at: path, with: literal, in: response, scope: scope, by: comparison.holds)
        case .bodyContains(let needle):
            let expanded = (try? Template.expand(needle, in: scope)) ?? needle
            let body = String(decoding: response.body, as: UTF8.self)
            return result(
                body.contains(expanded),
                got: response.bodyFile != nil
                    ? "the body went to \(response.bodyFile ?? "a file")" : "not in the body (\(Quantities.size(response.bodySize)))")
        case .grpcStatus(let code):
            guard let status = GRPCStatus(fields: response.headers) else { return result(false, got: "not a gRPC answer (no grpc-status)") }
            return result(
                status.code == code,
                got: "got \(status.name)" + (status.message.isEmpty ? "" : ": \(Template.oneLine(status.message.prefix(200)))"))
        case .event(let selector, let check):
            do throws(WorkbenchError) {
                let (number, event) = try selector.event(in: response)
                let outcome = check.check(event, number: number, in: scope)
                let place = selector == .last && !outcome.passed ? " (event \(number))" : ""
                return Result(passed: outcome.passed, message: "event \(selector.text) \(outcome.message)\(place)")
            } catch {
                return result(false, got: error.message)
            }
        case .schema:
            guard let schema else { return result(false, got: "no API description loaded (`openapi FILE-or-URL`)") }
            switch schema.description {
            case .failure(let error):
                return result(false, got: "the API description could not be loaded: \(error.message)")
            case .success(let api):
                let outcome = ResponseSchemaCheck.check(
                    api, method: schema.method, path: schema.path, status: response.statusCode,
                    body: response.body, bodyWentToFile: response.bodyFile != nil)
                // Violations quote the server's keys and values: control characters are escaped, line by line.
                let detail = outcome.detail.split(separator: "\n", omittingEmptySubsequences: false)
                    .map { TerminalText.escapeLine(String($0)) }.joined(separator: "\n")
                return Result(passed: outcome.passed, message: "\(text): \(detail)")
            }
        }
    }

    /// The value at `path` against `literal` (a JSON template) by `holds`; a missing value or a
    /// literal that is not JSON once variables are filled in fails with the reason.
    private func compareJSON(
        at path: JSONPath, with literal: String, in response: HTTPResponse, scope: VariableScope,
        by holds: (JSONValue, JSONValue) -> Bool
    ) -> Result {
        do throws(WorkbenchError) {
            var found = try ResponseJSON.evaluate(path, in: response, perEvent: "expect event last \(text)")
            defer { found.dismantle() }
            let expandedText = try Template.expand(literal, in: scope)
            var expected: JSONValue
            do {
                expected = try JSONParser.parse(expandedText)
            } catch {
                return result(false, got: "expected value is not JSON after expanding variables (\(error))")
            }
            defer { expected.dismantle() }
            return result(holds(found, expected), got: "got \(Self.shortText(found))")
        } catch {
            return result(false, got: error.message)
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
