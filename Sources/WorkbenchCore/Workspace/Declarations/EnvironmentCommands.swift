import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchSessions

/// `env`, in help's group "Variables": environments of `http-client.env.json` and
/// `http-client.private.env.json`, as the JetBrains HTTP Client and httpyac keep them.
enum EnvironmentCommands {
    static let env = CommandDeclaration(
        name: "env", usage: ["env [--env-file FILE]", "env use NAME [--env-file FILE]", "env off"],
        summary:
            "List the environments of http-client.env.json (here, or beside the session) and http-client.private.env.json, whose values are secrets; `use` puts one in force (its values are variables, the prompt shows [NAME], a session records it and never its values), `off` takes it away.",
        example: "env use staging", subcommands: ["use", "off", "--env-file"],
        parse: { words throws(WorkbenchError) in try EnvironmentCommands.parseEnvironment(words) },
        complete: { input in
            if input.position == 1 { return input.matching(input.subcommands) }
            if input.before.last == "--env-file" { return input.files(matching: input.current) }
            if input.position == 2 && input.before[1] == "use" { return input.matching(input.workspace.knownEnvironmentNames) }
            return input.position == 3 && input.before[1] == "use" ? input.matching(["--env-file"]) : nil
        })
}

extension EnvironmentCommands {
    /// `env [--env-file FILE]`, `env use NAME [--env-file FILE]`, `env off`.
    static func parseEnvironment(_ input: CommandWords) throws(WorkbenchError) -> ParsedLine {
        var words = input.texts
        var file: String?
        if let index = words.firstIndex(of: "--env-file") {
            guard index + 1 < words.count, !words[index + 1].isEmpty else { throw input.usageError("--env-file needs a FILE") }
            file = words[index + 1]
            words.removeSubrange(index...(index + 1))
        }
        switch words.first {
        case nil:
            return .command(.environments(file: file))
        case "use":
            guard words.count == 2, !words[1].isEmpty else { throw input.usageError("expected `env use NAME`") }
            return .command(.environmentUse(words[1], file: file))
        case "off":
            guard words.count == 1, file == nil else { throw input.usageError("`env off` takes nothing more") }
            return .command(.environmentOff)
        case let other?:
            throw input.usageError("expected `use NAME` or `off`, got \(Excerpt.quoted(other))")
        }
    }
}

/// The effects of `env`, each reached from `Workspace.apply`'s one switch with its command's values.
extension EnvironmentCommands {
    static func listEnvironments(file: String?, in workspace: inout Workspace, context: CommandContext) throws(WorkbenchError)
        -> CommandOutcome
    {
        workspace.knownEnvironmentNames = try workspace.environmentFiles(file: file, context: context)?.names ?? []
        return .output(try workspace.describeEnvironments(file: file, context: context))
    }

    static func useEnvironment(
        _ name: String, file: String?, in workspace: inout Workspace, context: CommandContext
    ) throws(WorkbenchError) -> CommandOutcome {
        let note = try workspace.useEnvironment(name, file: file, context: context)
        if let files = try? workspace.environmentFiles(file: file, context: context) { workspace.knownEnvironmentNames = files.names }
        return .output(note)
    }

    static func environmentOff(in workspace: inout Workspace) throws(WorkbenchError) -> CommandOutcome {
        guard let environment = workspace.activeEnvironment else { throw WorkbenchError("no environment is in force (`env use NAME`)") }
        workspace.switchEnvironment(to: nil)
        return .output("environment \(environment.name) no longer in force: its variables are gone")
    }
}
