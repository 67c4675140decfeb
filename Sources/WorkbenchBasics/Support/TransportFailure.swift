/// Why a request that was handed to the transport got no complete response, by kind:
/// what reports (JUnit `<error type>`, TAP, JSON) and callers tell apart. The raw value
/// is the kind's name in reports.
public enum TransportFailure: String, CaseIterable, Equatable, Sendable {
    /// Nothing listens at the address (ECONNREFUSED).
    case connectionRefused = "connection refused"
    /// The connection could not be made for another reason (unreachable, a Unix socket missing).
    case cannotConnect = "cannot connect"
    /// The host name did not resolve.
    case hostNotFound = "host not found"
    /// The proxy could not be reached, resolved, or refused the tunnel.
    case proxy
    /// The connection or the whole transfer took longer than the timeout.
    case timeout
    /// The TLS handshake failed, or the peer's certificate was not trusted or a client certificate could not be used.
    case tls = "TLS"
    /// The connection broke while sending or receiving.
    case connectionLost = "connection lost"
    /// The server closed the connection without a reply.
    case emptyReply = "empty reply"
    /// What came back is not HTTP, or breaks its framing.
    case malformedReply = "malformed reply"
    /// A redirect was refused, or there were too many.
    case redirect
    /// The body is larger than the `maxbody` bound.
    case bodyTooLarge = "body too large"
    /// The body could not be decoded or written where it was asked to go.
    case body
    /// Ctrl-C stopped the transfer.
    case aborted
    /// The engine refused the request (a libcurl option, memory) or failed in a way not named above.
    case engine
}
