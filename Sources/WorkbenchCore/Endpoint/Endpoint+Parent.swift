extension Endpoint {
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
