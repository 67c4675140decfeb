import WorkbenchBasics
import WorkbenchHTTP

/// `LocalFileRule` applied to what an input made: every file body and file
/// part of its requests (and of the request being built) named by the input.
/// A file the rule refuses is left out, with one warning per file naming it,
/// so nothing later (`show`, `send`, `replay all`) reads it.
extension LocalFileRule {
    /// The endpoints' refused files left out; the warnings, one per file, each starting with `input`.
    public func leaveOutRefusedFiles(in endpoints: inout [Endpoint], input: String) -> [String] {
        var warned: Set<String> = []
        var warnings: [String] = []
        func refused(_ path: String) -> Bool {
            guard let reason = refusal(of: path, namedBy: input) else { return false }
            if warned.insert(path).inserted { warnings.append("\(input) \(reason): \(Self.howToAllow)") }
            return true
        }
        for index in endpoints.indices {
            switch endpoints[index].body {
            case .file(let path), .jsonFile(let path), .templateFile(let path):
                if refused(path) { endpoints[index].body = nil }
            case .multipart(let parts):
                let kept = parts.filter { !($0.isFile && refused($0.value)) }
                if kept.count != parts.count { endpoints[index].body = kept.isEmpty ? nil : .multipart(kept) }
            default:
                break
            }
        }
        return warnings
    }

    /// The records' refused files left out (see above).
    public func leaveOutRefusedFiles(in records: inout [RequestRecord], input: String) -> [String] {
        var endpoints = records.map(\.endpoint)
        let warnings = leaveOutRefusedFiles(in: &endpoints, input: input)
        for index in records.indices where records[index].endpoint != endpoints[index] {
            records[index].endpoint = endpoints[index]
        }
        return warnings
    }

    /// A session document's requests and current request (see above).
    public func leaveOutRefusedFiles(in document: inout SessionDocument, input: String) -> [String] {
        var endpoints = [document.endpoint] + document.requests.map(\.endpoint)
        let warnings = leaveOutRefusedFiles(in: &endpoints, input: input)
        if !warnings.isEmpty {
            document.endpoint = endpoints[0]
            for index in document.requests.indices { document.requests[index].endpoint = endpoints[index + 1] }
        }
        return warnings
    }
}
