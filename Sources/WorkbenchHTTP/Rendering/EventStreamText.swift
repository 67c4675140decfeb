import WorkbenchBasics

/// `events` and `events N`: a response's server-sent events as text (escaped for a terminal by
/// whoever prints it, as every command's output is).
public enum EventStreamText {
    /// The longest excerpt of an event's data in the list.
    static let excerptLimit = 80

    /// One line an event: number, time since the transfer started, type, id, an excerpt of the data.
    public static func list(_ stream: EventStream) -> String {
        var lines: [String] = []
        lines.reserveCapacity(stream.events.count + 2)
        for (offset, event) in stream.events.enumerated() {
            let number = stream.dropped + offset + 1
            var line = "\(number)  \(seconds(event.time))  \(Template.oneLine(event.type.prefix(40)))"
            if !event.id.isEmpty { line += "  id \(Template.oneLine(event.id.prefix(40)))" }
            if event.dataTooLarge {
                line += "  (data past the event-size bound, not kept)"
            } else {
                let size = event.data.utf8.count
                let excerpt = Template.oneLine(event.data.prefix(excerptLimit))
                line += "  \(excerpt)" + (size > excerptLimit ? "…" : "") + "  (\(Quantities.size(size)))"
            }
            lines.append(line)
        }
        lines += stream.boundWarnings
        if let retry = stream.reconnectionTime { lines.append("retry: the server asks to reconnect after \(retry) ms") }
        return lines.joined(separator: "\n")
    }

    /// The whole event: its fields as the stream gave them, then its data.
    public static func whole(_ event: ServerSentEvent, number: Int) -> String {
        var lines = ["event \(number)  \(seconds(event.time))", "type: \(Template.oneLine(event.type))"]
        if !event.id.isEmpty { lines.append("id: \(Template.oneLine(event.id))") }
        if let retry = event.retry { lines.append("retry: \(retry)") }
        lines.append("")
        lines.append(
            event.dataTooLarge
                ? "(its data was larger than the event-size bound, \(Quantities.size(EventStreamBounds.maximumEventBytes)), and is not kept)"
                : event.data)
        return lines.joined(separator: "\n")
    }

    /// `+1.204s` from the transfer's start; `-` when the time is not known.
    static func seconds(_ time: Double?) -> String {
        guard let time else { return "-" }
        let millis = Int((time * 1000).rounded())
        let fraction = String(millis % 1000)
        return "+\(millis / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)s"
    }
}
