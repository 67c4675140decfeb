import Platform

/// Runs a command line through `/bin/sh -c` with bytes on its standard input
/// and this process's standard output and error: `last | jq .name`, the pager.
///
/// The command owns the terminal while it runs (a pager reads keys from it);
/// nothing it prints passes back through the workbench, so what goes in must
/// already be masked.
public enum ShellCommand {
    /// Runs `command`, writes `input` to it and waits; returns its exit status
    /// (128 + N when signal N ended it). A command that stops reading early
    /// (`head -1`) is not an error.
    public static func run(_ command: String, input: [UInt8]) throws(WorkbenchError) -> Int32 {
        try run(command) { descriptor in _ = FileDescriptorSink.writeAll(input, to: descriptor) }
    }

    /// Runs `command` while `feed` writes its standard input through the descriptor
    /// it is given (a large response streams into the pager without being held).
    public static func run(_ command: String, feed: (Int32) -> Void) throws(WorkbenchError) -> Int32 {
        try run(command, arguments: [], pipesInput: true, feed: feed)
    }

    /// Runs `command` on this process's terminal (standard input too) and waits: an editor
    /// (`body edit`). `arguments` are its `$1`, `$2`, ... Its exit status, as `run` gives it.
    public static func runOnTerminal(_ command: String, arguments: [String]) throws(WorkbenchError) -> Int32 {
        try run(command, arguments: arguments, pipesInput: false, feed: { _ in })
    }

    private static func run(
        _ command: String, arguments: [String], pipesInput: Bool,
        feed: (Int32) -> Void
    ) throws(WorkbenchError) -> Int32 {
        var ends: [Int32] = [-1, -1]
        if pipesInput {
            guard pipe(&ends) == 0 else { throw FileSystem.failure("cannot run `\(command)`") }
        }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        if pipesInput { _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC) }

        let words = ["/bin/sh", "-c", command] + (arguments.isEmpty ? [] : ["sh"] + arguments)
        // The child starts with SIGPIPE and SIGINT as a shell would have them, whatever this process does.
        let spawned = Spawn.start(
            "/bin/sh", arguments: words,
            actions: pipesInput ? [.duplicate(readEnd, to: 0), .close(readEnd)] : [],
            defaultSignals: [SIGPIPE, SIGINT])
        if pipesInput { close(readEnd) }
        let child: pid_t
        switch spawned {
        case .success(let started): child = started
        case .failure(let error):
            if pipesInput { close(writeEnd) }
            throw WorkbenchError("cannot run `\(command)`: \(error.reason)")
        }

        if pipesInput {
            // A reader that quits early must not kill the workbench with SIGPIPE.
            let previous = signal(SIGPIPE, SIG_IGN)
            feed(writeEnd)
            close(writeEnd)
            signal(SIGPIPE, previous)
        }

        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 {
            guard errno == EINTR else { throw FileSystem.failure("cannot wait for `\(command)`") }
        }
        let signalNumber = status & 0x7F
        return signalNumber == 0 ? (status >> 8) & 0xFF : 128 + signalNumber
    }
}
