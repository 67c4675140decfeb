import Platform

/// Runs a program found on `PATH` (no shell) with its standard input empty, and takes what
/// it writes: secret managers' command-line tools (`pass`, `op`, `security`, `secret-tool`).
/// Bounded in time and in output; the child is killed past either bound.
public enum ToolRun {
    public struct Output: Sendable {
        public var status: Int32
        public var standardOutput: [UInt8]
        public var standardError: [UInt8]
    }

    /// Why a run gave no output to use.
    public enum Failure: Error, Sendable {
        /// The program is not on `PATH`.
        case missing(String)
        case cannotStart(String)
        case timedOut(seconds: Int)
        case tooMuchOutput(bytes: Int)
    }

    /// `arguments[0]` is looked up on `path` (a `PATH` value) unless it holds a `/`.
    public static func run(
        _ arguments: [String], path: String, seconds: Int = 30, maximumBytes: Int = 64 * 1024
    ) -> Result<Output, Failure> {
        guard let program = arguments.first, let executable = locate(program, path: path) else {
            return .failure(.missing(arguments.first ?? ""))
        }
        var outPipe: [Int32] = [-1, -1]
        var errPipe: [Int32] = [-1, -1]
        guard pipe(&outPipe) == 0 else { return .failure(.cannotStart("no pipe")) }
        guard pipe(&errPipe) == 0 else {
            close(outPipe[0])
            close(outPipe[1])
            return .failure(.cannotStart("no pipe"))
        }
        for descriptor in [outPipe[0], errPipe[0]] { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        let spawned = Spawn.start(
            executable, arguments: arguments,
            actions: [
                .open(0, path: "/dev/null", flags: O_RDONLY), .duplicate(outPipe[1], to: 1), .duplicate(errPipe[1], to: 2),
                .close(outPipe[1]), .close(errPipe[1]),
            ],
            defaultSignals: [SIGPIPE, SIGINT])
        close(outPipe[1])
        close(errPipe[1])
        defer {
            close(outPipe[0])
            close(errPipe[0])
        }
        let child: pid_t
        switch spawned {
        case .success(let started): child = started
        case .failure(let error): return .failure(.cannotStart(error.reason))
        }
        var output: [UInt8] = []
        var errors: [UInt8] = []
        var open = [outPipe[0], errPipe[0]]
        var failure: Failure?
        let deadline = ContinuousClock.now + .seconds(seconds)
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !open.isEmpty && failure == nil {
            let left = deadline - ContinuousClock.now
            let milliseconds = Int32(max(0, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            if milliseconds == 0 {
                failure = .timedOut(seconds: seconds)
                break
            }
            var polls = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&polls, nfds_t(polls.count), milliseconds)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { continue }
            for item in polls where item.revents != 0 {
                let count = chunk.withUnsafeMutableBytes { read(item.fd, $0.baseAddress, $0.count) }
                if count <= 0 {
                    open.removeAll { $0 == item.fd }
                } else if item.fd == outPipe[0] {
                    output += chunk[..<count]
                } else {
                    errors += chunk[..<min(count, max(0, 4096 - errors.count))]
                }
                if output.count > maximumBytes { failure = .tooMuchOutput(bytes: maximumBytes) }
            }
        }
        if failure != nil { kill(child, SIGKILL) }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        if let failure { return .failure(failure) }
        let signalNumber = status & 0x7F
        return .success(
            Output(status: signalNumber == 0 ? (status >> 8) & 0xFF : 128 + signalNumber, standardOutput: output, standardError: errors))
    }

    /// The executable file `program` names on `path`, or nil.
    static func locate(_ program: String, path: String) -> String? {
        if program.contains("/") { return access(program, X_OK) == 0 ? program : nil }
        for folder in path.split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = (folder.isEmpty ? "." : String(folder)) + "/" + program
            if access(candidate, X_OK) == 0, let status = FileStatus.of(path: candidate), status.kind == .regular { return candidate }
        }
        return nil
    }
}
