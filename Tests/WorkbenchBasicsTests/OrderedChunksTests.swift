import Synchronization
import Testing
@testable import WorkbenchBasics

/// Two producers filling numbered segments out of order: every chunk is
/// written once, in segment order and in each segment's own order, by one
/// thread at a time, whatever the buffer count and however uneven the segments.
@Suite struct OrderedChunksTests {
    /// Fills `chunks` for every segment it claims: segment s gets s % 7 full
    /// chunks and a last one; each chunk starts with its segment and index.
    struct Producer: @unchecked Sendable {
        let chunks: OrderedChunks
        let emit: (UnsafeBufferPointer<UInt8>) -> Void

        func run(_ producer: Int) {
            let filler = OrderedChunks.Filler(chunks, producer: producer, emit: emit)
            while let (segment, first) = filler.begin() {
                var buffer = first
                let full = segment % 7
                for index in 0...full {
                    let count = index < full ? chunks.chunkSize : 1 + segment % 5
                    buffer.update(repeating: 0, count: max(count, 4))
                    buffer[0] = UInt8(segment & 0xFF)
                    if count > 1 { buffer[1] = UInt8(segment >> 8) }
                    if count > 2 { buffer[2] = UInt8(index) }
                    if index < full { buffer = filler.handOver(count: count) } else { filler.end(count: count) }
                }
            }
        }
    }

    @Test(arguments: [2, 3, 5])
    func chunksAreWrittenInOrderByOneThreadAtATime(buffersEach: Int) {
        let segments = 600
        let chunks = OrderedChunks(segments: segments, chunkSize: 16, slack: 0, buffersEach: buffersEach)
        let writing = Atomic<Int>(0)
        var overlapped = false
        var written: [[UInt8]] = []
        withoutActuallyEscaping({ (chunk: UnsafeBufferPointer<UInt8>) in
            if writing.add(1, ordering: .sequentiallyConsistent).newValue != 1 { overlapped = true }
            written.append(Array(chunk.prefix(3)))
            writing.subtract(1, ordering: .sequentiallyConsistent)
        }) { emit in
            let producer = Producer(chunks: chunks, emit: emit)
            WorkerThreads.run(1, { _ in producer.run(1) }, meanwhile: { producer.run(0) })
            chunks.writeDue(emit)
        }
        var expected: [[UInt8]] = []
        for segment in 0..<segments {
            let full = segment % 7
            for index in 0...full {
                let count = index < full ? 16 : 1 + segment % 5
                expected.append(Array([UInt8(segment & 0xFF), UInt8(segment >> 8), UInt8(index)].prefix(count)))
            }
        }
        #expect(!overlapped)
        #expect(chunks.allWritten)
        #expect(written == expected)
    }
}
