import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchSessions

extension Interpreter {
    /// Reads the secrets `endpoints` need from their sources (`set --secret NAME --from
    /// SOURCE`), once each, before anything is sent: a source that fails is the error, and
    /// nothing goes out. The values are held in the workspace's variables, never saved, and
    /// masked from here on.
    func readSecretSources(for endpoints: [Endpoint]) throws(WorkbenchError) {
        var needed: [String] = []
        for endpoint in endpoints {
            for name in endpoint.referencedVariables where !needed.contains(name) { needed.append(name) }
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
