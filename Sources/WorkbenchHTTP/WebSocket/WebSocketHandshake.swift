import CCrypto
import WorkbenchBasics

/// The opening handshake of RFC 6455 (section 4) as bytes: the upgrade request built from a
/// prepared request (its headers, auth and cookies already chosen for the origin), the reply
/// read and checked. Pure: the connection sends and reads the bytes.
public struct WebSocketHandshake: Sendable, Equatable {
    /// The request as sent: the prepared GET with the upgrade's own headers.
    public var request: PreparedRequest
    /// The nonce (base64 of 16 random bytes) the reply must answer.
    public var key: String
    public var subprotocols: [String]

    /// Headers the handshake writes itself: a typed one of these names is replaced.
    static let ownHeaders = [
        "Upgrade", "Connection", "Sec-WebSocket-Key", "Sec-WebSocket-Version", "Sec-WebSocket-Protocol",
        "Sec-WebSocket-Extensions", "Content-Length", "Content-Type", "Transfer-Encoding", "Expect",
    ]

    static let acceptGUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    public init(_ prepared: PreparedRequest, subprotocols: [String], cookieHeader: String?, key: String? = nil) {
        var random = SystemRandomNumberGenerator()
        self.key = key ?? SecretRedactor.base64((0..<16).map { _ in UInt8.random(in: 0...255, using: &random) })
        self.subprotocols = subprotocols
        var request = prepared
        request.method = "GET"
        request.body = []
        request.shownBody = []
        request.multipart = nil
        request.shownMultipart = nil
        let keep = { (field: HeaderField) in !Self.ownHeaders.contains { field.hasName($0) } }
        var added = [
            HeaderField(name: "Upgrade", value: "websocket"), HeaderField(name: "Connection", value: "Upgrade"),
            HeaderField(name: "Sec-WebSocket-Key", value: self.key), HeaderField(name: "Sec-WebSocket-Version", value: "13"),
        ]
        if !subprotocols.isEmpty { added.append(HeaderField(name: "Sec-WebSocket-Protocol", value: subprotocols.joined(separator: ", "))) }
        request.headers = request.headers.filter(keep) + added
        request.shownHeaders = request.shownHeaders.filter(keep) + added
        if let cookieHeader, !request.headers.contains(where: { $0.hasName("Cookie") }) {
            request.headers.append(HeaderField(name: "Cookie", value: cookieHeader))
            request.shownHeaders.append(HeaderField(name: "Cookie", value: cookieHeader))
        }
        self.request = request
    }

    /// The request head as it goes on the wire.
    public var bytes: [UInt8] {
        var text = "GET \(request.target) HTTP/1.1\r\n"
        for field in request.headers { text += "\(field.name): \(field.value)\r\n" }
        text += "\r\n"
        return Array(text.utf8)
    }

    /// The value the server must send back in Sec-WebSocket-Accept.
    public static func accept(for key: String) -> String {
        let input = Array((key + acceptGUID).utf8)
        var digest = [UInt8](repeating: 0, count: 20)
        _ = input.withUnsafeBufferPointer { SHA1($0.baseAddress, $0.count, &digest) }
        return SecretRedactor.base64(digest)
    }

    /// A reply's head: the status line and the headers, as read.
    public struct ReplyHead: Sendable, Equatable {
        public var statusLine: String
        public var statusCode: Int
        public var headers: [HeaderField]
        /// Bytes after the head: the body of a refusal, or the first frames.
        public var rest: [UInt8]
    }

