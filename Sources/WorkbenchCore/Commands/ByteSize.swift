import WorkbenchBasics

/// Sizes as people type them: `512`, `64K`, `64M`, `1G` (powers of 1024, optional `B`).
public enum ByteSize {
    public static func parse(_ text: String) -> Int? {
        var digits = Substring(text.uppercased())
        if digits.hasSuffix("B") { digits = digits.dropLast() }
        var multiplier = 1
        if let last = digits.last, let power = ["K": 1, "M": 2, "G": 3, "T": 4][last] {
            multiplier = 1 << (10 * power)
            digits = digits.dropLast()
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), digits.count <= 12,
            let value = Int(digits)
        else { return nil }
        let (bytes, overflow) = value.multipliedReportingOverflow(by: multiplier)
        return overflow ? nil : bytes
    }
}
