#if canImport(Glibc)
import Glibc
#endif

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

    public init(output: Int32 = 1, errors: Int32 = 2) {
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
        flush()
        Self.writeAll(Array(((errorsAreTerminal ? Self.escapeControls(text) : text) + "\n").utf8), to: errors)
    }

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
            let written = Glibc.write(descriptor, start + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    /// Control characters but tab written as `\x1b`: error lines can carry server text.
    static func escapeControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\t") || (0x7F...0x9F).contains($0.value) }) else {
            return text
        }
        var output = ""
        for scalar in text.unicodeScalars {
            if (scalar.value < 0x20 && scalar != "\t") || (0x7F...0x9F).contains(scalar.value) {
                output += "\\x" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
