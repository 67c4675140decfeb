import WorkbenchBasics

/// The latency line of a repeated replay (`workbench replay FILE --repeat N`): the times of
/// every request sent, as percentiles from the HdrHistogram `bench` uses, and the requests a
/// second over the whole replay. A Newman or Hurl user running a collection many times reads
/// the same figures there; without it, `--repeat 20` was only its PASS lines. Here, after
/// Replay/, because it takes `bench`'s statistics: the launcher hands it to `ReplayBatch`.
public enum ReplayLatency {
    /// `latency (80 requests in 0.42 s, 190.5 requests/s): min 0.21 ms  p50 ...  max 3.10 ms`,
    /// or nil when no request got a response.
    @Sendable public static func line(_ report: ReplayReport, seconds: Double) -> String? {
        var statistics = LoadStatistics()
        for run in report.runs {
            for request in run.requests {
                guard let total = request.timings?.total else { continue }
                statistics.record(microseconds: UInt64(max(total * 1_000_000, 1)))
            }
        }
        guard statistics.count > 0 else { return nil }
        statistics.seconds = seconds
        let count = statistics.count
        var line =
            "latency (\(count) request\(count == 1 ? "" : "s") in \(Quantities.duration(seconds)), "
            + "\(Quantities.fixed(statistics.requestsPerSecond, decimals: 1)) requests/s): "
            + "min \(LoadReport.milliseconds(statistics.minimum))"
        for (name, percentile) in LoadStatistics.percentiles {
            line += "  \(name) \(LoadReport.milliseconds(statistics.latency(atPercentile: percentile)))"
        }
        return line + "  max \(LoadReport.milliseconds(statistics.maximum))"
    }
}
