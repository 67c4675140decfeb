import Platform
import Synchronization
import WorkbenchBasics
import WorkbenchHTTP

/// `workbench serve`: a small HTTP/1.1 server on POSIX sockets answering
/// from `MockRoutes`.
///
/// Hand-written rather than built on SwiftNIO: it needs only what a local
/// mock needs (keep-alive, Content-Length and chunked request bodies, HEAD,
/// bounded sizes, a thread per connection up to `connectionLimit`), in a few
/// hundred lines, where NIO would add a package and minutes to every clean
/// build and CI run. The policy (what answers what) is `MockRoutes`, tested
/// without a socket; this file only moves bytes.
///
/// `@unchecked Sendable`: what the connection threads touch (`routes`, `active`, `stopping`,
/// the log) is a `Mutex` or an `Atomic`; `listener`, the one plain field, is used only by
/// the thread that calls `bind` and then `run`.
public final class MockServer: @unchecked Sendable {
    /// Connections served at once; one more is answered 503 and closed.
    public static let connectionLimit = 64
    /// A kept-alive connection with no new request for this long is closed.
    static let idleSeconds = 15.0
    /// ... and this long once three quarters of `connectionLimit` are taken: idle
    /// connections make room (64 opened and left idle kept every client out for 15 s).
    static let busyIdleSeconds = 1.0
    /// How long a connection over the limit waits for a slot before its 503.
    static let admissionWaitSeconds = 3.0

    private let routes: Mutex<MockRoutes>
    private let delay: Bool
    /// Told of every request served, one line each (called under `logLock`).
    private let log: (String) -> Void
    private let logLock = Mutex(())
    private let active = Mutex(0)
    private let stopping = Atomic<Bool>(false)
    private var listener: Int32 = -1

    public init(routes: MockRoutes, delay: Bool, log: @escaping (String) -> Void) {
        self.routes = Mutex(routes)
        self.delay = delay
        self.log = log
    }

    deinit { if listener >= 0 { close(listener) } }

