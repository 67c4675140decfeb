/// `send > FILE`'s progress line on a terminal: a bar when the size is known,
/// the bytes so far and the rate.
public enum ProgressBar {
    /// `[##########----------]  50%  1.0 MB of 2.0 MB  512.0 KB/s`, fitted to `width` columns.
    public static func line(_ progress: TransferProgress, width: Int) -> String {
        let rate = progress.elapsed > 0 ? Int(Double(progress.received) / progress.elapsed) : 0
        let speed = "\(Quantities.size(rate))/s"
        guard let total = progress.total, total > 0 else {
            return "\(Quantities.size(progress.received))  \(speed)"
        }
        let fraction = min(1, Double(progress.received) / Double(total))
        let percent = Int(fraction * 100)
        let figures = "\(percent < 10 ? "  " : percent < 100 ? " " : "")\(percent)%  "
            + "\(Quantities.size(progress.received)) of \(Quantities.size(total))  \(speed)"
        let barWidth = min(30, width - figures.count - 4)
        guard barWidth >= 5 else { return figures }
        let filled = Int(fraction * Double(barWidth))
        return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled) + "]  " + figures
    }
}
