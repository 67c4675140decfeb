import Testing
@testable import WorkbenchBasics
import WorkbenchTestSupport

/// `Quantities`: fixed decimals as the plain version wrote them, sizes and durations.
@Suite struct QuantitiesTests {
    @Test func fixedDecimalsAreWrittenAsBefore() {
        func before(_ value: Double, decimals: Int) -> String {
            var scale = 1.0
            for _ in 0..<decimals { scale *= 10 }
            let scaled = (value * scale).rounded()
            guard scaled.isFinite, abs(scaled) < 9e15 else { return String(value) }
            let whole = Int(scaled)
            let integerPart = whole / Int(scale)
            let fraction = abs(whole % Int(scale))
            guard decimals > 0 else { return String(integerPart) }
            let digits = String(fraction)
            return "\(integerPart)." + String(repeating: "0", count: decimals - digits.count) + digits
        }
        var random = FuzzGenerator(seed: 11)
        var values: [Double] = [0, 0.04, 0.05, 0.999, 1, 9.995, 1023.96, 1e14, 1e300, .infinity, .nan]
        for _ in 0..<2_000 { values.append(Double(random.next() % 10_000_000) / Double(1 + random.next() % 10_000)) }
        for value in values {
            for decimals in 0...3 {
                #expect(Quantities.fixed(value, decimals: decimals) == before(value, decimals: decimals), "\(value) \(decimals)")
            }
        }
        #expect(Quantities.duration(0.0008) == "0.8 ms")
        #expect(Quantities.size(193) == "193 bytes")
        #expect(Quantities.size(1536) == "1.5 KB")
    }
}
