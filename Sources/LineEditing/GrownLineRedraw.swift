import CEditLine
import Platform

/// Draws the whole line again after it grew by a row while the cursor was not at its end.
///
/// A terminal that re-wraps its rows at a resize (tmux) joins two rows only when the text ran
/// over from one into the next (autowrap). libedit reaches a new row by a newline when it
/// inserts in the middle of the line (it shifts a row with insert-character, so nothing runs
/// over): tmux then keeps that row as a line of its own, lays it out apart at the next resize,
/// and the redraw after the resize, which counts on one re-wrapped line, starts from the wrong
/// row: a row of the line stays, or a row above the prompt is erased (issue 39). Drawn again
/// from the prompt's first row, the text runs over every row end, as when it was typed.
///
/// The key reader asks before each key (`needed`); the redraw runs as a libedit command bound
/// to `key`, so that libedit's line buffer and cursor are current, as for a resize.
enum GrownLineRedraw {
    /// U+009D, a C1 control nobody types (beside ArrivedOutput's U+009E and ResizeRedraw's U+009F).
    static let key: Int32 = 0x9D
    static let commandName = "wb-redraw-grown-line"

    /// The row (from 0) the prompt and the line ended on at the last look, and for which width.
    nonisolated(unsafe) static var lastRow = 0
    nonisolated(unsafe) static var width = 0

    static func define() {
        _ = wb_rl_add_defun(commandName, command, key)
    }

    static func bindKey() {
        _ = wb_rl_parse_and_bind("bind '\\235' \(commandName)")
        _ = wb_rl_parse_and_bind("bind -a '\\235' \(commandName)")
    }

    static let command: @convention(c) (Int32, Int32) -> Int32 = { _, _ in
        redraw()
        return 0
    }

    /// A new line starts on one row at most.
    static func lineStarts() {
        lastRow = 0
        width = 0
    }

    /// Whether the line takes more rows than at the last look (then it is drawn again).
    static func needed() -> Bool {
        guard let columns = Terminal.width(), let copy = wb_rl_copy_text(0, Int32.max) else { return false }
        let text = String(cString: copy)
        free(copy)
        // A search (Ctrl-R, vi's / and ?) shows its pattern on a row of its own, after a newline
        // libedit puts in the line while it reads: its keys are the search's, not to be disturbed.
        if text.contains("\n") { return false }
        // rl_copy_text leaves the last character out: one cell stands for it.
        let items = WrapLayout.promptItems(ResizeRedraw.prompt) + WrapLayout.lineItems(text) + [1]
        let endRow = WrapLayout.place(items, width: columns).row
        defer { (lastRow, width) = (endRow, columns) }
        // After a resize the rows are counted anew: its redraw drew the whole line.
        return columns == width && endRow > lastRow
    }

    /// Up from the cursor to the prompt's first row, blanks run over every row end
    /// (`WrapLayout.runOver`), and libedit draws the prompt and the line again over them.
    static func redraw() {
        let bytes = wb_rl_line_buffer().map { Array(UnsafeBufferPointer(start: $0, count: strlen($0))) } ?? []
        let point = min(max(Int(wb_rl_point()), 0), bytes.count)
        let before = String(decoding: bytes.prefix(point).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let after = String(decoding: bytes.dropFirst(point).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let items = WrapLayout.promptItems(ResizeRedraw.prompt) + WrapLayout.lineItems(before)
        let underCursor = after.unicodeScalars.first.map(WrapLayout.cells) ?? 1
        let width = Terminal.width() ?? 80
        let up = WrapLayout.place(items, width: width, underCursor: underCursor).row
        fflush(nil)
        let runOver = WrapLayout.runOver(prompt: ResizeRedraw.prompt, line: before + after, width: width)
        TerminalReport.write("\r" + (up > 0 ? "\u{1B}[\(up)A" : "") + runOver)
        wb_rl_forced_update_display()
        fflush(nil)
    }
}
