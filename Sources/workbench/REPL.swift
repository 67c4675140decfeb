#if canImport(Glibc)
import Glibc
#endif
import CSupport
import LineEditing
import WorkbenchCore

/// The interactive loop: prompt, read a line with libedit, run it, autosave, repeat.
struct REPL {
    let interpreter: Interpreter
    let streams: FileDescriptorSink
    let historyFile: HistoryFile?
    let autosave: Autosave?
    /// `error:`, coloured or not as the settings are now.
    let errorPrefix: () -> String

    func run() -> Int32 {
        wb_interrupt_install()
        try? historyFile?.trim()
        var historyWarned = false
        let editor: LineEditor
        do {
            editor = try LineEditor(
                historyFile: historyFile?.path,
                interrupted: {
                    defer { wb_interrupt_clear() }
                    return wb_interrupt_pending() != 0
                },
                interruptPending: { wb_interrupt_pending() != 0 },
                completer: { [interpreter] prefix in
                    Completion(workspace: interpreter.workspace, graphqlDocument: interpreter.pendingGraphQLDocument)
                        .candidates(forLinePrefix: prefix)
                }
            )
        } catch {
            // libedit is loaded only now; without it, scripts still run (`workbench < FILE`).
            streams.printError(" cannot start the line editor: \(error.reason)", prefix: errorPrefix())
            streams.flush()
            return 1
        }
        interpreter.askSecret = { prompt in HiddenInput.read(prompt: prompt, streams: streams) }
        interpreter.screenSize = { isatty(0) == 1 && isatty(1) == 1 ? Self.terminalSize() : nil }
        if isatty(1) == 1 {
            // Home and erase, as Ctrl-L does: the terminal keeps what scrolled off.
            interpreter.clearScreen = { FileDescriptorSink.writeAll(Array("\u{1B}[H\u{1B}[2J".utf8), to: 1) }
        }
        if streams.errorsGoToTerminal {
            let indicator = WaitIndicator(flushOutput: streams.flush)
            interpreter.waiting = indicator.report
        }
        autosave?.markSaved(interpreter.workspace)
        streams.printLine(startHint())
        while true {
            streams.flush()
            let prompt = interpreter.pendingTerminator.map { "\($0)> " }
                ?? Prompt.text(for: interpreter.workspace, environment: interpreter.context.environment, width: terminalWidth(),
                              redactor: interpreter.redactor)
            // A Ctrl-C that aborted a request is spent; do not let it cancel the next line.
            wb_interrupt_clear()
            switch editor.read(prompt: prompt) {
            case .line(let line):
                let result = interpreter.handle(line: line)
                // Kept after the line ran: the secrets it made known (a cookie set by the
                // reply, a credential typed in a header) are masked in the entry too.
                let entry = HistoryEntry.text(for: line, redactor: interpreter.redactor)
                editor.addHistory(entry)
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
                if result == .exit {
                    if let hint = interpreter.workspace.quitHint(autosaved: autosave != nil) { streams.printLine(hint) }
                    streams.flush()
                    return 0
                }
            case .notUTF8(let bytes):
                // Refused, never repaired: the error names the byte (and the line stays out of history).
                do throws(WorkbenchError) { _ = try UTF8Line.decode(bytes) } catch {
                    streams.printError(" " + interpreter.redactor.redact(error.message), prefix: errorPrefix())
                }
            case .interrupted(let lineWasEmpty):
                // Ctrl-C drops the line (and a half-typed body block) and never exits;
                // on an empty line it says how to leave.
                let inBody = interpreter.isCollectingBody
                interpreter.cancelPendingInput()
                streams.printLine("")
                if inBody {
                    streams.printLine("(the body block was dropped)")
                } else if lineWasEmpty {
                    streams.printLine("(Ctrl-D or `exit` leaves the workbench)")
                }
            case .endOfInput:
                streams.printLine("")
                if interpreter.isCollectingBody {
                    // Ctrl-D inside `body <<END` ends the block, never the workbench.
                    interpreter.cancelPendingInput()
                    streams.printLine("(Ctrl-D cancelled the body block: the body is unchanged)")
                    continue
                }
                if let hint = interpreter.workspace.quitHint(autosaved: autosave != nil) { streams.printLine(hint) }
                streams.flush()
                return 0
            }
        }
    }

    private func terminalWidth() -> Int {
        Self.terminalSize()?.columns ?? 80
    }

    static func terminalSize() -> (rows: Int, columns: Int)? {
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_row), Int(size.ws_col))
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

/// `set --secret NAME` with no value: read it from the terminal with echo off.
enum HiddenInput {
    static func read(prompt: String, streams: FileDescriptorSink) -> String? {
        streams.flush()
        FileDescriptorSink.writeAll(Array(prompt.utf8), to: 1)
        var saved = termios()
        let isTerminal = tcgetattr(0, &saved) == 0
        if isTerminal {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(0, TCSAFLUSH, &quiet)
        }
        defer {
            if isTerminal { tcsetattr(0, TCSAFLUSH, &saved) }
            FileDescriptorSink.writeAll(Array("\n".utf8), to: 1)
        }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while Glibc.read(0, &byte, 1) == 1, byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r") {
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
