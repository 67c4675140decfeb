import WorkbenchBasics
import WorkbenchHTTP

/// `capture NAME FROM`: a value taken from a response into a variable.
///
/// Stored on the request it came from, so a replay captures again and the
/// next request sees the new value (login -> token -> authorised call).
public struct Capture: Equatable, Sendable {
    public enum Source: Equatable, Sendable {
        case status
        case header(String)
        case json(JSONPath)
        /// `event N|last JSONPATH|id|type|data`: from one event of an event-stream body.
        case event(EventSelector, EventField)
    }

    /// What is taken from an event.
    public enum EventField: Equatable, Sendable {
        case json(JSONPath)
        case id
        case type
        case data

        var text: String {
            switch self {
            case .json(let path): ShellWords.quoteIfNeeded(path.text)
            case .id: "id"
            case .type: "type"
            case .data: "data"
            }
        }
    }

    public var name: String
    public var source: Source
    /// `capture --secret NAME FROM`: the captured value is a secret from the start.
    public var isSecret: Bool

    public init(name: String, source: Source, isSecret: Bool = false) {
        self.name = name
        self.source = source
        self.isSecret = isSecret
    }

    /// Parses FROM: `status`, `header NAME`, a JSON path starting with `$`, or `event N|last WHAT`.
    public static func parseSource(_ words: [String]) throws(WorkbenchError) -> Source {
        guard let first = words.first else {
            throw WorkbenchError("expected where to capture from: status, header NAME, or a JSON path such as $.data.token")
        }
        if first == "status" && words.count == 1 { return .status }
        if first == "header" {
            guard words.count == 2 else { throw WorkbenchError("expected one header name after `header`") }
            try HTTPSyntax.checkHeaderName(words[1])
            return .header(words[1])
        }
        if first == "event" {
            guard words.count == 3, let selector = EventSelector.parse(words[1]) else {
                throw WorkbenchError("expected `event N|last JSONPATH` (or id, type, data after N|last)")
            }
            switch words[2] {
            case "id": return .event(selector, .id)
            case "type": return .event(selector, .type)
            case "data": return .event(selector, .data)
            default: return .event(selector, .json(try JSONPath(parsing: words[2])))
            }
        }
        if first.hasPrefix("$") {
            guard words.count == 1 else { throw WorkbenchError("expected one JSON path (quote a path with spaces)") }
            return .json(try JSONPath(parsing: first))
        }
        throw WorkbenchError("cannot capture from '\(first)': use status, header NAME, or a JSON path such as $.data.token")
    }

    /// The source as typed: `status`, `header X-Token`, `$.data.token`; a
    /// word that `ShellWords` would split or unquote is quoted
    /// (`'$["odd key"]'`), since session files store this text and read it
    /// back through `ShellWords.split`.
    public var sourceText: String {
        switch source {
        case .status: "status"
        case .header(let name): "header \(ShellWords.quoteIfNeeded(name))"
        case .json(let path): ShellWords.quoteIfNeeded(path.text)
        case .event(let selector, let field): "event \(selector.text) \(field.text)"
        }
    }

    /// The captured text: strings as they are, other JSON values as compact JSON.
    public func value(from response: HTTPResponse) throws(WorkbenchError) -> String {
        switch source {
        case .status:
            return String(response.statusCode)
        case .header(let name):
            guard let value = response.headers.values(of: name).first else {
                throw WorkbenchError("capture \(self.name): no header '\(name)' in the response")
            }
            return value
        case .json(let path):
            var found = try ResponseJSON.evaluate(
                path, in: response, for: "capture \(self.name)",
                perEvent: "capture \(self.name) event last \(ShellWords.quoteIfNeeded(path.text))")
            defer { found.dismantle() }
            return found.stringValue ?? found.jsonText
        case .event(let selector, let field):
            let (number, event): (Int, ServerSentEvent)
            do throws(WorkbenchError) {
                (number, event) = try selector.event(in: response)
            } catch {
                throw error.prefixed("capture \(name): ")
            }
            switch field {
            case .id:
                guard !event.id.isEmpty else { throw WorkbenchError("capture \(name): event \(number) has no id") }
                return event.id
            case .type: return event.type
            case .data, .json:
                let data: HTTPResponse
                do throws(WorkbenchError) {
                    data = try EventSelector.response(for: event, number: number)
                } catch {
                    throw error.prefixed("capture \(name): ")
                }
                guard case .json(let path) = field else { return event.data }
                var found = try ResponseJSON.evaluate(path, in: data, for: "capture \(name) (event \(number))")
                defer { found.dismantle() }
                return found.stringValue ?? found.jsonText
            }
        }
    }
}
