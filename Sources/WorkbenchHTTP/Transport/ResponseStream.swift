import WorkbenchBasics

/// Told of a response body while it arrives, so a stream (server-sent events,
/// NDJSON, a chunked log) is shown as it comes instead of when it ends.
public protocol ResponseStream: AnyObject {
    /// Called when the first body bytes of a 2xx response arrive; true to be
    /// handed its body from then on.
    func begin(statusLine: String, headers: [HeaderField]) -> Bool
    /// Body bytes as libcurl hands them over (decoded from any Content-Encoding).
    func receive(_ bytes: UnsafeBufferPointer<UInt8>)
}
