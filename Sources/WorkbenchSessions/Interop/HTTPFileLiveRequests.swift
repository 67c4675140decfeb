import Foundation
import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs

/// A `.http` file's WebSocket and gRPC requests (JetBrains' HTTP Client syntax, which
/// `HTTPFileLiveExport` writes, and httpyac's) as the history's forms of them: a
/// conversation (`ws connect`) and a call (`grpc call`). Pure: the `.http` reader hands in
/// the request line's target, the headers and the body lines with their variables already
/// made the workbench's.
///
/// - `WEBSOCKET ws://host/path` (or httpyac's `WS URL`, or a bare `ws://`/`wss://` URL): the
///   handshake's headers, then messages separated by `===` lines; `=== wait-for-server` waits
///   for one server message before the next is sent.
/// - `GRPC host:port/package.Service/Method` (h2c; `grpcs://` for TLS, httpyac's `/Service/Method`
///   under `{{host}}`): metadata as headers, the message as a JSON body.
enum HTTPFileLiveRequests {
    enum Kind: Equatable {
        case webSocket
        case grpc
    }

    /// Which live request a request line starts, with the target after the keyword; nil for
    /// anything else (an HTTP request, httpyac's MQTT or AMQP).
    static func kind(of line: String) -> (kind: Kind, target: String)? {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let first = words.first else { return nil }
        switch first.uppercased() {
        case "GRPC" where words.count == 2: return (.grpc, words[1])
        case "WS", "WEBSOCKET": return words.count == 2 ? (.webSocket, words[1]) : nil
        default: break
        }
        let lower = first.lowercased()
        if words.count == 1, lower.hasPrefix("ws://") || lower.hasPrefix("wss://") { return (.webSocket, first) }
        return nil
    }

    /// The line that separates messages, and the one that also waits for the server.
    static let separator = "==="
    static let waitForServer = "=== wait-for-server"

    /// A conversation to open at `url` (ws://, wss://, http:// or https://) with `headers` and
    /// the messages of `body`, as the history keeps one not yet sent: no response, its client
    /// frames as typed and one empty server frame where the file waits for the server (a replay
    /// waits for that many before the next message).
    static func webSocket(url: String, headers: [HeaderField], body: [String]) throws(WorkbenchError) -> RequestRecord {
        var endpoint = Endpoint()
        let lower = url.lowercased()
        let httpURL: String
        if lower.hasPrefix("wss://") {
            httpURL = "https://" + url.dropFirst("wss://".count)
        } else if lower.hasPrefix("ws://") {
            httpURL = "http://" + url.dropFirst("ws://".count)
        } else {
            httpURL = url
        }
        _ = try endpoint.setURL(httpURL)
        endpoint.method = "GET"
        // The handshake's subprotocols are the conversation's, asked for by `ws connect`'s own header.
        var subprotocols: [String] = []
        for field in headers where field.hasName("Sec-WebSocket-Protocol") {
            subprotocols += field.value.split(separator: ",").map { String($0).trimmingSpaces() }.filter { !$0.isEmpty }
        }
        endpoint.headers = headers.filter { !$0.hasName("Sec-WebSocket-Protocol") }
        endpoint.bindCredentialHeadersByName()
        var frames: [RecordedFrame] = []
        var message: [String] = []
        func flush() {
            while let last = message.last, last.trimmingSpaces().isEmpty { message.removeLast() }
            while let first = message.first, first.trimmingSpaces().isEmpty { message.removeFirst() }
            guard !message.isEmpty else { return }
            let text = message.joined(separator: "\n")
            frames.append(RecordedFrame(received: false, opcode: .text, payload: Array(text.utf8), typed: text, time: 0))
            message = []
        }
        for line in body {
            let trimmed = line.trimmingSpaces()
            if trimmed == waitForServer {
                flush()
                frames.append(RecordedFrame(received: true, opcode: .text, payload: [], time: 0))
            } else if trimmed == separator {
                flush()
            } else {
                message.append(line)
            }
        }
        flush()
        var record = RequestRecord(endpoint: endpoint, settings: Settings())
        record.conversation = RecordedConversation(subprotocols: subprotocols, frames: frames)
        return record
    }

    /// A call to `target` (`[grpc[s]://|http[s]://]host[:port][/prefix]/Service/Method`) with
    /// `headers` as metadata and `message` (JSON, `{}` when empty) as the request.
    static func grpc(target: String, headers: [HeaderField], message: String) throws(WorkbenchError) -> RequestRecord {
        let trimmed = message.trimmingCharacters(in: .whitespacesAndNewlines)
        let messages = trimmed.isEmpty ? "{}" : trimmed
        if target.hasPrefix("{{") {
            // A variable given from outside (`--var host=...`) holds the origin and perhaps the
            // service: the call's form with the URL as it stands, its method found when sent.
            var endpoint = Endpoint()
            _ = try endpoint.setURL(target)
            endpoint.method = "POST"
            endpoint.headers =
                headers.filter { !GRPCClient.replacedHeaders.contains($0.name.lowercased()) }
                + [HeaderField(name: "Content-Type", value: GRPCCall.recordContentType)]
            endpoint.body = .text(messages)
            endpoint.bindCredentialHeadersByName()
            return RequestRecord(endpoint: endpoint, settings: Settings())
        }
        var text = target
        let lower = text.lowercased()
        for (scheme, replacement) in [("grpcs://", "https://"), ("grpc://", "http://")] where lower.hasPrefix(scheme) {
            text = replacement + text.dropFirst(scheme.count)
        }
        if !text.lowercased().hasPrefix("http://") && !text.lowercased().hasPrefix("https://") { text = "http://" + text }
        let schemeEnd = text.range(of: "://")!.upperBound
        // `host/` joined with `/Service/Method` (httpyac's `@host=h/`): one slash between the parts.
        var rest = String(text[schemeEnd...])
        while rest.contains("//") { rest = rest.replacingOccurrences(of: "//", with: "/") }
        let parts = rest.split(separator: "/").map(String.init)
        guard parts.count >= 3 else {
            throw WorkbenchError(
                "GRPC \(Excerpt.quoted(target)): expected HOST:PORT/package.Service/Method (grpcs:// before it for TLS)")
        }
        let origin = String(text[..<schemeEnd]) + parts.dropLast(2).joined(separator: "/")
        var base = Endpoint()
        base.headers = headers
        var endpoint = try GRPCCall.endpoint(
            url: origin, service: parts[parts.count - 2], method: parts[parts.count - 1], messages: messages, from: base)
        endpoint.bindCredentialHeadersByName()
        return RequestRecord(endpoint: endpoint, settings: Settings())
    }
}
