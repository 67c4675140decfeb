import WorkbenchBasics
import WorkbenchAPIs

/// The variables a `workbench replay` starts from: the session's own, then
/// `WORKBENCH_VAR_NAME` from the environment, then `--var NAME=VALUE`.
/// Secrets are never in the file, so they can only come from the last two.
public enum ReplayVariables {
    /// Resolves what `document` needs, or names every variable nobody provides.
    public static func resolve(
        for document: SessionDocument, assignments: [String], environment: [String: String]
    ) throws(WorkbenchError) -> Variables {
        var known = Variables()
        for (name, value) in document.variables { known.set(name, to: value) }
        let secrets = Set(document.secretNames)
        var referenced = Set(document.secretNames)
        for record in document.requests { referenced.formUnion(record.endpoint.referencedVariables) }
        for name in referenced.sorted() {
            if let value = environment[environmentName(for: name)] {
                known.set(name, to: value, secret: secrets.contains(name))
            }
        }
        for assignment in assignments {
            guard let equals = assignment.firstIndex(of: "="),
                Template.isValidVariableName(String(assignment[..<equals]))
            else {
                throw WorkbenchError("--var expects NAME=VALUE, got '\(Template.oneLine(assignment.prefix(60)))'")
            }
            let name = String(assignment[..<equals])
            known.set(name, to: String(assignment[assignment.index(after: equals)...]), secret: secrets.contains(name))
        }
        // Secrets kept as their source (`set --secret NAME --from SOURCE`), read now when a
        // request needs them and nobody gave them: a failing source stops the replay before
        // anything is sent.
        var needed = Set<String>()
        for record in document.requests {
            needed.formUnion(record.endpoint.referencedVariables)
            // The proxy's password is a secret variable its URL refers to.
            if case .url(let proxy) = record.settings.proxy { needed.formUnion(Template.variableNames(in: proxy)) }
        }
        for (name, source) in document.secretSources.sorted(by: { $0.key < $1.key })
        where needed.contains(name) && known.value(of: name) == nil {
            do throws(WorkbenchError) {
                known.set(name, to: try source.read(environment: environment), secret: true)
            } catch {
                throw error.prefixed("{{\(name)}} not read, nothing sent: ")
            }
        }
        let missing = Replayer.missingVariables(in: document.requests, known: known)
        if !missing.isEmpty {
            let described = missing.map { name in
                "\(name)\(secrets.contains(name) ? " (a secret, never saved)" : ""): pass --var \(name)=VALUE or set \(environmentName(for: name))"
            }
            throw WorkbenchError("missing variable " + described.joined(separator: "; "))
        }
        return known
    }

    /// `WORKBENCH_VAR_NAME`, with characters an environment name cannot hold as `_`.
    public static func environmentName(for variable: String) -> String {
        "WORKBENCH_VAR_" + String(variable.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    }
}
