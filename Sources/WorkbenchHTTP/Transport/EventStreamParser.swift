import WorkbenchBasics

/// Reads a `text/event-stream` body chunk by chunk, by the WHATWG HTML "server-sent events"
/// parsing rules: lines end with CRLF, LF or CR (a CRLF may be cut between chunks); a BOM at
/// the start is skipped; `:` starts a comment; a line without a colon is a field with an empty
/// value; one space after the colon is dropped; `data` lines are joined with a line feed; an `id`
/// holding NUL is ignored; `retry` is taken only when it is all ASCII digits; unknown fields are
/// ignored; a blank line dispatches the event unless its data is empty; an event the body ends
/// before its blank line is not dispatched.
public struct EventStreamParser: Sendable {
    /// The events so far, within `EventStreamBounds`.
    public var stream: EventStream {
        var kept = read
        if kept.events.count > maximumEventsKept {
            let drop = kept.events.count - maximumEventsKept
            kept.events.removeFirst(drop)
            kept.dropped += drop
        }
        return kept
    }
    /// Up to twice the count bound, trimmed in one go when it gets there.
    private var read = EventStream()
    private var line: [UInt8] = []
    /// The line went past the event-size bound: its bytes are not kept, only how it starts.
    private var lineTooLong = false
    private var startOfStream = true
    /// The last line ended with CR: an LF first in the next bytes belongs to it.
    private var afterCR = false
    private var data: [UInt8] = []
    private var dataTooLarge = false
    private var type = ""
    private var retry: Int?
    private let maximumEventBytes: Int
    private let maximumEventsKept: Int

    public init(
        maximumEventBytes: Int = EventStreamBounds.maximumEventBytes, maximumEventsKept: Int = EventStreamBounds.maximumEventsKept
    ) {
        self.maximumEventBytes = maximumEventBytes
        self.maximumEventsKept = maximumEventsKept
    }

    /// Takes the next bytes of the body; `time`, seconds from the transfer's start, stamps the
    /// events they complete.
    public mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, at time: Double?) {
        var index = 0
        if afterCR, !bytes.isEmpty {
            afterCR = false
            if bytes[0] == UInt8(ascii: "\n") { index = 1 }
        }
        while index < bytes.count {
            var end = index
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") { end += 1 }
            append(UnsafeBufferPointer(rebasing: bytes[index..<end]))
            guard end < bytes.count else { return }
            if bytes[end] == UInt8(ascii: "\r") {
                if end + 1 < bytes.count {
                    if bytes[end + 1] == UInt8(ascii: "\n") { end += 1 }
                } else {
                    afterCR = true
                }
            }
            endLine(at: time)
            index = end + 1
        }
    }

    /// Adds bytes to the line being read, within the bound.
    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !bytes.isEmpty else { return }
        if lineTooLong { return }
        if line.count + bytes.count > maximumEventBytes + Self.bom.count {
            // Kept: enough of its start to tell its field.
            line.append(contentsOf: bytes.prefix(max(0, 8 - line.count)))
            line.removeSubrange(min(line.count, 8)...)
            lineTooLong = true
            return
        }
        line.append(contentsOf: bytes)
    }

    private static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    private mutating func endLine(at time: Double?) {
        var text = line[...]
        line.removeAll(keepingCapacity: true)
        let tooLong = lineTooLong
        lineTooLong = false
        if startOfStream {
            startOfStream = false
            if text.starts(with: Self.bom) { text = text.dropFirst(Self.bom.count) }
        }
        guard let first = text.first else { return dispatch(at: time) }
        if first == UInt8(ascii: ":") { return }
        let colon = text.firstIndex(of: UInt8(ascii: ":"))
        let field = text[..<(colon ?? text.endIndex)]
        var value = colon.map { text[($0 + 1)...] } ?? text[text.endIndex...]
        if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        if tooLong {
            // Only a data line's size matters: any other field that long is no field a server means.
            if colon != nil, field.elementsEqual("data".utf8) { markTooLarge() }
            return
        }
        if field.elementsEqual("data".utf8) {
            guard !dataTooLarge else { return }
            if data.count + value.count + 1 > maximumEventBytes { return markTooLarge() }
            data.append(contentsOf: value)
            data.append(UInt8(ascii: "\n"))
        } else if field.elementsEqual("event".utf8) {
            type = String(decoding: value, as: UTF8.self)
        } else if field.elementsEqual("id".utf8) {
            if !value.contains(0) { read.lastEventID = String(decoding: value, as: UTF8.self) }
        } else if field.elementsEqual("retry".utf8) {
            if !value.isEmpty, value.count <= 18, value.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
                let milliseconds = Int(String(decoding: value, as: UTF8.self)) ?? 0
                read.reconnectionTime = milliseconds
                retry = milliseconds
            }
        }
    }

    private mutating func markTooLarge() {
        dataTooLarge = true
        data = []
    }

    /// A blank line: the event so far, unless it has no data.
    private mutating func dispatch(at time: Double?) {
        defer {
            data.removeAll(keepingCapacity: true)
            dataTooLarge = false
            type = ""
            retry = nil
        }
        guard !data.isEmpty || dataTooLarge else { return }
        if data.last == UInt8(ascii: "\n") { data.removeLast() }
        let event = ServerSentEvent(
            type: type.isEmpty ? "message" : type, data: String(decoding: data, as: UTF8.self), id: read.lastEventID,
            retry: retry, time: time, dataTooLarge: dataTooLarge)
        if read.events.count >= 2 * maximumEventsKept {
            read.events.removeFirst(maximumEventsKept)
            read.dropped += maximumEventsKept
        }
        read.events.append(event)
    }
}
