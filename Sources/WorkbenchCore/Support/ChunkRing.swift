import Dispatch

/// A few fixed buffers passed round between one producer thread and one
/// consumer thread: the producer fills a buffer and hands it over, the
/// consumer uses it and gives it back. Printing a large body uses it so that
/// formatting (one core) and the kernel's copying of the output (the other)
/// overlap, with no copy of the output and a fixed amount of memory.
///
/// Safe to share between the two threads because each buffer belongs to one
/// side at a time: `free` and `filled` hand buffers over in order, and a
/// semaphore's signal happens-before the wait it wakes.
final class ChunkRing: @unchecked Sendable {
    let chunkSize: Int
    private let stride: Int
    private let storage: UnsafeMutablePointer<UInt8>
    private let slotCount: Int
    /// How many bytes of each buffer were filled; -1 marks the end.
    private let counts: UnsafeMutablePointer<Int>
    private let free: DispatchSemaphore
    private let filled = DispatchSemaphore(value: 0)
    /// The producer's next buffer, and the consumer's (each touched by one side only).
    private var producerSlot = 0
    private var consumerSlot = 0

    /// `slack`: bytes past each buffer's `chunkSize` that its filler may write (and that are never handed over).
    init(slots: Int, chunkSize: Int, slack: Int = 0) {
        precondition(slots >= 2)
        self.chunkSize = chunkSize
        stride = chunkSize + slack
        slotCount = slots
        storage = .allocate(capacity: slots * stride)
        counts = .allocate(capacity: slots)
        counts.initialize(repeating: 0, count: slots)
        // One buffer is the producer's from the start.
        free = DispatchSemaphore(value: slots - 1)
    }

    deinit {
        storage.deallocate()
        counts.deallocate()
    }

    // MARK: Producer

    /// The buffer the producer fills first.
    var firstBuffer: UnsafeMutablePointer<UInt8> { storage }

    /// Hands over the producer's buffer with `count` bytes filled and returns
    /// the next one to fill, waiting while the consumer holds all the others.
    func handOver(count: Int) -> UnsafeMutablePointer<UInt8> {
        counts[producerSlot] = count
        producerSlot = (producerSlot + 1) % slotCount
        filled.signal()
        free.wait()
        return storage + producerSlot * stride
    }

    /// No more buffers: the consumer's loop ends after the ones handed over.
    func finish() {
        counts[producerSlot] = -1
        filled.signal()
    }

    // MARK: Consumer

    /// Calls `use` with each buffer in the order handed over, until `finish`.
    func consume(_ use: (UnsafeBufferPointer<UInt8>) -> Void) {
        while true {
            filled.wait()
            let count = counts[consumerSlot]
            guard count >= 0 else { return }
            use(UnsafeBufferPointer(start: storage + consumerSlot * stride, count: count))
            consumerSlot = (consumerSlot + 1) % slotCount
            free.signal()
        }
    }
}
