#if canImport(Glibc)
import Glibc
#endif

/// Runs work on threads of its own and waits for them: `workbench replay
/// --jobs N` runs N files at once, each blocking in libcurl's transfer loop,
/// and a large JSON body is checked beside its download (`BackgroundBodyCheck`).
///
/// Written on pthreads because neither alternative fits: Swift concurrency's
/// cooperative pool is as wide as the machine has cores (a blocking transfer
/// would hold one of its threads, so 4 jobs on 2 cores would run 2 at a time),
/// and Foundation's `Thread` would bring Foundation in for this alone.
public enum WorkerThreads {
    /// Calls `body(0)`, `body(1)`, ... `body(count - 1)`, each on a new thread,
    /// then `meanwhile` on the calling thread, and returns when every thread
    /// has returned and `meanwhile` too. The threads block SIGINT, so
    /// Ctrl-C always reaches the calling thread's handler and a worker's system
    /// calls are never interrupted by it (they see the flag it sets instead).
    /// A thread that cannot be started runs its part on the calling thread.
    public static func run(_ count: Int, _ body: @escaping @Sendable (Int) -> Void, meanwhile: () -> Void = {}) {
        var threads: [Started] = []
        var leftOver: [Int] = []
        for index in 0..<count {
            if let thread = start({ body(index) }) {
                threads.append(thread)
            } else {
                leftOver.append(index)
            }
        }
        for index in leftOver { body(index) }
        meanwhile()
        for thread in threads { thread.join() }
    }

    /// A thread started by `start`: `join` it exactly once.
    package struct Started: Sendable {
        let thread: pthread_t

        /// Waits until the thread's work has returned.
        package func join() {
            pthread_join(thread, nil)
        }
    }

    /// Starts `body` on a new thread with SIGINT blocked (see `run`) and
    /// returns at once; nil when no thread can be started.
    package static func start(_ body: @escaping @Sendable () -> Void) -> Started? {
        var blocked = sigset_t()
        var previous = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGINT)
        // New threads inherit the mask of the thread that starts them.
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let work = Unmanaged.passRetained(Work(body)).toOpaque()
        var thread = pthread_t()
        guard pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body()
            return nil
        }, work) == 0 else {
            Unmanaged<Work>.fromOpaque(work).release()
            return nil
        }
        return Started(thread: thread)
    }

    /// The closure a thread runs, boxed to pass through pthread_create's pointer.
    private final class Work: Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