    /// Listens on `host`:`port` (0: any free port); returns the port.
    public func bind(host: String, port: Int) throws(WorkbenchError) -> Int {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = StreamSocket.type
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var found: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &found)
        guard status == 0, let first = found else {
            throw WorkbenchError("cannot listen on \(host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(found) }
        let socket = StreamSocket.open(family: first.pointee.ai_family)
        guard socket >= 0 else { throw WorkbenchError("cannot listen: \(String(cString: strerror(errno)))") }
        guard Platform.bind(socket, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0, listen(socket, 128) == 0 else {
            let reason = String(cString: strerror(errno))
            close(socket)
            throw WorkbenchError("cannot listen on \(host):\(port): \(reason)")
        }
        listener = socket
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(socket, $0, &length) }
        }
        let bound =
            address.ss_family == sa_family_t(AF_INET6)
            ? withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_port } }
            : withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_port } }
        return Int(UInt16(bigEndian: bound))
    }

    /// Accepts connections until `shouldStop` says so (polled every 100 ms),
    /// then lets the connections finish the request in hand (up to 2 s).
    public func run(shouldStop: @escaping () -> Bool) {
        var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        while !shouldStop() {
            guard poll(&poller, 1, 100) > 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            StreamSocket.prepare(connection)
            var admitted = false
            // Idle connections close within `busyIdleSeconds` while the server is busy: wait for one.
            for _ in 0..<Int(Self.admissionWaitSeconds * 20) where !shouldStop() {
                admitted = active.withLock { count in
                    guard count < Self.connectionLimit else { return false }
                    count += 1
                    return true
                }
                if admitted { break }
                usleep(50_000)
            }
            guard admitted else {
                send(
                    MockResponse(status: 503, reason: "Service Unavailable", headers: [], body: Array("too many connections\n".utf8)),
                    to: connection, head: false, keepAlive: false)
                close(connection)
                continue
            }
            Self.detach { [self] in
                serve(connection)
                close(connection)
                active.withLock { $0 -= 1 }
            }
        }
        stopping.store(true, ordering: .relaxed)
        close(listener)
        listener = -1
        for _ in 0..<200 where active.withLock({ $0 }) > 0 { usleep(10_000) }
    }

    /// One connection: requests in turn while it is kept alive.
    private func serve(_ connection: Int32) {
        var buffer: [UInt8] = []
        var continued = false
        var idle = 0.0
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while !stopping.load(ordering: .relaxed) {
            switch HTTPRequestParser.parse(buffer) {
            case .failed(let status, let reason):
                send(
                    MockResponse(status: status, reason: reason, headers: [], body: Array("\(reason)\n".utf8)),
                    to: connection, head: false, keepAlive: false)
                return
            case .complete(let request, let consumed):
                buffer.removeFirst(consumed)
                continued = false
                idle = 0
                let keepAlive = request.keepsAlive
                if let conversation = answer(request, on: connection, keepAlive: keepAlive) {
                    // The connection is the conversation's from here on (MockServer+WebSocket).
                    let sent = serveConversation(conversation, request: request, on: connection, leftover: buffer)
                    logLock.withLock { _ in log("  conversation ended: \(sent) recorded frame\(sent == 1 ? "" : "s") sent") }
                    return
                }
                if !keepAlive { return }
                continue
            case .incomplete(let expectsContinue):
                if expectsContinue && !continued {
                    // `Expect: 100-continue`: tell the client to send the body.
                    _ = Self.write(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8), to: connection)
                    continued = true
                }
            }
            var poller = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 100)
            if ready == 0 {
                idle += 0.1
                let busy = active.withLock { $0 } * 4 >= Self.connectionLimit * 3
                if idle >= (busy ? Self.busyIdleSeconds : Self.idleSeconds) { return }
                continue
            }
            guard ready > 0 else { if errno == EINTR { continue } else { return } }
            let count = recv(connection, &chunk, chunk.count, 0)
            guard count > 0 else { return }
            buffer += chunk[..<count]
            idle = 0
        }
    }

    /// Answers `request`; the recorded conversation when it asked for the upgrade of one (the
    /// caller serves it), nil otherwise.
    private func answer(_ request: HTTPRequestParser.Request, on connection: Int32, keepAlive: Bool) -> RecordedConversation? {
        let mock = MockRequest(method: request.method, target: request.target, headers: request.headers, body: request.body)
        let (answered, route, shown, conversation): (MockResponse, Int?, String, RecordedConversation?) = routes.withLock { routes in
            let (response, route) = routes.answer(mock)
            return (response, route, routes.shownTarget(request.target), route.flatMap { routes.conversation(of: $0) })
        }
        var response = answered
        if let conversation, let route {
            if Self.asksForUpgrade(request) {
                logLock.withLock { _ in log("\(request.method) \(shown) → 101 (request \(route), a WebSocket conversation)") }
                return conversation
            }
            response = MockResponse(
                status: 426, reason: "Upgrade Required", headers: [HeaderField(name: "Upgrade", value: "websocket")],
                body: Array("request \(route) is a WebSocket conversation: connect with ws:// to this path\n".utf8))
        }
        if delay && response.delayMilliseconds > 0 {
            usleep(useconds_t(min(response.delayMilliseconds, 60_000) * 1000))
        }
        send(response, to: connection, head: request.method == "HEAD", keepAlive: keepAlive)
        var line = "\(request.method) \(shown) → \(response.status)"
        if let route { line += " (request \(route))" } else { line += " (no recorded request matches)" }
        if route != nil && response.bodyMissing {
            line += "; its body was not kept in the session: sent without it (\(MockResponse.bodyNotKeptHeader))"
        }
        logLock.withLock { _ in log(line) }
        return nil
    }

    private func send(_ response: MockResponse, to connection: Int32, head: Bool, keepAlive: Bool) {
        var text = "HTTP/1.1 \(response.status) \(response.reason)\r\n"
        for field in response.headers { text += "\(field.name): \(field.value)\r\n" }
        if !(100..<200).contains(response.status) && response.status != 204 && response.status != 304 {
            text += "Content-Length: \(response.body.count)\r\n"
        }
        text += keepAlive ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n"
        var bytes = Array(text.utf8)
        if !head && response.status != 204 && response.status != 304 { bytes += response.body }
        _ = Self.write(bytes, to: connection)
    }

    /// Writes all of `bytes`; false when the peer went away (without SIGPIPE).
    static func write(_ bytes: [UInt8], to connection: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { StreamSocket.send(connection, $0) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// Runs `work` on a new detached thread (here, when no thread can be started).
    private static func detach(_ work: @escaping () -> Void) {
        if !Threads.detach(work) { work() }
    }
}
