import Platform
import WorkbenchBasics

/// `{{$uuid}}` and the other values a request makes each time it is built, as the
/// JetBrains HTTP Client, REST Client and Postman make them: `$uuid` (`$guid`,
/// `$random.uuid`, `$randomUUID`), `$timestamp`, `$isoTimestamp`, `$randomInt`
/// (`$randomInt MIN MAX`) and `$random.integer(MIN, MAX)`. `Endpoint.prepare` makes
/// them once a build, so the request sent and the one shown hold the same values.
public enum DynamicValues {
    /// The names the workbench makes, for messages.
    public static let known = "$uuid, $guid, $random.uuid, $timestamp, $isoTimestamp, $randomInt [MIN MAX], $random.integer(MIN, MAX)"

    /// A fresh value for `name` (with its `$`), or nil for a name the workbench does not make.
    public static func value(_ name: String, now: Int = Int(time(nil))) -> String? {
        let words = name.split(separator: " ").map(String.init)
        switch words.first {
        case "$uuid", "$guid", "$random.uuid", "$randomUUID": return words.count == 1 ? uuid() : nil
        case "$timestamp": return words.count == 1 ? String(now) : nil
        case "$isoTimestamp": return words.count == 1 ? isoTimestamp(now) : nil
        case "$randomInt":
            if words.count == 1 { return String(Int.random(in: 0..<1000)) }
            guard words.count == 3, let low = Int(words[1]), let high = Int(words[2]), low < high else { return nil }
            return String(Int.random(in: low..<high))
        default:
            let prefix = "$random.integer("
            guard name.hasPrefix(prefix), name.hasSuffix(")") else { return nil }
            let bounds = name.dropFirst(prefix.count).dropLast().split(separator: ",").map { Int($0.trimmingSpaces()) }
            guard bounds.count == 2, let low = bounds[0], let high = bounds[1], low < high else { return nil }
            return String(Int.random(in: low..<high))
        }
    }

    /// A version 4 UUID, lowercase, as the clients write it.
    static func uuid() -> String {
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255) }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = bytes.map { byte in String(byte >> 4, radix: 16) + String(byte & 0x0F, radix: 16) }
        return [hex[0..<4], hex[4..<6], hex[6..<8], hex[8..<10], hex[10..<16]].map { $0.joined() }.joined(separator: "-")
    }

    /// `2026-11-28T10:00:00Z`.
    static func isoTimestamp(_ now: Int) -> String {
        var time = time_t(now)
        var parts = tm()
        guard gmtime_r(&time, &parts) != nil else { return String(now) }
        let two = { (value: Int32) in value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }
}
