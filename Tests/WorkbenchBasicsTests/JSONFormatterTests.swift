import Testing
@testable import WorkbenchBasics

/// `JSONFormatter` shared by several threads at once.
@Suite struct JSONFormatterTests {
    /// Four threads print with and without colour at once: the shared style tables and the
    /// kept output buffer give each what one thread alone gets.
    @Test func formattingOnManyThreadsAtOnceMatchesOneThread() async {
        let input = Array(#"{"a": [1, 2.5, "x\u0001y", true, null], "b": {"c": {}}, "d": []}"#.utf8)
        func formatted(_ palette: JSONPalette?) -> [UInt8] {
            var output: [UInt8] = []
            input.withUnsafeBufferPointer { buffer in
                JSONFormatter.format(buffer, palette: palette, escapingControls: true) { output.append(contentsOf: $0) }
            }
            return output
        }
        let plain = formatted(nil)
        let coloured = formatted(.standard)
        #expect(plain != coloured)
        await withTaskGroup(of: Bool.self) { group in
            for task in 0..<4 {
                group.addTask {
                    (0..<200).allSatisfy { round in
                        (task + round) % 2 == 0 ? formatted(nil) == plain : formatted(.standard) == coloured
                    }
                }
            }
            for await same in group { #expect(same) }
        }
    }
}
