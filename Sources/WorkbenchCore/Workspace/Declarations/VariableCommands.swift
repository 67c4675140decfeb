import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs
import WorkbenchSessions

/// The commands of help's group "Variables": each one's help, parsing and completion.
enum VariableCommands {
    static let group = CommandGroup(title: "Variables", commands: [set, unset, vars, EnvironmentCommands.env, capture])

    static let set = CommandDeclaration(
        name: "set", usage: ["set NAME VALUE", "set --secret NAME VALUE", "set --secret NAME", "set --secret NAME --from SOURCE"],
        summary:
            "Set a variable, used as {{NAME}}; a secret is masked everywhere, never saved, and asked for hidden when VALUE is left out. --from reads it when first needed from SOURCE: pass:PATH, op://VAULT/ITEM/FIELD, keychain:SERVICE[/ACCOUNT], secret-tool:ATTR=VALUE, env:NAME or cmd:COMMAND (a session keeps the source, never the value).",
        example: "set key 0123abcd", subcommands: ["--secret"],
        parse: { words throws(WorkbenchError) in try VariableCommands.parseSet(words) },
        complete: { input in
            if input.position == 1 { return input.matching(input.subcommands + input.workspace.variables.names) }
            if input.position == 2 && input.before[1] == "--secret" { return input.matching(input.workspace.variables.names) }
            if input.position == 3 && input.before[1] == "--secret" { return input.matching(["--from"]) }
            if input.position == 4 && input.before[3] == "--from" {
                return input.matching(["pass:", "op://", "keychain:", "secret-tool:", "env:", "cmd:"])
            }
            return nil
        },
        // `set --secret NAME VALUE`: the value.
        credentials: CommandDeclaration.Credentials(
            masked: { _, command in
                guard case .set(let name, _?, true) = command else { return nil }
                return "set --secret \(name) \(Variables.mask)"
            }, examples: ["set --secret pw SECRET"]))

    static let unset = CommandDeclaration(
        name: "unset", usage: ["unset NAME"], summary: "Remove a variable.", example: "unset key", subcommands: [],
        parse: { words throws(WorkbenchError) in try VariableCommands.parseUnset(words) },
        complete: { input in
            input.position == 1 ? input.matching(input.workspace.variables.names) : nil
        })

    static let vars = CommandDeclaration(
        name: "vars", usage: ["vars"], summary: "List the variables (secret values masked).", example: "vars", subcommands: [],
        parse: { words throws(WorkbenchError) in try words.expectNoArguments(.vars) })

    static let capture = CommandDeclaration(
        name: "capture",
        usage: [
            "capture [--secret] NAME status", "capture [--secret] NAME header HEADER", "capture [--secret] NAME JSONPATH",
            "capture [--secret] NAME frame next|last|N JSONPATH [--within 5s]",
            "capture [--secret] NAME event N|last JSONPATH|id|type|data", "capture rm NAME",
        ],
        summary:
            "Put a value of the last response into a variable (--secret: masked, never saved), of a received WebSocket frame, or of a server-sent event of the last response (its data by JSONPATH, or its id, type or whole data); a replay captures it again. `rm` stops capturing NAME.",
        example: "capture token $.data.accessToken", subcommands: ["--secret", "rm"],
        parse: { words throws(WorkbenchError) in try VariableCommands.parseCapture(words) },
        complete: { input in
            if input.position == 1 { return input.matching(input.subcommands) }
            if input.position == 2 && input.before[1] == "rm" {
                return input.matching(input.workspace.history.captureNames.sorted())
            }
            if let event = input.before.firstIndex(of: "event"), event >= 2 { return EventCompletion.capture(input, after: event) }
            return nil
        })
}

extension VariableCommands {
    static func parseSet(_ words: CommandWords) throws(WorkbenchError) -> ParsedLine {
        var operands = words.texts
        var secret = false
        if operands.first == "--secret" {
            secret = true
            operands.removeFirst()
        }
        if secret, operands.count == 3, operands[1] == "--from" {
            guard Template.isValidVariableName(operands[0]) else {
                throw words.usageError("invalid variable name \(Excerpt.quoted(operands[0]))")
            }
            do throws(WorkbenchError) {
                return .command(.setSecretSource(name: operands[0], source: try SecretSource(parsing: operands[2])))
            } catch {
                throw words.usageError(error.message)
            }
        }
        if operands.contains("--from") { throw words.usageError("expected `set --secret NAME --from SOURCE` (quote a cmd: with spaces)") }
        // `set --secret NAME` alone: the value is asked for with hidden input.
        guard operands.count == 2 || (secret && operands.count == 1) else {
            throw words.usageError(operands.count > 2 ? "expected NAME VALUE (quote a value with spaces)" : "expected NAME VALUE")
        }
        guard Template.isValidVariableName(operands[0]) else {
            throw words.usageError(
                "invalid variable name \(Excerpt.quoted(operands[0])): start with a letter or '_', then letters, digits, '_', '-' or '.'")
        }
        return .command(.set(name: operands[0], value: operands.count == 2 ? operands[1] : nil, secret: secret))
    }

