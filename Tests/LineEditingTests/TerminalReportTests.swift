import Testing
@testable import LineEditing

/// The terminal's answer to "where is the cursor" (`ESC [ row ; column R`), found among keys
/// typed meanwhile.
@Suite struct TerminalReportTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func theAnswerIsFoundBetweenTypedKeys() throws {
        let found = try #require(TerminalReport.findAnswer(in: Self.bytes("ab\u{1B}[12;40Rcd")))
        #expect(found.range == 2..<10 && found.row == 12 && found.column == 40)
    }

    @Test func anEscapeThatStartsAnotherSequenceIsSkipped() throws {
        let found = try #require(TerminalReport.findAnswer(in: Self.bytes("\u{1B}[A\u{1B}[3;7R")))
        #expect(found.range == 3..<9 && (found.row, found.column) == (3, 7))
    }

    @Test func anAnswerNotCompleteYetIsNoAnswerButMayBeOne() throws {
        #expect(TerminalReport.findAnswer(in: Self.bytes("\u{1B}[12;4")) == nil)
        let partial = try #require(TerminalReport.answer(in: Self.bytes("\u{1B}[12;4"), at: 0))
        #expect(partial.end == nil)
        #expect(TerminalReport.answer(in: Self.bytes("\u{1B}"), at: 0)?.end == nil)
    }

    @Test func whatCannotBeAnAnswerIsRefused() {
        #expect(TerminalReport.answer(in: Self.bytes("\u{1B}OA"), at: 0) == nil, "an arrow key")
        #expect(TerminalReport.answer(in: Self.bytes("\u{1B}[;4R"), at: 0) == nil, "no row")
        #expect(TerminalReport.answer(in: Self.bytes("\u{1B}[12R"), at: 0) == nil, "no column")
        #expect(TerminalReport.answer(in: Self.bytes("\u{1B}[1234567;1R"), at: 0) == nil, "more than six digits")
    }
}
