import WorkbenchBasics

/// The few pieces of RFC 9110 grammar that user input is checked against.
public enum HTTPSyntax {
    /// `NAME=value` or `NAME="value"` among a header value's `;`-separated parameters: a
    /// Content-Type's `charset` and `boundary`, a Content-Disposition's `name` and `filename`.
    /// The name is matched ignoring case; the value is kept as it is written.
    public static func parameter(_ wanted: String, in value: String) -> String? {
        for piece in value.split(separator: ";").dropFirst() {
            guard let equals = piece.firstIndex(of: "=") else { continue }
            let key = String(piece[..<equals]).trimmingSpaces().lowercased()
            guard key == wanted.lowercased() else { continue }
            var text = String(piece[piece.index(after: equals)...]).trimmingSpaces()
            if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { text = String(text.dropFirst().dropLast()) }
            return text
        }
        return nil
    }

    /// `token`: what method names and header field names are made of.
    public static func isToken(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy(isTokenCharacter)
    }

    static func isTokenCharacter(_ byte: UInt8) -> Bool {
        if PercentEncoding.isAlphaNumeric(byte) { return true }
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"),
            UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
            UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// Compares two names byte by byte, folding only ASCII letters: header
    /// names are tokens, and this runs for every header of every request.
    public static func equalIgnoringASCIICase(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        // Over the strings' own bytes where they have them (native strings do): the
        // views' iterators were most of the cost. `Benchmarks/fast_paths.sh`: 1.49-1.54x faster
        // a comparison than through the views (76 against 113 ns); part of the fourth round's
        // instructions a GET (Benchmarks/README.md), not measured apart there.
        if let equal = a.utf8.withContiguousStorageIfAvailable({ x in
            b.utf8.withContiguousStorageIfAvailable { y in equalIgnoringASCIICase(x, y) }
        }), let equal {
            return equal
        }
        for (x, y) in zip(a.utf8, b.utf8) where !sameIgnoringASCIICase(x, y) { return false }
        return true
    }

    private static func equalIgnoringASCIICase(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        for index in a.indices where !sameIgnoringASCIICase(a[index], b[index]) { return false }
        return true
    }

    @inline(__always)
    private static func sameIgnoringASCIICase(_ x: UInt8, _ y: UInt8) -> Bool {
        x == y || (x | 0x20 == y | 0x20 && (x | 0x20) >= UInt8(ascii: "a") && (x | 0x20) <= UInt8(ascii: "z"))
    }

    /// Checks a header name; the error names the first character that is not allowed.
    public static func checkHeaderName(_ name: String) throws(WorkbenchError) {
        if name.isEmpty {
            throw WorkbenchError("empty header name: use `header NAME: VALUE`")
        }
        if let bad = name.unicodeScalars.first(where: { !$0.isASCII || !isTokenCharacter(UInt8($0.value)) }) {
            throw WorkbenchError("invalid header name '\(name)': \(describe(bad)) is not allowed in a header name")
        }
    }

    /// The longest header value sent: libcurl's bound for a header line it receives
    /// (CURL_MAX_HTTP_HEADER); past about 1 MB in all it fails the request as "Out of memory".
    public static let maximumHeaderValueBytes = 100 * 1024

    /// Checks a header value: no CR, LF, NUL or other control characters but tab, within `maximumHeaderValueBytes`.
    public static func checkHeaderValue(_ value: String, name: String) throws(WorkbenchError) {
        if value.utf8.count > maximumHeaderValueBytes {
            throw WorkbenchError(
                "the value of header \(Excerpt.quoted(name)) is \(Quantities.size(value.utf8.count)), "
                    + "over the bound of \(Quantities.size(maximumHeaderValueBytes)) for one header")
        }
        guard hasControlByte(value, allowingTab: true) else { return }
        if let bad = value.unicodeScalars.first(where: { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F }) {
            throw WorkbenchError("invalid value for header \(name): \(describe(bad)) is not allowed in a header value")
        }
    }

    /// Checks a method token and returns it upper-cased.
    public static func normalizedMethod(_ method: String) throws(WorkbenchError) -> String {
        guard isToken(method) else {
            throw WorkbenchError("invalid method '\(method)': a method is a token such as GET, POST or PURGE")
        }
        return method.uppercased()
    }

    /// Whether `text` holds a control character (below U+0020, or DEL), tabs aside when
    /// allowed. By bytes, which say the same (UTF-8 encodes these scalars as themselves and
    /// no other scalar uses such a byte): every header value and path of every request is
    /// checked, and a walk over the scalars cost tens of instructions each.
    static func hasControlByte(_ text: some StringProtocol, allowingTab: Bool) -> Bool {
        func isControl(_ byte: UInt8) -> Bool {
            (byte < 0x20 && !(allowingTab && byte == UInt8(ascii: "\t"))) || byte == 0x7F
        }
        return text.utf8.withContiguousStorageIfAvailable { $0.contains(where: isControl) }
            ?? text.utf8.contains(where: isControl)
    }

    static func describe(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\r": return "a carriage return (CR)"
        case "\n": return "a line feed (LF)"
        case "\0": return "a NUL byte"
        case "\t": return "a tab"
        case " ": return "a space"
        default:
            if scalar.value < 0x20 || scalar.value == 0x7F {
                return "the control character U+\(String(scalar.value, radix: 16, uppercase: true))"
            }
            return "'\(scalar)'"
        }
    }
}
