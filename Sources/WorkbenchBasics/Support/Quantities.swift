/// Human-readable durations and sizes for status and timing lines.
public enum Quantities {
    /// `0.4 ms`, `12.3 ms`, `1.25 s`.
    public static func duration(_ seconds: Double) -> String {
        if seconds < 1 {
            return .concatenation(fixed(seconds * 1000, decimals: 1), " ms")
        }
        return .concatenation(fixed(seconds, decimals: 2), " s")
    }

    /// `0 bytes`, `512 bytes`, `1.2 KB`, `40.0 MB` (powers of 1024, as curl and HTTPie print them).
    public static func size(_ bytes: Int) -> String {
        if bytes == 1 { return "1 byte" }
        if bytes < 1024 { return .concatenation(String(bytes), " bytes") }
        let units = ["KB", "MB", "GB", "TB"]
        var value = Double(bytes) / 1024
        var unit = 0
        while value >= 1024 && unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return .concatenation(fixed(value, decimals: 1), " ", units[unit])
    }

    /// `500`, or `12.5`: a number as short as it can be written.
    package static func trimmed(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// `value` with a fixed number of decimals, without Foundation's formatters.
    package static func fixed(_ value: Double, decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value * scale).rounded()
        guard scaled.isFinite, abs(scaled) < 9e15 else { return String(value) }
        let whole = Int(scaled)
        let integerPart = whole / Int(scale)
        let fraction = abs(whole % Int(scale))
        guard decimals > 0 else { return String(integerPart) }
        let digits = String(fraction)
        let zeros = decimals > digits.utf8.count ? String(repeating: "0", count: decimals - digits.utf8.count) : ""
        return .concatenation(String(integerPart), ".", zeros, digits)
    }
}
