import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs
import WorkbenchSessions

/// The commands of help's group "Other tools": each one's help, parsing and completion.
enum ToolCommands {
    static let group = CommandGroup(title: "Other tools", commands: [`import`, export, allowFiles])

    static let `import` = CommandDeclaration(
        name: "import", usage: ["import curl ARGS...", "import FILE"],
        summary:
            "Make a curl command line (as \"Copy as cURL\" writes it; lines may end with \\) the request: method, URL, headers, data, -F, -u, -b, -A, -e, -G, -I, -L, -k. Options it cannot import are named. `import FILE` brings a file's requests into the history (not sent), the last as the request: curl commands, a HAR log (responses kept as recordings) or a Postman collection, told by content; a Postman environment sets its variables.",
        example: "import curl -X POST https://api.example.com/login --json '{\"user\": \"ana\"}'",
        subcommands: ["curl"],
        parse: { words throws(WorkbenchError) in throw words.usageError("expected `import curl ARGS...` or `import FILE`") },
        verbatim: { line throws(WorkbenchError) in try CommandParser.importedCommand(line) },
        // `import curl`: the options curl's import declares as credentials (`CurlImport.credentialOptions`).
        credentials: CommandDeclaration.Credentials(
            masked: { _, command in
                guard case .importCurl(let words) = command else { return nil }
                let masked = CurlImport.maskingCredentials(words)
                return masked == words ? nil : "import curl " + masked.map(ShellWords.quote).joined(separator: " ")
            },
            examples: [
                "import curl -u ana:SECRET http://127.0.0.1:9/a", "import curl -uana:SECRET http://127.0.0.1:9/a",
                "import curl -H 'Authorization: Bearer SECRET' http://127.0.0.1:9/a",
                "import curl -H 'Cookie: sid=SECRET' http://127.0.0.1:9/a", "import curl -b 'sid=SECRET' http://127.0.0.1:9/a",
                "import curl --oauth2-bearer SECRET http://127.0.0.1:9/a", "import curl http://ana:SECRET@127.0.0.1:9/a",
                "import curl -H 'X-Api-Key: SECRET' http://127.0.0.1:9/a",
            ]))

    static let export = CommandDeclaration(
        name: "export",
        usage: [
            "export curl|httpie|http|hurl [--session] [--secrets] [> FILE]", "export curl --exact",
            "export swift [--session] [--runnable] [--secrets] [> FILE]", "export har|postman [--session] [--secrets] [> FILE]",
            "export grpcurl [--session] [--secrets] [> FILE]", "export locust [--session] [--secrets] [> FILE]",
        ],
        summary:
            "Write the request (or with --session every request sent) for another tool: a short curl or HTTPie command, a .http file (JetBrains, VS Code), a Hurl file with captures and asserts, or Swift code (an Endpoint enum building URLRequests; --runnable adds a main that sends them); `export grpcurl` writes the last gRPC call (or with --session every one) as a grpcurl command; `export locust` a locustfile that sends the requests in order, captures and checks included, for load beyond one machine (what does not map is said in a comment at its top). Secret values are masked, on the screen and in a file alike, unless --secrets; .http, Hurl and Postman files keep {{variables}}; a locustfile reads secret ones from the environment.",
        example: "export hurl --session > api.hurl", subcommands: Export.Format.allCases.map(\.rawValue),
        parse: { words throws(WorkbenchError) in try ToolCommands.parseExport(words) })

    static let allowFiles = CommandDeclaration(
        name: "allow-files", usage: ["allow-files [DIR]"],
        summary:
            "Let imported files, sessions and .http files name files in DIR too (bodies, uploads); by default a file outside the input's own folder (an absolute path, ../, a link out) is left out with a warning. No DIR: the folders allowed.",
        example: "allow-files ~/uploads", subcommands: [],
        parse: { words throws(WorkbenchError) in
            guard words.texts.count <= 1 else { throw words.usageError("expected one folder") }
            return .command(.allowFiles(words.texts.first))
        },
        complete: CompletionInput.fileAtFirst)
}

extension ToolCommands {
    static func parseExport(_ words: CommandWords) throws(WorkbenchError) -> ParsedLine {
        guard let first = words.texts.first, let format = Export.Format(rawValue: first.lowercased()) else {
            throw words.usageError(
                "expected a format: \(Export.Format.allCases.map(\.rawValue).joined(separator: ", "))"
                    + Suggestion.didYouMean(words.texts.first ?? "", among: Export.Format.allCases.map(\.rawValue)))
        }
        var export = Export(format: format)
        var index = 1
        while index < words.texts.count {
            let word = words.texts[index]
            switch word {
            case "--session": export.session = true
            case "--secrets": export.revealSecrets = true
            case "--exact" where format == .curl: export.exact = true
            case "--runnable" where format == .swift: export.runnable = true
            case ">":
                guard index + 1 < words.texts.count, !words.texts[index + 1].isEmpty else {
                    throw words.usageError("expected a file name after '>'")
                }
                export.outputFile = words.texts[index + 1]
                index += 1
            default:
                if word.hasPrefix(">") && word.count > 1 {
                    export.outputFile = String(word.dropFirst())
                } else {
                    throw words.usageError("unexpected argument \(Excerpt.quoted(word))")
                }
            }
            index += 1
        }
        return .command(.export(export))
    }
}

extension CommandParser {
    /// Whether a line is an `import` command (which may go on over lines ending with `\`).
    public static func startsImport(_ line: String) -> Bool {
        startsWithWord(Substring(line).trimmingSpaces(), "import")
    }

