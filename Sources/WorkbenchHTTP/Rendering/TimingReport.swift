import WorkbenchBasics

/// The `timing` command: each phase of the last transfer, with its duration and when it ended.
public enum TimingReport {
    /// One phase of a transfer: how long it took (nil: it did not happen, as
    /// TLS on plain http) and when it ended, in seconds from the start.
    public struct Phase: Equatable, Sendable {
        public var name: String
        public var duration: Double?
        public var end: Double
    }

    /// The phases in order, from libcurl's cumulative times: DNS lookup, TCP
    /// connect, TLS handshake, request sent, first byte, download.
    public static func phases(of t: Timings) -> [Phase] {
        let connectEnd = max(t.connect, t.nameLookup)
        let tlsEnd = t.tlsHandshake > 0 ? t.tlsHandshake : connectEnd
        return [
            Phase(name: "DNS lookup", duration: t.nameLookup, end: t.nameLookup),
            Phase(name: "TCP connect", duration: connectEnd - t.nameLookup, end: connectEnd),
            Phase(name: "TLS handshake", duration: t.tlsHandshake > 0 ? tlsEnd - connectEnd : nil, end: tlsEnd),
            Phase(name: "request sent", duration: max(0, t.preTransfer - tlsEnd), end: t.preTransfer),
            Phase(name: "first byte", duration: max(0, t.firstByte - t.preTransfer), end: t.firstByte),
            Phase(name: "download", duration: max(0, t.total - t.firstByte), end: t.total),
        ]
    }

    public static func text(for response: HTTPResponse) -> String {
        let t = response.timings
        var lines: [String] = []
        for phase in phases(of: t) {
            let (name, duration, end) = (phase.name, phase.duration, phase.end)
            let shown = duration.map { Quantities.duration(max(0, $0)) } ?? "-"
            lines.append(name.padding(to: 14) + shown.padding(to: 11) + "(at \(Quantities.duration(end)))")
        }
        if t.redirect > 0 {
            lines.append("redirects".padding(to: 14) + Quantities.duration(t.redirect))
        }
        lines.append("total".padding(to: 14) + Quantities.duration(t.total))
        lines.append(
            "\(response.httpVersion), remote \(response.remoteAddress), "
                + (response.reusedConnection ? "connection reused" : "new connection"))
        return lines.joined(separator: "\n")
    }
}
