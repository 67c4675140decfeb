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

    /// `path /x?d={{$datetime iso8601 1 d}}` typed in the REPL: the reference is one word, as
    /// in a `.http` file, quotes inside it included; pasted bash keeps bash's rules.
    @Test func aTemplateReferenceIsOneWordOnACommandLine() throws {
        let line = #"path /x?d={{$datetime "DD.MM.YYYY" -2 h}}&n={{$randomInt 1 9}} next"#
        #expect(try ShellWords.split(line).map(\.text) == ["path", #"/x?d={{$datetime "DD.MM.YYYY" -2 h}}&n={{$randomInt 1 9}}"#, "next"])
        #expect(try ShellWords.split("a {{b c").map(\.text) == ["a", "{{b", "c"])
        #expect(try ShellWords.split("a '{{b c}}' {x y}").map(\.text) == ["a", "{{b c}}", "{x", "y}"])
        #expect(try ShellWords.split("curl {{b c}}", dialect: .bash).map(\.text) == ["curl", "{{b", "c}}"])
    }
}
