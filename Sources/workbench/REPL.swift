import Platform
import CSupport
import LineEditing
import WorkbenchCore

/// The interactive loop: libedit reads a line, the core's `REPLSession` does the rest.
enum REPL {
    static func run(_ session: REPLSession) -> Int32 {
        Terminal.prepareLocale()
        wb_interrupt_install()
        let interpreter = session.interpreter
        let editor: LineEditor
        do {
            editor = try LineEditor(
                historyFile: session.historyFile?.path,
                interrupted: {
                    defer { wb_interrupt_clear() }
                    return wb_interrupt_pending() != 0
                },
                interruptPending: { wb_interrupt_pending() != 0 },
                completer: session.completions(forLinePrefix:)
            )
        } catch {
            // libedit is loaded only now; without it, scripts still run (`workbench < FILE`).
            session.cannotStartEditor(reason: error.reason)
            return ExitStatus.failure.rawValue
        }
        interpreter.askSecret = { prompt in Terminal.readHidden(prompt: prompt, flush: session.flush) }
        interpreter.screenSize = { isatty(0) == 1 && isatty(1) == 1 ? Terminal.size() : nil }
        if isatty(1) == 1 { interpreter.clearScreen = Terminal.clearScreen }
        if session.errorsGoToTerminal {
            let indicator = WaitIndicator(flushOutput: session.flush)
            interpreter.waiting = { progress in indicator.report(progress?.text, ended: progress == nil) }
            interpreter.progressLine = { text in indicator.report(text, ended: text == nil) }
        }
        // A WebSocket conversation's frames print above the line as they arrive.
        editor.watch({ interpreter.webSocketDescriptor }) {
            interpreter.pollWebSocket()
            session.flush()
        }
        session.begin()
        while true {
            let prompt = session.prompt(width: Terminal.columns())
            // A Ctrl-C that aborted a request is spent; do not let it cancel the next line.
            wb_interrupt_clear()
            let next: REPLSession.Next
            switch editor.read(prompt: prompt) {
            case .line(let line): next = session.lineEntered(line, remember: editor.addHistory)
            case .notUTF8(let bytes): session.refused(notUTF8: bytes); next = .goOn
            case .interrupted(let lineWasEmpty): session.interrupted(lineWasEmpty: lineWasEmpty); next = .goOn
            case .endOfInput: next = session.endOfInput()
            }
            if next == .leave { return ExitStatus.success.rawValue }
        }
    }
}
