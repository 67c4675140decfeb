import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs
import WorkbenchSessions

/// `import FILE`: the records a file holds enter the history (not sent), the
/// variables it defines are set, and a literal credential in a header (a HAR
/// log's `Authorization: Bearer abc`, a collection's API key) becomes a secret
/// variable bound to its request's origin, as when typed: it never reaches
/// the screen, the history file or a saved session.
extension Workspace {
    mutating func importFile(_ path: String, context: CommandContext) throws(WorkbenchError) -> CommandOutcome {
        let text = try FileSystem.text(try context.readFile(path), of: path)
        var imported = try FileImport.read(text, named: path, settings: settings, readFile: context.readFile)
        imported.warnings += localFiles.leaveOutRefusedFiles(in: &imported.records, input: path)
        if !inputFiles.contains(path) { inputFiles.append(path) }
        for variable in imported.variables {
            variables.set(variable.name, to: variable.value, secret: variable.isSecret)
            declaredSecrets.removeAll { $0 == variable.name }
        }
        guard !imported.records.isEmpty else {
            // An environment: its variables only, over the ones a collection set.
            let names = imported.variables.map { $0.isSecret ? "\($0.name) (secret)" : $0.name }
            let summary =
                "set \(names.count) variable\(names.count == 1 ? "" : "s") from \(path) (\(imported.kind))"
                + (names.isEmpty ? "" : ": " + names.joined(separator: ", "))
            return .output(([summary] + imported.warnings.map { "warning: " + $0 }).joined(separator: "\n"))
        }
        var notes: [String] = []
        for index in imported.records.indices {
            notes += keepImportedCredentials(&imported.records[index].endpoint)
        }
        let first = history.count + 1
        history += imported.records
        endpoint = imported.records[imported.records.count - 1].endpoint
        settings = imported.records[imported.records.count - 1].settings
        let count = imported.records.count
        let range = count == 1 ? "\(first)" : "\(first)-\(history.count)"
        let recorded = imported.records.filter { $0.response != nil }.count
        let responses = recorded == 0 ? "" : ", \(recorded) with \(recorded == 1 ? "its" : "their") response kept for `diff` and `serve`"
        let summary =
            "imported \(count) request\(count == 1 ? "" : "s") from \(path) (\(imported.kind)) as history \(range)\(responses) "
            + "(not sent; `replay` sends them); the last is the request now"
        return .output(
            ([summary] + imported.notes.map { "note: " + $0 } + notes + imported.warnings.map { "warning: " + $0 }).joined(separator: "\n"))
    }

    /// Turns each literal credential header of an imported request into a
    /// reference to a secret variable (one per distinct value), binding it to
    /// the request's origin. A value already masked in the file (`******`, as
    /// `export har` writes it) becomes a declared secret for `set --secret`.
    mutating func keepImportedCredentials(_ imported: inout Endpoint) -> [String] {
        var notes: [String] = []
        let origin = imported.credentialOrigin
        for index in imported.headers.indices {
            let field = imported.headers[index]
            guard HeaderField.isCredentialName(field.name) else { continue }
            imported.headers[index].origin = origin
            guard !Template.hasReferences(field.value) else { continue }
            let (prefix, secret) = HeaderField.splitCredential(name: field.name, value: field.value)
            guard !secret.isEmpty else { continue }
            let base = Self.variableName(forHeader: field.name)
            if secret == Variables.mask {
                if variables.value(of: base) == nil && !declaredSecrets.contains(base) {
                    declaredSecrets.append(base)
                    notes.append(
                        "\(field.name) was masked in the file: it refers to the secret {{\(base)}}; "
                            + "`set --secret \(base) VALUE` (or `--var \(base)=VALUE`) gives it its value")
                }
                imported.headers[index].value = prefix + "{{\(base)}}"
                continue
            }
            var name = base
            var number = 1
            while let existing = variables.value(of: name), existing != secret {
                number += 1
                name = "\(base)_\(number)"
            }
            if variables.value(of: name) == nil {
                notes.append("\(field.name): the credential is kept as the secret {{\(name)}} (masked in output and files)")
            }
            variables.set(name, to: secret, secret: true)
            declaredSecrets.removeAll { $0 == name }
            imported.headers[index].value = prefix + "{{\(name)}}"
        }
        return notes
    }
}
