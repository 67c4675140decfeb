import Testing
@testable import WorkbenchBasics
import WorkbenchTestSupport

/// Two threads laying out stretches between checkpoints, written in order,
/// must give exactly the bytes one pass gives: every stretch boundary, every
/// buffer size and count, colours, terminal escaping and a byte order mark.
@Suite struct JSONFormatterSegmentsTests {
    static func inSegments(
        _ document: [UInt8], _ checkpoints: [JSONCheckpoint], palette: JSONPalette?, escaping: Bool = false,
        chunkSize: Int = JSONFormatter.segmentChunkSize, buffersEach: Int = JSONFormatter.segmentBuffersEach
    ) -> [UInt8] {
        var output: [UInt8] = []
        document.withUnsafeBufferPointer { buffer in
            JSONFormatter.formatInSegments(
                buffer, checkpoints: checkpoints, palette: palette, escapingControls: escaping, skippingByteOrderMark: true,
                chunkSize: chunkSize, buffersEach: buffersEach
            ) { chunk in output.append(contentsOf: chunk) }
        }
        return output
    }

    static func inOnePass(_ document: [UInt8], palette: JSONPalette?, escaping: Bool = false) -> [UInt8] {
        var output: [UInt8] = []
        document.withUnsafeBufferPointer { buffer in
            JSONFormatter.format(buffer, palette: palette, escapingControls: escaping, skippingByteOrderMark: true) {
                output.append(contentsOf: $0)
            }
        }
        return output
    }

    @Test(arguments: 0..<10)
    func stretchesAtEveryValueGiveTheSameOutput(seed: Int) {
        let document = JSONFormatterPathsTests.sampleDocument(seed: UInt64(seed))
        for spacing in [1, 50, 700] {
            let checkpoints = jsonCheckpoints(document, every: spacing)
            for palette in JSONFormatterPathsTests.palettes {
                for escaping in [false, true] {
                    let expected = Self.inOnePass(document, palette: palette, escaping: escaping)
                    for (chunkSize, buffersEach) in [(64, 2), (4096, 3)] {
                        let output = Self.inSegments(
                            document, checkpoints, palette: palette, escaping: escaping,
                            chunkSize: chunkSize, buffersEach: buffersEach)
                        #expect(output == expected, "spacing \(spacing), chunks \(chunkSize) x \(buffersEach)")
                    }
                }
            }
        }
    }

    @Test func aLargeBodyWithItsBodyCheckCheckpoints() {
        var document = [0xEF, 0xBB, 0xBF] + Array("{\"items\": [".utf8)
        for seed in 0..<20 {
            if seed > 0 { document += Array(",\n".utf8) }
            document += JSONFormatterPathsTests.sampleDocument(seed: UInt64(seed))
        }
        document += Array("], \"end\": true}".utf8)
        var check = JSONBodyCheck()
        document.withUnsafeBufferPointer { check.add($0) }
        #expect(document.withUnsafeBufferPointer { check.finish($0) } == .valid)
        #expect(check.checkpoints.count > 4)
        for palette in [nil, JSONPalette.standard] {
            #expect(Self.inSegments(document, check.checkpoints, palette: palette) == Self.inOnePass(document, palette: palette))
        }
    }

    @Test func nestingPastTheCheckpointsDepth() {
        // Checkpoints stop at 64 open containers; deeper values are laid out from the last one above.
        let depth = 80
        var text = ""
        for level in 0..<depth { text += level % 2 == 0 ? "{\"k\(level)\": " : "[1, \"s\", " }
        text += "null"
        for level in (0..<depth).reversed() { text += level % 2 == 0 ? ", \"z\": {}}" : ", []]" }
        let document = Array(text.utf8)
        let checkpoints = jsonCheckpoints(document, every: 1)
        #expect(checkpoints.contains { $0.depth == JSONCheckpoint.deepestLevel })
        #expect(!checkpoints.contains { $0.depth > JSONCheckpoint.deepestLevel })
        #expect(
            Self.inSegments(document, checkpoints, palette: .standard, chunkSize: 64, buffersEach: 2)
                == Self.inOnePass(document, palette: .standard))
    }

    @Test func withoutCheckpointsOneStretchIsTheWhole() {
        let document = JSONFormatterPathsTests.sampleDocument(seed: 3)
        #expect(Self.inSegments(document, [], palette: nil, chunkSize: 64, buffersEach: 2) == Self.inOnePass(document, palette: nil))
    }
}
