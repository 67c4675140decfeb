import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchSessions

/// The environment in force (`env use NAME`, `workbench --env NAME`): its values
/// are variables of the workspace, the private ones secret, none of them saved.
public struct ActiveEnvironment: Equatable, Sendable {
    public var name: String
    /// The env file as given with `--env-file`; nil: found where the workbench looks.
    public var file: String?
    public var values: EnvironmentFiles.Values

    public init(name: String, file: String? = nil, values: EnvironmentFiles.Values) {
        self.name = name
        self.file = file
        self.values = values
    }
}

/// Environments in a workspace: where their files are looked for, and the values of
/// the one in force laid under the variables the user set (a `set` wins).
extension Workspace {
    /// Where env files are looked for, nearest first: beside the session or `.http` file the
    /// workspace was read from (as the JetBrains client and httpyac look beside the file), then
    /// the current folder.
    func environmentFolders() -> [String] {
        var folders: [String] = []
        for file in [sessionFile] + inputFiles.reversed().map(Optional.some) {
            guard let file, let slash = file.lastIndex(of: "/") else { continue }
            let folder = String(file[...slash])
            if !folders.contains(folder) { folders.append(folder) }
        }
        if !folders.contains("") { folders.append("") }
        return folders
    }

    /// The env files: `file` (or the `--env-file` in force), else the first found where they are looked for.
    func environmentFiles(file: String?, context: CommandContext) throws(WorkbenchError) -> EnvironmentFiles? {
        let exists: (String) -> Bool = { path in (try? context.readFile(path)) != nil }
        if let file = file ?? activeEnvironment?.file {
            return try EnvironmentFiles.named(file, readFile: context.readFile, fileExists: exists)
        }
        return try EnvironmentFiles.find(in: environmentFolders(), readFile: context.readFile, fileExists: exists)
    }

    /// `env use NAME`: the environment's values replace the last one's. Returns the note:
    /// the variables a `set` keeps over the environment's.
    mutating func useEnvironment(_ name: String, file: String?, context: CommandContext) throws(WorkbenchError) -> String {
        guard let files = try environmentFiles(file: file, context: context) else {
            throw WorkbenchError(
                "no environment \(Excerpt.quoted(name)): no \(EnvironmentFiles.publicName) or \(EnvironmentFiles.privateName) "
                    + "here or beside the session (give one with --env-file FILE)")
        }
        let values = try files.values(of: name)
        let kept = switchEnvironment(to: ActiveEnvironment(name: name, file: file ?? activeEnvironment?.file, values: values))
        var note = "environment \(name) (\(files.filesRead)): \(values.plain.count + values.secret.count) variables"
        if !values.secret.isEmpty { note += ", \(values.secret.count) of them private" }
        if !kept.isEmpty {
            note += "\nkept as set here, over the environment's: \(kept.joined(separator: ", ")) (`unset NAME` takes the environment's)"
        }
        return note
    }

    /// Lays `environment`'s values (nil: none) under the user's variables, taking away the
    /// last one's. Returns the names a `set` keeps over it.
    @discardableResult
    mutating func switchEnvironment(to environment: ActiveEnvironment?) -> [String] {
        for name in environmentVariableNames { variables.remove(name) }
        environmentVariableNames = []
        activeEnvironment = environment
        guard let values = environment?.values else { return [] }
        // Values a `.http` file brought give way; those the user set stay.
        let userNames = Set(variables.names).subtracting(httpFileVariableNames)
        var kept: [String] = []
        for (name, value, secret) in values.plain.map({ ($0.key, $0.value, false) }) + values.secret.map({ ($0.key, $0.value, true) }) {
            if userNames.contains(name) {
                kept.append(name)
                continue
            }
            variables.set(name, to: value, secret: secret)
            httpFileVariableNames.remove(name)
            environmentVariableNames.insert(name)
            declaredSecrets.removeAll { $0 == name }
        }
        // Still masked after a switch: responses shown earlier may hold them.
        for value in values.secret.values where !value.isEmpty && !environmentSecretValues.contains(value) {
            environmentSecretValues.append(value)
        }
        return kept.sorted()
    }

    /// After `unset NAME`: the environment's value of NAME in force again, if it has one.
    mutating func restoreEnvironmentValue(_ name: String) -> Bool {
        guard let values = activeEnvironment?.values else { return false }
        if let value = values.secret[name] {
            variables.set(name, to: value, secret: true)
        } else if let value = values.plain[name] {
            variables.set(name, to: value)
        } else {
            return false
        }
        environmentVariableNames.insert(name)
        return true
    }

    /// After a session was loaded: the environment it ran in (or the one in force) again.
    /// Returns a warning when it cannot be.
    mutating func reactivateEnvironment(named recorded: String?, file: String?, context: CommandContext) -> String? {
        let previous = activeEnvironment
        environmentVariableNames = []
        activeEnvironment = nil
        guard let name = recorded ?? previous?.name else { return nil }
        do throws(WorkbenchError) {
            _ = try useEnvironment(name, file: file ?? previous?.file, context: context)
            return nil
        } catch {
            return "warning: the session ran in environment \(name), not in force here: \(error.message)"
        }
    }

    /// `env`: the environments of the env files, the one in force marked, private values masked.
    func describeEnvironments(file: String?, context: CommandContext) throws(WorkbenchError) -> String {
        guard let files = try environmentFiles(file: file, context: context) else {
            let inForce = activeEnvironment.map { "environment \($0.name) in force; " } ?? ""
            return "\(inForce)no \(EnvironmentFiles.publicName) or \(EnvironmentFiles.privateName) here or beside the session"
        }
        var lines = ["environments in \(files.filesRead)" + (activeEnvironment.map { ", \($0.name) in force" } ?? ", none in force")]
        for name in files.names {
            let values = (try? files.values(of: name)) ?? EnvironmentFiles.Values()
            lines.append((activeEnvironment?.name == name ? "* " : "  ") + name)
            for variable in Set(values.plain.keys).union(values.secret.keys).sorted() {
                let shown = values.secret[variable] != nil ? Variables.mask + " (private)" : values.plain[variable] ?? ""
                let kept =
                    activeEnvironment?.name == name && !environmentVariableNames.contains(variable) ? "  (a `set` value is in force)" : ""
                lines.append("    \(variable) = \(shown)\(kept)")
            }
        }
        if files.names.isEmpty { lines.append("  (no environments)") }
        return lines.joined(separator: "\n")
    }
}

extension Workspace {
    /// An undefined variable that an environment of the env files gives, with none in force:
    /// `env use NAME` is the way to give it (as the JetBrains client has an environment chosen),
    /// not `set`. Any other error is returned as it is.
    func explainingUnchosenEnvironment(_ error: WorkbenchError, context: CommandContext) -> WorkbenchError {
        guard case .undefinedVariable(let name) = error.kind, activeEnvironment == nil,
            let files = try? environmentFiles(file: nil, context: context)
        else { return error }
        let giving = files.environments(defining: name)
        guard let first = giving.first else { return error }
        return WorkbenchError(
            "undefined variable {{\(name)}}: environment\(giving.count == 1 ? "" : "s") \(giving.joined(separator: ", ")) "
                + "of \(files.filesRead) give\(giving.count == 1 ? "s" : "") it, and none is in force: `env use \(first)` (or --env \(first))",
            kind: error.kind)
    }
}
