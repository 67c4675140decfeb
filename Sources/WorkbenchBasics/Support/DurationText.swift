/// Durations as typed in commands (`2s`, `500ms`, `1.5m`, `1h`, or a bare number of
/// seconds), as `sleep`, `send --every`/`--for` and `bench --duration` read them.
public enum DurationText {
    /// The seconds `text` names; throws naming `what` when it is not a duration, is not
    /// positive, or is longer than `limit` seconds (named in the error as the bound).
    public static func seconds(_ text: String, what: String, limit: Double) throws(WorkbenchError) -> Double {
        let lowered = text.lowercased()
        let units: [(suffix: String, scale: Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        var number = Substring(lowered)
        var scale = 1.0
        for unit in units where lowered.hasSuffix(unit.suffix) {
            number = lowered.dropLast(unit.suffix.count)
            scale = unit.scale
            break
        }
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            let value = Double(number), value.isFinite
        else {
            throw WorkbenchError("\(what): expected a duration such as 2s, 500ms, 1m or 1h, got \(Excerpt.quoted(text))")
        }
        let seconds = value * scale
        guard seconds > 0 else { throw WorkbenchError("\(what): the duration must be more than 0, got \(Excerpt.quoted(text))") }
        guard seconds <= limit else {
            throw WorkbenchError("\(what): \(Excerpt.quoted(text)) is longer than \(shown(limit)), the most \(what) allows")
        }
        return seconds
    }

    /// `2s`, `1m30s`, `1h`, `250ms`: short, for messages and progress lines.
    public static func shown(_ seconds: Double) -> String {
        if seconds < 1 { return "\(Int((seconds * 1000).rounded()))ms" }
        if seconds < 60 { return Quantities.trimmed((seconds * 10).rounded() / 10) + "s" }
        let whole = Int(seconds.rounded())
        let hours = whole / 3600
        let minutes = whole % 3600 / 60
        let rest = whole % 60
        var text = ""
        if hours > 0 { text += "\(hours)h" }
        if minutes > 0 { text += "\(minutes)m" }
        if rest > 0 { text += "\(rest)s" }
        return text
    }
}
