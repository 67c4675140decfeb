import CCurl
import Platform
import WorkbenchBasics

/// One WebSocket connection on libcurl: libcurl connects (CONNECT_ONLY: proxy, TLS with the
/// `cacert`, `insecure` and `cert` settings, a Unix socket, exactly as for an HTTP request)
/// and the handshake and frames go through curl_easy_send and curl_easy_recv. The libcurl
/// here (7.88) has no WebSocket support of its own.
///
/// Used by one thread: the REPL polls `descriptor` beside the keyboard and reads what came.
public final class WebSocketConnection {
    /// The handshake as sent, and the server's 101 reply.
    public let handshake: WebSocketHandshake
    public let reply: WebSocketHandshake.ReplyHead
    public let subprotocol: String?
    /// Seconds from the start of the connection (TCP, a proxy's tunnel, TLS) to the 101's head.
    public let handshakeSeconds: Double
    /// The socket libcurl connected, for poll(2).
    public let descriptor: Int32
    public private(set) var isOpen = true
    private let engine: CurlTransport
    private var reader = WebSocketFrameReader()
    /// Frames that arrived with the handshake's reply.
    private var early: [UInt8]

    static let readChunk = 65536

    /// What a connection attempt gave: a connection, or the server's refusal as a response.
    public enum Outcome {
        case open(WebSocketConnection)
        case refused(HTTPResponse)
    }

    /// What came from the server.
    public enum Event: Equatable, Sendable {
        case message(WebSocketOpcode, [UInt8])
        /// The server closed (its code and reason), or the connection ended without a close
        /// frame (`code` nil, `reason` says how).
        case closed(code: UInt16?, reason: String, cleanly: Bool)
    }

    private init(
        engine: CurlTransport, descriptor: Int32, handshake: WebSocketHandshake, reply: WebSocketHandshake.ReplyHead,
        subprotocol: String?, handshakeSeconds: Double
    ) {
        self.handshakeSeconds = handshakeSeconds
        self.engine = engine
        self.descriptor = descriptor
        self.handshake = handshake
        self.reply = reply
        self.subprotocol = subprotocol
        self.early = reply.rest
    }

    /// The 101 as the response of the conversation's history entry, timed as a request is.
    public func upgradeResponse(url: String) -> HTTPResponse {
        var response = HTTPResponse(
            statusLine: reply.statusLine, statusCode: reply.statusCode, headers: reply.headers, body: [], url: url)
        response.timings.total = handshakeSeconds
        return response
    }

    deinit {
        // The easy handle (and with it the socket) goes with the engine.
        isOpen = false
    }

