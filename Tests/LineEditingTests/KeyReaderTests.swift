import Testing
@testable import LineEditing

/// A byte that is not UTF-8 travels through libedit as a stand-in code point and is given back.
@Suite struct KeyReaderTests {
    @Test func aLineOfUTF8HasNoRawBytes() {
        #expect(KeyReader.rawBytes(of: "get /café") == nil)
    }

    @Test func aStandInIsTheByteItStandsFor() throws {
        let standIn = try #require(Unicode.Scalar(KeyReader.standInBase + 0xFF))
        #expect(KeyReader.rawBytes(of: "a\(Character(standIn))é") == [0x61, 0xFF, 0xC3, 0xA9])
    }
}
