import Testing
@testable import WorkbenchBasics
import WorkbenchTestSupport

/// Shell-style words: quoting reads back as the same word.
@Suite struct ShellWordsTests {
    /// Found while fixing the above, not by a fuzzer: `ShellWords.quote`
    /// replaced `'` Character by Character, so a quote followed by a combining
    /// mark (one Character) was left as it was and ended the quoted word early.
    /// The curl export quotes with it, so the rest of the value became shell
    /// syntax. Fixed in ShellWords: quoting works on Unicode scalars.
    @Test func quotingSeesAQuoteFollowedByACombiningMark() throws {
        let text = "x'\u{301}; echo pwned #"
        #expect(try ShellWords.split(ShellWords.quote(text)).map(\.text) == [text])
        #expect(try ShellWords.split(ShellWords.quoteIfNeeded(text)).map(\.text) == [text])
        #expect(ShellWords.quote(text) == "'x'\\''\u{301}; echo pwned #'")
    }
}
