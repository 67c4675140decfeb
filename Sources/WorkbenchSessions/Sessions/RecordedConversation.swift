import WorkbenchBasics
import WorkbenchHTTP

/// A WebSocket conversation as one history entry keeps it: the subprotocols offered, the frames
/// both ways with their times (secrets masked, as everything kept is), and the checks and
/// captures on received frames in the order they were typed, each placed after the client
/// frames sent before it. `replay` sends the client frames in order and runs the steps;
/// `serve` answers a client with the server frames that followed each of its frames.
public struct RecordedConversation: Equatable, Sendable {
    public var subprotocols: [String]
    public var frames: [RecordedFrame]
    public var steps: [ConversationStep]

    public init(subprotocols: [String] = [], frames: [RecordedFrame] = [], steps: [ConversationStep] = []) {
        self.subprotocols = subprotocols
        self.frames = frames
        self.steps = steps
    }

    /// The conversation as a file may hold it: secrets masked in every text frame.
    public func redacted(by redactor: SecretRedactor) -> RecordedConversation {
        var copy = self
        for index in copy.frames.indices where copy.frames[index].opcode != .binary && copy.frames[index].opcode != .close {
            let text = String(decoding: copy.frames[index].payload, as: UTF8.self)
            let masked = redactor.redact(text)
            if masked != text { copy.frames[index].payload = Array(masked.utf8) }
        }
        return copy
    }

    /// How many server data frames came before client frame `index` (of `clientFrames`).
    public func serverDataFrames(beforeClientFrame index: Int) -> Int {
        var sent = 0
        var count = 0
        for frame in frames {
            if !frame.received {
                if frame.opcode != .close && frame.opcode != .pong {
                    if sent == index { return count }
                    sent += 1
                }
            } else if frame.opcode == .text || frame.opcode == .binary {
                count += 1
            }
        }
        return count
    }

    /// The frames the client sent that a replay sends again (data frames and pings).
    public var clientFrames: [RecordedFrame] {
        frames.filter { !$0.received && $0.opcode != .close && $0.opcode != .pong }
    }

    /// The server's data frames that came after client frame `index` (0: before any), before
    /// the next: what `serve` sends after that frame.
    public func serverFrames(after index: Int) -> [RecordedFrame] {
        var sent = 0
        var answers: [RecordedFrame] = []
        for frame in frames {
            if !frame.received {
                if frame.opcode != .close && frame.opcode != .pong { sent += 1 }
                continue
            }
            if sent == index && (frame.opcode == .text || frame.opcode == .binary) { answers.append(frame) }
        }
        return answers
    }
}

/// One frame as kept.
public struct RecordedFrame: Equatable, Sendable {
    public var received: Bool
    public var opcode: WebSocketOpcode
    /// The payload as kept (a secret's value masked in text).
    public var payload: [UInt8]
    /// For a text frame the client sent: the text as typed, templates unexpanded, which a
    /// replay expands again; for a binary one, `@FILE` as typed.
    public var typed: String?
    /// Seconds since the connection opened.
    public var time: Double

    public init(received: Bool, opcode: WebSocketOpcode, payload: [UInt8], typed: String? = nil, time: Double) {
        self.received = received
        self.opcode = opcode
        self.payload = payload
        self.typed = typed
        self.time = time
    }
}

/// Which received frame a check or capture reads.
public enum FrameSelector: Equatable, Sendable {
    /// The first data frame received after the last one sent or taken by `next`; waits for it.
    case next
    /// The last data frame received.
    case last
    /// Frame N as `ws frames` numbers it.
    case number(Int)

    public var text: String {
        switch self {
        case .next: "next"
        case .last: "last"
        case .number(let number): String(number)
        }
    }

    public static func parse(_ word: String) -> FrameSelector? {
        switch word {
        case "next": .next
        case "last": .last
        default: Int(word).flatMap { $0 >= 1 ? .number($0) : nil }
        }
    }
}

/// A check or a capture on a received frame, where it was typed in the conversation.
public struct ConversationStep: Equatable, Sendable {
    public enum Action: Equatable, Sendable {
        case check(Expectation)
        /// The capture's source is a JSON path.
        case capture(Capture)
    }

    /// Client frames sent before it was typed.
    public var afterSent: Int
    public var selector: FrameSelector
    public var action: Action
    /// `--within`, when given.
    public var within: Double?

    /// The check of `expect frame SELECTOR CHECK`: one that reads a payload. A frame has no
    /// status, headers, time or schema; such a check would fail with `got 0`, or pass on nothing.
    public static func frameCheck(_ text: String) throws(WorkbenchError) -> Expectation {
        let check = try Expectation.parse(text)
        switch check {
        case .jsonEquals, .jsonExists, .jsonCompare, .bodyContains: return check
        case .status, .headerContains, .timeBelow, .schema, .grpcStatus, .event:
            let kind = text.prefix { $0 != " " }
            throw WorkbenchError(
                "a frame has no \(Excerpt.quoted(String(kind))) to check: use json PATH OP VALUE, json PATH exists or body contains TEXT"
            )
        }
    }

    public init(afterSent: Int, selector: FrameSelector, action: Action, within: Double?) {
        self.afterSent = afterSent
        self.selector = selector
        self.action = action
        self.within = within
    }

    /// As a session file keeps it: `frame next json $.a == 1`, `--within 5s` after it.
    public var text: String {
        let within = within.map { " --within \(Quantities.trimmed($0))s" } ?? ""
        switch action {
        case .check(let expectation): return "frame \(selector.text) \(expectation.text)\(within)"
        case .capture(let capture): return "frame \(selector.text) \(capture.sourceText)\(within)"
        }
    }
}
