import WorkbenchBasics

// RFC 6455 framing, written here rather than taken from swift-nio's NIOWebSocket (looked at:
// 2.101): its WebSocketFrameDecoder and WebSocketFrameEncoder are channel handlers that work
// only inside a NIO pipeline (a ChannelHandlerContext; outside one, an EmbeddedChannel), and
// the product pulls NIOPosix, NIOHTTP1 and swift-atomics/collections into every clean build
// (Benchmarks/README.md has the figure) for about 150 lines of byte layout. The connection
// itself is libcurl's (WebSocketConnection), so proxies and TLS settings behave as for HTTP.

/// A WebSocket frame's opcode (RFC 6455 5.2).
public enum WebSocketOpcode: UInt8, Sendable, Equatable {
    case continuation = 0x0
    case text = 0x1
    case binary = 0x2
    case close = 0x8
    case ping = 0x9
    case pong = 0xA

    public var isControl: Bool { rawValue & 0x8 != 0 }

    public var name: String {
        switch self {
        case .continuation: "continuation"
        case .text: "text"
        case .binary: "binary"
        case .close: "close"
        case .ping: "ping"
        case .pong: "pong"
        }
    }
}

/// One frame as read off the wire: unmasked payload.
public struct WebSocketFrame: Sendable, Equatable {
    public var fin: Bool
    public var opcode: WebSocketOpcode
    public var payload: [UInt8]

    public init(fin: Bool = true, opcode: WebSocketOpcode, payload: [UInt8]) {
        self.fin = fin
        self.opcode = opcode
        self.payload = payload
    }

    /// The frame as a client sends it: always masked (RFC 6455 5.3), with `maskKey`.
    public func encodedByClient(maskKey: (UInt8, UInt8, UInt8, UInt8)) -> [UInt8] {
        var bytes = Self.header(fin: fin, opcode: opcode, length: payload.count, masked: true)
        let key = [maskKey.0, maskKey.1, maskKey.2, maskKey.3]
        bytes += key
        bytes.reserveCapacity(bytes.count + payload.count)
        for (index, byte) in payload.enumerated() { bytes.append(byte ^ key[index & 3]) }
        return bytes
    }

    /// The frame as a server sends it: never masked (the mock server of `serve`).
    public func encodedByServer() -> [UInt8] {
        Self.header(fin: fin, opcode: opcode, length: payload.count, masked: false) + payload
    }

    /// A client frame with a fresh random mask.
    public func encodedByClient() -> [UInt8] {
        var random = SystemRandomNumberGenerator()
        let key = random.next() as UInt32
        return encodedByClient(
            maskKey: (
                UInt8(truncatingIfNeeded: key >> 24), UInt8(truncatingIfNeeded: key >> 16), UInt8(truncatingIfNeeded: key >> 8),
                UInt8(truncatingIfNeeded: key)
            ))
    }

    static func header(fin: Bool, opcode: WebSocketOpcode, length: Int, masked: Bool) -> [UInt8] {
        var bytes: [UInt8] = [(fin ? 0x80 : 0) | opcode.rawValue]
        let maskBit: UInt8 = masked ? 0x80 : 0
        if length < 126 {
            bytes.append(maskBit | UInt8(length))
        } else if length <= 0xFFFF {
            bytes += [maskBit | 126, UInt8(length >> 8), UInt8(length & 0xFF)]
        } else {
            bytes.append(maskBit | 127)
            for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: UInt64(length) >> UInt64(shift))) }
        }
        return bytes
    }

    /// A close frame's payload: the code (two bytes) and the reason.
    public static func closePayload(code: UInt16?, reason: String) -> [UInt8] {
        guard let code else { return [] }
        return [UInt8(code >> 8), UInt8(code & 0xFF)] + Array(reason.utf8.prefix(123))
    }

    /// A close frame's code and reason, as received.
    public static func closeDetails(_ payload: [UInt8]) -> (code: UInt16?, reason: String) {
        guard payload.count >= 2 else { return (nil, "") }
        return (UInt16(payload[0]) << 8 | UInt16(payload[1]), String(decoding: payload.dropFirst(2), as: UTF8.self))
    }
}

/// The bounds of what is read from a WebSocket peer; each error names the one it hit.
public enum WebSocketBounds {
    /// A message (a frame, or the frames of a fragmented message together) larger than this is
    /// refused and the connection closed with 1009 (message too big).
    public static let maximumMessageBytes = 16 << 20
    /// Frames a conversation keeps (`ws frames`, the history entry); past it the oldest go.
    public static let maximumFramesKept = 100_000
    /// A handshake reply's head (status line and headers).
    public static let maximumHandshakeBytes = 64 << 10
}

/// Reads frames from bytes as they arrive, whole messages out: fragments joined, each frame
/// and message within `maximumMessageBytes`, a protocol violation an error (the caller closes).
public struct WebSocketFrameReader: Sendable {
    private var buffer: [UInt8] = []
    private var start = 0
    /// A fragmented message being joined: its opcode and the bytes so far.
    private var fragments: (opcode: WebSocketOpcode, payload: [UInt8])?
    /// Whether frames must be masked (a server reading a client) or must not be (a client).
    public let expectsMasked: Bool
    public let maximumMessageBytes: Int