    /// Connects to `handshake.request`'s origin and upgrades; `shouldAbort` is polled while
    /// waiting for the reply (Ctrl-C). `scope` holds the proxy password's secret variable, if
    /// the proxy has a login (as for `Sender.send`).
    public static func open(
        _ handshake: WebSocketHandshake, settings: Settings, in scope: VariableScope, shouldAbort: () -> Bool = { false }
    ) throws(WorkbenchError) -> Outcome {
        let settings = try settings.forWire(in: scope)
        let request = handshake.request
        let engine = try CurlTransport()
        let easy = engine.easy
        curl_easy_reset(easy)
        engine.errorBuffer[0] = 0
        let origin = "\(request.base.scheme)://\(request.base.host):\(request.base.effectivePort)/"
        try engine.setString(CURLOPT_URL, "CURLOPT_URL", origin)
        try engine.set(CURLOPT_ERRORBUFFER, "CURLOPT_ERRORBUFFER") { wb_curl_set_pointer($0, $1, engine.errorBuffer) }
        try engine.set(CURLOPT_NOSIGNAL, "CURLOPT_NOSIGNAL") { wb_curl_set_long($0, $1, 1) }
        try engine.set(CURLOPT_CONNECT_ONLY, "CURLOPT_CONNECT_ONLY") { wb_curl_set_long($0, $1, 1) }
        // An HTTP proxy tunnels (CONNECT) for ws:// too: the upgrade is not a request a proxy forwards.
        try engine.set(CURLOPT_HTTPPROXYTUNNEL, "CURLOPT_HTTPPROXYTUNNEL") { wb_curl_set_long($0, $1, 1) }
        try CurlNetworkOptions.apply(settings, for: request, to: easy)
        // The upgrade is an HTTP/1.1 request: TLS offers only http/1.1 (ALPN).
        try engine.set(CURLOPT_HTTP_VERSION, "CURLOPT_HTTP_VERSION") { wb_curl_set_long($0, $1, Int(CURL_HTTP_VERSION_1_1)) }
        let started = Deadline(seconds: 0)  // a stopwatch: the total, as a request's, starts before connecting
        let code = curl_easy_perform(easy)
        guard code == CURLE_OK else {
            throw CurlFailure.error(
                code: code, detail: String(cString: engine.errorBuffer), request: request, settings: settings,
                collector: ResponseCollector(bodyLimit: 0, outputDescriptor: nil), osErrno: engine.getLong(CURLINFO_OS_ERRNO),
                bodyLimit: 0)
        }
        var socket: curl_socket_t = -1
        guard wb_curl_get_socket(easy, CURLINFO_ACTIVESOCKET, &socket) == CURLE_OK, socket >= 0 else {
            throw WorkbenchError(
                "cannot use the connection to \(request.base.authority): libcurl gave no socket", kind: .transport(.engine))
        }
        let deadline = Deadline(seconds: settings.timeout > 0 ? settings.timeout : 30)
        do {
            try write(handshake.bytes, engine: engine, socket: socket, authority: request.base.authority)
        } catch {
            // TLS 1.3 ends the handshake before the server checks for a client certificate: one
            // that wants it may close before the upgrade goes, with its alert not yet read.
            guard request.base.scheme == "https", settings.clientCertificate == nil, error.kind == .transport(.connectionLost) else {
                throw error
            }
            throw WorkbenchError(
                error.message + "; a server that wants a client certificate closes so (`cert FILE [KEY]`)", kind: error.kind)
        }
        // The reply's head, then (a refusal) its body as far as Content-Length says, bounded.
        var received: [UInt8] = []
        var head: WebSocketHandshake.ReplyHead?
        while head == nil {
            if shouldAbort() {
                throw WorkbenchError("WebSocket handshake aborted (Ctrl-C): \(request.shownURL)", kind: .transport(.aborted))
            }
            guard
                let chunk = try read(
                    engine: engine, socket: socket, waitingUpTo: min(0.05, deadline.remaining), authority: request.base.authority)
            else {
                throw WorkbenchError(
                    "empty reply from \(request.base.authority): the connection closed during the WebSocket handshake",
                    kind: .transport(.emptyReply))
            }
            received += chunk
            head = try WebSocketHandshake.readHead(received, from: request.base.authority)
            if head == nil && deadline.isPast {
                throw WorkbenchError(
                    "timeout: \(request.base.authority) did not answer the WebSocket handshake within \(Quantities.trimmed(deadline.seconds)) s",
                    kind: .transport(.timeout))
            }
        }
        guard var head else { throw WorkbenchError("no handshake reply", kind: .transport(.malformedReply)) }
        guard head.statusCode == 101 else {
            let limit = min(settings.maxBodyBytes, 1 << 20)
            let expected = head.headers.values(of: "Content-Length").first.flatMap { Int($0.trimmingSpaces()) }
            let bodyDeadline = Deadline(seconds: 2)
            while head.rest.count < min(expected ?? limit, limit) && !bodyDeadline.isPast {
                guard let chunk = try? read(engine: engine, socket: socket, waitingUpTo: 0.05, authority: request.base.authority) else {
                    break
                }
                head.rest += chunk
            }
            var response = HTTPResponse(
                statusLine: head.statusLine, statusCode: head.statusCode, headers: head.headers, body: Array(head.rest.prefix(limit)),
                httpVersion: String(head.statusLine.prefix { $0 != " " }), url: request.shownURL)
            response.timings.total = started.elapsed
            return .refused(response)
        }
        let subprotocol = try handshake.check(head, from: request.base.authority)
        return .open(
            WebSocketConnection(
                engine: engine, descriptor: socket, handshake: handshake, reply: head, subprotocol: subprotocol,
                handshakeSeconds: started.elapsed))
    }

