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
                names.isEmpty
                ? "imported nothing from \(path) (\(imported.kind))"
                : "set \(names.count) variable\(names.count == 1 ? "" : "s") from \(path) (\(imported.kind)): "
                    + names.joined(separator: ", ")
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

    /// The one path every import takes (`import curl` typed or in a file, HAR, `.http`,
    /// Postman), as a typed credential takes: each literal credential of an imported request
    /// (a credential header, an auth's password, token or key, a credential query item)
    /// becomes a reference to a secret variable (one per distinct value), and its headers
    /// and auths are bound to the request's origin. A value already masked in the file
    /// (`******`, as `export har` writes it) becomes a declared secret for `set --secret`.
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
            let kept = keepImportedSecret(secret, base: Self.variableName(forHeader: field.name), of: field.name, notes: &notes)
            imported.headers[index].value = prefix + kept
        }
        for index in imported.auths.indices {
            var auth = imported.auths[index]
            if auth.origin == nil { auth.origin = origin }
            let named = "auth \(auth.scheme.displayName)"
            if auth.keyIsTheUser {
                auth.user = keepImportedSecret(auth.user, base: "auth_user", of: named, notes: &notes)
            } else {
                auth.secret = keepImportedSecret(auth.secret, base: auth.scheme.variableName, of: named, notes: &notes)
            }
            imported.auths[index] = auth
        }
        for index in imported.query.indices where QueryItem.isCredentialName(imported.query[index].name) {
            let item = imported.query[index]
            imported.query[index].value = keepImportedSecret(
                item.value, base: Self.variableName(forHeader: item.name), of: "the query item \(item.name)", notes: &notes)
        }
        // A query pasted with the URL (`?access_token=abc`) is kept as written, so its items are found by name there.
        if let pasted = imported.pathQuery, pasted.contains("=") {
            var pairs: [String] = []
            for pair in pasted.split(separator: "&", omittingEmptySubsequences: false) {
                let name = String(pair.prefix { $0 != "=" })
                guard name.count < pair.count, QueryItem.isCredentialName(name) else {
                    pairs.append(String(pair))
                    continue
                }
                let base = Self.variableName(forHeader: QueryItem(name: name, value: "", isEncoded: true).decodedName)
                let value = String(pair.dropFirst(name.count + 1))
                pairs.append(name + "=" + keepImportedSecret(value, base: base, of: "the query item \(name)", notes: &notes))
            }
            imported.pathQuery = pairs.joined(separator: "&")
        }
        return notes
    }

    /// A literal credential of an import as `{{NAME}}`, NAME a secret variable holding it
    /// (`base`, or `base_2`... when `base` holds another value); a template as it is.
    private mutating func keepImportedSecret(_ value: String, base: String, of what: String, notes: inout [String]) -> String {
        guard !value.isEmpty, !Template.hasReferences(value) else { return value }
        if value == Variables.mask {
            if variables.value(of: base) == nil && !declaredSecrets.contains(base) {
                declaredSecrets.append(base)
                notes.append(
                    "\(what) was masked in the file: it refers to the secret {{\(base)}}; "
                        + "`set --secret \(base) VALUE` (or `--var \(base)=VALUE`) gives it its value")
            }
            return "{{\(base)}}"
        }
        var name = base
        var number = 1
        while let existing = variables.value(of: name), existing != value {
            number += 1
            name = "\(base)_\(number)"
        }
        if variables.value(of: name) == nil {
            notes.append("\(what): the credential is kept as the secret {{\(name)}} (masked in output and files)")
        }
        variables.set(name, to: value, secret: true)
        declaredSecrets.removeAll { $0 == name }
        return "{{\(name)}}"
    }
}
