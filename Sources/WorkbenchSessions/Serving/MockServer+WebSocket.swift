import Platform
import WorkbenchBasics
import WorkbenchHTTP

/// `workbench serve` answering a recorded WebSocket conversation: the upgrade accepted (the
/// key answered, the recorded subprotocol if the client offers it), the server frames that came
/// before the first client frame sent at once, and after each client frame the server frames
/// that followed it in the recording. Pings are answered, a close is answered and ends it.
extension MockServer {
    /// Whether `request` asks for a WebSocket upgrade (RFC 6455 4.1).
    static func asksForUpgrade(_ request: HTTPRequestParser.Request) -> Bool {
        request.method == "GET"
            && request.headers.contains {
                $0.hasName("Upgrade") && HTTPSyntax.equalIgnoringASCIICase($0.value.trimmingSpaces(), "websocket")
            }
            && request.headers.contains { $0.hasName("Sec-WebSocket-Key") }
    }

    /// The 101 for `request`, written; then the conversation until either side closes.
    func serveConversation(
        _ conversation: RecordedConversation, request: HTTPRequestParser.Request, on connection: Int32, leftover: [UInt8]
    ) -> Int {
        let key = request.headers.first { $0.hasName("Sec-WebSocket-Key") }?.value.trimmingSpaces() ?? ""
        var head = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        head += "Sec-WebSocket-Accept: \(WebSocketHandshake.accept(for: key))\r\n"
        let offered = request.headers.values(of: "Sec-WebSocket-Protocol").flatMap {
            $0.split(separator: ",").map { String($0).trimmingSpaces() }
        }
        if let chosen = conversation.subprotocols.first(where: offered.contains) {
            head += "Sec-WebSocket-Protocol: \(chosen)\r\n"
        }
        head += "\r\n"
        guard Self.write(Array(head.utf8), to: connection) else { return 0 }
        var reader = WebSocketFrameReader(expectsMasked: true)
        reader.append(leftover)
        var received = 0
        var sent = 0
        func answer(after index: Int) -> Bool {
            for frame in conversation.serverFrames(after: index) {
                guard Self.write(WebSocketFrame(opcode: frame.opcode, payload: frame.payload).encodedByServer(), to: connection) else {
                    return false
                }
                sent += 1
            }
            return true
        }
        guard answer(after: 0) else { return sent }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var idle = 0.0
        while idle < Self.idleSeconds {
            while true {
                let message: WebSocketFrameReader.Message?
                do {
                    message = try reader.next()
                } catch {
                    _ = Self.write(
                        WebSocketFrame(opcode: .close, payload: WebSocketFrame.closePayload(code: error.closeCode, reason: ""))
                            .encodedByServer(),
                        to: connection)
                    return sent
                }
                guard let message else { break }
                switch message.opcode {
                case .close:
                    let code = WebSocketFrame.closeDetails(message.payload).code
                    _ = Self.write(
                        WebSocketFrame(opcode: .close, payload: WebSocketFrame.closePayload(code: code, reason: "")).encodedByServer(),
                        to: connection)
                    return sent
                case .pong:
                    continue
                case .ping:
                    guard Self.write(WebSocketFrame(opcode: .pong, payload: message.payload).encodedByServer(), to: connection) else {
                        return sent
                    }
                    received += 1
                    guard answer(after: received) else { return sent }
                default:
                    received += 1
                    guard answer(after: received) else { return sent }
                }
            }
            var poller = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 100)
            if ready == 0 {
                idle += 0.1
                continue
            }
            guard ready > 0 else { if errno == EINTR { continue } else { return sent } }
            let count = recv(connection, &chunk, chunk.count, 0)
            guard count > 0 else { return sent }
            reader.append(Array(chunk[..<count]))
            idle = 0
        }
        return sent
    }
}
