import CEditLine
import Platform

/// Redraws the prompt and the line after the window changed size while a line is read.
///
/// libedit only resizes its buffers on SIGWINCH and then draws the line again from wherever the
/// cursor is, as if it stood where the prompt begins, so the old rows stay on the screen. Where
/// the prompt now begins depends on the terminal: one that reflows (tmux, VTE, kitty) re-wraps
/// the old rows at the new width, one that does not (xterm, pyte) keeps their old breaks and
/// cuts them. So the terminal is asked where the cursor is (DSR), the cursor's place in each
/// layout tells which happened (`WrapLayout.firstRow`), and everything from the prompt's first
/// row down is erased before libedit draws the prompt and the line for the new width.
///
/// The redraw runs as a libedit command bound to `key`, which the key reader hands to libedit
/// when a resize stopped the read: libedit then updates rl_point and rl_line_buffer for it.
enum ResizeRedraw {
    /// U+009F, a C1 control nobody types (a terminal sends it as two UTF-8 bytes, C2 9F).
    static let key: Int32 = 0x9F
    static let commandName = "wb-redraw-after-resize"

    /// The prompt of the line being read, as given to libedit.
    nonisolated(unsafe) static var prompt = ""
    /// The columns the line on the screen was laid out for.
    nonisolated(unsafe) static var width = 80
    /// Whether this terminal reflows, once a resize has shown it (or its environment says); nil
    /// until then.
    nonisolated(unsafe) static var reflows: Bool? = reflowsByEnvironment()

    /// What the terminal's own variables tell: tmux sets TMUX in its panes (and is the TERM of
    /// `tmux-*` entries, through ssh too), xterm sets XTERM_VERSION. A resize whose cursor fits
    /// both layouts then needs no guess, which erased a row above the prompt when it guessed wrong.
    static func reflowsByEnvironment() -> Bool? {
        let variable = { (name: String) in getenv(name).map { String(cString: $0) } ?? "" }
        if !variable("TMUX").isEmpty || variable("TERM").hasPrefix("tmux") { return true }
        if !variable("XTERM_VERSION").isEmpty { return false }
        return nil
    }

    /// Before the user's ~/.editrc is read: it may bind M.
    static func define() {
        _ = wb_rl_add_defun(commandName, command, key)
        // rl_add_defun also binds the key as vis(3) spells it, `M^_`, which libedit reads as
        // the keys M and Ctrl-_: M would then wait for a Ctrl-_ and be lost. M types M again.
        _ = wb_rl_parse_and_bind("bind M ed-insert")
    }

    /// After the user's ~/.editrc, which may switch to vi keys (new key maps).
    static func bindKey() {
        // Quoted: libedit's tokenizer would take the backslash, and bind the digits as keys.
        _ = wb_rl_parse_and_bind("bind '\\237' \(commandName)")
        _ = wb_rl_parse_and_bind("bind -a '\\237' \(commandName)")
    }

    /// Before libedit draws the prompt (it reads the window size then).
    static func lineStarts(prompt: String) {
        self.prompt = prompt
        width = Terminal.width() ?? 80
        _ = wb_winch_take()
        wb_winch_install()
    }

    static func lineEnds() {
        wb_winch_restore()
    }

    static let command: @convention(c) (Int32, Int32) -> Int32 = { _, _ in
        redraw()
        return 0
    }

    /// How long no resize must come before the line is drawn again (milliseconds).
    ///
    /// tmux re-wraps its rows at once at every resize but tells the program (SIGWINCH, and the
    /// size it reports) at once only for the first of a burst, then at most every 250 ms, with
    /// the latest size. A redraw in the middle of a burst would lay the line out for a width
    /// the rows no longer have, and what it drew would be in neither layout the next redraw
    /// reckons with: a row left behind. Waiting until the resizes stop (the keys typed
    /// meanwhile wait in the terminal's buffer) draws once, for rows that stay as they are.
    static let quietMilliseconds: Int32 = 300
    /// However long the window keeps changing, the line is drawn again after this much.
    static let longestWait = 3_000

