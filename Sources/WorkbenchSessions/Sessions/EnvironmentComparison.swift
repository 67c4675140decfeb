import WorkbenchBasics
import WorkbenchHTTP

/// `compare ENV1 ENV2`: one request's responses in two environments, compared by
/// `ResponseDiff`. What changed between two sends to the first environment changes by
/// itself (ids, timestamps, counters): it is left out, and listed as left out.
public struct EnvironmentComparison: Equatable, Sendable {
    /// The differences from the first environment's response to the second's.
    public var diff: ResponseDiff
    /// JSON paths and `header NAME`s left out because they changed between the two sends to the first.
    public var volatile: [String]
    /// Whether the first environment's status itself changed between its two sends.
    public var statusIsVolatile: Bool

    /// Headers worth comparing across environments unless asked otherwise: those that say
    /// what the body is or what the client must do, not which machine answered.
    public static let headersThatMatter = [
        "content-type", "content-encoding", "content-language", "location", "cache-control", "allow", "www-authenticate",
        "access-control-allow-origin", "access-control-allow-credentials", "vary", "strict-transport-security",
    ]

    /// `first` and `again` are the first environment's two responses, `second` the second's;
    /// `options` what the user asked (`--header`, `--ignore`).
    public static func compare(
        first: RecordedResponse, again: RecordedResponse, second: RecordedResponse, options: ResponseDiff.Options
    ) -> EnvironmentComparison {
        var learning = ResponseDiff.Options()
        learning.allHeaders = true
        let noise = ResponseDiff.compare(first, again, options: learning)
        var compared = options
        if compared.headers.isEmpty && !compared.allHeaders { compared.headers = headersThatMatter }
        var volatile: [String] = []
        var statusIsVolatile = false
        for change in noise.changes {
            switch change {
            case .status:
                statusIsVolatile = true
            case .header(let name, _, _):
                let lower = name.lowercased()
                if !compared.ignoredHeaders.contains(lower) {
                    compared.ignoredHeaders.insert(lower)
                    volatile.append("header \(name)")
                }
            case .changed(let path, _, _), .added(let path, _), .removed(let path, _):
                if let pattern = try? JSONPathPattern(parsing: path) {
                    compared.ignoredPaths.append(pattern)
                    volatile.append(path)
                }
            case .text, .body:
                // A body that is not JSON has no paths to leave out: it is compared whole.
                volatile.append("the body (not JSON: it changed between two sends, compared anyway)")
            }
        }
        var diff = ResponseDiff.compare(first, second, options: compared)
        if statusIsVolatile { diff.changes.removeAll { if case .status = $0 { true } else { false } } }
        return EnvironmentComparison(diff: diff, volatile: volatile, statusIsVolatile: statusIsVolatile)
    }

    /// The lines `compare` prints: the heading, the differences, what was left out.
    public func lines(first: String, second: String, ignored: [String], color: Bool) -> [String] {
        var lines = [diff.isEmpty ? "no differences: \(first) → \(second)" : "\(first) → \(second): \(diff.count)"]
        lines += diff.lines(color: color)
        var left = volatile
        if statusIsVolatile { left.insert("status", at: 0) }
        if !left.isEmpty {
            lines.append(
                "ignored, as they changed between two sends in \(first): " + left.map(TerminalText.escapeLine).joined(separator: ", "))
        }
        if !ignored.isEmpty { lines.append("ignored, as asked: " + ignored.map(TerminalText.escapeLine).joined(separator: ", ")) }
        return lines
    }
}
