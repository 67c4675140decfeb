import WorkbenchBasics
import WorkbenchSessions

/// What the interactive loop does around each line, whatever reads the keys: the history
/// entry (kept after the line ran, so the secrets it made known are masked in it), the
/// history file, the error line, the autosave, and what Ctrl-C and Ctrl-D mean. The
/// executable's loop reads a line with libedit and hands it here.
public final class REPLSession {
    public let interpreter: Interpreter
    let streams: FileDescriptorSink
    /// The shared history file the line editor starts from; nil with --no-history.
    public let historyFile: HistoryFile?
    let autosave: Autosave?
    /// `error:`, coloured or not as the settings are now.
    let errorPrefix: () -> String
    /// A history file that cannot be written is said once, not after every line.
    private var historyWarned = false

    /// Whether the loop goes on after an input.
    public enum Next: Equatable {
        case goOn
        case leave
    }

    init(
        interpreter: Interpreter, streams: FileDescriptorSink, historyFile: HistoryFile?, autosave: Autosave?,
        errorPrefix: @escaping () -> String
    ) {
        self.interpreter = interpreter
        self.streams = streams
        self.historyFile = historyFile
        self.autosave = autosave
        self.errorPrefix = errorPrefix
    }

    /// Whether standard error is a terminal (the wait indicator is drawn there).
    public var errorsGoToTerminal: Bool { streams.errorsGoToTerminal }

    /// Puts out what is buffered (before a prompt, hidden input or an indicator).
    public func flush() {
        streams.flush()
    }

    /// Before the first prompt: the workspace as loaded counted as saved, and one line saying
    /// where help is.
    public func begin() {
        autosave?.markSaved(interpreter.workspace)
        streams.printLine(startHint())
    }

    /// The libedit could not be loaded: scripts still run (`workbench < FILE`), the REPL cannot.
    public func cannotStartEditor(reason: String) {
        streams.printError(" cannot start the line editor: \(reason)", prefix: errorPrefix())
        streams.flush()
    }

    /// The prompt for the next line, laid out for `width` columns.
    public func prompt(width: Int) -> String {
        streams.flush()
        return interpreter.pendingTerminator.map { "\($0)> " }
            ?? interpreter.webSocketPrompt
            ?? Prompt.text(
                for: interpreter.workspace, environment: interpreter.context.environment, width: width,
                redactor: interpreter.redactor)
    }

    /// Tab: the words that could replace the one before the cursor.
    public func completions(forLinePrefix prefix: String) -> [String] {
        Completion(
            workspace: interpreter.workspace, graphqlDocument: interpreter.pendingGraphQLDocument,
            grpcCall: interpreter.pendingGRPCCall
        )
        .candidates(forLinePrefix: prefix)
    }

    /// A line was entered: run it, then remember it (`remember` gives it to the line editor's
    /// own history), print its error, autosave.
    public func lineEntered(_ line: String, remember: (String) -> Void) -> Next {
        let result = interpreter.handle(line: line)
        // Kept after the line ran: the secrets it made known (a cookie set by the
        // reply, a credential typed in a header) are masked in the entry too.
        let entry = HistoryEntry.text(for: line, redactor: interpreter.redactor)
        remember(entry)
        do throws(WorkbenchError) {
            if !entry.isEmpty { try historyFile?.append(entry) }
        } catch {
            if !historyWarned { interpreter.output.printError("warning: \(error.message)") }
            historyWarned = true
        }
        if case .failed(let error) = result {
            // The message is already masked (Interpreter.handle); the prefix is ours.
            streams.printError(" " + error.message, prefix: errorPrefix())
        }
        if let warning = autosave?.save(interpreter.workspace) { interpreter.output.printError(warning) }
        guard result == .exit else { return .goOn }
        leave()
        return .leave
    }

    /// A line whose bytes are not UTF-8: refused, never repaired; the error names the byte
    /// (and the line stays out of the history).
    public func refused(notUTF8 bytes: [UInt8]) {
        do throws(WorkbenchError) { _ = try UTF8Line.decode(bytes) } catch {
            streams.printError(" " + interpreter.redactor.redact(error.message), prefix: errorPrefix())
        }
    }

    /// Ctrl-C drops the line (and a half-typed body block) and never exits; on an empty line
    /// it says how to leave.
    public func interrupted(lineWasEmpty: Bool) {
        let inBody = interpreter.isCollectingBody
        interpreter.cancelPendingInput()
        streams.printLine("")
        if inBody {
            streams.printLine("(the body block was dropped)")
        } else if lineWasEmpty {
            streams.printLine("(Ctrl-D or `exit` leaves the workbench)")
        }
    }

    /// Ctrl-D: inside `body <<END` it ends the block, never the workbench.
    public func endOfInput() -> Next {
        streams.printLine("")
        if interpreter.isCollectingBody {
            interpreter.cancelPendingInput()
            streams.printLine("(Ctrl-D cancelled the body block: the body is unchanged)")
            return .goOn
        }
        leave()
        return .leave
    }

    /// Leaving with requests not yet saved says how to get them back.
    private func leave() {
        interpreter.leaveWebSocket()
        // What leaving the conversation kept (its last frames, the closing handshake) is saved
        // too, then the journal folded into the file: a finished run leaves one plain session file.
        if let warning = autosave?.save(interpreter.workspace) { interpreter.output.printError(warning) }
        if let warning = autosave?.finish() { interpreter.output.printError(warning) }
        if let hint = interpreter.workspace.quitHint(autosaved: autosave != nil) { streams.printLine(hint) }
        streams.flush()
    }

    /// One line at start-up: where help is, and that an autosaved session can come back.
    private func startHint() -> String {
        var hint = "workbench \(WorkbenchVersion.current): `help` lists the commands"
        if autosave != nil, interpreter.workspace.history.isEmpty, interpreter.context.autosaves?.newestOfAnotherRun() != nil {
            hint += ", `restore` brings back the last session"
        }
        return hint
    }
}
