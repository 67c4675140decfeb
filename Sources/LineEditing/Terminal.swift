import Platform
import WorkbenchBasics

/// The terminal beside the line editor: its size, its locale, hidden input, clearing.
public enum Terminal {
    /// Rows and columns of the terminal on standard output; nil when it is not one.
    public static func size() -> (rows: Int, columns: Int)? {
        guard let size = windowSize(), size.ws_col > 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_row), Int(size.ws_col))
    }

    /// The columns alone (the resize redraw needs no rows); nil when it cannot be told.
    static func width() -> Int? {
        guard let size = windowSize(), size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    private static func windowSize() -> winsize? {
        var size = winsize()
        return ioctl(1, UInt(TIOCGWINSZ), &size) == 0 ? size : nil
    }

    /// The width to lay the prompt out in: 80 when it cannot be told.
    public static func columns() -> Int {
        size()?.columns ?? 80
    }

    /// libedit handles multi-byte input only in a UTF-8 locale; fall back to C.UTF-8.
    public static func prepareLocale() {
        setlocale(LC_ALL, "")
        if let codeset = nl_langinfo(nl_item(CODESET)), String(cString: codeset) != "UTF-8" {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
    }

    /// Home and erase, as Ctrl-L does: the terminal keeps what scrolled off.
    public static func clearScreen() {
        FileDescriptorSink.writeAll(Array("\u{1B}[H\u{1B}[2J".utf8), to: 1)
    }

    /// `set --secret NAME` with no value: a line read from the terminal with echo off.
    /// `flush` puts out what is buffered first, so the prompt stands after it.
    public static func readHidden(prompt: String, flush: () -> Void) -> String? {
        flush()
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
        while Platform.read(0, &byte, 1) == 1, byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r") {
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
