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
    let historyFile: String?
    let autosave: Autosave?

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
        interpreter.askSecret = { prompt in HiddenInput.read(prompt: prompt, streams: streams) }
        autosave?.markSaved(interpreter.workspace)
        while true {
            streams.flush()
            let prompt = interpreter.pendingTerminator.map { "\($0)> " }
                ?? Prompt.text(for: interpreter.workspace, environment: interpreter.context.environment, width: terminalWidth())
            // A Ctrl-C that aborted a request is spent; do not let it cancel the next line.
            wb_interrupt_clear()
            switch editor.read(prompt: prompt) {
            case .line(let line):
                editor.addHistory(HistoryEntry.text(for: line, redactor: interpreter.redactor))
                let result = interpreter.handle(line: line)
                if case .failed(let error) = result { interpreter.output.printError("error: \(error.message)") }
                if let warning = autosave?.save(interpreter.workspace) { interpreter.output.printError(warning) }
                if result == .exit {
                    streams.flush()
                    return 0
                }
            case .notUTF8(let bytes):
                // Refused, never repaired: the error names the byte (and the line stays out of history).
                do throws(WorkbenchError) { _ = try UTF8Line.decode(bytes) } catch {
                    interpreter.output.printError("error: \(error.message)")
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

    private func terminalWidth() -> Int {
        var size = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
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