    public init(expectsMasked: Bool = false, maximumMessageBytes: Int = WebSocketBounds.maximumMessageBytes) {
        self.expectsMasked = expectsMasked
        self.maximumMessageBytes = maximumMessageBytes
    }

    /// A message: a data frame (joined) or a control frame, as the peer sent it.
    public struct Message: Sendable, Equatable {
        public var opcode: WebSocketOpcode
        public var payload: [UInt8]
    }

    /// Why the stream cannot go on, with the close code the reader answers with.
    public struct Violation: Error, Sendable, Equatable {
        public var message: String
        public var closeCode: UInt16
    }

    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        if start > 0 && start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    public mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// The bytes of a frame announced but not yet complete, for a reader that tells the peer
    /// is too slow.
    public var pendingBytes: Int { buffer.count - start }

    /// The next whole message, nil when more bytes are needed.
    public mutating func next() throws(Violation) -> Message? {
        while true {
            guard let frame = try nextFrame() else { return nil }
            if frame.opcode.isControl {
                guard frame.fin else {
                    throw Violation(
                        message: "a fragmented \(frame.opcode.name) frame (control frames are never fragmented)", closeCode: 1002)
                }
                return Message(opcode: frame.opcode, payload: frame.payload)
            }
            if frame.opcode == .continuation {
                guard var joined = fragments else {
                    throw Violation(message: "a continuation frame with no message to continue", closeCode: 1002)
                }
                guard joined.payload.count + frame.payload.count <= maximumMessageBytes else {
                    throw tooLarge(joined.payload.count + frame.payload.count, what: "fragmented message")
                }
                joined.payload += frame.payload
                if frame.fin {
                    fragments = nil
                    return Message(opcode: joined.opcode, payload: joined.payload)
                }
                fragments = joined
                continue
            }
            guard fragments == nil else {
                throw Violation(message: "a new \(frame.opcode.name) frame inside a fragmented message", closeCode: 1002)
            }
            if frame.fin { return Message(opcode: frame.opcode, payload: frame.payload) }
            fragments = (frame.opcode, frame.payload)
        }
    }

    private func tooLarge(_ size: Int, what: String) -> Violation {
        Violation(
            message:
                "a \(what) of \(Quantities.size(size)), larger than the WebSocket message bound (\(Quantities.size(maximumMessageBytes)))",
            closeCode: 1009)
    }

    /// The next complete frame; its length is checked against the bound as soon as the
    /// header says it, before its payload arrives.
    private mutating func nextFrame() throws(Violation) -> WebSocketFrame? {
        let available = buffer.count - start
        guard available >= 2 else { return nil }
        let first = buffer[start]
        let second = buffer[start + 1]
        guard first & 0x70 == 0 else {
            throw Violation(message: "a frame with reserved bits set (no extension was agreed)", closeCode: 1002)
        }
        guard let opcode = WebSocketOpcode(rawValue: first & 0x0F) else {
            throw Violation(message: "a frame with the unknown opcode \(first & 0x0F)", closeCode: 1002)
        }
        let masked = second & 0x80 != 0
        guard masked == expectsMasked else {
            throw Violation(
                message: expectsMasked ? "an unmasked frame from a client" : "a masked frame from the server (RFC 6455 5.1)",
                closeCode: 1002)
        }
        var headerLength = 2
        var length = UInt64(second & 0x7F)
        if length == 126 {
            guard available >= 4 else { return nil }
            length = UInt64(buffer[start + 2]) << 8 | UInt64(buffer[start + 3])
            headerLength = 4
        } else if length == 127 {
            guard available >= 10 else { return nil }
            length = 0
            for index in 2..<10 { length = length << 8 | UInt64(buffer[start + index]) }
            headerLength = 10
        }
        if opcode.isControl && length > 125 {
            throw Violation(message: "a \(opcode.name) frame of \(length) bytes (control frames carry at most 125)", closeCode: 1002)
        }
        guard length <= UInt64(maximumMessageBytes) else {
            throw tooLarge(length > UInt64(Int.max) ? Int.max : Int(length), what: "frame")
        }
        let maskLength = masked ? 4 : 0
        let total = headerLength + maskLength + Int(length)
        guard available >= total else { return nil }
        let payloadStart = start + headerLength + maskLength
        var payload = Array(buffer[payloadStart..<(payloadStart + Int(length))])
        if masked {
            let key = Array(buffer[(start + headerLength)..<(start + headerLength + 4)])
            for index in payload.indices { payload[index] ^= key[index & 3] }
        }
        start += total
        // Keep the buffer from growing with what was read: compact once half of it is spent.
        if start > 65536 && start * 2 > buffer.count {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        return WebSocketFrame(fin: first & 0x80 != 0, opcode: opcode, payload: payload)
    }
}
