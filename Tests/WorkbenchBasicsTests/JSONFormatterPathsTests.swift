import Testing
@testable import WorkbenchBasics
import WorkbenchTestSupport

/// The formatter's fast paths against its token-by-token layout: checked input
/// printed by following the grammar and short tokens copied as fixed blocks
/// must give exactly the bytes the plain layout gives, and broken input must
/// still lose nothing. (Two threads: JSONFormatterSegmentsTests.)
@Suite struct JSONFormatterPathsTests {
    /// A document of every shape the fast paths branch on: strings and keys of
    /// every length around the 16- and 32-byte copies, escapes, raw UTF-8 and
    /// C1 controls, numbers, literals, empty containers, nesting past the
    /// 15 levels a line break copies at once, and a short token at the very end.
    static func sampleDocument(seed: UInt64) -> [UInt8] {
        var random = FuzzGenerator(seed: seed)
        func string(_ length: Int) -> String {
            let pieces = ["a", "é", "\\n", "\\\"", "\\u00e9", "日", " ", "\u{85}", "x", "\\\\"]
            var text = ""
            while text.utf8.count < length { text += pieces[Int(random.next() % UInt64(pieces.count))] }
            return "\"" + text + "\""
        }
        func value(_ depth: Int) -> String {
            switch random.next() % (depth > 22 ? 5 : 9) {
            case 0: return string(Int(random.next() % 48))
            case 1: return ["0", "-1", "1.5e-7", "123456789012345678901234567890", "6.02E+23"][Int(random.next() % 5)]
            case 2: return ["true", "false", "null"][Int(random.next() % 3)]
            case 3: return ["{}", "[]", "{ }", "[\n]"][Int(random.next() % 4)]
            case 4: return string(Int(random.next() % 40))
            case 5, 6:
                let members = (0..<Int(random.next() % 4 + 1)).map { _ in string(Int(random.next() % 36)) + " :\t" + value(depth + 1) }
                return "{" + members.joined(separator: ",\n ") + "}"
            default:
                let items = (0..<Int(random.next() % 4 + 1)).map { _ in value(depth + 1) }
                return "[ " + items.joined(separator: " , ") + " ]"
            }
        }
        let items = (0..<40).map { _ in value(0) }
        return Array(("[" + items.joined(separator: ",") + ",1]").utf8)
    }

    static let palettes: [JSONPalette?] = [
        nil, .standard,
        JSONPalette(
            key: Array("\u{1B}[1m".utf8), string: [], number: Array("\u{1B}[36m".utf8), literal: [],
            punctuation: Array("\u{1B}[2m".utf8)),
        // Plain keys and punctuation beside coloured values: a key is then followed by ": " alone.
        JSONPalette(key: [], string: Array("\u{1B}[32m".utf8), number: [], literal: Array("\u{1B}[33m".utf8), punctuation: []),
    ]

    @Test(arguments: 0..<12)
    func checkedInputIsLaidOutAsTokenByToken(seed: Int) throws {
        let document = Self.sampleDocument(seed: UInt64(seed))
        for palette in Self.palettes {
            for escaping in [false, true] {
                // formatIfValid lays out token by token while it checks; format follows the grammar.
                let tokenByToken = try JSONFormatter.formatIfValid(document, palette: palette, escapingControls: escaping).get()
                #expect(JSONFormatter.format(document, palette: palette, escapingControls: escaping) == tokenByToken)
            }
        }
    }

    @Test func deepNestingBeyondTheFastLineBreaksAndTheIndentLimit() throws {
        for depth in [14, 15, 16, 17, 40, JSONFormatter.maximumIndentDepth + 3] {
            let text = String(repeating: "{\"k\":[", count: depth) + "1" + String(repeating: "]}", count: depth)
            let document = Array(text.utf8)
            #expect(
                JSONFormatter.format(document, palette: .standard) == (try JSONFormatter.formatIfValid(document, palette: .standard).get()))
        }
    }

    @Test func brokenInputLosesNoByte() {
        // The grammar-driven layout hands over to the token-by-token one wherever the input breaks off.
        let document = Array(Self.sampleDocument(seed: 99).prefix(1_500))
        func visible(_ bytes: [UInt8]) -> [UInt8] { bytes.filter { !JSONTokenizer.isSpace($0) } }
        var inputs: [[UInt8]] = (0..<document.count).map { Array(document[..<$0]) }
        inputs += [
            Array("{\"a\" 1, \"b\": 2}".utf8), Array("{\"a\": 1,}".utf8), Array("[1 2] 3 {".utf8),
            Array("{1: 2}".utf8), Array("{\"a\": @#, \"b\": [}".utf8), Array("]]}},".utf8),
        ]
        for input in inputs {
            #expect(visible(JSONFormatter.format(input, palette: nil)) == visible(input))
        }
    }
}
