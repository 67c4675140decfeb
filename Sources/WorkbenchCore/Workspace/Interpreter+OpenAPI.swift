import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchSessions

/// `openapi URL`: the description fetched through the transport, as any
/// request is sent (proxy, certificates, redirects followed), but not kept
/// in the history.
extension Interpreter {
    /// - Parameter note: set when a loaded session names the URL: printed first,
    ///   and a failure is then a warning, as the session itself was loaded.
    func fetchDescription(_ url: String, note: String?) throws(WorkbenchError) {
        if let note { say(note) }
        do throws(WorkbenchError) {
            let response = try fetch(url)
            let outcome = try workspace.adoptDescription(response.body, location: url, sourceURL: response.url.isEmpty ? url : response.url)
            // What loading it says, read as every outcome is.
            _ = try perform(outcome)
        } catch {
            guard note != nil else { throw error }
            output.printError("warning: the session's API description was not loaded: \(error.message)")
        }
    }

    private func fetch(_ url: String) throws(WorkbenchError) -> HTTPResponse {
        try sender().fetchDocument(url, in: workspace.scope(environment: context.environment), settings: workspace.settings,
                                   cookies: workspace.cookies) { response in
            WorkbenchError("openapi: \(url) answered \(response.statusLine)")
        }
    }
}
