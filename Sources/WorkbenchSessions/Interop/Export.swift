import WorkbenchBasics
import WorkbenchHTTP

/// `export FORMAT`: the current request (or with `--session` every request of
/// the history) written for another tool.
public struct Export: Equatable, Sendable {
    public enum Format: String, CaseIterable, Sendable {
        case curl, httpie, http, hurl, swift, har, postman
    }

    public var format: Format
    /// `export curl --exact`: every byte pinned, as `curl` prints it.
    public var exact = false
    public var session = false
    /// Shell commands carry values; `--secrets` puts secret ones in them unmasked.
    public var revealSecrets = false
    /// `export swift --runnable`: a `main` that sends the requests.
    public var runnable = false
    /// `> FILE`
    public var outputFile: String?

    public init(format: Format, exact: Bool = false, session: Bool = false, revealSecrets: Bool = false, outputFile: String? = nil) {
        self.format = format
        self.exact = exact
        self.session = session
        self.revealSecrets = revealSecrets
        self.outputFile = outputFile
    }

    /// What the exported commands do differently from the workbench, one line
    /// each (a redirect the tool would follow its own way), for standard error.
    public func warnings(
        records: [RequestRecord], variables: Variables, scope: VariableScope,
        readFile: (String) throws(WorkbenchError) -> [UInt8]
    ) throws(WorkbenchError) -> [String] {
        let tool: RedirectFidelity.Tool
        switch format {
        case .curl: tool = .curl
        case .httpie: tool = .httpie
        case .hurl: tool = .hurl
        case .http, .swift, .har, .postman: return []
        }
        var warnings: [String] = []
        for (index, record) in records.enumerated() where record.settings.followRedirects {
            let request = try record.endpoint.prepare(in: scope.masked, readFile: readFile)
            if let reason = RedirectFidelity.reason(request, settings: record.settings, tool: tool) {
                warnings.append((records.count > 1 ? "request \(index + 1): " : "") + reason)
            }
        }
        return warnings
    }

    /// The exported text for `records` (each with the settings it was sent with).
    /// `.http` and Hurl files keep `{{references}}`, so they never hold a
    /// secret's value; curl and HTTPie commands carry values, secrets masked
    /// unless revealed.
    public func text(
        records: [RequestRecord], variables: Variables, scope: VariableScope,
        readFile: (String) throws(WorkbenchError) -> [UInt8]
    ) throws(WorkbenchError) -> String {
        switch format {
        case .http: return try HTTPFileExport.text(records: records, variables: variables)
        case .hurl: return try HurlExport.text(records: records, variables: variables)
        case .swift: return try SwiftExport.text(records: records, variables: variables, runnable: runnable)
        case .har: return try HARExport.text(records: records, variables: variables, scope: scope, readFile: readFile)
        case .postman: return try PostmanExport.text(records: records, variables: variables)
        case .curl, .httpie:
            var commands: [String] = []
            for record in records {
                let prepared = try record.endpoint.prepare(in: scope, readFile: readFile)
                let request = revealSecrets ? prepared : prepared.shown
                switch format {
                case .curl where exact:
                    commands.append(try CurlCommand.text(for: request, body: record.endpoint.body, settings: record.settings,
                                                         typedHost: record.endpoint.headersInForce.contains(name: "Host")))
                case .curl:
                    commands.append(try CurlExport.text(request: request, endpoint: record.endpoint, settings: record.settings))
                default:
                    commands.append(try HTTPieExport.text(request: request, endpoint: record.endpoint, settings: record.settings))
                }
            }
            return commands.joined(separator: "\n") + "\n"
        }
    }
}
