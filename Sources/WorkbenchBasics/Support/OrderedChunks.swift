import Platform

/// Output produced by two threads out of order and written in order: the
/// work is cut into numbered segments that the threads claim in turn; each
/// fills buffers for the segment it holds and hands them over, and whichever
/// thread finds chunks of the segment due writes them, so both threads share
/// the writing (the kernel's copy of the output costs about half as much as
/// producing it). Printing a large JSON body uses it to lay out two stretches
/// of the body at once (`JSONFormatter.formatInSegments`).
///
/// Memory is fixed: each producer owns `buffersEach` buffers, and one that
/// runs ahead waits when all of its buffers hold output not yet written.
/// That never blocks for good: the segment due is always one a producer is
/// filling (and then it hands over chunks of it, which it writes itself) or
/// one that has ended (and then its chunks are written by whoever looks).
///
/// What it wins (Benchmarks/README.md, "Printing on two threads"): the 40 MB print's
/// formatting and writes from ~60 ms on one formatting thread to 45-52 ms, benchmark d
/// 0.86x the commit before (131.8 against 153.1 ms, 3.51x the download: the 4x goal met).
///
/// Safe to share because every buffer belongs to one side at a time (handed
/// over and given back under the lock), and because only the thread holding
/// `writing` calls `emit`: the two threads never write at once, and each
/// write happens-after the previous one (the lock is passed between them).
final class OrderedChunks: @unchecked Sendable {
    let chunkSize: Int
    let segmentCount: Int
    private let stride: Int
    private let buffersEach: Int
    private let storage: UnsafeMutablePointer<UInt8>
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// One per producer: signalled when one of its buffers comes back.
    private let returned = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 2)

    /// A filled buffer waiting to be written.
    private struct Chunk {
        var slot: Int
        var count: Int
    }

    // Under `lock`:
    private var nextSegment = 0
    /// The segment written next.
    private var due = 0
    /// Per segment: chunks handed over and not yet written, and whether its last one came.
    private var waitingChunks: [[Chunk]]
    private var finished: [Bool]
    /// Per producer: its buffers not in use.
    private var free: [[Int]]
    private var sleeping = [false, false]
    /// A thread is writing (outside the lock).
    private var writing = false

    /// `slack`: bytes past each buffer's `chunkSize` that its filler may write (never handed over).
    init(segments: Int, chunkSize: Int, slack: Int, buffersEach: Int) {
        precondition(buffersEach >= 2)
        self.chunkSize = chunkSize
        segmentCount = segments
        stride = chunkSize + slack
        self.buffersEach = buffersEach
        storage = .allocate(capacity: 2 * buffersEach * stride)
        waitingChunks = Array(repeating: [], count: segments)
        finished = Array(repeating: false, count: segments)
        free = (0..<2).map { producer in Array((producer * buffersEach..<(producer + 1) * buffersEach).reversed()) }
        pthread_mutex_init(lock, nil)
        pthread_cond_init(returned, nil)
        pthread_cond_init(returned + 1, nil)
    }

    deinit {
        pthread_cond_destroy(returned)
        pthread_cond_destroy(returned + 1)
        pthread_mutex_destroy(lock)
        returned.deallocate()
        lock.deallocate()
        storage.deallocate()
    }

    /// The next segment to work on, or nil when all are taken.
    private func claim() -> Int? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        guard nextSegment < segmentCount else { return nil }
        nextSegment += 1
        return nextSegment - 1
    }

    /// Whether the segment due has chunks to write or has ended (under `lock`).
    private var somethingDue: Bool {
        due < segmentCount && (!waitingChunks[due].isEmpty || finished[due])
    }

    /// One of `producer`'s buffers to fill, writing what is due meanwhile.
    private func buffer(for producer: Int, writing emit: (UnsafeBufferPointer<UInt8>) -> Void) -> Int {
        while true {
            writeDue(emit)
            pthread_mutex_lock(lock)
            if let slot = free[producer].popLast() {
                pthread_mutex_unlock(lock)
                return slot
            }
            if somethingDue && !writing {
                // Handed over since `writeDue` looked: write it first.
                pthread_mutex_unlock(lock)
                continue
            }
            // All of this producer's buffers hold output of a later segment
            // (or are being written): wait until one comes back.
            sleeping[producer] = true
            pthread_cond_wait(returned + producer, lock)
            sleeping[producer] = false
            pthread_mutex_unlock(lock)
        }
    }

    private func pointer(_ slot: Int) -> UnsafeMutablePointer<UInt8> {
        storage + slot * stride
    }

    private func handOver(_ slot: Int, count: Int, segment: Int, last: Bool) {
        pthread_mutex_lock(lock)
        waitingChunks[segment].append(Chunk(slot: slot, count: count))
        if last { finished[segment] = true }
        pthread_mutex_unlock(lock)
    }

    /// Writes every chunk that is due now, in order, unless the other thread
    /// is writing (it then writes these too before it stops); never waits.
    func writeDue(_ emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        pthread_mutex_lock(lock)
        guard !writing else {
            pthread_mutex_unlock(lock)
            return
        }
        writing = true
        while somethingDue {
            let chunks = waitingChunks[due]
            waitingChunks[due] = []
            let ended = finished[due]
            pthread_mutex_unlock(lock)
            for chunk in chunks where chunk.count > 0 {
                emit(UnsafeBufferPointer(start: pointer(chunk.slot), count: chunk.count))
            }
            pthread_mutex_lock(lock)
            for chunk in chunks {
                let owner = chunk.slot / buffersEach
                free[owner].append(chunk.slot)
                if sleeping[owner] { pthread_cond_signal(returned + owner) }
            }
            // More may have come for this segment while writing.
            if ended && waitingChunks[due].isEmpty { due += 1 }
        }
        writing = false
        pthread_mutex_unlock(lock)
    }

    /// Whether every segment has been written.
    var allWritten: Bool {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return due == segmentCount
    }

    /// One producer's side: the segment it holds and the buffer it fills.
    final class Filler {
        let chunks: OrderedChunks
        let producer: Int
        private let emit: (UnsafeBufferPointer<UInt8>) -> Void
        private var slot = -1
        private var segment = -1

        /// `producer`: 0 or 1. `emit` writes; it is called by one thread at a time.
        init(_ chunks: OrderedChunks, producer: Int, emit: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
            self.chunks = chunks
            self.producer = producer
            self.emit = emit
        }

        var chunkSize: Int { chunks.chunkSize }

        /// Claims the next segment and returns it with the buffer to fill; nil when none is left.
        func begin() -> (segment: Int, buffer: UnsafeMutablePointer<UInt8>)? {
            guard let next = chunks.claim() else { return nil }
            segment = next
            slot = chunks.buffer(for: producer, writing: emit)
            return (next, chunks.pointer(slot))
        }

        /// Hands over the full buffer and returns the next one.
        func handOver(count: Int) -> UnsafeMutablePointer<UInt8> {
            chunks.handOver(slot, count: count, segment: segment, last: false)
            slot = chunks.buffer(for: producer, writing: emit)
            return chunks.pointer(slot)
        }

        /// Hands over the segment's last buffer and writes what is due.
        func end(count: Int) {
            chunks.handOver(slot, count: count, segment: segment, last: true)
            slot = -1
            chunks.writeDue(emit)
        }
    }
}
