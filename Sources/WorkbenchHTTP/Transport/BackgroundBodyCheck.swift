import Synchronization
import Platform
import WorkbenchBasics

/// A large JSON body checked on a thread of its own while libcurl receives
/// it, so that receiving and checking use both cores instead of taking turns
/// in the write callback. The verdict is the same `JSONBodyCheck`'s: only the
/// pieces it is fed differ, and the check does not depend on where pieces end.
/// What it wins (Benchmarks/README.md, "The check beside the download", with the fast
/// check): benchmark d (the 40 MB print) 0.58x the commit before (235.5 against 407.4 ms);
/// the transfer time shown went from 150-260 ms to 40-90 ms, the check ending just after
/// the last byte.
///
/// Why sharing the bytes is safe: the owner (`ResponseCollector`) reserved
/// the body's storage for its announced length before the first byte and
/// hands over the storage's address; it only ever appends within that
/// capacity while the worker runs (it calls `stop` first when an append would
/// move or copy the storage), so the address stays valid and the bytes below
/// the published count are never written again. The worker reads only those
/// bytes, never the `Array` value; the count is published under the lock, so
/// the bytes written before it are visible to the worker (release/acquire).
/// `check` belongs to the worker until it is joined, then to the owner.
final class BackgroundBodyCheck: @unchecked Sendable {
    /// Bodies announced at least this long are checked on a thread; smaller
    /// ones (most API responses) are checked in the callback as before.
    static let threshold = 1 << 20
    /// The worker looks for `stop` between slices of this many bytes.
    static let slice = 1 << 20
    /// A worker that has caught up sleeps until this much more has arrived
    /// (or the body is complete): woken for every piece libcurl hands over
    /// (16 KiB), it spent more time switching than checking.
    static let wakeBatch = 256 << 10

    /// The storage read (the owner checks that its body is still there).
    let base: UnsafePointer<UInt8>
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let arrived = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    // Under `lock`:
    private var received = 0
    private var complete = false
    private var sleeping = false
    /// While `sleeping`: the count that is worth waking the worker for.
    private var wakeAt = 0
    /// Set by `stop`: the worker returns at its next look.
    private let stopped = Atomic<Bool>(false)
    /// The worker's until it is joined.
    private var check = JSONBodyCheck()
    private var thread: WorkerThreads.Started?

    /// Starts the worker on the storage at `base`; nil when no thread can be started.
    static func start(reading base: UnsafePointer<UInt8>) -> BackgroundBodyCheck? {
        let background = BackgroundBodyCheck(base: base)
        guard let thread = WorkerThreads.start({ background.work() }) else { return nil }
        background.thread = thread
        return background
    }

    private init(base: UnsafePointer<UInt8>) {
        self.base = base
        pthread_mutex_init(lock, nil)
        pthread_cond_init(arrived, nil)
    }

    deinit {
        pthread_cond_destroy(arrived)
        pthread_mutex_destroy(lock)
        arrived.deallocate()
        lock.deallocate()
    }

    /// The first `count` bytes have arrived (and will not change).
    func publish(_ count: Int) {
        pthread_mutex_lock(lock)
        received = count
        if sleeping && count >= wakeAt { pthread_cond_signal(arrived) }
        pthread_mutex_unlock(lock)
    }

    /// The body is complete: waits until the worker has checked all of it,
    /// and returns the check (for `finish` on the whole body).
    func finish() -> JSONBodyCheck {
        pthread_mutex_lock(lock)
        complete = true
        pthread_cond_signal(arrived)
        pthread_mutex_unlock(lock)
        return join()
    }

    /// Stops the worker where it is (the transfer ended early, or the storage
    /// is about to move) and returns the check as far as it went, to go on
    /// with in the callback.
    func stop() -> JSONBodyCheck {
        stopped.store(true, ordering: .relaxed)
        pthread_mutex_lock(lock)
        pthread_cond_signal(arrived)
        pthread_mutex_unlock(lock)
        return join()
    }

    private func join() -> JSONBodyCheck {
        thread?.join()
        thread = nil
        return check
    }

    /// The worker: checks what has arrived, slice by slice, and sleeps when it has caught up.
    private func work() {
        var checked = 0
        while true {
            pthread_mutex_lock(lock)
            while received - checked < Self.wakeBatch && !complete && !stopped.load(ordering: .relaxed) {
                sleeping = true
                wakeAt = checked + Self.wakeBatch
                pthread_cond_wait(arrived, lock)
                sleeping = false
            }
            let available = received
            let done = complete
            pthread_mutex_unlock(lock)
            while checked < available {
                if stopped.load(ordering: .relaxed) { return }
                checked = min(available, checked + Self.slice)
                check.add(UnsafeBufferPointer(start: base, count: checked))
            }
            if done || stopped.load(ordering: .relaxed) { return }
        }
    }
}