    /// The head when `bytes` holds all of it (up to the blank line); nil when more must come.
    public static func readHead(_ bytes: [UInt8], from authority: String) throws(WorkbenchError) -> ReplyHead? {
        guard let end = Self.headEnd(bytes) else {
            if bytes.count > WebSocketBounds.maximumHandshakeBytes {
                throw WorkbenchError(
                    "malformed reply from \(authority): the handshake reply's head is larger than its bound (\(Quantities.size(WebSocketBounds.maximumHandshakeBytes)))",
                    kind: .transport(.malformedReply))
            }
            return nil
        }
        let text = String(decoding: bytes[..<end], as: UTF8.self)
        var lines = text.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        let statusLine = lines.removeFirst()
        let words = statusLine.split(separator: " ", maxSplits: 2)
        guard words.count >= 2, words[0].hasPrefix("HTTP/"), let code = Int(words[1]) else {
            throw WorkbenchError(
                "malformed reply from \(authority): \(Excerpt.quoted(statusLine, limit: 60)) is no HTTP status line",
                kind: .transport(.malformedReply))
        }
        var headers: [HeaderField] = []
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.append(HeaderField(name: String(line[..<colon]), value: String(line[line.index(after: colon)...]).trimmingSpaces()))
        }
        return ReplyHead(statusLine: statusLine, statusCode: code, headers: headers, rest: Array(bytes[(end + 4)...]))
    }

    static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    /// Checks a 101 reply (RFC 6455 4.1: Upgrade, Connection, the accept value, a subprotocol
    /// that was asked for); the subprotocol the server chose, if any.
    public func check(_ head: ReplyHead, from authority: String) throws(WorkbenchError) -> String? {
        func refuse(_ why: String) -> WorkbenchError {
            WorkbenchError("the WebSocket handshake with \(authority) failed: \(why)", kind: .transport(.malformedReply))
        }
        guard head.headers.values(of: "Upgrade").contains(where: { HTTPSyntax.equalIgnoringASCIICase($0.trimmingSpaces(), "websocket") })
        else {
            throw refuse("the 101 reply has no `Upgrade: websocket`")
        }
        guard
            head.headers.values(of: "Connection").contains(where: { value in
                value.split(separator: ",").contains { HTTPSyntax.equalIgnoringASCIICase(String($0).trimmingSpaces(), "upgrade") }
            })
        else { throw refuse("the 101 reply has no `Connection: Upgrade`") }
        guard head.headers.values(of: "Sec-WebSocket-Accept").first?.trimmingSpaces() == Self.accept(for: key) else {
            throw refuse("Sec-WebSocket-Accept does not answer the key sent")
        }
        if let extensions = head.headers.values(of: "Sec-WebSocket-Extensions").first, !extensions.trimmingSpaces().isEmpty {
            throw refuse("the server agreed to extensions none were asked for (\(Excerpt.quoted(extensions, limit: 60)))")
        }
        guard let chosen = head.headers.values(of: "Sec-WebSocket-Protocol").first?.trimmingSpaces(), !chosen.isEmpty else {
            return nil
        }
        guard subprotocols.contains(chosen) else {
            throw refuse("the server chose the subprotocol \(Excerpt.quoted(chosen, limit: 60)), which was not offered")
        }
        return chosen
    }

    /// The Cookie header for a handshake: libcurl's cookie engine sends no request when it only
    /// connects (CONNECT_ONLY), so the jar's cookies are matched here as RFC 6265 5.4 matches
    /// them (domain, path, Secure, expiry), in the jar's order.
    public static func cookieHeader(_ jar: CookieJar, host: String, path: String, secure: Bool, now: Int) -> String? {
        let host = host.lowercased()
        let matching = jar.cookies.filter { cookie in
            let domain = cookie.host.lowercased()
            let domainMatches = host == domain || (cookie.includeSubdomains && host.hasSuffix("." + domain))
            let cookiePath = cookie.path.isEmpty ? "/" : cookie.path
            let pathMatches =
                path == cookiePath
                || (path.hasPrefix(cookiePath) && (cookiePath.hasSuffix("/") || path.dropFirst(cookiePath.count).hasPrefix("/")))
            return domainMatches && pathMatches && (!cookie.secure || secure) && (cookie.expires == 0 || cookie.expires > now)
        }
        guard !matching.isEmpty else { return nil }
        return matching.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
    }
}
