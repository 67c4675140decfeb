/// A session file's content: what a workspace keeps between runs.
///
/// Secret variables travel by name only: their values are never written,
/// and a replay takes them from `--var` or `WORKBENCH_VAR_NAME`.
public struct SessionDocument: Equatable, Sendable {
    /// Files carry this number; a file with a larger one is from a newer workbench.
    public static let formatVersion = 1
    public static let formatName = "workbench-session"

    public var endpoint: Endpoint
    /// Non-secret variables.
    public var variables: [String: String]
    /// Names of secret variables, values left out.
    public var secretNames: [String]
    public var settings: Settings
    public var requests: [RequestRecord]

    public init(endpoint: Endpoint = Endpoint(), variables: [String: String] = [:], secretNames: [String] = [],
                settings: Settings = Settings(), requests: [RequestRecord] = []) {
        self.endpoint = endpoint
        self.variables = variables
        self.secretNames = secretNames
        self.settings = settings
        self.requests = requests
    }

    public init(workspace: Workspace) {
        var plain: [String: String] = [:]
        var secrets: [String] = []
        for (name, entry) in workspace.variables.entries {
            if entry.isSecret { secrets.append(name) } else { plain[name] = entry.value }
        }
        for name in workspace.declaredSecrets where workspace.variables.entries[name] == nil {
            secrets.append(name)
        }
        // Whatever a recorded response holds of a secret known now is masked in the file.
        let redactor = SecretRedactor(secrets: workspace.variables.secretValues)
        let requests = redactor.isEmpty ? workspace.history : workspace.history.map { record in
            var copy = record
            copy.response = record.response?.redacted(by: redactor)
            return copy
        }
        self.init(endpoint: workspace.endpoint, variables: plain, secretNames: secrets.sorted(),
                  settings: workspace.settings, requests: requests)
    }

    /// Puts this document into `workspace`, keeping secret values already known there.
    public func apply(to workspace: inout Workspace) {
        var variables = Variables()
        for (name, value) in self.variables { variables.set(name, to: value) }
        var declared: [String] = []
        for name in secretNames {
            if let known = workspace.variables.entries[name], known.isSecret {
                variables.set(name, to: known.value, secret: true)
            } else {
                declared.append(name)
            }
        }
        workspace.declaredSecrets = declared
        workspace.endpoint = endpoint
        workspace.variables = variables
        workspace.settings = settings
        workspace.history = requests
        workspace.lastResponse = nil
    }

    /// Headers that carry a literal credential, which a saved file would leak.
    public var literalCredentialHeaders: [String] {
        let sensitive: Set<String> = ["authorization", "proxy-authorization", "cookie", "x-api-key", "api-key", "x-auth-token"]
        var names: [String] = []
        for endpoint in [endpoint] + requests.map(\.endpoint) {
            for field in endpoint.headers where sensitive.contains(field.name.lowercased()) && !Template.hasReferences(field.value) {
                if !names.contains(field.name) { names.append(field.name) }
            }
        }
        return names
    }
}
