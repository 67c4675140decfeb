import WorkbenchBasics

/// The well-known types whose JSON form is not an object of their fields (the proto3 JSON
/// mapping's special cases), both ways. Keyed by full name, so they work whether or not the
/// schema carries their descriptors.
enum ProtoWellKnown {
    static let wrappers: [String: ProtoFieldType] = [
        "google.protobuf.DoubleValue": .double, "google.protobuf.FloatValue": .float,
        "google.protobuf.Int64Value": .int64, "google.protobuf.UInt64Value": .uint64,
        "google.protobuf.Int32Value": .int32, "google.protobuf.UInt32Value": .uint32,
        "google.protobuf.BoolValue": .bool, "google.protobuf.StringValue": .string,
        "google.protobuf.BytesValue": .bytes,
    ]
    static let special: Set<String> = Set(wrappers.keys).union([
        "google.protobuf.Timestamp", "google.protobuf.Duration", "google.protobuf.Struct", "google.protobuf.Value",
        "google.protobuf.ListValue", "google.protobuf.FieldMask", "google.protobuf.Any", "google.protobuf.Empty",
    ])

    static func field(_ number: Int, _ type: ProtoFieldType, typeName: String = "", repeated: Bool = false) -> ProtoField {
        ProtoField(
            name: "value", number: number, type: type, typeName: typeName, isRepeated: repeated, isRequired: false,
            jsonName: "value", oneofIndex: nil, isProto3Optional: false, packed: nil)
    }

    // MARK: Timestamps and durations

    /// Seconds range the mapping allows: 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z.
    static let minimumTimestamp: Int64 = -62_135_596_800
    static let maximumTimestamp: Int64 = 253_402_300_799
    static let maximumDurationSeconds: Int64 = 315_576_000_000

