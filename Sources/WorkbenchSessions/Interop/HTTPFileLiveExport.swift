import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs

/// WebSocket conversations and gRPC calls in JetBrains' HTTP Client syntax: `WEBSOCKET ws://...`
/// with its messages separated by `===` (`=== wait-for-server` where the recording waited for
/// the server), and `GRPC host:port/package.Service/Method` with the message as JSON. What has
/// no form there is named on a comment line above the request.
enum HTTPFileLiveExport {
    static let unsupported = "# not expressible in .http: "

    /// The request's lines (comments, request line, headers, messages) for a recorded conversation.
    /// The client's text messages as typed (`{{references}}` kept); before each, one
    /// `=== wait-for-server` per server message that had come since the one before.
    static func webSocket(url: String, headers: [String], conversation: RecordedConversation) -> [String] {
        var notes: [String] = []
        var body: [String] = []
        // Server messages accounted for so far, and those still to wait for before the next
        // message written. The answers to a message left out are not waited for: they would not come.
        var counted = 0
        var carried = 0
        for (index, frame) in conversation.clientFrames.enumerated() {
            let number = index + 1
            let before = conversation.serverDataFrames(beforeClientFrame: index)
            var left: String?
            var text = ""
            switch frame.opcode {
            case .text:
                text = frame.typed ?? String(decoding: frame.payload, as: UTF8.self)
                if text.split(separator: "\n", omittingEmptySubsequences: false).contains(where: { $0.hasPrefix("===") }) {
                    left = "has a line starting with ===, the message separator"
                }
            case .binary: left = "is binary (\(frame.typed ?? "\(frame.payload.count) bytes"))"
            case .ping: left = "is a ping"
            default: left = "is a control frame"
            }
            if let left {
                notes.append(unsupported + "message \(number) \(left); left out")
                carried += max(before - counted, 0)
                counted = conversation.serverDataFrames(beforeClientFrame: index + 1)
                continue
            }
            let waits = carried + max(before - counted, 0)
            if !body.isEmpty && waits == 0 { body.append("===") }
            body += Array(repeating: "=== wait-for-server", count: waits)
            body += text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            counted = before
            carried = 0
        }
        // The server's messages after the last one written: waited for, as the recording did.
        let total = conversation.serverDataFrames(beforeClientFrame: conversation.clientFrames.count)
        body += Array(repeating: "=== wait-for-server", count: carried + max(total - counted, 0))
        for step in conversation.steps {
            let command: String
            switch step.action {
            case .check: command = "expect"
            case .capture(let capture): command = "capture \(capture.name)"
            }
            notes.append(unsupported + "\(command) \(step.text) (after message \(step.afterSent))")
        }
        var lines = notes + ["WEBSOCKET " + webSocketURL(url)] + headers
        if !conversation.subprotocols.isEmpty, !headers.contains(where: { $0.lowercased().hasPrefix("sec-websocket-protocol:") }) {
            lines.append("Sec-WebSocket-Protocol: " + conversation.subprotocols.joined(separator: ", "))
        }
        if !body.isEmpty { lines += [""] + body }
        return lines
    }

    /// The request's lines for a recorded gRPC call: metadata as headers, the message as its body
    /// (a client stream's first message: JetBrains' HTTP Client sends one).
    static func grpc(url: String, headers: [String], messages: String?) -> [String] {
        var notes: [String] = []
        var body: String? = messages
        if let messages, let split = try? GRPCMessageText.split(messages), split.count > 1 {
            notes.append(
                unsupported + "a client stream of \(split.count) messages (JetBrains' HTTP Client sends one); the first is written")
            body = split[0]
        }
        var lines = notes + ["GRPC " + grpcTarget(url)] + headers
        if let body, !body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            lines += [""] + body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        return lines
    }

    /// `http://` and `https://` as the WebSocket schemes.
    static func webSocketURL(_ url: String) -> String {
        if url.hasPrefix("https://") { return "wss://" + url.dropFirst("https://".count) }
        if url.hasPrefix("http://") { return "ws://" + url.dropFirst("http://".count) }
        return url
    }

    /// `host:port/package.Service/Method` for h2c, `grpcs://` before it for TLS.
    static func grpcTarget(_ url: String) -> String {
        if url.hasPrefix("https://") { return "grpcs://" + url.dropFirst("https://".count) }
        if url.hasPrefix("http://") { return String(url.dropFirst("http://".count)) }
        return url
    }
}
