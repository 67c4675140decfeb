#if canImport(Glibc)
import Glibc
#endif
import CSupport
import LineEditing
import WorkbenchCore

/// The interactive loop: prompt, read a line with libedit, run it, repeat.
struct REPL {
    let interpreter: Interpreter
    let streams: StandardStreams
    let historyFile: String?
    /// The workspace is written here after every change, so nothing typed is lost.
    let autosavePath: String?

    func run() -> Int32 {
        wb_interrupt_install()
        let editor = LineEditor(
            historyFile: historyFile,
            interrupted: {
                defer { wb_interrupt_clear() }
                return wb_interrupt_pending() != 0
            },
            completer: { [interpreter] prefix in
                Completion(workspace: interpreter.workspace).candidates(forLinePrefix: prefix)
            }
        )
        while true {
            streams.flush()
            let prompt = interpreter.pendingTerminator.map { "\($0)> " }
                ?? Prompt.text(for: interpreter.workspace, environment: interpreter.context.environment,
                               width: terminalWidth())
            // A Ctrl-C that aborted a request is spent; do not let it cancel the next line.
            wb_interrupt_clear()
            switch editor.read(prompt: prompt) {
            case .line(let line):
                editor.addHistory(HistoryPolicy.entry(for: line))
                let before = interpreter.workspace
                switch interpreter.handle(line: line) {
                case .ok:
                    autosave(ifChangedFrom: before)
                case .failed(let error):
                    streams.printError("error: \(error.message)")
                case .exit:
                    streams.flush()
                    return 0
                }
            case .interrupted:
                // Ctrl-C drops the line (and a half-typed body block) and never exits.
                interpreter.cancelPendingInput()
                streams.printLine("")
            case .endOfInput:
                streams.printLine("")
                streams.flush()
                return 0
            }
        }
    }

    private func autosave(ifChangedFrom before: Workspace) {
        guard let autosavePath, interpreter.workspace != before else { return }
        let document = SessionDocument(workspace: interpreter.workspace)
        do {
            try AtomicFile.write(SessionEncoding.encode(document), to: autosavePath)
        } catch {
            streams.printError("warning: autosave failed: \(error.message)")
        }
    }

    private func terminalWidth() -> Int {
        var size = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }
}

/// What of a typed line goes into the history file.
enum HistoryPolicy {
    /// `set --secret NAME VALUE` is kept with its value masked.
    static func entry(for line: String) -> String {
        if case .command(.set(let name, _, true))? = try? CommandParser.parse(line) {
            return "set --secret \(name) ******"
        }
        return line
    }
}
