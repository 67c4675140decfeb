import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchSessions

/// The session side of a workspace: what `capture`, `expect`, `save`, `load`
/// and `history` work on.
extension Workspace {
    /// Takes a sent exchange into the history; it becomes what `capture` and `expect` work on.
    public mutating func commit(_ exchange: Exchange) {
        if history.isEmpty { initialCookies = cookies }
        cookies = exchange.response.cookies ?? cookies
        lastResponse = exchange.response
        history.append(exchange.record)
        lastRecordIndex = history.count - 1
    }

    /// The last response and the history entry it belongs to.
    func lastExchange() throws(WorkbenchError) -> (HTTPResponse, Int) {
        guard let response = lastResponse, let index = lastRecordIndex, history.indices.contains(index) else {
            throw WorkbenchError(
                history.last?.conversation != nil && lastResponse == nil
                    ? "no response yet: `send` a request first (a WebSocket conversation's frames: "
                        + "`expect frame last CHECK`, `capture NAME frame last PATH`)"
                    : history.isEmpty || lastResponse == nil
                        ? "no response yet: `send` a request first"
                        : "the last request is no longer in the history: `send` or `replay N` first")
        }
        return (response, index)
    }

    /// The error for a request number the history does not have.
    func noRequest(_ number: Int) -> WorkbenchError {
        WorkbenchError(
            history.isEmpty
                ? "no request \(number): nothing has been sent yet"
                : "no request \(number): the history has \(history.count) (see `history`)")
    }

    /// `save [FILE] [N...]`: with numbers, only those requests (in history order),
    /// and a bare `save` keeps writing to the file last saved whole.
    mutating func save(
        to file: String?, requests numbers: [Int] = [], force: Bool = false, context: CommandContext
    ) throws(WorkbenchError) -> CommandOutcome {
        guard let path = file ?? sessionFile else {
            throw WorkbenchError("no session file yet: use `save FILE`")
        }
        if let missing = numbers.first(where: { !history.indices.contains($0 - 1) }) { throw noRequest(missing) }
        try WriteTarget.check(path, inputs: writeInputs(includingSession: false), verb: "cannot save")
        if !force, let sessionFile, let sessionStamp, WriteTarget.isSameFile(path, sessionFile),
            let now = WriteTarget.Stamp(of: path), now != sessionStamp
        {
            throw WorkbenchError(
                "\(path) changed since this workbench loaded or saved it (another workbench saved it?): "
                    + "not saved; `save --force` replaces it, `load \(path)` reads the other version")
        }
        // Never write over a file that is not a session we could read back.
        if AtomicFile.exists(path) {
            let existing = try context.readSessionFile(path)
            if !existing.isEmpty {
                do throws(WorkbenchError) {
                    _ = try SessionDecoding.decode(existing, file: path)
                } catch {
                    throw WorkbenchError(
                        "refusing to overwrite \(path): it is not a session file this workbench can read (\(error.message))")
                }
            }
        }
        var chosen = self
        if !numbers.isEmpty {
            chosen.history = History(history.indices.filter { numbers.contains($0 + 1) }.map { history[$0] })
        }
        let (document, chunks) = try chosen.encodedSession(bound: context.sessionFileBytes)
        try context.writeFile(chunks.flatMap { $0 }, path)
        if numbers.isEmpty {
            sessionFile = path
            sessionStamp = WriteTarget.Stamp(of: path)
        } else if let sessionFile, WriteTarget.isSameFile(path, sessionFile) {
            sessionStamp = WriteTarget.Stamp(of: path)
        }
        savedRequestStamps.formUnion(history.indices.filter { numbers.isEmpty || numbers.contains($0 + 1) }.map { history.stamps[$0] })
        let count = chosen.history.count
        let text =
            "saved \(path): \(count) request\(count == 1 ? "" : "s")"
            + (numbers.isEmpty ? "" : " of \(history.count)")
        var warnings = document.grpcSchemas.oversizedOrigins.map { GRPCSessionSchemas.leftOutWarning(origin: $0, file: path) }
        let credentials = document.literalCredentialHeaders
        if !credentials.isEmpty && !warnedAboutCredentials {
            warnedAboutCredentials = true
            let names = credentials.joined(separator: ", ")
            warnings.append(
                "warning: \(names) holds a literal credential, now in \(path); "
                    + "use a variable instead: `set --secret token VALUE` and `header \(credentials[0]): {{token}}`")
        }
        return warnings.isEmpty ? .output(text) : .outputWithWarning(text, warning: warnings.joined(separator: "\n"))
    }

    /// The session as `save` writes it, or save's refusal when `load` could not read it back.
    func encodedSession(bound: Int = SessionFileBounds.maximumBytes) throws(WorkbenchError) -> (SessionDocument, [[UInt8]]) {
        // Every value equal to a secret masked, wherever it was typed (the encoder's masking).
        let document = SessionDocument(workspace: self, maskingResponses: false)
        let encoder = SessionEncoder()
        encoder.maximumFileBytes = bound
        let chunks = encoder.encodeChunks(document, maskingSecrets: fileSecretValues, typedSecrets: variables.secretValues)
        try encoder.checkLoadable(chunks)
        return (document, chunks)
    }

