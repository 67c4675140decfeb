import Testing
@testable import WorkbenchBasics
import WorkbenchTestSupport

/// `String.concatenation`: joins as `+` does, over random and awkward parts.
@Suite struct ConcatenationTests {
    @Test func concatenationJoinsAsPlusDoes() {
        var random = FuzzGenerator(seed: 4)
        for _ in 0..<1_000 {
            let parts = (0..<4).map { _ in random.awkwardText(length: Int(random.next() % 12)) }
            #expect(String.concatenation(parts[0], parts[1], parts[2], parts[3]) == parts[0] + parts[1] + parts[2] + parts[3])
            #expect(String.concatenation(parts[0], parts[1]) == parts[0] + parts[1])
        }
        // A part that is a slice's copy, and one longer than any small string.
        let long = String(repeating: "é", count: 40)
        #expect(String.concatenation(String(long.dropFirst(3)), ": ", long) == String(long.dropFirst(3)) + ": " + long)
    }
}
