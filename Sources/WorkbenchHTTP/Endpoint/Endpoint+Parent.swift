import WorkbenchBasics

extension Endpoint {
    /// The path as typed with the segments `path add` appended, `/` when
    /// there is none: what an API description's operations are matched against
    /// (`ls`, `cd`, `describe`, `body example`, `expect schema`). Not percent-encoded.
    public var typedPathWithSegments: String {
        let path = path.isEmpty ? "/" : path
        guard !segments.isEmpty else { return path }
        return (path.hasSuffix("/") ? path : path + "/") + segments.joined(separator: "/")
    }

    /// `path ..`: drops the last segment (one added with `path add` first),
    /// as `cd ..` does; a literal `..` is never sent. The query stays.
    public mutating func goUp() throws(WorkbenchError) {
        if !segments.isEmpty {
            segments.removeLast()
            return
        }
        var trimmed = Substring(path)
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard !trimmed.isEmpty else {
            throw WorkbenchError("path ..: already at the top of the base URL (\(base ?? "no base yet"))")
        }
        let parent = trimmed.lastIndex(of: "/").map { trimmed[..<$0] } ?? ""
        path = String(parent)
    }
}
