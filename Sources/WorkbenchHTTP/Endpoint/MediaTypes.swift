import WorkbenchBasics

/// The media type a file's extension names, for `body @FILE` and multipart
/// file parts when no Content-Type is given.
///
/// A short table written here: Swift on Linux has no media-type database, and
/// /etc/mime.types is not on every machine; these are the types APIs take.
public enum MediaTypes {
    static let byExtension: [String: String] = [
        "json": "application/json", "xml": "application/xml", "yaml": "application/yaml", "yml": "application/yaml",
        "txt": "text/plain", "csv": "text/csv", "html": "text/html", "htm": "text/html", "md": "text/markdown",
        "js": "text/javascript", "css": "text/css", "ndjson": "application/x-ndjson", "jsonl": "application/x-ndjson",
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
        "svg": "image/svg+xml", "pdf": "application/pdf", "zip": "application/zip", "gz": "application/gzip",
        "tar": "application/x-tar", "wasm": "application/wasm", "bin": "application/octet-stream",
    ]

    /// The type for `path`'s extension (case-insensitive), or nil when it is not known.
    public static func forFile(_ path: String) -> String? {
        let name = path.split(separator: "/").last ?? Substring(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        return byExtension[name[name.index(after: dot)...].lowercased()]
    }
}
