import Testing
@testable import WorkbenchHTTP

/// RFC 6455 framing: what a client writes (masked, the three length forms) and what the reader
/// takes from a server (joined fragments, control frames between them, the bounds, violations).
@Suite struct WebSocketFramingTests {
    /// A server frame's bytes as RFC 6455 section 5.7 shows them.
    @Test func readsTheRFCExamples() throws {
        var reader = WebSocketFrameReader()
        // "Hello", unmasked; then "Hel" + "lo" fragmented; then an unmasked ping "Hello".
        reader.append([0x81, 0x05, 0x48, 0x65, 0x6c, 0x6c, 0x6f])
        reader.append([0x01, 0x03, 0x48, 0x65, 0x6c, 0x80, 0x02, 0x6c, 0x6f])
        reader.append([0x89, 0x05, 0x48, 0x65, 0x6c, 0x6c, 0x6f])
        #expect(try reader.next() == .init(opcode: .text, payload: Array("Hello".utf8)))
        #expect(try reader.next() == .init(opcode: .text, payload: Array("Hello".utf8)))
        #expect(try reader.next() == .init(opcode: .ping, payload: Array("Hello".utf8)))
        #expect(try reader.next() == nil)
    }

    @Test func writesMaskedFramesAsTheRFCExample() {
        let frame = WebSocketFrame(opcode: .text, payload: Array("Hello".utf8))
        #expect(
            frame.encodedByClient(maskKey: (0x37, 0xfa, 0x21, 0x3d)) == [0x81, 0x85, 0x37, 0xfa, 0x21, 0x3d, 0x7f, 0x9f, 0x4d, 0x51, 0x58])
    }

    /// A frame split anywhere, of each length form, reads back whole; the server's reader
    /// (masked frames expected) reads what the client wrote.
    @Test func roundTripsEachLengthFormSplitAnywhere() throws {
        for size in [0, 125, 126, 65535, 65536, 70000] {
            let payload = (0..<size).map { UInt8(truncatingIfNeeded: $0 * 7) }
            let bytes = WebSocketFrame(opcode: .binary, payload: payload).encodedByClient()
            var reader = WebSocketFrameReader(expectsMasked: true)
            var got: WebSocketFrameReader.Message?
            for start in stride(from: 0, to: bytes.count, by: 4099) {
                reader.append(Array(bytes[start..<min(start + 4099, bytes.count)]))
                if let message = try reader.next() { got = message }
            }
            #expect(got == .init(opcode: .binary, payload: payload), "size \(size)")
        }
    }

    /// The length is checked from the header, before the payload arrives.
    @Test func refusesAFramePastTheBoundFromItsHeader() {
        var reader = WebSocketFrameReader(maximumMessageBytes: 1000)
        reader.append(WebSocketFrame.header(fin: true, opcode: .text, length: 20 << 20, masked: false))
        #expect(throws: WebSocketFrameReader.Violation.self) { try reader.next() }
        do {
            _ = try reader.next()
        } catch {
            #expect(error.closeCode == 1009)
            #expect(error.message.contains("larger than the WebSocket message bound"))
        }
    }

    @Test func refusesFragmentsThatAddUpPastTheBound() {
        var reader = WebSocketFrameReader(maximumMessageBytes: 10)
        reader.append(WebSocketFrame(fin: false, opcode: .text, payload: Array(repeating: 65, count: 6)).encodedByServer())
        reader.append(WebSocketFrame(fin: true, opcode: .continuation, payload: Array(repeating: 65, count: 6)).encodedByServer())
        #expect(throws: WebSocketFrameReader.Violation.self) { try reader.next() }
    }

    @Test func refusesWhatTheProtocolForbids() {
        let cases: [[UInt8]] = [
            [0x81, 0x81, 1, 2, 3, 4, 0x41],  // masked by the server
            [0xC1, 0x00],  // a reserved bit
            [0x83, 0x00],  // an unknown opcode
            [0x09, 0x00],  // a fragmented ping
            [0x80, 0x00],  // a continuation of nothing
            [0x89, 0x7E, 0x00, 0x7E] + Array(repeating: 0, count: 126),  // a ping of 126 bytes
        ]
        for bytes in cases {
            var reader = WebSocketFrameReader()
            reader.append(bytes)
            #expect(throws: WebSocketFrameReader.Violation.self, "\(bytes.prefix(4))") { try reader.next() }
        }
    }

    /// RFC 6455 section 1.3's example key and answer.
    @Test func answersTheKeyAsTheRFCExample() {
        #expect(WebSocketHandshake.accept(for: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    @Test func matchesCookiesByDomainPathSecureAndExpiry() {
        let jar = CookieJar([
            Cookie(domain: "example.com", path: "/", name: "a", value: "1"),
            Cookie(domain: ".example.com", includeSubdomains: true, path: "/chat", name: "b", value: "2"),
            Cookie(domain: "example.com", path: "/", secure: true, name: "c", value: "3"),
            Cookie(domain: "example.com", path: "/", expires: 10, name: "d", value: "4"),
            Cookie(domain: "other.com", path: "/", name: "e", value: "5"),
        ])
        #expect(WebSocketHandshake.cookieHeader(jar, host: "example.com", path: "/chat/room", secure: false, now: 100) == "a=1; b=2")
        #expect(WebSocketHandshake.cookieHeader(jar, host: "ws.example.com", path: "/chat", secure: true, now: 100) == "b=2")
        #expect(WebSocketHandshake.cookieHeader(jar, host: "example.com", path: "/chatty", secure: true, now: 100) == "a=1; c=3")
        #expect(WebSocketHandshake.cookieHeader(jar, host: "nowhere.org", path: "/", secure: true, now: 100) == nil)
    }
}
