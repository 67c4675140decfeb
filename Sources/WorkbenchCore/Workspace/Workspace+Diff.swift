import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchSessions

extension Workspace {
    /// `diff N [M]`: request N's recorded response against request M's, or
    /// against the last response (through the redaction step, as a session
    /// file keeps it). Differences are information here, not a failure.
    func diff(_ old: Int, _ new: Int?, options: ResponseDiff.Options, redactor: SecretRedactor) throws(WorkbenchError) -> CommandOutcome {
        func response(of number: Int) throws(WorkbenchError) -> RecordedResponse {
            guard history.indices.contains(number - 1) else { throw noRequest(number) }
            guard let response = history[number - 1].response else {
                throw WorkbenchError("request \(number) has no response to compare (it was never sent)")
            }
            return response.redacted(by: redactor)
        }
        let before = try response(of: old)
        let after: RecordedResponse
        let heading: String
        if let new {
            after = try response(of: new)
            heading = "request \(old) → request \(new)"
        } else {
            guard let last = lastResponse else { throw WorkbenchError("no response yet: `send` a request first, or `diff N M`") }
            after = RecordedResponse(last, redactor: redactor)
            heading = "request \(old) → the last response"
        }
        return .diff(ResponseDiff.compare(before, after, options: options), heading: heading)
    }
}
