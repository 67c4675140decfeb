import SystemPackage
import Platform
import WorkbenchBasics

/// Gathers what libcurl's callbacks hand over during one transfer: the header
/// blocks (one per response, so redirects and `100 Continue` stay apart) and the body.
final class ResponseCollector {
    struct HeaderBlock {
        let statusLine: String
        /// The code from `HTTP/1.1 200 OK`; 0 if the line is malformed. Read once: every
        /// body callback asks for it.
        let statusCode: Int
        var headers: [HeaderField] = []

        init(statusLine: String) {
            self.statusLine = statusLine
            statusCode = Self.code(in: statusLine)
        }

        /// The second word of the line as a number, found without splitting the line.
        static func code(in statusLine: String) -> Int {
            let bytes = statusLine.utf8
            guard var start = bytes.firstIndex(of: UInt8(ascii: " ")) else { return 0 }
            while start < bytes.endIndex, bytes[start] == UInt8(ascii: " ") { start = bytes.index(after: start) }
            let end = bytes[start...].firstIndex(of: UInt8(ascii: " ")) ?? bytes.endIndex
            // Three digits (every status) read here; anything else as `Int` reads it.
            var code = 0
            var count = 0
            for byte in bytes[start..<end] {
                let digit = byte &- UInt8(ascii: "0")
                guard digit < 10, count < 3 else { return Int(Substring(bytes[start..<end])) ?? 0 }
                code = code * 10 + Int(digit)
                count += 1
            }
            return count == 3 ? code : Int(Substring(bytes[start..<end])) ?? 0
        }
    }

    var blocks: [HeaderBlock] = []
    /// Only appended to here, within its reserved capacity while a
    /// `BackgroundBodyCheck` reads its storage (see there).
    private(set) var body: [UInt8] = []
    let bodyLimit: Int
    /// Set when the body passed `bodyLimit` and the transfer was stopped.
    var exceededLimit = false
    /// `send > FILE`: the body goes here instead of memory.
    let outputDescriptor: FileDescriptor?
    var outputError: Int32?
    var bytesReceived = 0
    /// A JSON body is checked as it arrives (see `JSONBodyCheck`); nil until
    /// the first body bytes show what the final response's Content-Type is.
    private var jsonCheck: JSONBodyCheck?
    private var decidedJSONCheck = false
    /// A large body's check, on a thread of its own while the body arrives
    /// (`jsonCheck` is then nil until it is taken back).
    private var backgroundCheck: BackgroundBodyCheck?
    /// Shown while it arrives, if it wants this response's body.
    let stream: ResponseStream?
    /// Whether the body is being streamed: decided at its first bytes.
    private(set) var isStreaming = false
    private var streamDecided = false
    /// A streamed body past `bodyLimit` goes on being shown; only the first part is kept.
    private(set) var keptPartOnly = false
    /// A `text/event-stream` body's events, read as they arrive (also past `bodyLimit` when
    /// streamed); nil for any other body.
    private var events: EventStreamParser?
    /// The header block whose body `events` reads: a later block (after a redirect) decides again.
    private var eventsBlock = 0
    private let started = ContinuousClock.now

    init(bodyLimit: Int, outputDescriptor: FileDescriptor?, stream: ResponseStream? = nil) {
        self.bodyLimit = bodyLimit
        self.outputDescriptor = outputDescriptor
        self.stream = stream
    }

    /// The events of an event-stream body; nil for any other.
    var eventStream: EventStream? { events?.stream }

    func receiveHeaderLine(_ bytes: UnsafeBufferPointer<UInt8>) {
        var end = bytes.count
        while end > 0, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        // Taken apart as bytes, then decoded in pieces (the name, the value): every response
        // passes here a few times, and the same by Characters was a tenth of a small request.
        let line = UnsafeBufferPointer(rebasing: bytes[0..<end])
        if line.starts(with: "HTTP/".utf8) {
            // HTTP/2 status lines come with no reason phrase but a trailing space.
            var block = HeaderBlock(statusLine: String(decoding: line, as: UTF8.self).trimmingSpaces())
            block.headers.reserveCapacity(8)
            blocks.append(block)
            return
        }
        guard !line.isEmpty, !blocks.isEmpty else { return }
        let last = blocks.count - 1
        if line[0] == UInt8(ascii: " ") || line[0] == UInt8(ascii: "\t"), !blocks[last].headers.isEmpty {
            // An obsolete folded continuation line belongs to the previous field.
            let text = String(decoding: line, as: UTF8.self)
            blocks[last].headers[blocks[last].headers.count - 1].value += " " + text.trimmingSpaces()
            return
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return }
        let name = String(decoding: UnsafeBufferPointer(rebasing: line[..<colon]), as: UTF8.self)
        // Trimmed before it is decoded, by the rule `trimmingSpaces` follows (which decides
        // when the bytes cannot): one string made, not the untrimmed one and then its copy.
        let rest = UnsafeBufferPointer(rebasing: line[(colon + 1)...])
        let value =
            rest.spaceTrimmedRange.map { String(decoding: UnsafeBufferPointer(rebasing: rest[$0]), as: UTF8.self) }
            ?? String(decoding: rest, as: UTF8.self).trimmingSpaces()
        blocks[last].headers.append(HeaderField(name: name, value: value))
        if HTTPSyntax.equalIgnoringASCIICase(name, "Content-Length"), outputDescriptor == nil, let length = Int(value),
            length > 0, length <= bodyLimit, body.isEmpty
        {
            // Reserve once so a large body is not copied while it grows.
            body.reserveCapacity(length)
            Self.preferHugePages(&body)
        }
    }

