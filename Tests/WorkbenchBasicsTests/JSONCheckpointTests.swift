import Testing
@testable import WorkbenchBasics

/// Checkpoints noted by the check must be exactly what a reader of the tokens
/// sees at that offset: a value's first byte, with the containers around it.
@Suite struct JSONCheckpointTests {
    /// Every value start in `document`, with its depth and container bits, from the tokens.
    static func valueStarts(_ document: [UInt8]) -> [Int: JSONCheckpoint] {
        document.withUnsafeBufferPointer { buffer in
            var tokenizer = JSONTokenizer(buffer)
            var starts: [Int: JSONCheckpoint] = [:]
            var kinds: [Bool] = []
            var expectKey = false
            while true {
                let token = tokenizer.next()
                switch token.kind {
                case .end: return starts
                case .comma: expectKey = kinds.last == true
                case .colon: expectKey = false
                case .endObject, .endArray: kinds.removeLast()
                case .string where expectKey: expectKey = false
                default:
                    var levels: UInt64 = 0
                    for (level, isObject) in kinds.enumerated() where isObject && level < 64 { levels |= 1 << UInt64(level) }
                    starts[token.start] = JSONCheckpoint(offset: token.start, depth: kinds.count, levels: levels)
                    if token.kind == .beginObject || token.kind == .beginArray {
                        kinds.append(token.kind == .beginObject)
                        expectKey = token.kind == .beginObject
                    }
                }
            }
        }
    }

    @Test(arguments: 0..<8)
    func everyCheckpointIsAValueStartWithItsContainers(seed: Int) {
        let document = JSONFormatterPathsTests.sampleDocument(seed: UInt64(seed))
        let reference = Self.valueStarts(document)
        for spacing in [1, 7, 100, 1000] {
            let checkpoints = document.withUnsafeBufferPointer { buffer in
                var tokenizer = JSONTokenizer(buffer)
                tokenizer.recordCheckpoints(every: spacing)
                let valid = tokenizer.checkToEnd()
                #expect(valid)
                return tokenizer.checkpoints
            }
            #expect(!checkpoints.isEmpty)
            var last = 0
            for checkpoint in checkpoints {
                #expect(reference[checkpoint.offset] == checkpoint, "offset \(checkpoint.offset), spacing \(spacing)")
                #expect(checkpoint.offset - last >= spacing)
                last = checkpoint.offset
            }
        }
    }

    /// The body check notes them as the pieces arrive, and keeps them only for a valid body.
    @Test func theBodyCheckKeepsThemForAValidBodyOnly() {
        let item = Array(#"{"id": 1, "name": "x", "tags": ["a", "b"], "owner": {"login": "u"}}"#.utf8)
        var document = Array("[".utf8)
        for index in 0..<4000 {
            if index > 0 { document += Array(",\n".utf8) }
            document += item
        }
        document += Array("]".utf8)
        let reference = Self.valueStarts(document)
        func check(_ body: [UInt8]) -> (JSONBodyCheck.Verdict?, [JSONCheckpoint]) {
            var check = JSONBodyCheck()
            body.withUnsafeBufferPointer { buffer in
                var end = 0
                while end < buffer.count {
                    end = min(buffer.count, end + 16 << 10)
                    check.add(UnsafeBufferPointer(rebasing: buffer[0..<end]))
                }
            }
            let verdict = body.withUnsafeBufferPointer { check.finish($0) }
            return (verdict, check.checkpoints)
        }
        let (verdict, checkpoints) = check(document)
        #expect(verdict == .valid)
        #expect(checkpoints.count >= document.count / JSONBodyCheck.checkpointSpacing - 1)
        for checkpoint in checkpoints {
            #expect(reference[checkpoint.offset] == checkpoint)
            #expect(checkpoint.depth >= 1)
        }
        let (brokenVerdict, brokenCheckpoints) = check(document.dropLast() + Array(",]".utf8))
        #expect(brokenVerdict != .valid)
        #expect(brokenCheckpoints.isEmpty)
    }
}
