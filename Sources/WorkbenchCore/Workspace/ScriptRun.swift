import Platform
import WorkbenchBasics
import WorkbenchAPIs
import WorkbenchSessions

/// Runs commands from a file or a pipe: no prompt, no line editing.
///
/// A failing command prints `error: line N: ...` and stops the script with
/// status 1, unless `keepGoing` is set (then the status is 1 at the end).
///
/// Ctrl-C stops the operation that runs (a send, `sleep`, the waits of `send --until` and
/// `--retry`, `bench`, which prints what it measured), as in the REPL; then the script ends
/// there, whatever `keepGoing` says, with one line naming where and status 130, as a shell
/// script stopped by Ctrl-C. The line that was running finishes its writes first (they are
/// atomic), so no file is left half-written.
public struct ScriptRun {
    let interpreter: Interpreter
    let streams: FileDescriptorSink
    let keepGoing: Bool
    /// `error:` as written before each error line (red when standard error is a terminal).
    let errorPrefix: String
    /// Whether Ctrl-C was pressed (the interrupt flag the transport and the waits poll too).
    let interrupted: () -> Bool

    public init(
        interpreter: Interpreter, streams: FileDescriptorSink, keepGoing: Bool, errorPrefix: String = "error:",
        interrupted: @escaping () -> Bool = { false }
    ) {
        self.interpreter = interpreter
        self.streams = streams
        self.keepGoing = keepGoing
        self.errorPrefix = errorPrefix
        self.interrupted = interrupted
    }

    /// One error line; the message is masked here, the prefix is the workbench's own.
    private func report(_ message: String, line: Int) {
        interpreter.output.finish()
        streams.printError(" line \(line): " + interpreter.redactor.redact(message), prefix: errorPrefix)
    }

    /// Runs every line `nextLine` gives; returns the exit status. A block (`if` ... `end`,
    /// `repeat N` ... `end`) runs when its `end` is read; an error inside it names its own line.
    public func run(nextLine: () -> Result<String, WorkbenchError>?) -> Int32 {
        var lineNumber = 0
        var failed = false
        var blocks = ScriptBlockReader()
        interpreter.scriptSleep = 0
        defer { interpreter.scriptSleep = nil }
        while let read = nextLine() {
            lineNumber += 1
            let stop: ScriptStop?
            var statementLine = lineNumber
            switch read {
            case .success(let line):
                (stop, statementLine) = step(line, number: lineNumber, blocks: &blocks)
            case .failure(let error):
                // A body block cannot be set with a line missing from it.
                let abandoned = interpreter.pendingTerminator.map { "; `body <<\($0)` was abandoned and the body not set" } ?? ""
                interpreter.cancelPendingInput()
                stop = .failed(error.mapMessage { $0 + abandoned }, line: lineNumber)
            }
            // Whoever reads the other end of a pipe sees each command's output when it is done.
            streams.flush()
            if interrupted() {
                if case .failed(_, let line) = stop { statementLine = line }
                return stopped(at: statementLine, by: stop)
            }
            switch stop {
            case nil:
                continue
            case .exit:
                return finish(failed: failed)
            case .failed(let error, let line):
                report(error.message, line: line)
                failed = true
                if !keepGoing { return finish(failed: true) }
            }
        }
        // Ctrl-C while the next line was being read (a pipe that waits).
        if interrupted() { return stopped(at: lineNumber + 1, by: nil) }
        do throws(WorkbenchError) {
            try blocks.finish()
        } catch {
            report(error.message, line: blocks.openingLine ?? lineNumber)
            interpreter.cancelPendingInput()
            return finish(failed: true)
        }
        if case .failed(let error) = interpreter.finishInput() {
            report(error.message, line: lineNumber)
            failed = true
        }
        return finish(failed: failed)
    }

    /// One line read: nil when it ran (or joined an open block), else what stopped it; and the
    /// line the statement it completed starts on (a block's first line).
    private func step(_ line: String, number: Int, blocks: inout ScriptBlockReader) -> (ScriptStop?, line: Int) {
        let statement: ScriptStatement?
        do throws(WorkbenchError) {
            statement = try blocks.read(line, number: number, bodyPending: interpreter.isCollectingBody)
        } catch {
            return (.failed(error, line: number), number)
        }
        guard let statement else { return (nil, number) }
        let first: Int
        switch statement {
        case .line(_, let start), .conditional(_, let start, _, _), .repetition(_, let start, _): first = start
        }
        do throws(ScriptStop) {
            try ScriptBlockRunner(interpreter: interpreter).run(statement)
            return (nil, first)
        } catch {
            return (error, first)
        }
    }

    /// Ctrl-C: the one line saying where the script stopped (with what the stopped
    /// operation said, masked), and status 130.
    private func stopped(at line: Int, by stop: ScriptStop?) -> Int32 {
        interpreter.cancelPendingInput()
        interpreter.output.finish()
        var message = "interrupted (Ctrl-C) at line \(line)"
        if case .failed(let error, _) = stop { message += ": " + interpreter.redactor.redact(error.message) }
        streams.printError(message)
        _ = finish(failed: true)
        return ExitStatus.interrupted.rawValue
    }

    /// The exit status: 1 when a line failed or the output could not be written.
    private func finish(failed: Bool) -> Int32 {
        interpreter.leaveWebSocket()
        streams.flush()
        if streams.writeFailed {
            streams.printError("error: the output could not be written (standard output refused it)")
            return ExitStatus.failure.rawValue
        }
        return (failed ? ExitStatus.failure : .success).rawValue
    }
}

/// Reads lines from a file descriptor with one large buffer (much faster than byte-wise reads).
public final class LineReader {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    /// Where the search for the next newline goes on: the bytes before it hold none.
    /// Searching from `start` again after every read made a long line quadratic
    /// (a 50 MB line took 15 s); now every byte is looked at once.
    private var searched = 0
    private var finished = false
    /// A UTF-8 byte-order mark before the first line (Notepad writes one) is no part of it.
    private var byteOrderMarkChecked = false
    /// Ctrl-C pressed: a read it breaks (EINTR) ends the lines instead of waiting again.
    private let interrupted: () -> Bool

    public init(descriptor: Int32, interrupted: @escaping () -> Bool = { false }) {
        self.descriptor = descriptor
        self.interrupted = interrupted
    }

    /// The next line, or why it is not one (not UTF-8); nil at the end.
    public func next() -> Result<String, WorkbenchError>? {
        while true {
            if !byteOrderMarkChecked && (buffer.count >= 3 || finished) {
                byteOrderMarkChecked = true
                if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { (start, searched) = (3, 3) }
            }
            if let newline = buffer[max(start, searched)...].firstIndex(of: UInt8(ascii: "\n")) {
                var end = newline
                if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let line = Result { () throws(WorkbenchError) in try UTF8Line.decode(buffer[start..<end]) }
                start = newline + 1
                searched = start
                return line
            }
            searched = buffer.count
            if finished {
                guard start < buffer.count else { return nil }
                let line = Result { () throws(WorkbenchError) in try UTF8Line.decode(buffer[start...]) }
                start = buffer.count
                return line
            }
            if start > 0 {
                buffer.removeFirst(start)
                searched -= start
                start = 0
            }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR {
                if interrupted() { return nil }
                continue
            }
            if count <= 0 {
                finished = true
            } else {
                buffer.append(contentsOf: chunk[0..<count])
            }
        }
    }
}
