/// POSIX threads, for the work that must not run on Swift's cooperative pool (a blocking
/// transfer or socket would hold one of its few threads). `pthread_t` is an integer on Linux
/// and a pointer on macOS; a started thread is kept as its bits, so it is `Sendable` on both.
public enum Threads {
    /// A thread started by `start`: `join` it exactly once.
    public struct Started: Sendable {
        let bits: UInt

        /// Waits until the thread's work has returned.
        public func join() {
            #if canImport(Darwin)
            guard let thread = pthread_t(bitPattern: bits) else { return }
            pthread_join(thread, nil)
            #else
            pthread_join(bits, nil)
            #endif
        }
    }

    /// Starts `body` on a new joinable thread with `blocked` signals blocked (a new thread
    /// inherits its starter's mask); nil when no thread can be started.
    public static func start(blocking blocked: [Int32] = [], _ body: @escaping @Sendable () -> Void) -> Started? {
        withSignalsBlocked(blocked) {
            create(Work(body)).map { Started(bits: $0) }
        }
    }

    /// Runs `body` on a new detached thread; false (nothing run) when no thread can be started.
    public static func detach(_ body: @escaping () -> Void) -> Bool {
        guard let bits = create(Work(body)) else { return false }
        #if canImport(Darwin)
        if let thread = pthread_t(bitPattern: bits) { pthread_detach(thread) }
        #else
        pthread_detach(bits)
        #endif
        return true
    }

    /// `body` run with `signals` blocked in this thread, the mask restored after.
    public static func withSignalsBlocked<T>(_ signals: [Int32], _ body: () -> T) -> T {
        guard !signals.isEmpty else { return body() }
        var blocked = sigset_t()
        var previous = sigset_t()
        sigemptyset(&blocked)
        for signal in signals { sigaddset(&blocked, signal) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return body()
    }

    /// The new thread's bits, or nil (the work released) when it could not start.
    private static func create(_ work: Work) -> UInt? {
        let context = Unmanaged.passRetained(work).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        guard
            pthread_create(
                &thread, nil,
                { context in
                    guard let context else { return nil }
                    Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body()
                    return nil
                }, context) == 0
        else {
            Unmanaged<Work>.fromOpaque(context).release()
            return nil
        }
        #if canImport(Darwin)
        return thread.map { UInt(bitPattern: $0) }
        #else
        return thread
        #endif
    }

    /// The closure a thread runs, boxed to pass through pthread_create's pointer (each box
    /// goes to exactly one new thread).
    private final class Work {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }
}
