import Testing
@testable import WorkbenchBasics
@testable import WorkbenchHTTP
import WorkbenchTestSupport

/// Streamed responses (server-sent events, JSON lines, JSON sequences) printed as they arrive.
@Suite struct StreamRendererTests {
    func feed(_ renderer: StreamRenderer, _ chunks: [[UInt8]]) {
        for chunk in chunks { chunk.withUnsafeBufferPointer { renderer.receive($0) } }
        renderer.finish()
    }

    @Test func streamsAreRecognisedByTypeAndChunkedText() {
        let type = { (value: String) in [HeaderField(name: "Content-Type", value: value)] }
        #expect(StreamRenderer.kind(of: type("text/event-stream; charset=utf-8")) == .text)
        #expect(StreamRenderer.kind(of: type("application/x-ndjson")) == .jsonLines)
        #expect(StreamRenderer.kind(of: type("application/json-seq")) == .jsonSequence)
        #expect(StreamRenderer.kind(of: type("application/json")) == nil)
        #expect(StreamRenderer.kind(of: type("text/plain")) == nil)
        #expect(StreamRenderer.kind(of: type("text/plain") + [HeaderField(name: "Transfer-Encoding", value: "chunked")]) == .text)
    }

    @Test func jsonLinesAreFormattedWhateverTheChunking() {
        let output = RecordingOutput()
        let renderer = StreamRenderer(sink: output, color: false, outputIsTerminal: false)
        #expect(renderer.begin(statusLine: "HTTP/1.1 200 OK", headers: [HeaderField(name: "Content-Type", value: "application/x-ndjson")]))
        feed(renderer, [Array(#"{"a":"#.utf8), Array("1}\n\u{1E}[2]\r\n\nnope".utf8)])
        #expect(output.lines == ["HTTP/1.1 200 OK", "Content-Type: application/x-ndjson", ""])
        #expect(String(decoding: output.bytes, as: UTF8.self) == "{\n  \"a\": 1\n}\n[\n  2\n]\nnope\n")
    }

    @Test func textWaitsForACutUTF8SequenceAndIsEscapedOnATerminal() {
        let output = RecordingOutput()
        let renderer = StreamRenderer(sink: output, color: false, outputIsTerminal: true)
        #expect(renderer.begin(statusLine: "HTTP/1.1 200 OK", headers: [HeaderField(name: "Content-Type", value: "text/event-stream")]))
        let euro: [UInt8] = [0xE2, 0x82, 0xAC]
        feed(renderer, [Array("data: ".utf8) + euro.prefix(2), Array(euro.suffix(1)) + Array("\u{1B}]0;x\u{07}\n".utf8)])
        #expect(String(decoding: output.bytes, as: UTF8.self) == "data: €\\x1b]0;x\\x07\n")
        #expect(StreamRenderer.completeUTF8Prefix([0x61, 0xF0, 0x9F]) == 1)
        #expect(StreamRenderer.completeUTF8Prefix([0x61, 0xC3, 0xA9]) == 3)
        // Not a stream: the renderer declines and nothing is printed.
        let other = RecordingOutput()
        #expect(
            !StreamRenderer(sink: other, color: false, outputIsTerminal: false)
                .begin(statusLine: "HTTP/1.1 200 OK", headers: [HeaderField(name: "Content-Type", value: "application/json")]))
        #expect(other.lines.isEmpty)
    }

    @Test func theClosingLineSaysHowTheStreamEnded() {
        var response = HTTPResponse(statusLine: "HTTP/1.1 200 OK", statusCode: 200, headers: [], body: Array("abc".utf8))
        response.stream = StreamEnd(stoppedByUser: true, keptPartOnly: false)
        #expect(StreamRenderer.closingLine(for: response) == "(stream: 0.0 ms, 3 bytes; stopped by Ctrl-C, what came is kept)")
    }
}
