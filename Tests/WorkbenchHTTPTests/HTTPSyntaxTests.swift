import Testing
@testable import WorkbenchHTTP
import WorkbenchTestSupport

/// `HTTPSyntax`: header names compared folding ASCII only.
@Suite struct HTTPSyntaxTests {
    @Test func headerNamesCompareFoldingASCIIOnly() {
        var random = FuzzGenerator(seed: 72)
        func folded(_ text: String) -> [UInt8] {
            text.utf8.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }
        }
        let names = [
            "Content-Type", "content-type", "CONTENT-TYPE", "Content-Typf", "Set-Cookie", "X", "x", "",
            "Contént-Type", "CONTÉNT-TYPE", "a very long header name past the small string size", "[", "{",
        ]
        for first in names {
            for second in names {
                #expect(HTTPSyntax.equalIgnoringASCIICase(first, second) == (folded(first) == folded(second)), "\(first) \(second)")
            }
        }
        for _ in 0..<2_000 {
            let first = random.awkwardText(length: Int(random.next() % 6))
            let second = Bool.random(using: &random) ? first.uppercased() : random.awkwardText(length: Int(random.next() % 6))
            #expect(HTTPSyntax.equalIgnoringASCIICase(first, second) == (folded(first) == folded(second)))
        }
    }
}
