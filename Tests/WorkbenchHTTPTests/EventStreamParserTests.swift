import Testing
@testable import WorkbenchHTTP

/// The WHATWG HTML "server-sent events" parsing rules, fed whole and cut at every byte.
@Suite struct EventStreamParserTests {
    private func parse(_ text: String, maximumEventBytes: Int = EventStreamBounds.maximumEventBytes, maximumEventsKept: Int = 100)
        -> EventStream
    {
        var parser = EventStreamParser(maximumEventBytes: maximumEventBytes, maximumEventsKept: maximumEventsKept)
        Array(text.utf8).withUnsafeBufferPointer { parser.feed($0, at: nil) }
        return parser.stream
    }

    /// The same bytes one at a time: a CRLF, a BOM or a field cut between chunks reads the same.
    private func parseByteByByte(_ text: String) -> EventStream {
        var parser = EventStreamParser()
        for byte in text.utf8 { [byte].withUnsafeBufferPointer { parser.feed($0, at: nil) } }
        return parser.stream
    }

    @Test func readsTheSpecExamples() {
        // "data: YHOO\ndata: +2\ndata: 10\n\n" is one message of three lines.
        let stream = parse("data: YHOO\ndata: +2\ndata: 10\n\n")
        #expect(stream.events == [ServerSentEvent(data: "YHOO\n+2\n10")])
        // Comments, an id that stays for the next event, an empty data, and a trailing event without its blank line.
        let second = parse(": test stream\n\ndata: first event\nid: 1\n\ndata:second event\nid\n\ndata:  third event\n")
        #expect(second.events.map(\.data) == ["first event", "second event"])
        #expect(second.events.map(\.id) == ["1", ""])
        // "data" without a colon is data with an empty value; two give one line feed.
        let empty = parse("data\n\ndata\ndata\n\ndata:\n")
        #expect(empty.events.map(\.data) == ["", "\n"])
        // One space after the colon goes, a second stays.
        #expect(parse("data:test\n\ndata: test\n\ndata:  test\n\n").events.map(\.data) == ["test", "test", " test"])
    }

    @Test func typesIdsAndRetry() {
        let stream = parse(
            "event: tick\nid: 7\nretry: 2500\ndata: {\"n\": 1}\n\ndata: two\n\nretry: soon\nid: a\u{0}b\nevent\ndata: three\n\n")
        #expect(stream.events.map(\.type) == ["tick", "message", "message"])
        // An event with an id, then one without: the id stays in force; an id holding NUL is ignored.
        #expect(stream.events.map(\.id) == ["7", "7", "7"])
        #expect(stream.events.map(\.retry) == [2500, nil, nil])
        #expect(stream.reconnectionTime == 2500)
        #expect(stream.lastEventID == "7")
        // An id given with no data after it is still the last event ID a reconnection sends.
        #expect(parse("data: x\n\nid: 9\n\n").lastEventID == "9")
        #expect(parse("data: x\nid: 9\n\nid\n\n").lastEventID == "")
        // Unknown fields and field names in another case are ignored.
        #expect(parse("Data: no\nfoo: bar\ndata: yes\n\n").events.map(\.data) == ["yes"])
    }

    @Test func everyLineEndAndTheBOM() {
        let text = "\u{FEFF}data: a\r\ndata: b\rdata: c\n\r\nevent: e\r\rdata: d\r\n\r\n"
        for stream in [parse(text), parseByteByByte(text)] {
            #expect(stream.events.map(\.data) == ["a\nb\nc", "d"])
            #expect(stream.events.map(\.type) == ["message", "message"])
        }
        // Only one BOM, and only at the start: a second is part of the field name.
        #expect(parse("\u{FEFF}\u{FEFF}data: x\n\n").events.isEmpty)
        #expect(parse("data: x\n\n\u{FEFF}data: y\n\n").events.map(\.data) == ["x"])
    }

    /// What `serve` sends for a stream whose body was not kept reads as the same events.
    @Test func eventsWrittenBackReadTheSame() {
        let stream = parse("retry: 5\nevent: tick\nid: 7\ndata: a\ndata:\ndata: b\n\ndata: two\n\nid\nevent: x\ndata: {}\n\n")
        #expect(stream.events.count == 3)
        #expect(parse(stream.text).events == stream.events)
    }

    @Test func timesAreTheChunkThatEndedTheEvent() {
        var parser = EventStreamParser()
        Array("data: one\n".utf8).withUnsafeBufferPointer { parser.feed($0, at: 0.5) }
        Array("\ndata: two\n\n".utf8).withUnsafeBufferPointer { parser.feed($0, at: 1.5) }
        #expect(parser.stream.events.map(\.time) == [1.5, 1.5])
    }

    @Test func boundsOfSizeAndCount() {
        let big = String(repeating: "x", count: 100)
        let stream = parse("data: \(big)\n\ndata: small\n\ndata: \(big)\(big)", maximumEventBytes: 64)
        #expect(stream.events.map(\.dataTooLarge) == [true, false])
        #expect(stream.events[0].data.isEmpty)
        #expect(stream.tooLarge == 1)
        // Many short lines past the bound together.
        let lines = String(repeating: "data: 0123456789\n", count: 10) + "\n"
        #expect(parse(lines, maximumEventBytes: 64).events.map(\.dataTooLarge) == [true])
        let many = parse(String(repeating: "data: e\n\n", count: 250), maximumEventsKept: 100)
        #expect(many.events.count == 100)
        #expect(many.dropped == 150)
        #expect(many.count == 250)
        #expect(many.event(numbered: 151) != nil)
        #expect(many.event(numbered: 150) == nil)
        #expect(many.boundWarnings.first?.contains("event-count bound") == true)
    }
}
