import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchSessions

extension Interpreter {
    /// The scope templates are expanded in for the wire, on every path that sends: `send`,
    /// `compare`, `replay`, `bench`, the OAuth 2.0 flows' token requests, `openapi URL`,
    /// `graphql schema`, `ws` and `grpc`. The secrets `endpoints` and `texts` refer to that are
    /// still at their source (`set --secret NAME --from SOURCE`) are read first, once each: a
    /// source that fails is the error, and nothing goes out. Without it a secret not read yet
    /// would go out as the mask.
    func wireScope(for endpoints: [Endpoint] = [], texts: [String] = []) throws(WorkbenchError) -> VariableScope {
        try readSecretSources(for: endpoints, texts: texts)
        return workspace.scope(environment: context.environment)
    }

    /// Reads the secrets `endpoints`, `texts` and the proxy's login need from their sources,
    /// once each, before anything is sent. The values are held in the workspace's variables,
    /// never saved, and masked from here on.
    func readSecretSources(for endpoints: [Endpoint], texts: [String] = []) throws(WorkbenchError) {
        var needed: [String] = []
        for endpoint in endpoints {
            for name in endpoint.referencedVariables where !needed.contains(name) { needed.append(name) }
        }
        var texts = texts
        // The proxy's password is a secret variable its URL refers to (`Sender` expands it).
        if case .url(let proxy) = workspace.settings.proxy { texts.append(proxy) }
        for text in texts {
            for name in Template.variableNames(in: text) where !needed.contains(name) { needed.append(name) }
        }
        let pending = workspace.variables.pending(among: needed)
        guard !pending.isEmpty else { return }
        for name in pending {
            guard let source = workspace.variables.entries[name]?.source else { continue }
            let value: String
            do throws(WorkbenchError) {
                value = try source.read(environment: context.environment)
            } catch {
                throw error.prefixed("{{\(name)}} not read, nothing sent: ")
            }
            workspace.variables.resolve(name, to: value)
        }
        // The redaction step knows the values before any reply can echo them.
        _ = redactor
    }
}