    /// Sends one frame (masked, as a client must).
    public func send(_ frame: WebSocketFrame) throws(WorkbenchError) {
        guard isOpen else { throw WorkbenchError("the WebSocket connection is closed: `ws connect` again") }
        do {
            try Self.write(frame.encodedByClient(), engine: engine, socket: descriptor, authority: handshake.request.base.authority)
        } catch {
            isOpen = false
            throw error
        }
    }

    /// What arrived, waiting up to `seconds` for the first of it (0: only what is there now).
    /// A ping is answered with its pong, a close with the closing handshake's reply; a frame
    /// the protocol forbids (or one past the message bound) closes the connection with the code
    /// RFC 6455 gives for it and is thrown, after the events before it are delivered.
    public func receive(waitingUpTo seconds: Double, shouldAbort: () -> Bool = { false }) throws(WorkbenchError) -> [Event] {
        var events: [Event] = []
        if !early.isEmpty {
            reader.append(early)
            early = []
            try collect(into: &events)
            if !events.isEmpty || !isOpen { return events }
        }
        guard isOpen else { return [] }
        let deadline = Deadline(seconds: seconds)
        while true {
            // Once something came, only what is already there joins it.
            let wait = events.isEmpty ? min(0.05, deadline.remaining) : 0
            let chunk: [UInt8]?
            do {
                chunk = try Self.read(engine: engine, socket: descriptor, waitingUpTo: wait, authority: handshake.request.base.authority)
            } catch {
                isOpen = false
                events.append(.closed(code: nil, reason: error.message, cleanly: false))
                return events
            }
            guard let chunk else {
                isOpen = false
                events.append(.closed(code: nil, reason: "the connection ended without a close frame", cleanly: false))
                return events
            }
            if !chunk.isEmpty {
                reader.append(chunk)
                try collect(into: &events)
                if isOpen { continue }
            }
            if !events.isEmpty || !isOpen || deadline.isPast || shouldAbort() { return events }
        }
    }

    private func collect(into events: inout [Event]) throws(WorkbenchError) {
        while isOpen {
            let message: WebSocketFrameReader.Message?
            do {
                message = try reader.next()
            } catch {
                try? Self.write(
                    WebSocketFrame(opcode: .close, payload: WebSocketFrame.closePayload(code: error.closeCode, reason: ""))
                        .encodedByClient(),
                    engine: engine, socket: descriptor, authority: handshake.request.base.authority)
                isOpen = false
                throw WorkbenchError(
                    "the WebSocket connection was closed with \(error.closeCode): \(handshake.request.base.authority) sent \(error.message)",
                    kind: .transport(.malformedReply))
            }
            guard let message else { return }
            switch message.opcode {
            case .ping:
                try? Self.write(
                    WebSocketFrame(opcode: .pong, payload: message.payload).encodedByClient(), engine: engine, socket: descriptor,
                    authority: handshake.request.base.authority)
                events.append(.message(.ping, message.payload))
            case .close:
                let details = WebSocketFrame.closeDetails(message.payload)
                // The closing handshake: the code echoed (RFC 6455 5.5.1).
                try? Self.write(
                    WebSocketFrame(opcode: .close, payload: WebSocketFrame.closePayload(code: details.code, reason: "")).encodedByClient(),
                    engine: engine, socket: descriptor, authority: handshake.request.base.authority)
                isOpen = false
                events.append(.closed(code: details.code, reason: details.reason, cleanly: true))
            default:
                events.append(.message(message.opcode, message.payload))
            }
        }
    }

