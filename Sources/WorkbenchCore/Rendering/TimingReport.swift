/// The `timing` command: each phase of the last transfer, with its duration and when it ended.
public enum TimingReport {
    public static func text(for response: HTTPResponse) -> String {
        let t = response.timings
        let connectEnd = max(t.connect, t.nameLookup)
        let tlsEnd = t.tlsHandshake > 0 ? t.tlsHandshake : connectEnd
        let rows: [(String, Double?, Double)] = [
            ("DNS lookup", t.nameLookup, t.nameLookup),
            ("TCP connect", connectEnd - t.nameLookup, connectEnd),
            ("TLS handshake", t.tlsHandshake > 0 ? tlsEnd - connectEnd : nil, tlsEnd),
            ("request sent", max(0, t.preTransfer - tlsEnd), t.preTransfer),
            ("first byte", max(0, t.firstByte - t.preTransfer), t.firstByte),
            ("download", max(0, t.total - t.firstByte), t.total),
        ]
        var lines: [String] = []
        for (name, duration, end) in rows {
            let shown = duration.map { Quantities.duration(max(0, $0)) } ?? "-"
            lines.append(name.padding(to: 14) + shown.padding(to: 11) + "(at \(Quantities.duration(end)))")
        }
        if t.redirect > 0 {
            lines.append("redirects".padding(to: 14) + Quantities.duration(t.redirect))
        }
        lines.append("total".padding(to: 14) + Quantities.duration(t.total))
        lines.append("\(response.httpVersion), remote \(response.remoteAddress), "
            + (response.reusedConnection ? "connection reused" : "new connection"))
        return lines.joined(separator: "\n")
    }
}
