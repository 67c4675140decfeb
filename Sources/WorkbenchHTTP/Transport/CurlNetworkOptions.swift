import CCurl
import WorkbenchBasics

/// The network settings on a libcurl easy handle: TLS verification, timeouts, the proxy, the
/// trust store, the client certificate, the HTTP version and a Unix socket. Every engine that
/// connects (a send, bench's handles, a WebSocket handshake) sets them here, so a setting added
/// later reaches all of them.
enum CurlNetworkOptions {
    /// The connect phase's limit when the total timeout is longer (or none).
    static let connectTimeoutMilliseconds = 10_000

    static func apply(_ settings: Settings, for request: PreparedRequest, to easy: UnsafeMutableRawPointer) throws(WorkbenchError) {
        try setLong(easy, CURLOPT_SSL_VERIFYPEER, "CURLOPT_SSL_VERIFYPEER", settings.insecure ? 0 : 1)
        try setLong(easy, CURLOPT_SSL_VERIFYHOST, "CURLOPT_SSL_VERIFYHOST", settings.insecure ? 0 : 2)
        let totalMilliseconds = Int(settings.timeout * 1000)
        let connectMilliseconds =
            totalMilliseconds > 0 ? min(totalMilliseconds, connectTimeoutMilliseconds) : connectTimeoutMilliseconds
        try setLong(easy, CURLOPT_TIMEOUT_MS, "CURLOPT_TIMEOUT_MS", totalMilliseconds)
        try setLong(easy, CURLOPT_CONNECTTIMEOUT_MS, "CURLOPT_CONNECTTIMEOUT_MS", connectMilliseconds)
        switch settings.proxy {
        case .environment:
            break  // libcurl reads http_proxy, https_proxy, all_proxy and no_proxy itself.
        case .none:
            try setString(easy, CURLOPT_PROXY, "CURLOPT_PROXY", "")
        case .url(let url):
            // A proxy set by hand takes every request: the environment's no_proxy does not apply.
            try setString(easy, CURLOPT_PROXY, "CURLOPT_PROXY", url)
            try setString(easy, CURLOPT_NOPROXY, "CURLOPT_NOPROXY", "")
        }
        if let file = settings.caCertificate {
            try setString(easy, CURLOPT_CAINFO, "CURLOPT_CAINFO", FileSystem.expandTilde(file))
        }
        if let file = settings.clientCertificate {
            try setString(easy, CURLOPT_SSLCERT, "CURLOPT_SSLCERT", FileSystem.expandTilde(file))
            if let key = settings.clientKey {
                try setString(easy, CURLOPT_SSLKEY, "CURLOPT_SSLKEY", FileSystem.expandTilde(key))
            }
        }
        let version =
            switch settings.httpVersion {
            case _ where request.requiresHTTP2:
                request.base.origin.lowercased().hasPrefix("https:")
                    ? Int(CURL_HTTP_VERSION_2TLS) : Int(CURL_HTTP_VERSION_2_PRIOR_KNOWLEDGE)
            case .auto: Int(CURL_HTTP_VERSION_2TLS)
            case .http1_1: Int(CURL_HTTP_VERSION_1_1)
            case .http2: Int(CURL_HTTP_VERSION_2_0)
            }
        try setLong(easy, CURLOPT_HTTP_VERSION, "CURLOPT_HTTP_VERSION", version)
        if request.requiresHTTP2 {
            // libcurl 7.88 sends nothing on an HTTP/2 connection it reuses after a gRPC call (curl's
            // own tool fails the same way, `--next`): each call gets a connection of its own.
            try setLong(easy, CURLOPT_FRESH_CONNECT, "CURLOPT_FRESH_CONNECT", 1)
            try setLong(easy, CURLOPT_FORBID_REUSE, "CURLOPT_FORBID_REUSE", 1)
        }
        if let socket = request.base.unixSocket {
            try setString(easy, CURLOPT_UNIX_SOCKET_PATH, "CURLOPT_UNIX_SOCKET_PATH", FileSystem.expandTilde(socket))
        }
    }

    static func setLong(_ easy: UnsafeMutableRawPointer, _ option: CURLoption, _ name: String, _ value: Int) throws(WorkbenchError) {
        try check(wb_curl_set_long(easy, option, value), name)
    }

    /// From the string's own bytes (`withCString`): a `String` handed to C as it is is first
    /// copied into a new array, several times a request.
    static func setString(_ easy: UnsafeMutableRawPointer, _ option: CURLoption, _ name: String, _ value: String) throws(WorkbenchError) {
        try check(value.withCString { wb_curl_set_string(easy, option, $0) }, name)
    }

    /// A refusal (an option this libcurl was built without, a value out of range, no memory)
    /// is one error naming the option.
    static func check(_ code: CURLcode, _ name: String) throws(WorkbenchError) {
        guard code == CURLE_OK else {
            throw WorkbenchError(
                "cannot set up the request: libcurl refused \(name) (\(String(cString: curl_easy_strerror(code))))",
                kind: .transport(.engine))
        }
    }
}