    /// A file over a quarter of the bound is encoded at `load` as `save` would write it: a
    /// session `save` would refuse (its text grows when written again) is refused by `load` too.
    static func sizeCheckedAtLoad(bound: Int) -> Int { bound / 4 }

    /// The warnings: one per file the session names that `localFiles` refuses (left out).
    @discardableResult
    mutating func load(from path: String, context: CommandContext) throws(WorkbenchError) -> [String] {
        let bytes = try context.readSessionFile(path)
        var document = try SessionDecoding.decode(bytes, file: path)
        let warnings = localFiles.leaveOutRefusedFiles(in: &document, input: path)
        var loaded = self
        let environmentWarning = loaded.take(document, context: context)
        if bytes.count > Self.sizeCheckedAtLoad(bound: context.sessionFileBytes) {
            do throws(WorkbenchError) {
                _ = try loaded.encodedSession(bound: context.sessionFileBytes)
            } catch {
                throw error.prefixed("\(path): not loaded: ")
            }
        }
        self = loaded
        return warnings.map { "warning: " + $0 } + (environmentWarning.map { [$0] } ?? [])
    }

    /// `restore`: an autosave file, with what its journal adds (`AutosaveJournal`).
    /// A journal that cannot be read leaves the file as it is.
    /// Returns a warning when the environment it ran in cannot be used again.
    mutating func loadAutosave(from path: String, context: CommandContext) throws(WorkbenchError) -> String? {
        let bytes = try context.readSessionFile(path)
        let journal = try? context.readSessionFile(AutosaveJournal.path(for: path))
        return take(try AutosaveJournal.document(base: bytes, journal: journal, file: path), context: context)
    }

    /// The files no output may replace: those this workspace was read from, and
    /// (unless `save` writes it) the session being worked on.
    func writeInputs(includingSession: Bool) -> [WriteTarget.Input] {
        var inputs = inputFiles.map { WriteTarget.Input(path: $0, role: "a file this session was read from") }
        if includingSession, let sessionFile {
            inputs.append(WriteTarget.Input(path: sessionFile, role: "the session being worked on"))
        }
        return inputs
    }

    /// Returns a warning when the environment the session ran in cannot be used again.
    private mutating func take(_ document: SessionDocument, context: CommandContext) -> String? {
        document.apply(to: &self)
        lastRecordIndex = nil
        savedRequestStamps = Set(history.stamps)
        return reactivateEnvironment(named: document.environment?.name, file: document.environment?.file, context: context)
    }

    /// What quitting leaves behind, when requests were sent and not saved since:
    /// one line that says how to get them back. `autosaved`: this run keeps an autosave.
    public func quitHint(autosaved: Bool) -> String? {
        let unsaved = history.stamps.count { !savedRequestStamps.contains($0) }
        guard unsaved > 0 else { return nil }
        let what = "\(unsaved) request\(unsaved == 1 ? " was" : "s were") not saved"
        return autosaved
            ? "(\(what): `workbench --restore` brings them back, or `restore` in the next run)"
            : "(\(what), and this run keeps no autosave)"
    }

    func describeHistory() -> String {
        guard !history.isEmpty else { return "(no requests sent yet)" }
        let scope = scope(environment: [:]).masked
        return history.enumerated().map { index, record in
            let url =
                record.sentURL ?? (try? record.endpoint.url(in: scope)) ?? (record.endpoint.base ?? "") + record.endpoint.path
            var line = "\(index + 1)  \(record.endpoint.method) \(url)"
            if record.conversation != nil {
                // A conversation by its WebSocket URL.
                let ws =
                    url.hasPrefix("https://")
                    ? "wss://" + url.dropFirst(8) : url.hasPrefix("http://") ? "ws://" + url.dropFirst(7) : url[...]
                line = "\(index + 1)  WS \(ws)"
            }
            if let comparison = record.comparison {
                // A check across two environments, by the request as typed: each has its own values.
                let typed = Excerpt.cut((record.endpoint.base ?? "") + record.endpoint.path)
                line = "\(index + 1)  compare \(comparison.first) \(comparison.second): \(record.endpoint.method) \(typed)"
            }
            var notes: [String] = []
            if let response = record.response {
                line += "  \(response.statusText)  \(Quantities.duration(response.elapsedMilliseconds / 1000))"
                if let failure = record.failure { notes.append("latest send: " + failure) }
            } else if let failure = record.failure {
                line += "  " + failure
            }
            if let repetition = record.repetition {
                notes.append("\(record.tries.count) tr\(record.tries.count == 1 ? "y" : "ies"), \(repetition.text)")
            }
            if let conversation = record.conversation {
                notes.append("\(conversation.frames.count) frame\(conversation.frames.count == 1 ? "" : "s")")
                if !conversation.steps.isEmpty {
                    notes.append("\(conversation.steps.count) check\(conversation.steps.count == 1 ? "" : "s") and captures on frames")
                }
            }
            if let comparison = record.comparison { notes.append(comparison.ignoredSummary) }
            if !record.captures.isEmpty { notes.append("captures " + record.captures.map(\.name).joined(separator: ", ")) }
            if !record.expectations.isEmpty {
                notes.append("\(record.expectations.count) expectation\(record.expectations.count == 1 ? "" : "s")")
            }
            if !notes.isEmpty { line += "  (" + notes.joined(separator: "; ") + ")" }
            return line
        }.joined(separator: "\n")
    }
}
