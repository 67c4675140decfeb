import Testing
@testable import WorkbenchBasics
@testable import WorkbenchHTTP
import WorkbenchTestSupport

/// Indentation stops growing at `JSONFormatter.maximumIndentDepth`; every way of
/// printing a body says so, once, when a body nests deeper than that, and never otherwise.
@Suite struct DeepJSONNoteTests {
    /// `depth` nested arrays with a number at the bottom, so the innermost one has a line of its own.
    static func nested(_ depth: Int) -> [UInt8] {
        Array(String(repeating: "[", count: depth).utf8) + Array("1".utf8) + Array(String(repeating: "]", count: depth).utf8)
    }

    static let limit = JSONFormatter.maximumIndentDepth

    @Test func everyFormatterEntryReportsTheCap() {
        for (depth, capped) in [(1, false), (Self.limit, false), (Self.limit + 1, true), (5_000, true)] {
            let document = Self.nested(depth)
            document.withUnsafeBufferPointer { buffer in
                var formatted = false
                var valid = false
                var segmented = false
                JSONFormatter.format(buffer, palette: nil, indentCapped: &formatted) { _ in }
                #expect(formatted == capped, "format, depth \(depth)")
                #expect(JSONFormatter.formatIfValid(buffer, palette: nil, indentCapped: &valid) { _ in } == nil)
                #expect(valid == capped, "formatIfValid, depth \(depth)")
                let checkpoints = jsonCheckpoints(document, every: 64)
                JSONFormatter.formatInSegments(
                    buffer, checkpoints: checkpoints, palette: nil, chunkSize: 256,
                    indentCapped: &segmented
                ) { _ in }
                #expect(segmented == capped, "formatInSegments, depth \(depth)")
            }
        }
        // Empty containers at the bottom have no lines inside: nothing was indented less than it is deep.
        let empties = Array((String(repeating: "[", count: Self.limit + 1) + String(repeating: "]", count: Self.limit + 1)).utf8)
        var emptiesCapped = false
        empties.withUnsafeBufferPointer { buffer in JSONFormatter.format(buffer, palette: nil, indentCapped: &emptiesCapped) { _ in } }
        #expect(!emptiesCapped)
        // Invalid input prints nothing, so there is nothing to note.
        var found = false
        let broken = Self.nested(Self.limit + 5).dropLast()
        Array(broken).withUnsafeBufferPointer { buffer in
            #expect(JSONFormatter.formatIfValid(buffer, palette: nil, indentCapped: &found) { _ in } != nil)
        }
        #expect(!found)
    }

    @Test func theResponseSaysSoOnceAfterTheBody() {
        let rendering = RenderingTests()
        let deep = Self.nested(Self.limit + 20)
        var checked = rendering.response("application/json", deep)
        checked.bodyCheck = JSONBodyCheck.Verdict.valid
        // Over a megabyte, printed by two threads: many flat values, one deep one among them.
        let flat = Array(repeating: Array("\"a flat value to print\",".utf8), count: 50_000).flatMap { $0 }
        var large = rendering.response("application/json", Array("[".utf8) + flat + deep + Array(",".utf8) + flat + Array("1]".utf8))
        large.bodyCheck = JSONBodyCheck.Verdict.valid
        large.bodyCheckpoints = jsonCheckpoints(large.body, every: JSONBodyCheck.checkpointSpacing)
        #expect(large.body.count >= ResponseRenderer.twoThreadSize)
        for response in [
            rendering.response("application/json", deep), checked, large,
            rendering.response("application/x-ndjson", deep + Array("\n".utf8) + deep),
        ] {
            let (text, errors) = rendering.render(response)
            #expect(errors == [ResponseRenderer.indentCappedNote])
            #expect(text.contains("\n" + String(repeating: " ", count: 2 * Self.limit) + "1\n"))
            #expect(!text.contains(String(repeating: " ", count: 2 * Self.limit + 1)))
        }
        #expect(ResponseRenderer.indentCappedNote.contains("100 levels"))
        for body in [Self.nested(Self.limit), Array(#"{"a":[1,{"b":2}]}"#.utf8)] {
            #expect(rendering.render(rendering.response("application/json", body)).1.isEmpty)
        }
    }
}
