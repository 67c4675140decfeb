/// `.` and `..` path segments, worked out as RFC 3986 section 5.2.4 says: what curl,
/// xh, HTTPie and browsers send for `/a/b/../c` is `/a/c`. Only literal dots count:
/// `%2E%2E` is data, as curl leaves it.
public enum DotSegments {
    /// `/a/b/../c` -> `/a/c`, the query left alone.
    public static func removing(_ target: String) -> String {
        let queryStart = target.utf8.firstIndex(of: UInt8(ascii: "?")) ?? target.endIndex
        let path = target[..<queryStart]
        guard path.utf8.contains(UInt8(ascii: ".")) else { return target }
        var output: [Substring] = []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            if segment == "." {
                if isLast { output.append("") }
            } else if segment == ".." {
                if !output.isEmpty { output.removeLast() }
                if isLast { output.append("") }
            } else {
                output.append(segment)
            }
        }
        return "/" + output.joined(separator: "/") + String(target[queryStart...])
    }

    /// Whether the path of `target` (before any `?`) has a `.` or `..` segment.
    public static func present(in target: String) -> Bool {
        removing(target) != target
    }
}
