import WorkbenchBasics
import WorkbenchHTTP

/// A JSON path evaluated on a response body, with errors that say why not.
enum ResponseJSON {
    /// The value at `path`. The parsed body is taken apart iteratively before
    /// returning, so a body nested 100,000 deep is freed without recursion.
    /// `purpose`, when given, starts every error message (`capture token: ...`).
    static func evaluate(_ path: JSONPath, in response: HTTPResponse, for purpose: String? = nil) throws(WorkbenchError) -> JSONValue {
        func failure(_ message: String) -> WorkbenchError {
            WorkbenchError(purpose.map { "\($0): \(message)" } ?? message)
        }
        guard !response.body.isEmpty else { throw failure("the response has no body") }
        var document: JSONValue
        do {
            document = try JSONParser.parse(response.body, skippingByteOrderMark: true)
        } catch {
            throw failure("the response body is not JSON (\(error))")
        }
        defer { document.dismantle() }
        do {
            return try path.evaluate(document)
        } catch {
            throw failure(error.message)
        }
    }
}
