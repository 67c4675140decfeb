import WorkbenchBasics
import WorkbenchHTTP

/// One frame of a conversation, either way, as kept for `ws frames`, checks and captures.
public struct WebSocketFrameRecord: Equatable, Sendable {
    public var received: Bool
    public var opcode: WebSocketOpcode
    public var payload: [UInt8]
    /// Seconds since the connection opened.
    public var time: Double
    /// A sent frame as typed (templates unexpanded; `@FILE` for a binary one), for a replay.
    public var typed: String?

    public var isData: Bool { opcode == .text || opcode == .binary }
}

/// The interpreter's WebSocket conversation: the open connection (if any) and its frames.
/// Numbers are `ws frames`'s, from 1, and stay when the oldest frames go past the bound.
final class WebSocketSession {
    var connection: WebSocketConnection?
    /// `ws://host/path` as shown (secrets masked by the sink that prints it).
    var url = ""
    /// `HOST/PATH` for the prompt.
    var promptLocation = ""
    private(set) var frames: [WebSocketFrameRecord] = []
    /// The number of `frames[0]`.
    private(set) var firstNumber = 1
    /// `next` looks at received frames numbered above this.
    var nextAfter = 0
    private var opened = ContinuousClock.now
    /// Whether the frame-count bound was reported for this conversation.
    private var droppedReported = false
    /// The history entry the conversation is kept in, and whether it is behind.
    var recordIndex: Int?
    var recordIsBehind = false
    var subprotocols: [String] = []
    /// Checks and captures on frames, as typed, for the history entry.
    var steps: [ConversationStep] = []
    /// Client frames sent (data frames and pings): where a step is placed.
    private(set) var sentCount = 0

    var isOpen: Bool { connection?.isOpen ?? false }
    var lastNumber: Int { firstNumber + frames.count - 1 }

    func begin(_ connection: WebSocketConnection, url: String, promptLocation: String, subprotocols: [String], recordIndex: Int) {
        self.connection = connection
        self.subprotocols = subprotocols
        self.recordIndex = recordIndex
        recordIsBehind = false
        steps = []
        sentCount = 0
        self.url = url
        self.promptLocation = promptLocation
        frames = []
        firstNumber = 1
        nextAfter = 0
        droppedReported = false
        opened = ContinuousClock.now
    }

    var elapsed: Double {
        let duration = ContinuousClock.now - opened
        return Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// Keeps a frame; a warning when the oldest went past `WebSocketBounds.maximumFramesKept`.
    @discardableResult
    func append(received: Bool, opcode: WebSocketOpcode, payload: [UInt8], typed: String? = nil) -> String? {
        frames.append(WebSocketFrameRecord(received: received, opcode: opcode, payload: payload, time: elapsed, typed: typed))
        recordIsBehind = true
        if !received {
            nextAfter = lastNumber
            if opcode != .close && opcode != .pong { sentCount += 1 }
        }
        guard frames.count > WebSocketBounds.maximumFramesKept else { return nil }
        let drop = frames.count - WebSocketBounds.maximumFramesKept
        frames.removeFirst(drop)
        firstNumber += drop
        guard !droppedReported else { return nil }
        droppedReported = true
        return
            "warning: the conversation holds more than \(WebSocketBounds.maximumFramesKept) frames (the frame-count bound): the oldest are no longer kept"
    }

    func frame(numbered number: Int) -> WebSocketFrameRecord? {
        let index = number - firstNumber
        return frames.indices.contains(index) ? frames[index] : nil
    }

    /// The number of the first received data frame after `nextAfter`, if it came.
    func nextReceived() -> Int? {
        let start = max(nextAfter + 1, firstNumber)
        guard start <= lastNumber else { return nil }
        for number in start...lastNumber where frames[number - firstNumber].received && frames[number - firstNumber].isData {
            return number
        }
        return nil
    }

    func lastReceived() -> Int? {
        guard let index = frames.lastIndex(where: { $0.received && $0.isData }) else { return nil }
        return index + firstNumber
    }
}
