/// A workspace as a session file's content, and back.
extension SessionDocument {
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
        let redactor = SecretRedactor(secrets: workspace.variables.secretValues + workspace.cookies.values
            + workspace.initialCookies.values + workspace.removedCookieValues)
        let requests = redactor.isEmpty ? workspace.history : workspace.history.map { record in
            var copy = record
            copy.response = record.response?.redacted(by: redactor)
            return copy
        }
        self.init(endpoint: workspace.endpoint, variables: plain, secretNames: secrets.sorted(),
                  settings: workspace.settings, requests: requests)
        cookies = workspace.cookies.cookies.map { cookie in
            var copy = cookie
            copy.value = ""
            return copy
        }
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
        // Cookie values are never saved: a cookie the workspace holds already
        // keeps its value; the others are set again by the requests that set them.
        let known = workspace.cookies.cookies
        workspace.removedCookieValues += workspace.cookies.values
        workspace.cookies = CookieJar(cookies.compactMap { saved in
            known.first { $0.name == saved.name && $0.host == saved.host && $0.path == saved.path }
        })
        workspace.initialCookies = CookieJar()
    }
}
