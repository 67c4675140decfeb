import WorkbenchBasics
import WorkbenchHTTP

/// A bench's figures as text (with the latency histogram drawn in block characters) and as
/// the JSON of `bench --json FILE`, whose schema is `docs/runs.md`'s:
///
/// ```
/// {"format": "workbench-bench", "version": 1,
///  "request": {"method": "GET", "url": "http://host/path"},        secrets masked
///  "plan": {"requests": 200, "durationSeconds": null, "concurrency": 8, "rate": null},
///  "interrupted": false, "seconds": 1.02, "requests": 200, "requestsPerSecond": 196.1,
///  "bytes": 12800, "statuses": {"200": 200}, "errors": {"connection refused": 0...},
///  "latencyMs": {"min": 0.2, "p50": 1.0, "p90": 1.8, "p99": 3.2, "p99.9": 5.1, "max": 7.0, "mean": 1.01},
///  "histogram": [{"upToMs": 0.3, "count": 12}, ...]}
/// ```
/// `latencyMs` counts from each request's scheduled start when `plan.rate` is set.
public enum LoadReport {
    /// The rows of the drawn histogram.
    public static let histogramRows = 12
    /// The longest bar, in character cells.
    public static let barWidth = 40

    /// The report printed after a run; `method` and `url` as shown (secrets masked).
    public static func text(_ statistics: LoadStatistics, plan: LoadPlan, method: String, url: String) -> String {
        var lines: [String] = []
        let stopped = statistics.interrupted ? " (stopped by Ctrl-C)" : ""
        // Fewer requests than connections open only as many connections as requests.
        let connections = min(plan.concurrency, plan.count ?? plan.concurrency)
        lines.append(
            "\(method) \(url): \(statistics.count) request\(statistics.count == 1 ? "" : "s") over \(connections) connection\(connections == 1 ? "" : "s") in \(Quantities.duration(statistics.seconds))\(stopped)"
        )
        var throughput = "requests/s: \(Quantities.fixed(statistics.requestsPerSecond, decimals: 1))"
        if let rate = plan.rate { throughput += " (rate asked: \(Quantities.trimmed(rate))/s)" }
        throughput += "   transfer: \(Quantities.size(Int(Double(statistics.bytes) / max(statistics.seconds, 1e-9))))/s"
        lines.append(throughput)
        let statuses = statistics.statuses.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }
        lines.append("statuses: " + (statuses.isEmpty ? "none" : statuses.joined(separator: ", ")))
        if !statistics.failures.isEmpty {
            let errors = statistics.failures.sorted { $0.value > $1.value }.map { "\($0.key.rawValue) ×\($0.value)" }
            lines.append("errors: " + errors.joined(separator: ", "))
        }
        guard statistics.count > 0 else { return lines.joined(separator: "\n") }
        var latency = "latency\(plan.rate == nil ? "" : " (from the scheduled start)"): min \(milliseconds(statistics.minimum))"
        for (name, percentile) in LoadStatistics.percentiles {
            latency += "  \(name) \(milliseconds(statistics.latency(atPercentile: percentile)))"
        }
        latency += "  max \(milliseconds(statistics.maximum))"
        lines.append(latency)
        lines += histogram(statistics)
        return lines.joined(separator: "\n")
    }

    /// `  1.20 ms │████████▌              │  1234`: one row a bucket, the bar in eighths of a cell.
    static func histogram(_ statistics: LoadStatistics) -> [String] {
        let buckets = statistics.buckets(histogramRows)
        let largest = buckets.map(\.count).max() ?? 0
        guard largest > 0 else { return [] }
        let labels = buckets.map { "≤ " + milliseconds($0.upTo) }
        let labelWidth = labels.map(\.count).max() ?? 0
        let countWidth = String(largest).count
        let eighths = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        return zip(labels, buckets).map { label, bucket in
            let cells = Int((Double(bucket.count) / Double(largest) * Double(barWidth * 8)).rounded())
            // A bucket with any count shows at least a sliver.
            let shown = bucket.count > 0 ? max(cells, 1) : 0
            let bar = String(repeating: "█", count: shown / 8) + eighths[shown % 8]
            let padding = String(repeating: " ", count: barWidth - bar.count)
            let count = String(bucket.count)
            return String(repeating: " ", count: labelWidth - label.count) + label + " │" + bar + padding + "│ "
                + String(repeating: " ", count: countWidth - count.count) + count
        }
    }

    /// `0.98 ms`, `12.3 ms`, `1.25 s` from microseconds.
    static func milliseconds(_ microseconds: UInt64) -> String {
        let value = Double(microseconds) / 1000
        if value >= 1000 { return Quantities.fixed(value / 1000, decimals: 2) + " s" }
        return Quantities.fixed(value, decimals: value < 10 ? 2 : 1) + " ms"
    }

    /// The `--json` document.
    public static func json(_ statistics: LoadStatistics, plan: LoadPlan, method: String, url: String) -> String {
        func number(_ value: Double) -> JSONValue { .number(Quantities.trimmed((value * 1000).rounded() / 1000)) }
        func integer(_ value: Int) -> JSONValue { .number(String(value)) }
        func optional(_ value: Double?) -> JSONValue { value.map(number) ?? .null }
        func ms(_ microseconds: UInt64) -> JSONValue { number(Double(microseconds) / 1000) }
        var latency: [JSONMember] = [SessionEncoding.member("min", ms(statistics.minimum))]
        for (name, percentile) in LoadStatistics.percentiles {
            latency.append(SessionEncoding.member(name, ms(statistics.latency(atPercentile: percentile))))
        }
        latency += [
            SessionEncoding.member("max", ms(statistics.maximum)),
            SessionEncoding.member("mean", number(statistics.mean / 1000)),
        ]
        let value = JSONValue.object([
            SessionEncoding.member("format", .string("workbench-bench")),
            SessionEncoding.member("version", .number("1")),
            SessionEncoding.member(
                "request", .object([SessionEncoding.member("method", .string(method)), SessionEncoding.member("url", .string(url))])),
            SessionEncoding.member(
                "plan",
                .object([
                    SessionEncoding.member("requests", plan.count.map(integer) ?? .null),
                    SessionEncoding.member("durationSeconds", optional(plan.duration)),
                    SessionEncoding.member("concurrency", integer(plan.concurrency)),
                    SessionEncoding.member("rate", optional(plan.rate)),
                ])),
            SessionEncoding.member("interrupted", .bool(statistics.interrupted)),
            SessionEncoding.member("seconds", number(statistics.seconds)),
            SessionEncoding.member("requests", integer(statistics.count)),
            SessionEncoding.member("requestsPerSecond", number(statistics.requestsPerSecond)),
            SessionEncoding.member("bytes", integer(statistics.bytes)),
            SessionEncoding.member(
                "statuses",
                .object(statistics.statuses.sorted { $0.key < $1.key }.map { SessionEncoding.member(String($0.key), integer($0.value)) })),
            SessionEncoding.member(
                "errors",
                .object(
                    statistics.failures.sorted { $0.key.rawValue < $1.key.rawValue }.map {
                        SessionEncoding.member($0.key.rawValue, integer($0.value))
                    })),
            SessionEncoding.member("latencyMs", statistics.count == 0 ? .null : .object(latency)),
            SessionEncoding.member(
                "histogram",
                .array(
                    statistics.buckets(histogramRows).map {
                        .object([SessionEncoding.member("upToMs", ms($0.upTo)), SessionEncoding.member("count", integer(Int($0.count)))])
                    })),
        ])
        return String(decoding: SessionEncoding.pretty(value), as: UTF8.self)
    }
}