    /// Sends a close frame and waits (at most `seconds`) for the server's; the events that
    /// came meanwhile, its close last.
    public func close(code: UInt16?, reason: String, waitingUpTo seconds: Double = 2) throws(WorkbenchError) -> [Event] {
        guard isOpen else { return [] }
        try send(WebSocketFrame(opcode: .close, payload: WebSocketFrame.closePayload(code: code, reason: reason)))
        var events: [Event] = []
        let deadline = Deadline(seconds: seconds)
        while isOpen && !deadline.isPast {
            events += (try? receive(waitingUpTo: deadline.remaining)) ?? []
        }
        isOpen = false
        return events
    }

    /// Writes all of `bytes`, waiting for the socket when libcurl says it would block.
    static func write(_ bytes: [UInt8], engine: CurlTransport, socket: Int32, authority: String) throws(WorkbenchError) {
        var offset = 0
        engine.errorBuffer[0] = 0
        while offset < bytes.count {
            var sent = 0
            let code = bytes.withUnsafeBufferPointer { buffer in
                curl_easy_send(engine.easy, buffer.baseAddress! + offset, buffer.count - offset, &sent)
            }
            if code == CURLE_AGAIN {
                var descriptor = pollfd(fd: socket, events: Int16(POLLOUT), revents: 0)
                _ = poll(&descriptor, 1, 1000)
                continue
            }
            guard code == CURLE_OK else { throw lost("cannot send to", authority, code: code, engine: engine) }
            offset += sent
        }
    }

    /// A failed send or receive, in one line: TLS's own reason when libcurl gave one. A server
    /// that wants a client certificate says so (TLS 1.3) at the first read, after the handshake.
    private static func lost(_ what: String, _ authority: String, code: CURLcode, engine: CurlTransport) -> WorkbenchError {
        let detail = String(cString: engine.errorBuffer)
        if detail.contains("alert certificate required") {
            return WorkbenchError("\(authority) requires a client certificate (`cert FILE [KEY]`): \(detail)", kind: .transport(.tls))
        }
        let reason = String(cString: curl_easy_strerror(code)) + (detail.isEmpty ? "" : ": \(detail)")
        return WorkbenchError("connection lost: \(what) \(authority) (\(reason))", kind: .transport(.connectionLost))
    }

    /// Bytes available, after waiting up to `seconds` for some: empty when none came, nil when
    /// the peer closed the connection.
    static func read(engine: CurlTransport, socket: Int32, waitingUpTo seconds: Double, authority: String) throws(WorkbenchError)
        -> [UInt8]?
    {
        var chunk = [UInt8](repeating: 0, count: readChunk)
        var received = 0
        engine.errorBuffer[0] = 0
        var code = chunk.withUnsafeMutableBufferPointer { curl_easy_recv(engine.easy, $0.baseAddress, $0.count, &received) }
        if code == CURLE_AGAIN && seconds > 0 {
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, Int32(max(1, seconds * 1000)))
            code = chunk.withUnsafeMutableBufferPointer { curl_easy_recv(engine.easy, $0.baseAddress, $0.count, &received) }
        }
        if code == CURLE_AGAIN { return [] }
        guard code == CURLE_OK else { throw lost("cannot read from", authority, code: code, engine: engine) }
        if received == 0 { return nil }
        chunk.removeSubrange(received...)
        return chunk
    }
}

/// A point in time some seconds ahead, on the monotonic clock.
package struct Deadline {
    package let seconds: Double
    private let start = ContinuousClock.now

    package init(seconds: Double) { self.seconds = seconds }

    package var elapsed: Double {
        let duration = ContinuousClock.now - start
        return Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    package var remaining: Double { max(0, seconds - elapsed) }
    package var isPast: Bool { elapsed >= seconds }
}
