import WorkbenchBasics

/// One event of a `text/event-stream` body, as the WHATWG HTML parsing rules dispatch it.
public struct ServerSentEvent: Equatable, Sendable {
    /// `event:`; `message` when the event named none.
    public var type: String
    /// The `data:` lines joined with a line feed.
    public var data: String
    /// The last event ID in force when it was dispatched (an `id:` of an earlier event stays,
    /// as the spec's `lastEventId` does); empty when none was given.
    public var id: String
    /// `retry:` given in this event's lines, in milliseconds.
    public var retry: Int?
    /// Seconds from the start of the transfer to the event's blank line; nil when the events were
    /// read from a body afterwards (a restored or loaded response without them).
    public var time: Double?
    /// Its data went past `EventStreamBounds.maximumEventBytes` and was not kept.
    public var dataTooLarge: Bool

    public init(type: String = "message", data: String, id: String = "", retry: Int? = nil, time: Double? = nil, dataTooLarge: Bool = false)
    {
        self.type = type
        self.data = data
        self.id = id
        self.retry = retry
        self.time = time
        self.dataTooLarge = dataTooLarge
    }
}

/// The events of one response, numbered from 1 as they came.
public struct EventStream: Equatable, Sendable {
    /// The events kept: the last `EventStreamBounds.maximumEventsKept`.
    public var events: [ServerSentEvent]
    /// Events that came before the kept ones (past the count bound), so numbers stay as they came.
    public var dropped: Int
    /// The last event ID buffer when the stream ended: what a reconnection sends as `Last-Event-ID`.
    public var lastEventID: String
    /// The last `retry:` the server gave, in milliseconds: its reconnection delay.
    public var reconnectionTime: Int?

    public init(events: [ServerSentEvent] = [], dropped: Int = 0, lastEventID: String = "", reconnectionTime: Int? = nil) {
        self.events = events
        self.dropped = dropped
        self.lastEventID = lastEventID
        self.reconnectionTime = reconnectionTime
    }

    /// How many events came, the dropped ones included.
    public var count: Int { dropped + events.count }

    /// Event `number` as the stream numbers them (from 1); nil when it did not come or is no longer kept.
    public func event(numbered number: Int) -> ServerSentEvent? {
        let index = number - dropped - 1
        return events.indices.contains(index) ? events[index] : nil
    }

    /// How many events had their data left out by the size bound.
    public var tooLarge: Int { events.count { $0.dataTooLarge } }

    /// Warnings naming the bounds this stream went past; empty when it went past none.
    public var boundWarnings: [String] {
        var lines: [String] = []
        if dropped > 0 {
            lines.append(
                "warning: the stream sent \(count) events, more than the event-count bound (\(EventStreamBounds.maximumEventsKept)): the first \(dropped) are no longer kept"
            )
        }
        if tooLarge > 0 {
            lines.append(
                "warning: \(tooLarge == 1 ? "an event was" : "\(tooLarge) events were") larger than the event-size bound (\(Quantities.size(EventStreamBounds.maximumEventBytes))): \(tooLarge == 1 ? "its" : "their") data is not kept"
            )
        }
        return lines
    }

    /// The events kept written back as an event stream that reads as the same events (an `id:`
    /// where the id changed, `event:` for a type other than `message`): what `serve` answers
    /// when the recorded body itself was not kept.
    public var text: String {
        var text = ""
        var id = ""
        for event in events where !event.dataTooLarge {
            if let retry = event.retry { text += "retry: \(retry)\n" }
            if event.type != "message" { text += "event: \(event.type)\n" }
            if event.id != id {
                text += event.id.isEmpty ? "id\n" : "id: \(event.id)\n"
                id = event.id
            }
            for line in event.data.split(separator: "\n", omittingEmptySubsequences: false) { text += "data: \(line)\n" }
            text += "\n"
        }
        return text
    }

    /// The events of a whole body, without arrival times.
    public static func parse(_ body: [UInt8]) -> EventStream {
        var parser = EventStreamParser()
        body.withUnsafeBufferPointer { parser.feed($0, at: nil) }
        return parser.stream
    }
}

/// How much of an event stream is kept.
public enum EventStreamBounds {
    /// An event's data (and any one line) past this is not kept; the event is, marked.
    public static let maximumEventBytes = 1 << 20
    /// Past this many events the oldest go.
    public static let maximumEventsKept = 100_000
}
