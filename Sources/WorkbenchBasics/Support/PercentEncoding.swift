/// RFC 3986 percent-encoding for the parts of a URL the user types.
///
/// Each part has its own allowed set: a typed path keeps its `/` and any `%XX`
/// already there, a path segment is one opaque value (so `/` and `%` are
/// encoded), and query names and values encode everything that would change
/// how the query string splits.
public enum PercentEncoding {
    /// Encodes a path as typed: `/` separates segments, existing `%XX` is kept.
    public static func path(_ text: String) -> String {
        encode(text, keepingExistingEscapes: true) { isPChar($0) || $0 == UInt8(ascii: "/") }
    }

    /// Encodes one path segment: every byte outside `pchar` is escaped, `/` included.
    public static func segment(_ text: String) -> String {
        encode(text, keepingExistingEscapes: false, allowed: isPChar)
    }

    /// Query text pasted with a URL, kept as typed: existing `%XX`, `+`, `=`
    /// and every character a query may hold go out unchanged; only what cannot
    /// appear in a request line (space, controls, `#`, non-ASCII) is escaped.
    public static func typedQuery(_ text: String) -> String {
        encode(text, keepingExistingEscapes: true) { byte in
            isPChar(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?")
        }
    }

    /// A query pasted with a path, byte for byte as curl sends it: every
    /// printable ASCII character stays, a `%` not followed by two hex digits
    /// (`%zz`) included; only space, controls, `#` and non-ASCII, which cannot
    /// stand in a request line, are escaped.
    public static func pastedQuery(_ text: String) -> String {
        encode(text, keepingExistingEscapes: false) { byte in
            byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "#")
        }
    }

    /// Encodes a query name or value. `&`, `=`, `+`, `#`, space and non-ASCII are escaped.
    public static func queryComponent(_ text: String) -> String {
        encode(text, keepingExistingEscapes: false) { byte in
            if isUnreserved(byte) { return true }
            switch byte {
            case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "'"), UInt8(ascii: "("),
                UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: ","), UInt8(ascii: ";"),
                UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "/"), UInt8(ascii: "?"):
                return true
            default:
                return false
            }
        }
    }

    /// Encodes a name or value of an `application/x-www-form-urlencoded` body,
    /// as HTML forms do: space becomes `+`.
    public static func formComponent(_ text: String) -> String {
        var output = [UInt8]()
        output.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isAlphaNumeric(byte) || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
            {
                output.append(byte)
            } else if byte == UInt8(ascii: " ") {
                output.append(UInt8(ascii: "+"))
            } else {
                appendEscape(byte, to: &output)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes `%XX` escapes (and `+` as space when `plusIsSpace`); malformed escapes stay as typed.
    public static func decode(_ text: String, plusIsSpace: Bool = false) -> String {
        let bytes = Array(text.utf8)
        var output = [UInt8]()
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            {
                output.append(high << 4 | low)
                index += 3
            } else if plusIsSpace && byte == UInt8(ascii: "+") {
                output.append(UInt8(ascii: " "))
                index += 1
            } else {
                output.append(byte)
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    // MARK: - Character classes (RFC 3986, section 2)

    package static func isAlphaNumeric(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    static func isUnreserved(_ byte: UInt8) -> Bool {
        isAlphaNumeric(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
    }

    static func isSubDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"),
            UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
            UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="):
            return true
        default:
            return false
        }
    }

    static func isPChar(_ byte: UInt8) -> Bool {
        isUnreserved(byte) || isSubDelimiter(byte) || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "@")
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func appendEscape(_ byte: UInt8, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "%"))
        output.append(hexDigits[Int(byte >> 4)])
        output.append(hexDigits[Int(byte & 0x0F)])
    }

    private static func encode(
        _ text: String, keepingExistingEscapes: Bool, allowed: (UInt8) -> Bool
    ) -> String {
        let bytes = Array(text.utf8)
        var output = [UInt8]()
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if allowed(byte) {
                output.append(byte)
            } else if keepingExistingEscapes, byte == UInt8(ascii: "%"), index + 2 < bytes.count,
                hexValue(bytes[index + 1]) != nil, hexValue(bytes[index + 2]) != nil
            {
                output.append(contentsOf: bytes[index...index + 2])
                index += 3
                continue
            } else {
                appendEscape(byte, to: &output)
            }
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }
}
