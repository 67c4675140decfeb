import Testing
@testable import LineEditing

/// What Tab fills in when several choices remain: their common start, never half a character.
@Suite struct CompletionBridgeTests {
    @Test func theCommonStartOfTheChoices() {
        #expect(CompletionBridge.commonPrefix(["header", "help", "history"]) == "h")
        #expect(CompletionBridge.commonPrefix(["export", "expect"]) == "exp")
        #expect(CompletionBridge.commonPrefix([]) == "")
    }

    @Test func aCharacterOfSeveralBytesIsNeverCut() {
        // é (C3 A9) and è (C3 A8) share their first byte.
        #expect(CompletionBridge.commonPrefix(["café", "cafè"]) == "caf")
    }
}