    /// Asks the kernel for 2 MiB pages under a large body's storage (where
    /// transparent huge pages are enabled on request): a 40 MB body then
    /// costs 20 page faults instead of 10,000. Only a hint; failure is harmless.
    static func preferHugePages(_ body: inout [UInt8]) {
        let hugePage = 2 << 20
        let capacity = body.capacity
        guard capacity >= 4 * hugePage else { return }
        body.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let start = (Int(bitPattern: base) + hugePage - 1) & ~(hugePage - 1)
            let end = (Int(bitPattern: base) + capacity) & ~(hugePage - 1)
            guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
            _ = madvise(pointer, end - start, MADV_HUGEPAGE)
        }
    }

    /// Returns the number of bytes taken; anything else makes curl stop the transfer.
    func receiveBody(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        bytesReceived += bytes.count
        if eventsBlock != blocks.count {
            eventsBlock = blocks.count
            let type = blocks.last?.headers.last { $0.hasName("Content-Type") }.map { HTTPResponse.mediaType(of: $0.value) }
            events = type == "text/event-stream" ? EventStreamParser() : nil
        }
        if events != nil {
            let elapsed = (ContinuousClock.now - started).components
            events?.feed(bytes, at: Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
        }
        if !streamDecided, let stream, outputDescriptor == nil, let block = blocks.last {
            streamDecided = true
            isStreaming = (200..<300).contains(block.statusCode) && stream.begin(statusLine: block.statusLine, headers: block.headers)
        }
        if isStreaming {
            stream?.receive(bytes)
            if body.count + bytes.count > bodyLimit {
                keptPartOnly = true
            } else {
                body.append(contentsOf: bytes)
            }
            return bytes.count
        }
        if let outputDescriptor {
            do {
                try outputDescriptor.writeAll(UnsafeRawBufferPointer(bytes))
            } catch {
                outputError = (error as? Errno)?.rawValue ?? EIO
                return 0
            }
            return bytes.count
        }
        if body.count + bytes.count > bodyLimit {
            exceededLimit = true
            stopBackgroundCheck()
            return 0
        }
        if backgroundCheck != nil && body.count + bytes.count > body.capacity {
            // More than announced (a decoded body, say): the storage is about to move.
            stopBackgroundCheck()
        }
        body.append(contentsOf: bytes)
        if !decidedJSONCheck {
            decidedJSONCheck = true
            let type = blocks.last?.headers.last { $0.hasName("Content-Type") }.map { HTTPResponse.mediaType(of: $0.value) }
            if let type, JSONBodyCheck.applies(toMediaType: type) { startJSONCheck() }
        }
        if let backgroundCheck {
            if body.withUnsafeBufferPointer({ $0.baseAddress }) == backgroundCheck.base {
                backgroundCheck.publish(body.count)
                return bytes.count
            }
            // Copied elsewhere after all (never, as long as nothing else holds `body`):
            // the old storage still holds what the worker read; go on here.
            stopBackgroundCheck()
        }
        if jsonCheck != nil {
            body.withUnsafeBufferPointer { jsonCheck?.add($0) }
        }
        return bytes.count
    }

    /// A body announced large enough, whose storage was reserved for all of
    /// it, is checked on a thread of its own; any other in the callback.
    private func startJSONCheck() {
        if body.capacity >= BackgroundBodyCheck.threshold, let length = announcedLength,
            length >= BackgroundBodyCheck.threshold, body.capacity >= length,
            let base = body.withUnsafeBufferPointer({ $0.baseAddress }),
            let background = BackgroundBodyCheck.start(reading: base)
        {
            backgroundCheck = background
        } else {
            jsonCheck = JSONBodyCheck()
        }
    }

    /// Takes the check back from its thread (stopping it where it is), to go
    /// on in the callback or to be dropped.
    private func stopBackgroundCheck() {
        guard let backgroundCheck else { return }
        jsonCheck = backgroundCheck.stop()
        self.backgroundCheck = nil
    }

    /// Whether the body is being checked on a thread of its own now.
    var isCheckingInBackground: Bool { backgroundCheck != nil }

    /// Ends the thread of a transfer that stopped early (an error, Ctrl-C):
    /// it must not outlive the body it reads.
    func endJSONCheck() {
        stopBackgroundCheck()
    }

    deinit {
        stopBackgroundCheck()
    }

    /// The verdict on the JSON body received, when it was checked as it arrived.
    func finishJSONCheck() -> JSONBodyCheck.Verdict? {
        if let backgroundCheck {
            jsonCheck = backgroundCheck.finish()
            self.backgroundCheck = nil
        }
        guard jsonCheck != nil, outputDescriptor == nil, !exceededLimit else { return nil }
        return body.withUnsafeBufferPointer { jsonCheck?.finish($0) }
    }

    /// The checkpoints of a JSON body `finishJSONCheck` found valid (none for any other).
    var jsonCheckpoints: [JSONCheckpoint] { jsonCheck?.checkpoints ?? [] }

    /// The Content-Length of the response being received, once its headers are in.
    var announcedLength: Int? {
        guard let block = blocks.last, !(100..<200).contains(block.statusCode) else { return nil }
        return block.headers.values(of: "Content-Length").first.flatMap { Int($0.trimmingSpaces()) }
    }

    /// The final response's block, skipping interim `1xx` responses.
    var finalBlock: HeaderBlock? {
        blocks.last { !($0.statusCode >= 100 && $0.statusCode < 200) } ?? blocks.last
    }

    /// Redirect responses before the final one.
    var hops: [RedirectHop] {
        guard blocks.count > 1 else { return [] }
        return blocks.dropLast().filter { $0.statusCode >= 300 && $0.statusCode < 400 }.map {
            RedirectHop(statusLine: $0.statusLine, location: $0.headers.values(of: "Location").last ?? "")
        }
    }
}
