import Testing
@testable import LineEditing

/// The choices a second Tab lists: sorted, in columns down then across, as `ls` lays them out.
@Suite struct CompletionListTests {
    init() { Terminal.prepareLocale() }

    @Test func choicesAreSortedAndLaidOutDownThenAcross() {
        #expect(CompletionList.rows(["b", "a", "c"], width: 80) == ["a  b  c"])
        #expect(CompletionList.rows(["b", "a", "c"], width: 5) == ["a  c", "b"])
        #expect(CompletionList.rows(["status", "id", "body"], width: 80) == ["body    id      status"])
    }

    @Test func aControlCharacterFromADescriptionIsShownAsAQuestionMark() {
        #expect(CompletionList.rows(["a\u{1B}[2Jb"], width: 80) == ["a?[2Jb"])
    }

    @Test func pastTheLimitTheRestAreCounted() {
        let rows = CompletionList.rows((0..<(CompletionList.limit + 5)).map { "c\($0)" }, width: 80)
        #expect(rows.last == "(5 more: type more of the word)")
    }
}