    static func redraw() {
        waitUntilResizesStop()
        if KeyReader.signalEndsRead() { return }
        guard let newWidth = Terminal.width(), isatty(0) == 1, isatty(1) == 1 else {
            wb_rl_resize_terminal()
            return
        }
        let bytes = wb_rl_line_buffer().map { Array(UnsafeBufferPointer(start: $0, count: strlen($0))) } ?? []
        let point = min(max(Int(wb_rl_point()), 0), bytes.count)
        let before = String(decoding: bytes.prefix(point).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let after = String(decoding: bytes.dropFirst(point).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let items = WrapLayout.promptItems(prompt) + WrapLayout.lineItems(before)
        let underCursor = after.unicodeScalars.first.map(WrapLayout.cells) ?? 1
        // libedit's output goes through stdio: it must reach the terminal before the question.
        fflush(nil)
        var moves: String
        let answer = TerminalReport.cursorPosition()
        // Resized again while the terminal answered (a window dragged): the answer may describe
        // another layout. The pending resize has the key reader ask for the redraw again.
        if wb_winch_pending() != 0 { return }
        if let cursor = answer {
            let decision = WrapLayout.firstRow(
                cursor: cursor, items: items, underCursor: underCursor,
                oldWidth: width, newWidth: newWidth, reflows: reflows)
            if let learned = decision.reflows { reflows = learned }
            moves = "\u{1B}[\(decision.row + 1);1H"
        } else {
            // No answer: go up only as far as the prompt's first row in both layouts (in this
            // terminal's, once known), which never erases what was above the prompt (old rows of
            // it may stay above).
            let up = WrapLayout.rowsAboveCursor(
                items: items, underCursor: underCursor, oldWidth: width,
                newWidth: newWidth, reflows: reflows)
            moves = "\r" + (up > 0 ? "\u{1B}[\(up)A" : "")
        }
        // Erased row by row from there: `ESC [ J` in the top left corner makes tmux move the whole
        // screen into its history (scroll-on-clear), where the old rows would stay.
        moves += "\u{1B}7\u{1B}[K\u{1B}[B\u{1B}[J\u{1B}8"
        // What libedit lays the line out for: the window as it is when it asks.
        width = Terminal.width() ?? newWidth
        TerminalReport.write(moves + WrapLayout.runOver(prompt: prompt, line: before + after, width: width))
        wb_rl_resize_terminal()
        wb_rl_forced_update_display()
    }
}

extension ResizeRedraw {
    /// Returns once no resize came for `quietMilliseconds` (or after `longestWait`, or at Ctrl-C).
    static func waitUntilResizesStop() {
        var waited = 0
        repeat {
            _ = wb_winch_take()
            var start = timespec()
            clock_gettime(CLOCK_MONOTONIC, &start)
            // A resize (or Ctrl-C) ends the wait early: the handlers are installed without SA_RESTART.
            _ = poll(nil, 0, quietMilliseconds)
            var end = timespec()
            clock_gettime(CLOCK_MONOTONIC, &end)
            waited += (end.tv_sec - start.tv_sec) * 1000 + (end.tv_nsec - start.tv_nsec) / 1_000_000
        } while wb_winch_pending() != 0 && waited < longestWait && !KeyReader.signalEndsRead()
    }
}

/// How libedit lays the prompt and the line out on rows (refresh.c), and where the prompt's
/// first row is after a resize.
enum WrapLayout {
    /// One thing libedit places: a width in cells, or a tab or a newline.
    static let tab = -1
    static let newline = -2

    /// The prompt's visible characters: libedit prints what is between \u{1} (or \u{2}) markers
    /// without placing it.
    static func promptItems(_ prompt: String) -> [Int] {
        var items: [Int] = []
        var hidden = false
        for scalar in prompt.unicodeScalars {
            if scalar == "\u{1}" || scalar == "\u{2}" {
                hidden.toggle()
            } else if !hidden {
                items.append(max(Int(wb_wcwidth(scalar.value)), 0))
            }
        }
        return items
    }

    /// The line's characters as libedit shows them: a control character as `^X`, one that
    /// cannot be printed as `\U+XXXX`, each of those cells placed on its own.
    static func lineItems(_ text: String) -> [Int] {
        var items: [Int] = []
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value == 9 {
                items.append(tab)
            } else if value == 10 {
                items.append(newline)
            } else if value < 0x100 && wb_iswcntrl(value) != 0 {
                items += [1, 1]
            } else if wb_iswprint(value) != 0 {
                items.append(max(Int(wb_wcwidth(value)), 0))
            } else {
                items += Array(repeating: 1, count: value > 0xFFFF ? 8 : 7)
            }
        }
        return items
    }

    /// The width of the character under the cursor (a wide one that does not fit moves the
    /// cursor to the next row, as libedit does).
    static func cells(_ scalar: Unicode.Scalar) -> Int {
        wb_iswprint(scalar.value) != 0 ? max(Int(wb_wcwidth(scalar.value)), 1) : 1
    }

    /// Where the cursor is after `items` placed from the left edge of a row `width` columns
    /// wide, and the cells as they lie on the rows (a wide character that does not fit leaves
    /// blank cells at the end of its row; a tab becomes blanks).
    static func place(_ items: [Int], width: Int, underCursor: Int = 1) -> (row: Int, column: Int, cells: [Int]) {
        let width = max(width, 2)
        var row = 0
        var column = 0
        var cells: [Int] = []
        func put(_ cell: Int) {
            if column + cell > width {
                cells += Array(repeating: 1, count: width - column)
                row += 1
                column = 0
            }
            cells.append(cell)
            column += cell
            if column >= width {
                row += 1
                column = 0
            }
        }
        for item in items {
            switch item {
            case tab:
                repeat { put(1) } while column % 8 != 0
            case newline:
                // What is after a newline is not part of the same wrapped row for a terminal.
                cells.append(newline)
                row += 1
                column = 0
            default:
                put(item)
            }
        }
        if underCursor > 1, column + underCursor > width {
            row += 1
            column = 0
        }
        return (row, column, cells)
    }

    /// The cursor's row and column counted from the prompt's first row after the resize, if the
    /// terminal kept the old rows as they were (`kept`) or re-wrapped them (`rewrapped`).
    static func candidates(items: [Int], underCursor: Int, oldWidth: Int, newWidth: Int)
        -> (kept: (row: Int, column: Int), rewrapped: (row: Int, column: Int))
    {
        let old = place(items, width: oldWidth, underCursor: underCursor)
        let new = place(old.cells, width: newWidth, underCursor: underCursor)
        return ((old.row, old.column), (new.row, new.column))
    }

    /// The row (from 0) of the prompt's first row, given where the terminal says the cursor is
    /// (from 0), and what that showed about the terminal.
    static func firstRow(
        cursor: (row: Int, column: Int), items: [Int], underCursor: Int, oldWidth: Int,
        newWidth: Int, reflows: Bool?
    ) -> (row: Int, reflows: Bool?) {
        var (kept, rewrapped) = candidates(items: items, underCursor: underCursor, oldWidth: oldWidth, newWidth: newWidth)
        // Where the text ends a full row, libedit's layout puts the cursor at the start of the
        // next; a terminal that re-wrapped may keep it after the row's last cell (tmux answers
        // the width as its column). Taken for the next row's start, the prompt was a row too high.
        if rewrapped.column == 0, rewrapped.row > 0, cursor.column >= newWidth - 1 {
            rewrapped = (rewrapped.row - 1, cursor.column)
        }
        // A terminal that keeps the rows leaves the cursor where it was; xterm moves it back
        // inside a narrower window, pyte does not.
        let keptFits = cursor.column == kept.column || (kept.column >= newWidth && cursor.column == newWidth - 1)
        let rewrappedFits = cursor.column == rewrapped.column
        let keptTop = cursor.row - kept.row
        let rewrappedTop = cursor.row - rewrapped.row
        let row: Int
        var learned: Bool?
        if keptTop == rewrappedTop {
            row = keptTop
        } else if keptFits != rewrappedFits {
            row = keptFits ? keptTop : rewrappedTop
            learned = rewrappedFits
        } else if let reflows {
            row = reflows ? rewrappedTop : keptTop
        } else {
            // Either could be true: the higher row leaves no old row of the prompt behind.
            row = min(keptTop, rewrappedTop)
        }
        return (max(row, 0), learned)
    }

    /// Blanks over every row the prompt and `line` take `width` columns wide, from the prompt's
    /// first row, and back to it, for libedit to draw over. A terminal that re-wraps its rows
    /// (tmux) joins two rows only where the text ran over from one into the next; libedit does
    /// not write the blanks at the end of a row (it goes to the next row with a newline), so a
    /// line with a blank in a row's last column was two lines for tmux, laid out apart at the
    /// next resize: a copy of the prompt's row stayed (issue 39).
    static func runOver(prompt: String, line: String, width: Int) -> String {
        let end = place(promptItems(prompt) + lineItems(line), width: width).row
        guard end > 0 else { return "" }
        return String(repeating: " ", count: end * max(width, 2) + 1) + "\r\u{1B}[\(end)A"
    }

    /// Without the cursor's place from the terminal: how many rows up the prompt's first row
    /// surely is (the fewer of the two layouts', unless the terminal's kind is known).
    static func rowsAboveCursor(items: [Int], underCursor: Int, oldWidth: Int, newWidth: Int, reflows: Bool?) -> Int {
        let (kept, rewrapped) = candidates(items: items, underCursor: underCursor, oldWidth: oldWidth, newWidth: newWidth)
        if let reflows { return reflows ? rewrapped.row : kept.row }
        return min(kept.row, rewrapped.row)
    }
}

/// Asking the terminal where the cursor is (DSR 6: `ESC [ 6 n`, answered `ESC [ row ; column R`),
/// and the keys that arrive meanwhile, which the key reader gives to libedit first.
enum TerminalReport {
    /// How long to wait for the answer: a terminal that never answers costs this once.
    static let patience: Int32 = 400
    /// Keys typed while waiting for the answer, in order.
    nonisolated(unsafe) static var typeahead: [UInt8] = []
    /// A question went unanswered in time: its answer may still come and is not a key; no new
    /// question is asked until it came.
    nonisolated(unsafe) static var answerOutstanding = false