    static func pad(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    /// Nanoseconds as the mapping prints them: 0, 3, 6 or 9 digits.
    static func fraction(_ nanos: Int64) -> String {
        guard nanos != 0 else { return "" }
        if nanos % 1_000_000 == 0 { return "." + pad(nanos / 1_000_000, 3) }
        if nanos % 1_000 == 0 { return "." + pad(nanos / 1_000, 6) }
        return "." + pad(nanos, 9)
    }

    static func timestampText(seconds: Int64, nanos: Int64) throws(WorkbenchError) -> String {
        guard (minimumTimestamp...maximumTimestamp).contains(seconds), (0..<1_000_000_000).contains(nanos) else {
            throw WorkbenchError("protobuf: a Timestamp out of range (\(seconds) s, \(nanos) ns)")
        }
        let day = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let rest = seconds - day * 86_400
        let (y, m, d) = CivilDate.date(days: day)
        return "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))T\(pad(rest / 3600, 2)):\(pad(rest / 60 % 60, 2)):\(pad(rest % 60, 2))"
            + fraction(nanos) + "Z"
    }

    /// RFC 3339: `1972-01-01T10:00:20.021Z` or with an offset such as `+01:00`.
    static func parseTimestamp(_ text: String) throws(WorkbenchError) -> (seconds: Int64, nanos: Int64) {
        let failure = WorkbenchError(
            "protobuf: '\(Template.oneLine(text.prefix(60)))' is not an RFC 3339 timestamp (like 2024-01-31T12:00:00Z)")
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) throws(WorkbenchError) -> Int64 {
            guard range.upperBound <= bytes.count else { throw failure }
            var value: Int64 = 0
            for index in range {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { throw failure }
                value = value * 10 + Int64(digit)
            }
            return value
        }
        guard bytes.count >= 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t"), bytes[13] == UInt8(ascii: ":"),
            bytes[16] == UInt8(ascii: ":")
        else { throw failure }
        let (year, month, day) = (try number(0..<4), try number(5..<7), try number(8..<10))
        let (hour, minute, second) = (try number(11..<13), try number(14..<16), try number(17..<19))
        guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60 else { throw failure }
        var index = 19
        var nanos: Int64 = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            var digits = 0
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
                guard digits < 9 else { throw failure }
                nanos = nanos * 10 + Int64(bytes[index] - UInt8(ascii: "0"))
                digits += 1
                index += 1
            }
            guard digits > 0 else { throw failure }
            for _ in digits..<9 { nanos *= 10 }
        }
        guard index < bytes.count else { throw failure }
        var offset: Int64 = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard index + 1 == bytes.count else { throw failure }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard index + 6 == bytes.count, bytes[index + 3] == UInt8(ascii: ":") else { throw failure }
            offset = (try number(index + 1..<index + 3)) * 3600 + (try number(index + 4..<index + 6)) * 60
            if bytes[index] == UInt8(ascii: "+") { offset = -offset }
        default: throw failure
        }
        let seconds = CivilDate.days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second + offset
        guard (minimumTimestamp...maximumTimestamp).contains(seconds) else { throw failure }
        return (seconds, nanos)
    }

    static func durationText(seconds: Int64, nanos: Int64) throws(WorkbenchError) -> String {
        guard abs(seconds) <= maximumDurationSeconds, abs(nanos) < 1_000_000_000, seconds == 0 || nanos == 0 || (seconds < 0) == (nanos < 0)
        else { throw WorkbenchError("protobuf: a Duration out of range (\(seconds) s, \(nanos) ns)") }
        let negative = seconds < 0 || nanos < 0
        return (negative ? "-" : "") + String(abs(seconds)) + fraction(abs(nanos)) + "s"
    }

    /// `1.5s`, `-0.000001s`, `3s`.
    static func parseDuration(_ text: String) throws(WorkbenchError) -> (seconds: Int64, nanos: Int64) {
        let failure = WorkbenchError("protobuf: '\(Template.oneLine(text.prefix(60)))' is not a duration (like 1.5s)")
        guard text.hasSuffix("s") else { throw failure }
        var body = Substring(text.dropLast())
        let negative = body.hasPrefix("-")
        if negative { body = body.dropFirst() }
        let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.allSatisfy(\.isDurationDigit), whole.count <= 12, let seconds = Int64(whole)
        else {
            throw failure
        }
        var nanos: Int64 = 0
        if parts.count == 2 {
            let digits = parts[1]
            guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy(\.isDurationDigit), let value = Int64(digits) else { throw failure }
            nanos = value
            for _ in digits.count..<9 { nanos *= 10 }
        }
        guard seconds <= maximumDurationSeconds else { throw failure }
        return negative ? (-seconds, -nanos) : (seconds, nanos)
    }

    // MARK: Field masks

    static func camelPath(_ path: String) -> String {
        path.split(separator: ".", omittingEmptySubsequences: false).map { ProtoFile.lowerCamelCase(String($0)) }.joined(separator: ".")
    }

    static func snakePath(_ path: String) -> String {
        var result = ""
        for character in path {
            if character.isUppercase {
                result += "_" + character.lowercased()
            } else {
                result.append(character)
            }
        }
        return result
    }

    // MARK: Base64

    /// Standard or URL-safe base64, padded or not (the mapping accepts both).
    static func base64Decode(_ text: String) throws(WorkbenchError) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count * 3 / 4)
        var buffer: UInt32 = 0
        var bits = 0
        for byte in text.utf8 {
            let value: UInt8
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = byte - UInt8(ascii: "A")
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = byte - UInt8(ascii: "a") + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0") + 52
            case UInt8(ascii: "+"), UInt8(ascii: "-"): value = 62
            case UInt8(ascii: "/"), UInt8(ascii: "_"): value = 63
            case UInt8(ascii: "="): continue
            default:
                throw WorkbenchError("protobuf: '\(Template.oneLine(text.prefix(40)))' is not base64 (bytes are given as base64)")
            }
            buffer = buffer << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        return output
    }
}

extension Character {
    fileprivate var isDurationDigit: Bool { isASCII && isNumber }
}
