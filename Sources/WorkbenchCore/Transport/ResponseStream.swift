/// Told of a response body while it arrives, so a stream (server-sent events,
/// NDJSON, a chunked log) is shown as it comes instead of when it ends.
public protocol ResponseStream: AnyObject {
    /// Called when the first body bytes of a 2xx response arrive; true to be
    /// handed its body from then on.
    func begin(statusLine: String, headers: [HeaderField]) -> Bool
    /// Body bytes as libcurl hands them over (decoded from any Content-Encoding).
    func receive(_ bytes: UnsafeBufferPointer<UInt8>)
}

/// How far a download has come, for `send > FILE`'s progress bar.
public struct TransferProgress: Equatable, Sendable {
    public var received: Int
    /// From the response's Content-Length, when it has one.
    public var total: Int?
    /// Seconds since the transfer started.
    public var elapsed: Double

    public init(received: Int, total: Int?, elapsed: Double) {
        self.received = received
        self.total = total
        self.elapsed = elapsed
    }
}