    static func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let count = bytes.withUnsafeBytes { Platform.write(1, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            bytes = bytes.dropFirst(count)
        }
    }

    /// Where the cursor is (row and column from 0), or nil when the terminal did not say in time.
    static func cursorPosition() -> (row: Int, column: Int)? {
        guard !answerOutstanding else { return nil }
        write("\u{1B}[6n")
        var received: [UInt8] = []
        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        var end = Double(deadline.tv_sec) * 1000 + Double(deadline.tv_nsec) / 1e6 + Double(patience)
        var extended = false
        while true {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let left = Int32(end - (Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6))
            if left <= 0, !extended, let last = received.lastIndex(of: 0x1B), answer(in: received, at: last) != nil {
                // Half an answer came: the rest is on its way.
                extended = true
                end += Double(patience)
                continue
            }
            if left <= 0 || KeyReader.signalEndsRead() {
                typeahead += received
                answerOutstanding = true
                return nil
            }
            var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, left)
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 256)
            let count = Platform.read(0, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                typeahead += received
                return nil
            }
            received += chunk[0..<count]
            if let found = findAnswer(in: received) {
                typeahead += received[..<found.range.lowerBound] + received[found.range.upperBound...]
                return (found.row - 1, found.column - 1)
            }
        }
    }

    /// The first `ESC [ digits ; digits R` in `bytes`.
    static func findAnswer(in bytes: [UInt8]) -> (range: Range<Int>, row: Int, column: Int)? {
        var start = 0
        while let escape = bytes[start...].firstIndex(of: 0x1B) {
            start = escape + 1
            if let found = answer(in: bytes, at: escape), let end = found.end {
                return (escape..<end, found.row, found.column)
            }
        }
        return nil
    }

    /// Whether `bytes` at `index` hold an answer: its end (nil while it could still be one
    /// that is not complete) and numbers; nil when they cannot be one.
    static func answer(in bytes: [UInt8], at index: Int) -> (end: Int?, row: Int, column: Int)? {
        var position = index + 1
        guard position < bytes.count else { return (nil, 0, 0) }
        guard bytes[position] == UInt8(ascii: "[") else { return nil }
        position += 1
        var numbers = [0, 0]
        var digits = [0, 0]
        var which = 0
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard digits[which] < 6 else { return nil }
                numbers[which] = numbers[which] * 10 + Int(byte - UInt8(ascii: "0"))
                digits[which] += 1
            case UInt8(ascii: ";") where which == 0 && digits[0] > 0:
                which = 1
            case UInt8(ascii: "R") where which == 1 && digits[1] > 0:
                return (position + 1, numbers[0], numbers[1])
            default:
                return nil
            }
            position += 1
        }
        return (nil, 0, 0)
    }

    /// The next key typed while an answer was awaited.
    static func nextTypeahead() -> UInt8? {
        typeahead.isEmpty ? nil : typeahead.removeFirst()
    }

    /// After an Esc read while an answer is outstanding: reads what follows it for as long as it
    /// could be the answer. True when it was (and is dropped); otherwise what was read after
    /// the Esc is kept for the key reader.
    static func swallowsLateAnswer() -> Bool {
        guard answerOutstanding else { return false }
        var bytes: [UInt8] = [0x1B]
        while true {
            guard let verdict = answer(in: bytes, at: 0) else {
                typeahead = Array(bytes.dropFirst()) + typeahead
                return false
            }
            if verdict.end != nil {
                answerOutstanding = false
                return true
            }
            // The rest of an answer arrives together; a person's Esc is not followed that fast.
            var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            var byte: UInt8 = 0
            guard poll(&descriptor, 1, 50) > 0, Platform.read(0, &byte, 1) == 1 else {
                typeahead = Array(bytes.dropFirst()) + typeahead
                return false
            }
            bytes.append(byte)
        }
    }
}
