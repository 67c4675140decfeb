import Platform

/// Runs work on threads of its own and waits for them: `workbench replay
/// --jobs N` runs N files at once, each blocking in libcurl's transfer loop,
/// and a large JSON body is checked beside its download (`BackgroundBodyCheck`).
///
/// Written on POSIX threads (Platform's `Threads`) because neither alternative fits: Swift concurrency's
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
    package typealias Started = Threads.Started

    /// Starts `body` on a new thread with SIGINT blocked (see `run`) and
    /// returns at once; nil when no thread can be started.
    package static func start(_ body: @escaping @Sendable () -> Void) -> Started? {
        Threads.start(blocking: [SIGINT], body)
    }
}
