import CEditLine
import Platform

/// Prints what arrived on a watched descriptor (a WebSocket's frames) above the line being
/// typed: the prompt and the line are erased, the owner prints, libedit draws them again.
///
/// The key reader waits on the keyboard and the descriptor together; when the descriptor is
/// ready first it hands libedit `key`, bound to this command, so libedit's line buffer and
/// cursor are current while the screen is redrawn, as for a resize (ResizeRedraw).
enum ArrivedOutput {
    /// U+009E, a C1 control nobody types (beside ResizeRedraw's U+009F).
    static let key: Int32 = 0x9E
    static let commandName = "wb-print-arrived"

    /// The descriptor to watch now (nil: none), and what prints what arrived on it.
    nonisolated(unsafe) static var descriptor: () -> Int32? = { nil }
    nonisolated(unsafe) static var printArrived: () -> Void = {}
    /// The reader saw the descriptor ready: the next key is `key`.
    nonisolated(unsafe) static var pending = false

    static func define() {
        _ = wb_rl_add_defun(commandName, command, key)
    }

    static func bindKey() {
        _ = wb_rl_parse_and_bind("bind '\\236' \(commandName)")
        _ = wb_rl_parse_and_bind("bind -a '\\236' \(commandName)")
    }

    static let command: @convention(c) (Int32, Int32) -> Int32 = { _, _ in
        redraw()
        return 0
    }

    /// Up from the cursor to the prompt's first row, erase to the end of the screen, print,
    /// draw the prompt and the line again.
    static func redraw() {
        pending = false
        let bytes = wb_rl_line_buffer().map { Array(UnsafeBufferPointer(start: $0, count: strlen($0))) } ?? []
        let point = min(max(Int(wb_rl_point()), 0), bytes.count)
        let before = String(decoding: bytes.prefix(point).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let items = WrapLayout.promptItems(ResizeRedraw.prompt) + WrapLayout.lineItems(before)
        let rows = WrapLayout.place(items, width: Terminal.width() ?? 80).row
        fflush(nil)
        TerminalReport.write("\r" + (rows > 0 ? "\u{1B}[\(rows)A" : "") + "\u{1B}[J")
        printArrived()
        fflush(nil)
        let whole = String(decoding: bytes.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        TerminalReport.write(WrapLayout.runOver(prompt: ResizeRedraw.prompt, line: whole, width: Terminal.width() ?? 80))
        wb_rl_forced_update_display()
        // libedit flushes its own output before it reads a key; the key reader may wait first.
        fflush(nil)
    }

    /// Waits until standard input has a byte to read or the watched descriptor is ready
    /// (then `pending` is set); false when a signal interrupted the wait.
    static func waitForInput() -> Bool {
        guard let watched = descriptor() else { return true }
        var descriptors = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0), pollfd(fd: watched, events: Int16(POLLIN), revents: 0)]
        let ready = poll(&descriptors, 2, -1)
        if ready < 0 { return false }
        if descriptors[0].revents == 0 && descriptors[1].revents != 0 { pending = true }
        return true
    }
}
