import Testing
@testable import WorkbenchBasics
import WorkbenchTestSupport

/// A line that is not UTF-8 is refused, naming the byte and its column.
@Suite struct UTF8LineTests {
    @Test func invalidUTF8IsRefusedNamingTheByte() {
        let error = thrownError { () throws(WorkbenchError) in try UTF8Line.decode(Array("header X: caf".utf8) + [0xE9]) }
        #expect(error?.message.contains("byte 0xE9 at column 14") == true)
        #expect(
            thrownError { () throws(WorkbenchError) in try UTF8Line.decode([0x61, 0xC0, 0x80]) }?
                .message.contains("byte 0xC0 at column 2") == true, "overlong encodings are not UTF-8")
        #expect(
            thrownError { () throws(WorkbenchError) in try UTF8Line.decode([0xED, 0xA0, 0x80]) }?
                .message.contains("byte 0xED at column 1") == true, "surrogates are not UTF-8")
        #expect(
            thrownError { () throws(WorkbenchError) in try UTF8Line.decode([0x61, 0xE2, 0x82]) }?
                .message.contains("byte 0xE2 at column 2") == true, "a cut sequence names its lead byte")
        #expect((try? UTF8Line.decode(Array("café \u{FFFD} 🚀".utf8))) == "café \u{FFFD} 🚀")
    }
}
