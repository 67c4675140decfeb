import CCurl
import WorkbenchBasics

/// The `Accept-Encoding` the workbench sends by default: only the codings the
/// linked libcurl can decode (its version features), so a server is never
/// invited to send a body that would then arrive undecodable.
public enum AcceptEncoding {
    /// `gzip, deflate, br` when libcurl has zlib and brotli; fewer when it lacks one.
    public static let supported: String = {
        let features = wb_curl_features()
        return value(zlib: features & wb_curl_version_libz != 0, brotli: features & wb_curl_version_brotli != 0)
    }()

    /// The header value for a libcurl with these decoders; `identity` with none.
    /// (Spelled out: `joined` on an array costs the runtime a conformance lookup at start-up.)
    static func value(zlib: Bool, brotli: Bool) -> String {
        switch (zlib, brotli) {
        case (true, true): "gzip, deflate, br"
        case (true, false): "gzip, deflate"
        case (false, true): "br"
        case (false, false): "identity"
        }
    }
}
