/// Where command output goes. The executable writes to the terminal; tests collect it.
public protocol OutputSink: AnyObject {
    /// Text for standard output (a newline is added).
    func printLine(_ text: String)
    /// Raw bytes for standard output, as they are.
    func writeBytes(_ bytes: [UInt8])
    /// One line for standard error (`warning: ...`, progress notes).
    func printError(_ text: String)
    /// Raw bytes for standard output, straight from a buffer (large bodies: no copy needed).
    func write(_ buffer: UnsafeBufferPointer<UInt8>)
}

extension OutputSink {
    public func write(_ buffer: UnsafeBufferPointer<UInt8>) {
        writeBytes(Array(buffer))
    }
}

/// Runs lines of input against a workspace: parses, collects `body <<END`
/// blocks, applies, and hands sends to the transport.
///
/// The REPL and script mode both drive one of these, so they behave the same.
public final class Interpreter {
    public var workspace: Workspace
    public var context: CommandContext
    public let output: OutputSink
    /// Called for `.send` and `.timing` outcomes; set by whoever owns a transport.
    public var performer: ((Outcome, Interpreter) throws(WorkbenchError) -> Void)?

    private var heredoc: (json: Bool, terminator: String, lines: [String])?

    public init(workspace: Workspace = Workspace(), context: CommandContext, output: OutputSink) {
        self.workspace = workspace
        self.context = context
        self.output = output
    }

    /// What became of one line.
    public enum LineResult: Equatable {
        case ok
        case failed(WorkbenchError)
        case exit
    }

    /// True while the lines of a `body <<END` block are being collected.
    public var isCollectingBody: Bool { heredoc != nil }

    /// The terminator of the block being collected, for the continuation prompt.
    public var pendingTerminator: String? { heredoc?.terminator }

    public func handle(line: String) -> LineResult {
        do {
            return try handleThrowing(line: line)
        } catch {
            return .failed(error)
        }
    }

    /// Drops a half-typed `body <<END` block (Ctrl-C).
    public func cancelPendingInput() {
        heredoc = nil
    }

    /// Ends input: an unterminated `body <<END` block is an error, not a silent loss.
    public func finishInput() -> LineResult {
        guard let pending = heredoc else { return .ok }
        heredoc = nil
        return .failed(WorkbenchError("end of input inside `body <<\(pending.terminator)`: the body was not set"))
    }

    private func handleThrowing(line: String) throws(WorkbenchError) -> LineResult {
        if var pending = heredoc {
            if line.trimmingSpaces() == pending.terminator {
                heredoc = nil
                let text = pending.lines.joined(separator: "\n")
                if pending.json {
                    try CommandParser.checkJSONBody(text)
                    return try run(.body(.json(text)))
                }
                try Template.validate(text)
                return try run(.body(.text(text)))
            }
            pending.lines.append(line)
            heredoc = pending
            return .ok
        }
        switch try CommandParser.parse(line) {
        case .empty:
            return .ok
        case .heredoc(let json, let terminator):
            heredoc = (json, terminator, [])
            return .ok
        case .command(let command):
            return try run(command)
        }
    }

    private func run(_ command: Command) throws(WorkbenchError) -> LineResult {
        let outcome = try workspace.apply(command, context: context)
        switch outcome {
        case .done:
            return .ok
        case .output(let text):
            output.printLine(text)
            return .ok
        case .outputWithWarning(let text, let warning):
            output.printLine(text)
            output.printError(warning)
            return .ok
        case .checkFailed(let text):
            return .failed(WorkbenchError("expectation failed: \(text.dropFirst(5))"))
        case .exit:
            return .exit
        case .send, .timing, .replay:
            guard let performer else {
                throw WorkbenchError("sending is not available in this build")
            }
            try performer(outcome, self)
            return .ok
        }
    }
}
