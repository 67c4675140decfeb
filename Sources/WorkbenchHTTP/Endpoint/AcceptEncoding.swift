import CCurl
import WorkbenchBasics

/// The `Accept-Encoding` the workbench sends by default: only the codings the
/// linked libcurl can decode (its version features), so a server is never
/// invited to send a body that would then arrive undecodable.
public enum AcceptEncoding {
    /// `gzip, deflate, br, zstd` when libcurl has zlib, brotli and zstd; fewer when it lacks one.
    public static let supported: String = {
        let features = wb_curl_features()
        return value(
            zlib: features & wb_curl_version_libz != 0, brotli: features & wb_curl_version_brotli != 0,
            zstd: wb_curl_version_zstd != 0 && features & wb_curl_version_zstd != 0)
    }()

    /// The header value for a libcurl with these decoders; `identity` with none.
    /// (Appended to a string, not joined: `joined` on an array costs the runtime a
    /// conformance lookup at start-up.)
    static func value(zlib: Bool, brotli: Bool, zstd: Bool = false) -> String {
        var codings = ""
        func add(_ coding: String) { codings += codings.isEmpty ? coding : ", " + coding }
        if zlib { add("gzip"); add("deflate") }
        if brotli { add("br") }
        if zstd { add("zstd") }
        return codings.isEmpty ? "identity" : codings
    }
}
