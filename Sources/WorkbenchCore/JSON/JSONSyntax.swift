/// A strict RFC 8259 checker that says exactly where and why a text stops being JSON.
///
/// It walks the bytes once with an explicit stack, so it never recurses: a
/// body of 100,000 nested arrays is checked like any other.
public enum JSONSyntax {
    /// Where a text stops being JSON.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// Byte offset of the first byte that does not fit.
        public var offset: Int
        /// 1-based line and column (column in bytes) of that byte.
        public var line: Int
        public var column: Int
        public var reason: String

        public var description: String {
            "\(reason) at line \(line), column \(column) (byte \(offset))"
        }
    }

    /// Checks that `text` is exactly one JSON value, with optional white space around it.
    public static func validate(_ text: String) throws(Failure) {
        var copy = text
        var failure: Failure?
        copy.withUTF8 { bytes in
            do throws(Failure) { try validate(bytes) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    public static func validate(_ bytes: [UInt8]) throws(Failure) {
        try bytes.withUnsafeBufferPointer { (buffer) throws(Failure) in try validate(buffer) }
    }

    public static func validate(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) {
        var checker = Checker(bytes: bytes)
        if let (offset, reason) = checker.run() {
            throw failure(at: offset, reason: reason, in: bytes)
        }
    }

    static func failure(at offset: Int, reason: String, in bytes: UnsafeBufferPointer<UInt8>) -> Failure {
        var line = 1
        var lineStart = 0
        var index = 0
        while index < offset && index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        return Failure(offset: offset, line: line, column: offset - lineStart + 1, reason: reason)
    }

    private struct Checker {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        /// What the parser expects next.
        private enum Expect { case value, valueOrEnd, keyOrEnd, key, colon, commaOrEnd }

        /// Returns the failing offset and reason, or nil when the text is valid.
        mutating func run() -> (Int, String)? {
            // The stack holds `{` or `[` for each open container.
            var stack: [UInt8] = []
            var expect = Expect.value
            while true {
                skipWhitespace()
                if index >= bytes.count {
                    if stack.isEmpty && expect == .commaOrEnd { return nil }
                    return (index, bytes.isEmpty || (stack.isEmpty && expect == .value) ? "empty input: expected a JSON value" : "unexpected end of input")
                }
                let byte = bytes[index]
                if stack.isEmpty && expect == .commaOrEnd {
                    return (index, "unexpected \(describe(byte)) after the JSON value")
                }
                switch expect {
                case .value, .valueOrEnd:
                    if expect == .valueOrEnd && byte == UInt8(ascii: "]") {
                        stack.removeLast()
                        index += 1
                        expect = .commaOrEnd
                        continue
                    }
                    switch byte {
                    case UInt8(ascii: "{"):
                        stack.append(byte)
                        index += 1
                        expect = .keyOrEnd
                    case UInt8(ascii: "["):
                        stack.append(byte)
                        index += 1
                        expect = .valueOrEnd
                    case UInt8(ascii: "\""):
                        if let problem = scanString() { return problem }
                        expect = .commaOrEnd
                    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                        if let problem = scanNumber() { return problem }
                        expect = .commaOrEnd
                    case UInt8(ascii: "t"):
                        if let problem = scanLiteral("true") { return problem }
                        expect = .commaOrEnd
                    case UInt8(ascii: "f"):
                        if let problem = scanLiteral("false") { return problem }
                        expect = .commaOrEnd
                    case UInt8(ascii: "n"):
                        if let problem = scanLiteral("null") { return problem }
                        expect = .commaOrEnd
                    case UInt8(ascii: "]") where !stack.isEmpty:
                        return (index, "unexpected ']': expected a value after ','")
                    default:
                        return (index, "unexpected \(describe(byte)): expected a JSON value")
                    }
                case .keyOrEnd, .key:
                    if byte == UInt8(ascii: "}") && expect == .keyOrEnd {
                        stack.removeLast()
                        index += 1
                        expect = .commaOrEnd
                    } else if byte == UInt8(ascii: "\"") {
                        if let problem = scanString() { return problem }
                        expect = .colon
                    } else if byte == UInt8(ascii: "}") {
                        return (index, "unexpected '}': expected a key after ','")
                    } else {
                        return (index, "unexpected \(describe(byte)): expected a string key")
                    }
                case .colon:
                    guard byte == UInt8(ascii: ":") else {
                        return (index, "unexpected \(describe(byte)): expected ':' after the key")
                    }
                    index += 1
                    expect = .value
                case .commaOrEnd:
                    let open = stack[stack.count - 1]
                    if byte == UInt8(ascii: ",") {
                        index += 1
                        expect = open == UInt8(ascii: "{") ? .key : .value
                    } else if open == UInt8(ascii: "{") && byte == UInt8(ascii: "}")
                                || open == UInt8(ascii: "[") && byte == UInt8(ascii: "]") {
                        stack.removeLast()
                        index += 1
                        expect = .commaOrEnd
                    } else {
                        let wanted = open == UInt8(ascii: "{") ? "',' or '}'" : "',' or ']'"
                        return (index, "unexpected \(describe(byte)): expected \(wanted)")
                    }
                }
            }
        }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        mutating func scanLiteral(_ word: StaticString) -> (Int, String)? {
            let start = index
            let length = word.utf8CodeUnitCount
            let expected = UnsafeBufferPointer(start: word.utf8Start, count: length)
            for offset in 0..<length {
                guard index < bytes.count else { return (index, "unexpected end of input in '\(word)'") }
                guard bytes[index] == expected[offset] else {
                    return (start, "invalid literal: expected '\(word)'")
                }
                index += 1
            }
            return nil
        }

        mutating func scanNumber() -> (Int, String)? {
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else {
                return (index, "invalid number: expected a digit")
            }
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
                if index < bytes.count, isDigit(bytes[index]) {
                    return (index, "invalid number: leading zeros are not allowed")
                }
            } else {
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard index < bytes.count, isDigit(bytes[index]) else {
                    return (index, "invalid number: expected a digit after '.'")
                }
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                    index += 1
                }
                guard index < bytes.count, isDigit(bytes[index]) else {
                    return (index, "invalid number: expected a digit in the exponent")
                }
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            }
            return nil
        }

        mutating func scanString() -> (Int, String)? {
            let start = index
            index += 1
            let count = bytes.count
            while index < count {
                // Fast path: skip eight plain ASCII bytes at a time.
                if let base = bytes.baseAddress {
                    while index + 8 <= count, !Self.needsAttention(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
                        index += 8
                    }
                }
                guard index < count else { break }
                // Then byte by byte: plain ASCII needs no decision beyond this test.
                var byte = bytes[index]
                while byte >= 0x20 && byte < 0x80 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                    index += 1
                    guard index < count else { return (start, "unterminated string") }
                    byte = bytes[index]
                }
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return nil
                case UInt8(ascii: "\\"):
                    index += 1
                    guard index < bytes.count else { break }
                    switch bytes[index] {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                         UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        index += 1
                    case UInt8(ascii: "u"):
                        index += 1
                        for _ in 0..<4 {
                            guard index < bytes.count else { return (index, "unexpected end of input in a \\u escape") }
                            guard PercentEncoding.hexValue(bytes[index]) != nil else {
                                return (index, "invalid \\u escape: expected 4 hex digits")
                            }
                            index += 1
                        }
                    default:
                        return (index - 1, "invalid escape '\\\(Character(Unicode.Scalar(bytes[index])))' in a string")
                    }
                case 0x00...0x1F:
                    return (index, "unescaped control character \(describe(byte)) in a string")
                case 0x80...0xFF:
                    guard let length = validUTF8Length(at: index) else {
                        return (index, "invalid UTF-8 byte 0x\(String(byte, radix: 16, uppercase: true)) in a string")
                    }
                    index += length
                default:
                    index += 1
                }
            }
            return (start, "unterminated string")
        }

        /// Whether any of eight bytes ends plain string content: a quote, a
        /// backslash, a control character or a non-ASCII byte (SWAR: each test
        /// sets the high bit of a byte that matches, with no false positives).
        @inline(__always)
        static func needsAttention(_ word: UInt64) -> Bool {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            func hasZeroByte(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
            let quote = hasZeroByte(word ^ (ones &* 0x22))
            let backslash = hasZeroByte(word ^ (ones &* 0x5C))
            let control = (word &- ones &* 0x20) & ~word & highs
            return (quote | backslash | control | (word & highs)) != 0
        }

        /// The length of the well-formed UTF-8 sequence at `at`, or nil.
        func validUTF8Length(at position: Int) -> Int? {
            let lead = bytes[position]
            let length: Int
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; upper = 0x9F
            case 0xF0: length = 4; lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; upper = 0x8F
            default: return nil
            }
            guard position + length <= bytes.count else { return nil }
            for offset in 1..<length {
                let byte = bytes[position + offset]
                if offset == 1 {
                    guard byte >= lower && byte <= upper else { return nil }
                } else {
                    guard byte >= 0x80 && byte <= 0xBF else { return nil }
                }
            }
            return length
        }

        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

        func describe(_ byte: UInt8) -> String {
            if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
            return "byte 0x\(String(byte, radix: 16, uppercase: true))"
        }
    }
}
