import WorkbenchBasics
import WorkbenchHTTP

/// Which event of a response's event stream a check or capture reads: `last`, or `N` as
/// `events` numbers them.
public enum EventSelector: Equatable, Sendable {
    case number(Int)
    case last

    public static func parse(_ text: String) -> EventSelector? {
        if text == "last" { return .last }
        guard let number = Int(text), number >= 1 else { return nil }
        return .number(number)
    }

    public var text: String {
        switch self {
        case .number(let number): String(number)
        case .last: "last"
        }
    }

    /// The event it names in `response`, with its number; an error saying why there is none.
    public func event(in response: HTTPResponse) throws(WorkbenchError) -> (Int, ServerSentEvent) {
        guard let stream = response.eventStream else {
            throw WorkbenchError(
                "the response is not an event stream (Content-Type: \(Template.oneLine((response.contentType ?? "none").prefix(80)))), so it has no events"
            )
        }
        switch self {
        case .last:
            guard let event = stream.events.last else { throw WorkbenchError("the stream sent no events") }
            return (stream.count, event)
        case .number(let number):
            guard let event = stream.event(numbered: number) else {
                if number <= stream.dropped {
                    throw WorkbenchError(
                        "event \(number) is no longer kept: past the event-count bound (\(EventStreamBounds.maximumEventsKept)) the oldest go"
                    )
                }
                throw WorkbenchError(
                    stream.count == 0 ? "the stream sent no events" : "no event \(number): the stream sent \(stream.count)")
            }
            return (number, event)
        }
    }

    /// The event's data as a response, so `expect`'s checks and `capture`'s JSON paths read it as a body.
    public static func response(for event: ServerSentEvent, number: Int) throws(WorkbenchError) -> HTTPResponse {
        guard !event.dataTooLarge else {
            throw WorkbenchError(
                "event \(number)'s data was larger than the event-size bound (\(Quantities.size(EventStreamBounds.maximumEventBytes))) and is not kept"
            )
        }
        return HTTPResponse(
            statusLine: "", statusCode: 0, headers: [HeaderField(name: "Content-Type", value: "application/json")],
            body: Array(event.data.utf8))
    }
}

/// What `expect event N|last ...` checks on the event.
public enum EventCheck: Equatable, Sendable {
    /// `type == NAME`
    case type(String)
    /// `id == ID`
    case id(String)
    /// A check of the data as a body: `json PATH OP VALUE`, `json PATH exists`, `body contains TEXT`.
    case data(Expectation)

    /// Parses the words after the selector.
    static func parse(_ text: String) throws(WorkbenchError) -> EventCheck {
        let words = try ShellWords.split(text)
        let usage = "use type == NAME, id == ID, json PATH OP VALUE, json PATH exists, or data contains TEXT"
        guard let kind = words.first?.text else { throw WorkbenchError("expected a check on the event: \(usage)") }
        switch kind {
        case "type", "id":
            guard words.count == 3, words[1].text == "==" else { throw WorkbenchError("expected `\(kind) == VALUE`") }
            try Template.validate(words[2].text)
            return kind == "type" ? .type(words[2].text) : .id(words[2].text)
        case "data", "body":
            // `data contains` reads as the event's words; `body contains` as a frame's.
            guard words.count >= 3, words[1].text == "contains" else { throw WorkbenchError("expected `data contains TEXT`") }
            let rest = "body " + text.suffix(fromUTF8Offset: words[1].start)
            return .data(try Expectation.parse(rest))
        case "json":
            return .data(try Expectation.parse(text))
        default:
            throw WorkbenchError("unknown check on an event \(Excerpt.quoted(kind)): \(usage)")
        }
    }

    var text: String {
        switch self {
        case .type(let name): "type == \(ShellWords.quoteIfNeeded(name))"
        case .id(let id): "id == \(ShellWords.quoteIfNeeded(id))"
        case .data(.bodyContains(let needle)): "data" + Expectation.bodyContainsText(needle).dropFirst("body".count)
        case .data(let check): check.text
        }
    }

    func check(_ event: ServerSentEvent, number: Int, in scope: VariableScope) -> Expectation.Result {
        func result(_ passed: Bool, got: String) -> Expectation.Result {
            Expectation.Result(passed: passed, message: passed ? text : "\(text): \(got)")
        }
        switch self {
        case .type(let name):
            let expected = (try? Template.expand(name, in: scope)) ?? name
            return result(event.type == expected, got: "got \(Excerpt.quoted(event.type))")
        case .id(let id):
            let expected = (try? Template.expand(id, in: scope)) ?? id
            return result(event.id == expected, got: event.id.isEmpty ? "the event has no id" : "got \(Excerpt.quoted(event.id))")
        case .data(let check):
            do throws(WorkbenchError) {
                let inner = check.check(try EventSelector.response(for: event, number: number), in: scope)
                return result(inner.passed, got: String(inner.message.dropFirst(check.text.count + 2)))
            } catch {
                return result(false, got: error.message)
            }
        }
    }
}
