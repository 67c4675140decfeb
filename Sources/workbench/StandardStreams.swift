#if canImport(Glibc)
import Glibc
#endif
import WorkbenchCore

/// Standard output and error, buffered by hand: Swift 6 cannot touch C's
/// `stdout` global, and one `write(2)` per line would slow script mode down.
final class StandardStreams: OutputSink {
    private var pending: [UInt8] = []
    private let flushThreshold = 1 << 16

    init() {
        pending.reserveCapacity(flushThreshold)
    }

    func printLine(_ text: String) {
        pending.append(contentsOf: text.utf8)
        pending.append(UInt8(ascii: "\n"))
        if pending.count >= flushThreshold { flush() }
    }

    func writeBytes(_ bytes: [UInt8]) {
        pending.append(contentsOf: bytes)
        if pending.count >= flushThreshold { flush() }
    }

    func write(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard buffer.count >= flushThreshold / 2, let start = buffer.baseAddress else {
            pending.append(contentsOf: buffer)
            if pending.count >= flushThreshold { flush() }
            return
        }
        // A large chunk goes straight out instead of through the buffer.
        flush()
        Self.writeAll(UnsafeRawBufferPointer(start: start, count: buffer.count), to: 1)
    }

    func printError(_ text: String) {
        flush()
        Self.writeAll(Array((text + "\n").utf8), to: 2)
    }

    func flush() {
        guard !pending.isEmpty else { return }
        Self.writeAll(pending, to: 1)
        pending.removeAll(keepingCapacity: true)
    }

    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        bytes.withUnsafeBytes { writeAll($0, to: descriptor) }
    }

    static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) {
        guard let start = buffer.baseAddress else { return }
        var offset = 0
        while offset < buffer.count {
            let written = Glibc.write(descriptor, start + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}
