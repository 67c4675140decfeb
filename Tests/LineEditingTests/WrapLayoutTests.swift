import Testing
@testable import LineEditing

/// Where a prompt and line lie on the terminal's rows, before and after a resize: the layout
/// libedit gives them, the one a terminal that re-wraps its rows (tmux) gives them, and the
/// prompt's first row told from where the terminal says the cursor is.
@Suite struct WrapLayoutTests {
    init() { Terminal.prepareLocale() }

    @Test func aLineRunsOntoTheNextRowAndAFullRowPutsTheCursorOnTheNext() {
        #expect(WrapLayout.place(Array(repeating: 1, count: 6), width: 4).row == 1)
        #expect(WrapLayout.place(Array(repeating: 1, count: 6), width: 4).column == 2)
        // Exactly full: libedit's cursor is at the start of the next row.
        let full = WrapLayout.place(Array(repeating: 1, count: 4), width: 4)
        #expect((full.row, full.column) == (1, 0))
    }

    @Test func aWideCharacterThatDoesNotFitLeavesABlankAndMovesOn() {
        let placed = WrapLayout.place([1, 1, 1, 2], width: 4)
        #expect((placed.row, placed.column) == (1, 2))
        #expect(placed.cells == [1, 1, 1, 1, 2], "a blank cell ends the first row")
        // The character under the cursor is wide and does not fit: the cursor moves on.
        let before = WrapLayout.place([1, 1, 1], width: 4, underCursor: 2)
        #expect((before.row, before.column) == (1, 0))
    }

    @Test func aTabGoesToTheNextEighthColumnAndANewlineStartsARow() {
        let tab = WrapLayout.place([1, WrapLayout.tab], width: 20)
        #expect((tab.row, tab.column) == (0, 8))
        let newline = WrapLayout.place([1, 1, WrapLayout.newline, 1], width: 20)
        #expect((newline.row, newline.column) == (1, 1))
    }

    @Test func thePromptsHiddenStretchesTakeNoCells() {
        // libedit prints what is between the \u{1} markers (colours) without placing it.
        #expect(WrapLayout.promptItems("\u{1}\u{1B}[1m\u{1}GET> \u{1}\u{1B}[0m\u{1}") == [1, 1, 1, 1, 1])
    }

    @Test func theLineIsMeasuredAsLibeditShowsIt() {
        #expect(WrapLayout.lineItems("a\u{1}b") == [1, 1, 1, 1], "a control character is ^A")
        #expect(WrapLayout.lineItems("日é") == [2, 1])
        #expect(WrapLayout.lineItems("\t\n") == [WrapLayout.tab, WrapLayout.newline])
        #expect(WrapLayout.cells("日") == 2 && WrapLayout.cells("a") == 1)
    }

    /// 27 cells laid out 20 wide (row 1, column 7), then the window made 8 wide: a terminal that
    /// keeps its rows leaves the cursor at row 1 of the prompt, column 7; one that re-wraps puts
    /// it at row 3, column 3.
    static let items = Array(repeating: 1, count: 27)

    @Test func theTwoLayoutsAfterAResize() {
        let (kept, rewrapped) = WrapLayout.candidates(items: Self.items, underCursor: 1, oldWidth: 20, newWidth: 8)
        #expect((kept.row, kept.column) == (1, 7))
        #expect((rewrapped.row, rewrapped.column) == (3, 3))
    }

    @Test func theCursorsColumnTellsWhichLayoutTheTerminalChoseAndIsLearned() {
        let rewrapped = WrapLayout.firstRow(
            cursor: (row: 6, column: 3), items: Self.items, underCursor: 1, oldWidth: 20, newWidth: 8, reflows: nil)
        #expect(rewrapped.row == 3 && rewrapped.reflows == true)
        let kept = WrapLayout.firstRow(
            cursor: (row: 6, column: 7), items: Self.items, underCursor: 1, oldWidth: 20, newWidth: 8, reflows: nil)
        #expect(kept.row == 5 && kept.reflows == false)
    }

    @Test func aColumnThatFitsNeitherFollowsWhatIsKnownOrTakesTheHigherRow() {
        func row(_ reflows: Bool?) -> Int {
            WrapLayout.firstRow(
                cursor: (row: 6, column: 0), items: Self.items, underCursor: 1, oldWidth: 20, newWidth: 8, reflows: reflows
            ).row
        }
        #expect(row(true) == 3)
        #expect(row(false) == 5)
        #expect(row(nil) == 3, "the higher row leaves no old row of the prompt behind")
        #expect(WrapLayout.rowsAboveCursor(items: Self.items, underCursor: 1, oldWidth: 20, newWidth: 8, reflows: nil) == 1)
        #expect(WrapLayout.rowsAboveCursor(items: Self.items, underCursor: 1, oldWidth: 20, newWidth: 8, reflows: true) == 3)
    }

    @Test func blanksAreWrittenOverEveryRowBeyondTheFirstAndTheCursorGoesBack() {
        #expect(WrapLayout.runOver(prompt: "> ", line: "abc", width: 10) == "")
        // 2 + 13 cells, 10 wide: two rows, the blanks over ten cells and one more, then up one.
        #expect(WrapLayout.runOver(prompt: "> ", line: "abcdefghijklm", width: 10) == String(repeating: " ", count: 11) + "\r\u{1B}[1A")
    }
}
