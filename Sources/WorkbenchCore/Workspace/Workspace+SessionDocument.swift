import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs
import WorkbenchSessions

/// A workspace as a session file's content, and back.
extension SessionDocument {
    /// `maskingResponses` false leaves masking recorded responses (and unknown
    /// members) with the secrets known now to whoever encodes it
    /// (`SessionEncoder`, which does it once per record).
    public init(workspace: Workspace, maskingResponses: Bool = true) {
        var plain: [String: String] = [:]
        var secrets: [String] = []
        // The environment's values come from its files again, never from the session.
        for (name, entry) in workspace.variables.entries where !workspace.environmentVariableNames.contains(name) {
            if entry.isSecret { secrets.append(name) } else { plain[name] = entry.value }
        }
        for name in workspace.declaredSecrets where workspace.variables.entries[name] == nil {
            secrets.append(name)
        }
        // Whatever a recorded response holds of a secret known now is masked in the file.
        let redactor = SecretRedactor(secrets: workspace.fileSecretValues)
        let masking = maskingResponses && !redactor.isEmpty
        let requests = masking ? workspace.history.map { $0.redacted(by: redactor) } : workspace.history.records
        self.init(
            endpoint: workspace.endpoint, variables: plain, secretNames: secrets.sorted(),
            settings: workspace.settings, requests: requests)
        cookies = workspace.cookies.cookies.map { cookie in
            var copy = cookie
            copy.value = ""
            return copy
        }
        unknown = masking ? workspace.sessionUnknown?.redacted(by: redactor) : workspace.sessionUnknown
        openapi = workspace.apiLocation
        graphqlSchema = workspace.graphqlSchemaLocation
        secretSources = workspace.variables.sources.filter { !workspace.environmentVariableNames.contains($0.key) }
        environment = workspace.activeEnvironment.map { SessionEnvironment(name: $0.name, file: $0.file) }
        // The history is walked only when a gRPC server was called: the autosave comes here often.
        if !workspace.grpcSchemas.isEmpty {
            grpcSchemas = workspace.grpcSchemas.keeping(origins: GRPCCall.origins(of: requests.map(\.endpoint)))
        }
    }

    /// Puts this document into `workspace`, keeping secret values already known there.
    public func apply(to workspace: inout Workspace) {
        var variables = Variables()
        for (name, value) in self.variables { variables.set(name, to: value) }
        var declared: [String] = []
        for name in secretNames {
            if let known = workspace.variables.entries[name], known.isSecret, !known.isPending {
                // A value known here wins (read from its source already, or typed).
                if let source = known.source {
                    variables.set(name, from: source)
                    variables.resolve(name, to: known.value)
                } else {
                    variables.set(name, to: known.value, secret: true)
                }
            } else if let source = secretSources[name] ?? workspace.variables.entries[name]?.source {
                variables.set(name, from: source)
            } else {
                declared.append(name)
            }
        }
        workspace.declaredSecrets = declared
        workspace.endpoint = endpoint
        workspace.variables = variables
        workspace.settings = settings
        workspace.history = History(requests)
        workspace.sessionUnknown = unknown
        // The description itself is read again by whoever loads the session (`Workspace.reloadDescription`).
        workspace.apiLocation = openapi
        workspace.api = nil
        // As the description: read again by `Workspace.reloadGraphQLSchema`.
        workspace.graphqlSchemaLocation = graphqlSchema
        workspace.graphqlSchema = nil
        workspace.grpcSchemas = grpcSchemas
        workspace.lastResponse = nil
        // Cookie values are never saved: a cookie the workspace holds already
        // keeps its value; the others are set again by the requests that set them.
        let known = workspace.cookies.cookies
        workspace.removedCookieValues += workspace.cookies.values
        workspace.cookies = CookieJar(
            cookies.compactMap { saved in
                known.first { $0.name == saved.name && $0.host == saved.host && $0.path == saved.path }
            })
        workspace.initialCookies = CookieJar()
    }
}

extension Workspace {
    /// The secret values a file written from this workspace must not hold: the
    /// secret variables and every cookie value known or seen.
    var fileSecretValues: [String] {
        variables.secretValues + cookies.values + initialCookies.values + removedCookieValues + environmentSecretValues
    }

    /// This workspace as session file text; `encoder` keeps the text of request
    /// records between calls, so only what changed is encoded again.
    public func sessionFileText(encoder: SessionEncoder = SessionEncoder()) -> [UInt8] {
        sessionFileChunks(encoder: encoder).flatMap { $0 }
    }

    /// The same text as chunks to write one after the other.
    public func sessionFileChunks(encoder: SessionEncoder) -> [[UInt8]] {
        updateSessionFile(in: encoder)
        return encoder.fileChunks()
    }

    /// Gives `encoder` this workspace as a session file, masked, with the
    /// history's stamps (so only records that changed are encoded again).
    @discardableResult
    func updateSessionFile(in encoder: SessionEncoder) -> SessionEncoder.Changes {
        encoder.update(
            SessionDocument(workspace: self, maskingResponses: false), maskingSecrets: fileSecretValues,
            typedSecrets: variables.secretValues, stamps: history.stamps)
    }
}
