import Histogram
import Platform
import WorkbenchBasics
import WorkbenchHTTP

/// What a bench measured: latencies in an HdrHistogram (microseconds, three significant
/// digits, 1 µs to 1 h), statuses, failures by kind, bytes and the run's length.
public struct LoadStatistics: Sendable {
    public private(set) var latencies = Histogram<UInt64>(
        lowestDiscernibleValue: 1, highestTrackableValue: 3_600_000_000, numberOfSignificantValueDigits: .three)
    public private(set) var statuses: [Int: Int] = [:]
    public private(set) var failures: [TransportFailure: Int] = [:]
    public private(set) var bytes = 0
    public var seconds = 0.0
    /// Ctrl-C ended the run before its plan did.
    public var interrupted = false

    public init() {}

    public mutating func add(_ sample: LoadSample) {
        _ = latencies.record(max(sample.latencyNanoseconds / 1000, 1))
        if let status = sample.status { statuses[status, default: 0] += 1 }
        if let failure = sample.failure { failures[failure, default: 0] += 1 }
        bytes += sample.bytes
    }

    /// A latency alone (a replayed request's time), without a status or bytes.
    mutating func record(microseconds: UInt64) {
        _ = latencies.record(min(max(microseconds, 1), 3_600_000_000))
    }

    public var count: Int { Int(latencies.totalCount) }
    public var requestsPerSecond: Double { seconds > 0 ? Double(count) / seconds : 0 }

    /// The percentiles reported, as printed and in `--json`.
    public static let percentiles: [(name: String, value: Double)] = [
        ("p50", 50), ("p90", 90), ("p99", 99), ("p99.9", 99.9),
    ]

    /// Microseconds at a percentile.
    public func latency(atPercentile percentile: Double) -> UInt64 { latencies.valueAtPercentile(percentile) }
    public var minimum: UInt64 { count == 0 ? 0 : latencies.min }
    public var maximum: UInt64 { count == 0 ? 0 : latencies.max }
    public var mean: Double { count == 0 ? 0 : latencies.mean }

    /// Counts of latencies in `buckets` ranges of equal width on a log scale from the minimum to
    /// the maximum (a log scale keeps a long tail and the bulk both visible).
    public func buckets(_ number: Int) -> [(upTo: UInt64, count: UInt64)] {
        guard count > 0, number > 0 else { return [] }
        let low = Double(max(minimum, 1))
        let high = Double(max(maximum, minimum + 1))
        let ratio = high / low
        var edges: [UInt64] = []
        for index in 1...number {
            let edge = index == number ? maximum : UInt64((low * Self.power(ratio, Double(index) / Double(number))).rounded(.up))
            edges.append(max(edge, edges.last ?? 0))
        }
        // Each recorded value counted once, in the first row whose edge reaches it (the
        // histogram's equivalent ranges overlap row edges, so counting by range would count twice).
        var counts = [UInt64](repeating: 0, count: number)
        for recorded in latencies.recordedValues() {
            let value = latencies.medianEquivalentForValue(recorded.value)
            let row = edges.firstIndex { value <= $0 } ?? number - 1
            counts[row] += UInt64(recorded.count)
        }
        return zip(edges, counts).map { ($0, $1) }
    }

    static func power(_ base: Double, _ exponent: Double) -> Double { pow(base, exponent) }
}