    /// `import curl ARGS...`, split as bash splits it (`$'...'`, and the lines
    /// a continuation joined), not by the command language's rules.
    static func importedCommand(_ trimmedLine: String) throws(WorkbenchError) -> ParsedLine? {
        guard startsWithWord(trimmedLine, "import"),
            let (word, rest) = splitFirstWord(trimmedLine), word.lowercased() == "import"
        else { return nil }
        guard let (format, arguments) = splitFirstWord(rest) else {
            throw WorkbenchError("import: expected `import curl ARGS...` or `import FILE`; see `help import`")
        }
        guard format.lowercased() == "curl" else {
            let words = try ShellWords.split(rest)
            guard words.count == 1 else {
                throw WorkbenchError("import: expected one file name (or `import curl ARGS...`); see `help import`")
            }
            return .command(.importFile(words[0].text))
        }
        // The whole line is split, so an error's column counts from its start.
        // As bash: the command ends at `;`, `|`, `&&` or `||` (`curl ... | jq .` as docs write it).
        let words = try ShellWords.split(trimmedLine, dialect: .bash).prefix { !$0.isOperator }.dropFirst(2).map(\.text)
        guard !arguments.isEmpty, !words.isEmpty else {
            throw WorkbenchError("import: expected a curl command after `import curl`; see `help import`")
        }
        return .command(.importCurl(words.first == "curl" ? Array(words.dropFirst()) : words))
    }
}

/// The effects of the group's commands, each reached from `Workspace.apply`'s one switch
/// with its command's values.
extension ToolCommands {
    static func importCurl(_ words: [String], in workspace: inout Workspace, context: CommandContext) throws(WorkbenchError)
        -> CommandOutcome
    {
        var imported = try CurlImport.parse(words, readFile: context.readFile)
        if imported.usesLiteralBraces { workspace.variables.set(LiteralText.variable, to: "{{") }
        // The same path as an imported file's (and as a typed header): a literal
        // credential becomes a secret variable bound to the request's origin.
        let notes = workspace.keepImportedCredentials(&imported.endpoint)
        workspace.endpoint = imported.endpoint
        if let follow = imported.followRedirects { workspace.settings.followRedirects = follow }
        if let insecure = imported.insecure { workspace.settings.insecure = insecure }
        if let timeout = imported.timeout { workspace.settings.timeout = timeout }
        return .output(
            ([Workspace.importSummary(workspace.endpoint)] + notes + imported.notes.map { "note: " + $0 }
                + imported.warnings.map { "warning: " + $0 }).joined(separator: "\n"))
    }

    /// `allow-files [DIR]`: nil lists the folders allowed.
    static func allowFiles(_ folder: String?, in workspace: inout Workspace) throws(WorkbenchError) -> CommandOutcome {
        guard let folder else {
            let allowed = workspace.localFiles.allowed
            return .output(
                allowed.isEmpty
                    ? "files an input names are read from its own folder only (`allow-files DIR` allows another)"
                    : "files an input names are read from its own folder and: " + allowed.joined(separator: ", "))
        }
        try workspace.localFiles.allow(folder)
        return .output("inputs may name files in \(folder) too (imports and loads from now on)")
    }

    static func export(_ export: Export, _ workspace: Workspace, context: CommandContext) throws(WorkbenchError) -> CommandOutcome {
        var export = export
        export.environment = workspace.activeEnvironment.map {
            ExportedEnvironment(
                name: $0.name, file: $0.file ?? EnvironmentFiles.publicName, variables: workspace.environmentVariableNames)
        }
        let scope = workspace.scope(environment: context.environment)
        let records = try records(export, in: workspace)
        // One masking for the screen and a file alike: values built from secret variables
        // are masked as they are built (unless --secrets), and any secret value typed
        // literally (`header X: VALUE`, an `expect` line) is masked in the text after.
        let variables = workspace.variables
        let built = try export.text(records: records, variables: variables, scope: scope, readFile: context.readFile)
        let text =
            export.revealSecrets
            ? built
            : workspace.redactor(environment: context.environment).redactKeepingReferences(built)
        let warnings = try export.warnings(records: records, variables: variables, scope: scope, readFile: context.readFile)
        let warning: String? = warnings.isEmpty ? nil : warnings.map { "warning: " + $0 }.joined(separator: "\n")
        if let file = export.outputFile {
            try WriteTarget.check(file, inputs: workspace.writeInputs(includingSession: true))
            try context.writeFile(Array(text.utf8), file)
            let written = records.filter { !export.leavesOut($0) }.count
            let done = "exported \(written) request\(written == 1 ? "" : "s") to \(file)"
            return warning.map { .outputWithWarning(done, warning: $0) } ?? .output(done)
        }
        // Masked already: the screen shows the very bytes a file would hold.
        let trimmed = String(text.dropLast())
        if let warning { return .outputWithWarning(trimmed, warning: warning, revealed: true) }
        return .revealed(trimmed)
    }

    /// The records `export` writes: the request being built (HAR: with its response when it
    /// was the last sent; grpcurl: the last gRPC call), or with --session every one sent.
    static func records(_ export: Export, in workspace: Workspace) throws(WorkbenchError) -> [RequestRecord] {
        var records = [RequestRecord(endpoint: workspace.endpoint, settings: workspace.settings, response: workspace.lastSentResponse)]
        // HAR is about exchanges: the current request, with its response when it was the last sent.
        if export.format == .har, let last = workspace.history.last, last.endpoint == workspace.endpoint { records = [last] }
        // A gRPC call is not the request being built: the last call made.
        if export.format == .grpcurl, !export.session, let call = workspace.history.records.last(where: { GRPCCall.isCall($0.endpoint) }) {
            records = [call]
        }
        if export.session {
            guard !workspace.history.isEmpty else {
                throw WorkbenchError(
                    "nothing to export: no request has been sent yet (`export \(export.format.rawValue)` exports the current one)")
            }
            records = workspace.history.records
        }
        return records
    }
}
