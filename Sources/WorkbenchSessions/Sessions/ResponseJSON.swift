import WorkbenchBasics
import WorkbenchHTTP

/// A JSON path evaluated on a response body, with errors that say why not.
enum ResponseJSON {
    /// The value at `path`. The parsed body is taken apart iteratively before
    /// returning, so a body nested 100,000 deep is freed without recursion.
    /// `purpose`, when given, starts every error message (`capture token: ...`). `perEvent`
    /// is the same check or capture on one event (`capture n event last $.n`), named when the
    /// body is an event stream, whose JSON is in its events' data, not in the body.
    static func evaluate(
        _ path: JSONPath, in response: HTTPResponse, for purpose: String? = nil, perEvent: String? = nil
    ) throws(WorkbenchError) -> JSONValue {
        func failure(_ message: String) -> WorkbenchError {
            WorkbenchError(purpose.map { "\($0): \(message)" } ?? message)
        }
        guard !response.body.isEmpty else { throw failure("the response has no body") }
        var document: JSONValue
        do {
            document = try JSONParser.parse(response.body, skippingByteOrderMark: true)
        } catch {
            guard let perEvent, response.mediaType == "text/event-stream" else {
                throw failure("the response body is not JSON (\(error))")
            }
            throw failure("the response is an event stream, not a JSON body: `\(perEvent)` reads one event's data (`events` lists them)")
        }
        defer { document.dismantle() }
        do {
            return try path.evaluate(document)
        } catch {
            throw failure(error.message)
        }
    }
}
