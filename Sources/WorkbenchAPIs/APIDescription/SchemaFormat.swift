import Platform
import WorkbenchBasics

/// The `format` checks `expect schema` makes: the common formats of JSON Schema
/// and OpenAPI, reasonably strict (RFC 3339 dates and times, dotted IPv4
/// without leading zeros, IPv6 as `inet_pton` reads it, 8-4-4-4-12 UUIDs, an
/// email with one `@` and a dotted domain, an absolute URI with a scheme).
/// Formats not listed are annotations, as JSON Schema makes every format by
/// default, and always pass.
enum SchemaFormat {
    static func accepts(_ text: String, format: String) -> Bool {
        switch format {
        case "date-time": isDateTime(text)
        case "date": isDate(Substring(text))
        case "time": isTime(Substring(text))
        case "email": isEmail(text)
        case "uuid": isUUID(text)
        case "ipv4": isIPv4(text)
        case "ipv6": isIPv6(text)
        case "hostname": isHostname(Substring(text))
        case "uri", "url": isURI(text)
        case "uri-reference": !text.unicodeScalars.contains { $0.value <= 0x20 || $0 == "\"" || $0 == "<" || $0 == ">" }
        case "byte": isBase64(text)
        default: true
        }
    }

    /// The integer formats' ranges.
    static func integerRange(_ format: String) -> ClosedRange<ExactDecimal>? {
        switch format {
        case "int32": int32Range
        case "int64": int64Range
        default: nil
        }
    }

    private static let int32Range = ExactDecimal(String(Int32.min))...ExactDecimal(String(Int32.max))
    private static let int64Range = ExactDecimal(String(Int64.min))...ExactDecimal(String(Int64.max))

    /// `2024-01-31T12:00:00Z`, `2024-01-31t12:00:00.5+01:00` (RFC 3339 section 5.6).
    static func isDateTime(_ text: String) -> Bool {
        let scalars = Substring(text)
        guard let separator = scalars.firstIndex(where: { $0 == "T" || $0 == "t" || $0 == " " }) else { return false }
        return isDate(scalars[..<separator]) && isTime(scalars[scalars.index(after: separator)...])
    }

    static func isDate(_ text: Substring) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = digits(parts[0]), let month = digits(parts[1]), let day = digits(parts[2]),
            (1...12).contains(month)
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day)
    }

    /// `12:00:00Z`, `23:59:60.25-05:30`: an offset is required, as RFC 3339 says.
    static func isTime(_ text: Substring) -> Bool {
        var rest = text
        var offsetOK = false
        if rest.last == "Z" || rest.last == "z" {
            rest = rest.dropLast()
            offsetOK = true
        } else if let sign = rest.lastIndex(where: { $0 == "+" || $0 == "-" }) {
            let offset = rest[rest.index(after: sign)...].split(separator: ":", omittingEmptySubsequences: false)
            offsetOK =
                offset.count == 2 && offset.allSatisfy { $0.count == 2 }
                && (digits(offset[0]).map { $0 <= 23 } ?? false) && (digits(offset[1]).map { $0 <= 59 } ?? false)
            rest = rest[..<sign]
        }
        guard offsetOK else { return false }
        if let point = rest.firstIndex(of: ".") {
            let fraction = rest[rest.index(after: point)...]
            guard !fraction.isEmpty, fraction.allSatisfy(\.isASCIIDigit) else { return false }
            rest = rest[..<point]
        }
        let parts = rest.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ $0.count == 2 }),
            let hour = digits(parts[0]), let minute = digits(parts[1]), let second = digits(parts[2])
        else { return false }
        return hour <= 23 && minute <= 59 && second <= 60
    }

    static func isEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[0].count <= 64,
            !parts[0].contains(where: { $0.isWhitespace || $0 == "," || $0 == "<" || $0 == ">" })
        else { return false }
        return parts[1].contains(".") && isHostname(parts[1])
    }

    static func isUUID(_ text: String) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        return groups.map(\.count) == [8, 4, 4, 4, 12] && groups.allSatisfy { $0.allSatisfy(\.isHexDigit) }
    }

    static func isIPv4(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                guard let value = digits(part), part.count <= 3 else { return false }
                return value <= 255 && (part.count == 1 || part.first != "0")
            }
    }

    static func isIPv6(_ text: String) -> Bool {
        guard text.contains(":"), !text.contains("%") else { return false }
        var address = in6_addr()
        return inet_pton(AF_INET6, text, &address) == 1
    }

    /// Labels of letters, digits and hyphens (not first or last), 63 at most
    /// each, 253 in all.
    static func isHostname(_ text: Substring) -> Bool {
        guard !text.isEmpty, text.utf8.count <= 253 else { return false }
        return text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
            !label.isEmpty && label.count <= 63 && label.first != "-" && label.last != "-"
                && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }
    }

    /// An absolute URI: a scheme, `:`, and no spaces or control characters.
    static func isURI(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), let first = text.first, first.isASCII, first.isLetter else { return false }
        let scheme = text[..<colon]
        guard scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }) else { return false }
        return !text.unicodeScalars.contains { $0.value <= 0x20 || $0.value == 0x7F || $0 == "\"" || $0 == "<" || $0 == ">" }
    }

    static func isBase64(_ text: String) -> Bool {
        let trimmed = text.hasSuffix("==") ? text.dropLast(2) : text.hasSuffix("=") ? text.dropLast(1) : Substring(text)
        return text.utf8.count % 4 == 0 && trimmed.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "/") }
    }

    /// The value of a run of ASCII digits (at most 9); nil for anything else.
    static func digits(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 9, text.allSatisfy(\.isASCIIDigit) else { return nil }
        return Int(text)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
