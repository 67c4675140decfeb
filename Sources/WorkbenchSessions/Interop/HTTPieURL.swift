import WorkbenchBasics

/// The request target HTTPie puts on the wire for a URL: requests (through urllib3)
/// re-encodes what it is given, where curl and the workbench send it byte for byte. Its
/// rules, measured against a recording server (test_export_fidelity.py): escapes are
/// upper-cased (`%e9` -> `%E9`); a `%` that starts no escape turns every `%` into `%25`
/// (`%zz` -> `%25zz`); a character outside RFC 3986's path and query characters is
/// escaped (`|` -> `%7C`); an escaped unreserved character is decoded (`%41` -> `A`).
/// `export httpie` warns when the result is not what the workbench sent.
enum HTTPieURL {
    /// `target` (`/path?query`) as HTTPie sends it.
    static func sent(_ target: String) -> String {
        let bytes = Array(target.utf8)
        guard let mark = bytes.firstIndex(of: UInt8(ascii: "?")) else { return requoted(bytes[...], isQuery: false) }
        return requoted(bytes[..<mark], isQuery: false) + "?" + requoted(bytes[(mark + 1)...], isQuery: true)
    }

    private static func requoted(_ component: ArraySlice<UInt8>, isQuery: Bool) -> String {
        let input = Array(component)
        var escapes = 0
        var percents = 0
        for (index, byte) in input.enumerated() where byte == UInt8(ascii: "%") {
            percents += 1
            if isEscape(input, at: index) { escapes += 1 }
        }
        let keepsPercent = escapes == percents
        var output: [UInt8] = []
        var index = 0
        while index < input.count {
            let byte = input[index]
            if byte == UInt8(ascii: "%"), keepsPercent {
                let high = uppercased(input[index + 1])
                let low = uppercased(input[index + 2])
                let decoded = hexValue(high) * 16 + hexValue(low)
                if isUnreserved(decoded) { output.append(decoded) } else { output += [byte, high, low] }
                index += 3
                continue
            }
            if byte < 0x80, byte != UInt8(ascii: "%"), isAllowed(byte, isQuery: isQuery) {
                output.append(byte)
            } else {
                output += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 15)]]
            }
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func isEscape(_ bytes: [UInt8], at index: Int) -> Bool {
        index + 2 < bytes.count && isHex(bytes[index + 1]) && isHex(bytes[index + 2])
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8 {
        byte <= UInt8(ascii: "9") ? byte - UInt8(ascii: "0") : byte - UInt8(ascii: "A") + 10
    }

    private static func uppercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte) ? byte - 32 : byte
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        PercentEncoding.isAlphaNumeric(byte) || "-._~".utf8.contains(byte)
    }

    /// urllib3's path characters (unreserved, sub-delimiters, `:`, `@`, `/`), and `?` in a query.
    private static func isAllowed(_ byte: UInt8, isQuery: Bool) -> Bool {
        isUnreserved(byte) || "!$&'()*+,;=:@/".utf8.contains(byte) || (isQuery && byte == UInt8(ascii: "?"))
    }
}
