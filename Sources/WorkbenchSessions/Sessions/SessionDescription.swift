import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs

/// The API description a saved session names, loaded again for a replay's
/// `expect schema`: a file path relative to the session file's folder (then
/// to the current folder, where it was typed), or a URL fetched through the
/// replay's transport. A description that cannot be loaded is a failure value
/// with the reason, which every `expect schema` of the replay then reports.
public enum SessionDescription {
    public static func load(
        _ location: String, sessionFile: String, transport: HTTPTransport,
        readFile: (String) throws(WorkbenchError) -> [UInt8] = FileSystem.read
    ) -> Result<APIDescription, WorkbenchError> {
        do throws(WorkbenchError) {
            let lowered = location.lowercased()
            if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
                let response = try Sender(transport: transport).fetchDocument(location) { response in
                    WorkbenchError("answered \(response.statusLine)")
                }
                return .success(
                    try APIDescription.load(response.body, location: location, sourceURL: response.url.isEmpty ? location : response.url))
            }
            let candidates = candidatePaths(location, sessionFile: sessionFile)
            var firstError: WorkbenchError?
            for path in candidates {
                do throws(WorkbenchError) {
                    return .success(try APIDescription.load(try readFile(path), location: location))
                } catch {
                    if firstError == nil { firstError = error }
                }
            }
            throw firstError ?? WorkbenchError("cannot read \(location)")
        } catch {
            return .failure(error.prefixed("\(location): "))
        }
    }

    /// Beside the session file first, then as typed.
    static func candidatePaths(_ location: String, sessionFile: String) -> [String] {
        let expanded = FileSystem.expandTilde(location)
        guard !expanded.hasPrefix("/"), let slash = sessionFile.lastIndex(of: "/") else { return [expanded] }
        let beside = String(sessionFile[...slash]) + expanded
        return beside == expanded ? [expanded] : [beside, expanded]
    }
}
