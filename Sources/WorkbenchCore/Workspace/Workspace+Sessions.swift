/// The session side of a workspace: what `capture`, `expect`, `save`, `load`
/// and `history` work on.
extension Workspace {
    /// The last response and the history entry it belongs to.
    func lastExchange() throws(WorkbenchError) -> (HTTPResponse, Int) {
        guard let response = lastResponse, let index = lastRecordIndex, history.indices.contains(index) else {
            throw WorkbenchError("no response yet: `send` a request first")
        }
        return (response, index)
    }

    mutating func save(to file: String?, context: CommandContext) throws(WorkbenchError) -> CommandOutcome {
        guard let path = file ?? sessionFile else {
            throw WorkbenchError("no session file yet: use `save FILE`")
        }
        // Never write over a file that is not a session we could read back.
        if AtomicFile.exists(path) {
            let existing = try context.readFile(path)
            if !existing.isEmpty {
                do throws(WorkbenchError) {
                    _ = try SessionDecoding.decode(existing, file: path)
                } catch {
                    throw WorkbenchError("refusing to overwrite \(path): it is not a session file this workbench can read (\(error.message))")
                }
            }
        }
        let document = SessionDocument(workspace: self)
        try context.writeFile(SessionEncoding.encode(document), path)
        sessionFile = path
        let text = "saved \(path): \(history.count) request\(history.count == 1 ? "" : "s")"
        let credentials = document.literalCredentialHeaders
        if !credentials.isEmpty && !warnedAboutCredentials {
            warnedAboutCredentials = true
            let names = credentials.joined(separator: ", ")
            return .outputWithWarning(text, warning: "warning: \(names) holds a literal credential, now in \(path); "
                + "use a variable instead: `set --secret token VALUE` and `header \(credentials[0]): {{token}}`")
        }
        return .output(text)
    }

    mutating func load(from path: String, context: CommandContext) throws(WorkbenchError) {
        let bytes = try context.readFile(path)
        let document = try SessionDecoding.decode(bytes, file: path)
        document.apply(to: &self)
        lastRecordIndex = nil
    }

    func describeHistory() -> String {
        guard !history.isEmpty else { return "(no requests sent yet)" }
        let scope = scope(environment: [:]).masked
        return history.enumerated().map { index, record in
            let url = (try? record.endpoint.url(in: scope)) ?? (record.endpoint.base ?? "") + record.endpoint.path
            var line = "\(index + 1)  \(record.endpoint.method) \(url)"
            if let response = record.response {
                line += "  \(response.statusCode)  \(Quantities.duration(response.elapsedMilliseconds / 1000))"
            }
            var notes: [String] = []
            if !record.captures.isEmpty { notes.append("captures " + record.captures.map(\.name).joined(separator: ", ")) }
            if !record.expectations.isEmpty {
                notes.append("\(record.expectations.count) expectation\(record.expectations.count == 1 ? "" : "s")")
            }
            if !notes.isEmpty { line += "  (" + notes.joined(separator: "; ") + ")" }
            return line
        }.joined(separator: "\n")
    }
}
