import Platform

/// Standard output and error (or any two descriptors), buffered by hand:
/// Swift 6 cannot touch C's `stdout` global, and one `write(2)` per line
/// would slow script mode down.
public final class FileDescriptorSink: OutputSink {
    private var pending: [UInt8] = []
    private let flushThreshold = 1 << 16

    private let output: Int32
    private let errors: Int32
    /// Error lines on a terminal have control characters escaped: they can hold server text.
    private let errorsAreTerminal: Bool
    /// Set when a write to standard output failed (a full disk, a closed pipe): the exit status must say so.
    public private(set) var writeFailed = false

    /// Escapes control characters in error lines (server text) when standard error is a terminal;
    /// given by the caller so this layer knows nothing of rendering.
    private let escapeControls: (String) -> String

    public init(output: Int32 = 1, errors: Int32 = 2, escapeControls: @escaping (String) -> String = { $0 }) {
        self.escapeControls = escapeControls
        self.output = output
        self.errors = errors
        errorsAreTerminal = isatty(errors) == 1
        pending.reserveCapacity(flushThreshold)
    }

    public func printLine(_ text: String) {
        pending.append(contentsOf: text.utf8)
        pending.append(UInt8(ascii: "\n"))
        if pending.count >= flushThreshold { flush() }
    }

    public func writeBytes(_ bytes: [UInt8]) {
        pending.append(contentsOf: bytes)
        if pending.count >= flushThreshold { flush() }
    }

    public func write(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard buffer.count >= flushThreshold / 2, let start = buffer.baseAddress else {
            pending.append(contentsOf: buffer)
            if pending.count >= flushThreshold { flush() }
            return
        }
        // A large chunk goes straight out instead of through the buffer.
        flush()
        if !Self.writeAll(UnsafeRawBufferPointer(start: start, count: buffer.count), to: output) { writeFailed = true }
    }

    public func printError(_ text: String) {
        printError(text, prefix: "")
    }

    /// An error line whose `prefix` is the workbench's own (an `error:` in colour):
    /// written as it is, while `text` is escaped on a terminal like any other.
    public func printError(_ text: String, prefix: String) {
        flush()
        Self.writeAll(Array((prefix + (errorsAreTerminal ? escapeControls(text) : text) + "\n").utf8), to: errors)
    }

    /// Standard error is a terminal: colour and progress lines may go there.
    public var errorsGoToTerminal: Bool { errorsAreTerminal }

    public func flush() {
        guard !pending.isEmpty else { return }
        if !Self.writeAll(pending, to: output) { writeFailed = true }
        pending.removeAll(keepingCapacity: true)
    }

    /// Writes all of `bytes`; false when the descriptor refused them.
    @discardableResult
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        bytes.withUnsafeBytes { writeAll($0, to: descriptor) }
    }

    @discardableResult
    static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
        guard let start = buffer.baseAddress else { return true }
        var offset = 0
        while offset < buffer.count {
            let written = Platform.write(descriptor, start + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }
}
