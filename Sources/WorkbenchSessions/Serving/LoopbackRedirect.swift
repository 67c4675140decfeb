import Platform
import WorkbenchBasics
import WorkbenchAPIs

/// The loopback redirect of `auth oauth2 code` (RFC 8252 7.3): a listener on
/// 127.0.0.1 that waits for the browser to come back to `/callback` with the
/// authorization server's answer in the query, answers it with a short page,
/// and hands the query's parameters back.
///
/// Hand-written on POSIX sockets like `MockServer`: one connection at a time,
/// one request each, bounded in size and time; no package needed for that.
public final class LoopbackRedirect {
    /// The bound on a request's head: a redirect carries a code and a state.
    static let maxRequestBytes = 16 * 1024
    /// How long one connection may take to send its request line.
    static let requestSeconds = 5.0

    private var listener: Int32 = -1
    public private(set) var port = 0

    /// Listens on 127.0.0.1:`port` (0: a free one).
    public init(port: Int) throws(WorkbenchError) {
        let socket = StreamSocket.open(family: AF_INET)
        guard socket >= 0 else { throw WorkbenchError("oauth2 code: cannot listen: \(String(cString: strerror(errno)))") }
        var address = StreamSocket.loopbackIPv4(port: UInt16(port))
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Platform.bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(socket, 8) == 0 else {
            let reason = String(cString: strerror(errno))
            close(socket)
            throw WorkbenchError("oauth2 code: cannot listen on 127.0.0.1:\(port): \(reason)")
        }
        listener = socket
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(socket, $0, &length) }
        }
        self.port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { if listener >= 0 { close(listener) } }

    /// `http://127.0.0.1:PORT/callback`.
    public var redirectURI: String { "http://127.0.0.1:\(port)/callback" }

    /// What came back, or nil when `shouldAbort` said stop or `seconds` ran out.
    /// Requests for other paths (a browser's favicon) are answered 404 and the wait goes on.
    public func waitForCallback(
        seconds: Double, shouldAbort: () -> Bool,
        page: ([String: String]) -> String
    ) -> [String: String]? {
        var remaining = Int(seconds * 10)
        var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        while remaining > 0 {
            remaining -= 1
            if shouldAbort() { return nil }
            guard poll(&poller, 1, 100) > 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            StreamSocket.prepare(connection)
            defer { close(connection) }
            guard let target = readTarget(connection) else { continue }
            let path = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? target
            guard path == "/callback" else {
                reply(connection, status: "404 Not Found", body: "not found\n")
                continue
            }
            let query = target.firstIndex(of: "?").map { String(target[target.index(after: $0)...]) } ?? ""
            let parameters = Self.parameters(of: query)
            reply(connection, status: "200 OK", body: page(parameters))
            return parameters
        }
        return nil
    }

    /// `a=1&b=x%20y` as a dictionary (the first of a repeated name wins).
    static func parameters(of query: String) -> [String: String] {
        var result: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = PercentEncoding.decode(String(parts[0]), plusIsSpace: true)
            let value = parts.count > 1 ? PercentEncoding.decode(String(parts[1]), plusIsSpace: true) : ""
            if result[name] == nil { result[name] = value }
        }
        return result
    }

    /// The request target of `GET TARGET HTTP/1.1`, read up to the end of the head.
    private func readTarget(_ connection: Int32) -> String? {
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var poller = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
        var waits = Int(Self.requestSeconds * 10)
        while head.count < Self.maxRequestBytes, waits > 0 {
            guard poll(&poller, 1, 100) > 0 else {
                waits -= 1
                continue
            }
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            head += buffer[..<count]
            // The whole head, so the browser is not answered before it finished sending.
            if head.count >= 4 && Array(head.suffix(4)) == [13, 10, 13, 10] { break }
        }
        guard let end = head.firstIndex(of: 10) else { return nil }
        let words = String(decoding: head[..<end], as: UTF8.self).split(separator: " ")
        guard words.count == 3, words[0] == "GET" else { return nil }
        return String(words[1])
    }

    private func reply(_ connection: Int32, status: String, body: String) {
        let bytes = Array(
            ("HTTP/1.1 \(status)\r\nContent-Type: text/html; charset=utf-8\r\n"
                + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\nCache-Control: no-store\r\n\r\n" + body).utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { StreamSocket.send(connection, $0) }
            guard count > 0 else { return }
            sent += count
        }
    }
}