    static func parseUnset(_ words: CommandWords) throws(WorkbenchError) -> ParsedLine {
        guard words.args.count == 1 else { throw words.usageError("expected one variable name") }
        return .command(.unset(words.texts[0]))
    }

    static func parseCapture(_ words: CommandWords) throws(WorkbenchError) -> ParsedLine {
        if words.texts.first == "rm" {
            guard words.args.count == 2 else { throw words.usageError("expected one NAME after `capture rm`") }
            return .command(.captureRemove(words.texts[1]))
        }
        let secret = words.texts.first == "--secret"
        let operands = secret ? Array(words.texts.dropFirst()) : words.texts
        if operands.count > 1 && operands[1] == "frame" { return try WebSocketCommand.parseCaptureFrame(words) }
        guard operands.count >= 2 else { throw words.usageError("expected NAME and where to capture from") }
        guard Template.isValidVariableName(operands[0]) else {
            throw words.usageError("invalid variable name \(Excerpt.quoted(operands[0]))")
        }
        do throws(WorkbenchError) {
            return .command(.capture(name: operands[0], source: try Capture.parseSource(Array(operands.dropFirst())), secret: secret))
        } catch {
            throw words.usageError(error.message)
        }
    }
}

/// The effects of the group's commands, each reached from `Workspace.apply`'s one switch
/// with its command's values.
extension VariableCommands {
    static func capture(
        _ name: String, from source: Capture.Source, secret markSecret: Bool, in workspace: inout Workspace
    ) throws(WorkbenchError) -> CommandOutcome {
        let (response, index) = try workspace.lastExchange()
        let capture = Capture(name: name, source: source, isSecret: markSecret)
        let value = try capture.value(from: response)
        let secret = markSecret || workspace.variables.isSecret(name)
        workspace.variables.set(name, to: value, secret: secret)
        workspace.history[index].captures.removeAll { $0.name == name }
        workspace.history[index].captures.append(capture)
        if secret {
            // The response it came from is kept: the secret is masked there too.
            workspace.history[index].response = workspace.history[index].response?.redacted(by: SecretRedactor(secrets: [value]))
        }
        return .output("\(name) = \(secret ? Variables.mask : value)")
    }

    /// `set --secret NAME --from SOURCE`: the source kept, the value read when first needed.
    static func setSecretSource(_ name: String, from source: SecretSource, in workspace: inout Workspace) -> CommandOutcome {
        workspace.variables.set(name, from: source)
        workspace.declaredSecrets.removeAll { $0 == name }
        workspace.httpFileVariableNames.remove(name)
        workspace.environmentVariableNames.remove(name)
        return .output("\(name) is read from \(source.text) when first needed (held in memory only; a saved session keeps the source)")
    }

    /// `set [--secret] NAME VALUE`; with no value (`set --secret NAME`) the value is asked for.
    static func set(_ name: String, to value: String?, secret: Bool, in workspace: inout Workspace) throws(WorkbenchError)
        -> CommandOutcome
    {
        guard let value else { return .askSecret(name) }
        if secret && value == Variables.mask {
            throw WorkbenchError(
                "'\(Variables.mask)' is the mask shown in place of a secret, not its value: "
                    + "type the value, or `set --secret \(name)` to be asked for it")
        }
        workspace.variables.set(name, to: value, secret: secret)
        workspace.declaredSecrets.removeAll { $0 == name }
        workspace.httpFileVariableNames.remove(name)
        workspace.environmentVariableNames.remove(name)
        return .done
    }

    static func unset(_ name: String, in workspace: inout Workspace) throws(WorkbenchError) -> CommandOutcome {
        if workspace.environmentVariableNames.contains(name), let environment = workspace.activeEnvironment {
            throw WorkbenchError(
                "\(name) comes from the environment \(environment.name) in force: `set \(name) VALUE` overrides it, `env use NAME` switches"
            )
        }
        let declared = workspace.declaredSecrets.contains(name)
        workspace.declaredSecrets.removeAll { $0 == name }
        guard workspace.variables.remove(name) != nil || declared else { throw WorkbenchError("no variable named '\(name)'") }
        if workspace.restoreEnvironmentValue(name), let environment = workspace.activeEnvironment {
            return .output("\(name): the value of the environment \(environment.name) again")
        }
        return .done
    }
}

extension VariableCommands {
    /// `capture rm NAME`: from every request that captures NAME, so a replay no
    /// longer does; the variable keeps its value (`unset NAME` removes it).
    static func removeCapture(_ name: String, in workspace: inout Workspace) throws(WorkbenchError) -> CommandOutcome {
        var numbers: [Int] = []
        for index in workspace.history.indices where workspace.history[index].captures.contains(where: { $0.name == name }) {
            workspace.history[index].captures.removeAll { $0.name == name }
            numbers.append(index + 1)
        }
        guard !numbers.isEmpty else { throw WorkbenchError("no request captures '\(name)' (see `history`)") }
        let which = numbers.map(String.init).joined(separator: ", ")
        let kept = workspace.variables.entries[name] != nil ? "; the variable keeps its value (`unset \(name)` removes it)" : ""
        return .output("removed the capture of \(name) from request\(numbers.count == 1 ? "" : "s") \(which)\(kept)")
    }
}
