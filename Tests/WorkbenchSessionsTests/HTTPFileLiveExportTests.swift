import Testing
@testable import WorkbenchHTTP
@testable import WorkbenchSessions

/// `export http`'s WebSocket messages: one `=== wait-for-server` per server message that came
/// before the next message sent, none for the answers to a message left out.
@Suite struct HTTPFileLiveExportTests {
    static func sent(_ text: String) -> RecordedFrame {
        RecordedFrame(received: false, opcode: .text, payload: Array(text.utf8), typed: text, time: 0)
    }

    static func received(_ text: String) -> RecordedFrame {
        RecordedFrame(received: true, opcode: .text, payload: Array(text.utf8), time: 0)
    }

    @Test func waitsFollowTheRecordedOrder() {
        let conversation = RecordedConversation(frames: [
            Self.received("hello"),  // before the first message: waited for first
            Self.sent("a"), Self.sent("b"), Self.received("to a"), Self.received("to b"),
            RecordedFrame(received: false, opcode: .ping, payload: [], time: 0),
            RecordedFrame(received: true, opcode: .pong, payload: [], time: 0),
            Self.sent("c"),
            RecordedFrame(received: false, opcode: .binary, payload: [1], typed: "@blob.bin", time: 0),
            Self.received("to the blob"),
            Self.sent("d"), Self.received("to d"),
            RecordedFrame(received: false, opcode: .close, payload: [], time: 0),
        ])
        let lines = HTTPFileLiveExport.webSocket(url: "https://h:1/chat", headers: ["X-A: 1"], conversation: conversation)
        #expect(
            lines == [
                "# not expressible in .http: message 3 is a ping; left out",
                "# not expressible in .http: message 5 is binary (@blob.bin); left out",
                "WEBSOCKET wss://h:1/chat", "X-A: 1", "",
                "=== wait-for-server", "a", "===", "b",
                "=== wait-for-server", "=== wait-for-server", "c",
                // "to the blob" answers a message not written: not waited for.
                "===", "d", "=== wait-for-server",
            ])
    }

    @Test func aMessageWithTheSeparatorIsLeftOutAndSubprotocolsGoAsAHeader() {
        let conversation = RecordedConversation(subprotocols: ["chat.v1", "chat.v2"], frames: [Self.sent("x\n=== y"), Self.sent("ok")])
        let lines = HTTPFileLiveExport.webSocket(url: "http://h/", headers: [], conversation: conversation)
        #expect(
            lines == [
                "# not expressible in .http: message 1 has a line starting with ===, the message separator; left out",
                "WEBSOCKET ws://h/", "Sec-WebSocket-Protocol: chat.v1, chat.v2", "", "ok",
            ])
    }
}
