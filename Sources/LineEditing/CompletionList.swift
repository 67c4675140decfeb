import CEditLine
import Platform

/// The choices a second Tab in a row lists, drawn here rather than by libedit.
///
/// libedit prints the list from wherever the cursor is, then clears the rows it believes the
/// line takes from a cursor it believes is still in the line: on a line that wraps, that
/// clears the last rows of the list and draws the line over them, a copy more at every Tab.
/// Here the cursor goes below the line's last row first, the choices are written in columns,
/// and libedit draws the prompt and the line once, below them (a forced update starts from
/// where the cursor is).
enum CompletionList {
    /// The keys read when the last Tab asked for choices: the next Tab is the second in a row
    /// when exactly one key (that Tab) was read since.
    nonisolated(unsafe) static var lastTab: Int?
    /// More are not listed: a person types more of the word.
    static let limit = 100

    /// Whether this Tab, with several choices and nothing more they share, lists them.
    static func listsNow() -> Bool {
        defer { lastTab = KeyReader.keysRead }
        return lastTab.map { $0 + 1 == KeyReader.keysRead } ?? false
    }

    /// Lists `candidates` below the line and has libedit draw the line again under them.
    static func show(_ candidates: [String]) {
        let width = max(Terminal.width() ?? 80, 10)
        let bytes = wb_rl_line_buffer().map { Array(UnsafeBufferPointer(start: $0, count: strlen($0))) } ?? []
        let point = min(max(Int(wb_rl_point()), 0), bytes.count)
        let text = { (part: ArraySlice<CChar>) in String(decoding: part.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        let prompt = WrapLayout.promptItems(ResizeRedraw.prompt)
        let cursorRow = WrapLayout.place(prompt + WrapLayout.lineItems(text(bytes[..<point])), width: width).row
        let lastRow = WrapLayout.place(prompt + WrapLayout.lineItems(text(bytes[...])), width: width).row
        // Newlines alone, as libedit writes its list: the terminal's output mode adds the return.
        var out = "\r" + (lastRow > cursorRow ? "\u{1B}[\(lastRow - cursorRow)B" : "") + "\n"
        for row in rows(candidates, width: width) { out += row + "\n" }
        out += WrapLayout.runOver(prompt: ResizeRedraw.prompt, line: text(bytes[...]), width: width)
        // libedit's own output goes through stdio: it must reach the terminal first.
        fflush(nil)
        TerminalReport.write(out)
        wb_rl_forced_update_display()
    }

    /// The choices sorted, in columns, down then across as `ls` lays them out, each made safe to
    /// print (a completion may come from a description: its control characters are shown as `?`).
    static func rows(_ candidates: [String], width: Int) -> [String] {
        // Sorted, as libedit and bash list them.
        let shown = candidates.sorted().prefix(limit).map { candidate in
            String(
                String.UnicodeScalarView(
                    candidate.unicodeScalars.map { scalar in
                        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) ? "?" : scalar
                    }))
        }
        let cells = shown.map { $0.unicodeScalars.reduce(0) { $0 + max(Int(wb_wcwidth($1.value)), 0) } }
        let columnWidth = (cells.max() ?? 0) + 2
        let columns = max(1, min(shown.count, (width + 2) / max(columnWidth, 1)))
        let rowCount = (shown.count + columns - 1) / columns
        var rows: [String] = []
        for row in 0..<rowCount {
            var line = ""
            for column in 0..<columns {
                let index = column * rowCount + row
                guard index < shown.count else { break }
                let isLast = column == columns - 1 || index + rowCount >= shown.count
                line += shown[index] + (isLast ? "" : String(repeating: " ", count: columnWidth - cells[index]))
            }
            rows.append(line)
        }
        if candidates.count > limit {
            rows.append("(\(candidates.count - limit) more: type more of the word)")
        }
        return rows
    }
}
