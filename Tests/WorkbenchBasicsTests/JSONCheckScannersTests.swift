import Testing
@testable import WorkbenchBasics

/// The fast check's string scanners (JSONCheckScanners) against a byte-by-byte
/// reference: every length around their 8- and 16-byte steps, every byte that
/// needs a look at every position, and the input ending anywhere.
struct JSONCheckScannersTests {
    /// Where the string whose quote is at 0 ends, as RFC 8259 and the standard
    /// library's UTF-8 decoder say; nil when it is invalid or not complete.
    static func referenceEnd(_ bytes: ArraySlice<UInt8>) -> Int? {
        let escapes = Array(#""\/bfnrt"#.utf8)
        var index = bytes.startIndex + 1
        while index < bytes.endIndex {
            switch bytes[index] {
            case 0x22:
                return index + 1
            case 0x5C:
                guard index + 1 < bytes.endIndex else { return nil }
                if escapes.contains(bytes[index + 1]) {
                    index += 2
                } else if bytes[index + 1] == UInt8(ascii: "u") {
                    guard index + 6 <= bytes.endIndex,
                        bytes[index + 2..<index + 6].allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit })
                    else { return nil }
                    index += 6
                } else {
                    return nil
                }
            case 0x00..<0x20:
                return nil
            case 0x20..<0x80:
                index += 1
            default:
                var iterator = bytes[index...].makeIterator()
                var decoder = Unicode.UTF8()
                guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
                index += UTF8.width(scalar)
            }
        }
        return nil
    }

    /// What the fast check makes of `bytes[..<count]`, a string at 0.
    static func scannedEnd(_ bytes: [UInt8], count: Int) -> Int? {
        bytes.withUnsafeBufferPointer { JSONTokenizer.endOfCheckedString($0.baseAddress!, from: 0, count: count) }
    }

    /// Bytes that end plain string content, valid or not, put in strings of every length.
    static let insertions: [[UInt8]] = [
        [0x22], [0x5C, 0x22], [0x5C, 0x5C], [0x5C, 0x6E], [0x5C, 0x2F], Array(#"\u00e9"#.utf8), Array(#"\uD83D"#.utf8),
        [0x5C, 0x78], Array(#"\u00g9"#.utf8), [0x5C],
        [0x00], [0x09], [0x1F], [0x7F], [0x20],
        Array("é".utf8), Array("日本".utf8), Array("😀".utf8), Array("é😀語".utf8),
        [0x80], [0xC0, 0x80], [0xC3], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF0, 0x9F, 0x98], [0xF4, 0x90, 0x80, 0x80], [0xFF],
    ]

    @Test func theSixteenByteProbeFindsEveryByteThatNeedsALookAtEveryPosition() {
        for position in 0..<16 {
            for value in 0...255 {
                var block = [UInt8](repeating: UInt8(ascii: "a"), count: 16)
                block[position] = UInt8(value)
                let special = value == 0x22 || value == 0x5C || value < 0x20 || value >= 0x80
                let offset = block.withUnsafeBufferPointer { JSONTokenizer.firstSpecialStringByte($0.baseAddress!) }
                #expect(offset == (special ? position : 16), "byte \(value) at \(position)")
            }
        }
        let plain = [UInt8](repeating: UInt8(ascii: "~"), count: 16)
        #expect(plain.withUnsafeBufferPointer { JSONTokenizer.firstSpecialStringByte($0.baseAddress!) } == 16)
    }

    @Test func stringsOfEveryLengthEndWhereTheReferenceSays() {
        for length in 0...40 {
            for tail in [[], Array(", 1]".utf8), [UInt8](repeating: UInt8(ascii: " "), count: 20)] {
                let bytes = [0x22] + [UInt8](repeating: UInt8(ascii: "x"), count: length) + [0x22] + tail
                for count in 1...bytes.count {
                    #expect(
                        Self.scannedEnd(bytes, count: count) == Self.referenceEnd(bytes[..<count]),
                        "length \(length), tail \(tail.count), count \(count)")
                }
            }
        }
    }

    @Test func everyByteThatNeedsALookAtEveryPositionAndEveryCut() {
        var failures = 0
        for length in 0...34 {
            for position in 0...length {
                for insertion in Self.insertions {
                    let content = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    let bytes = [0x22] + content[..<position] + insertion + content[position...] + [0x22] + Array(", 2".utf8)
                    for count in 1...bytes.count {
                        let expected = Self.referenceEnd(bytes[..<count])
                        if Self.scannedEnd(bytes, count: count) != expected {
                            failures += 1
                            Issue.record(
                                "\(insertion) at \(position) of \(length), count \(count): expected \(String(describing: expected))")
                        }
                    }
                    if failures > 10 { return }
                }
            }
        }
    }

    /// The fast check and `nextChecked` alone agree on documents whose strings
    /// have those bytes at every position, cut anywhere (the check's pieces).
    @Test func theCheckAgreesWithTokenByTokenOnStringsAcrossItsSteps() {
        for length in [0, 6, 7, 8, 9, 14, 15, 16, 17, 30, 31, 32, 33] {
            for position in stride(from: 0, through: length, by: 3) {
                for insertion in Self.insertions {
                    let content = [UInt8](repeating: UInt8(ascii: "b"), count: length)
                    let string = [0x22] + content[..<position] + insertion + content[position...] + [0x22]
                    let document = Array(#"{"k": "#.utf8) + string + Array(#", "l": ["#.utf8) + string + Array(#", -0.5e+3]}"#.utf8)
                    #expect(Self.problem(document, pieces: nil) == Self.problem(document, tokenByToken: true))
                    for cut in stride(from: 1, to: document.count, by: 5) {
                        #expect(Self.problem(document, pieces: cut) == Self.problem(document, tokenByToken: true), "cut at \(cut)")
                    }
                }
            }
        }
    }

    static func problem(_ bytes: [UInt8], tokenByToken: Bool) -> JSONTokenizer.Problem? {
        bytes.withUnsafeBufferPointer { buffer in
            var tokenizer = JSONTokenizer(buffer)
            while tokenizer.problem == nil && tokenizer.nextChecked().kind != .end {}
            return tokenizer.problem
        }
    }

    /// The problem `checkToEnd` finds, with the input arriving in two pieces cut at `pieces`.
    static func problem(_ bytes: [UInt8], pieces cut: Int?) -> JSONTokenizer.Problem? {
        bytes.withUnsafeBufferPointer { buffer in
            var tokenizer = JSONTokenizer(UnsafeBufferPointer(rebasing: buffer[..<(cut ?? buffer.count)]))
            if cut != nil {
                tokenizer.resume(UnsafeBufferPointer(rebasing: buffer[..<cut!]), final: false)
                _ = tokenizer.checkToEnd()
                tokenizer.resume(buffer, final: true)
            }
            _ = tokenizer.checkToEnd()
            return tokenizer.problem
        }
    }
}
