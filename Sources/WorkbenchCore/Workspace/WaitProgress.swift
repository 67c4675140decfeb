import WorkbenchBasics

/// How a request that is still running is doing: what the terminal's
/// progress line shows (`waiting 1.4 s`, or a bar while `send > FILE` streams).
public struct WaitProgress: Equatable, Sendable {
    /// Seconds since the request started.
    public var elapsed: Double
    /// Body bytes received so far.
    public var received: Int
    /// The Content-Length, once the headers announced one.
    public var expected: Int?
    /// The body goes to a file (`send > FILE`), not to the screen.
    public var toFile: Bool

    public init(elapsed: Double, received: Int = 0, expected: Int? = nil, toFile: Bool = false) {
        self.elapsed = elapsed
        self.received = received
        self.expected = expected
        self.toFile = toFile
    }

    /// The line to show, or nil while there is nothing worth showing (the first second).
    public var text: String? {
        guard elapsed >= 1 else { return nil }
        let seconds = "\(Int(elapsed * 10) / 10).\(Int(elapsed * 10) % 10) s"
        guard toFile, received > 0 else { return "waiting \(seconds) (Ctrl-C aborts)" }
        let rate = Quantities.size(Int(Double(received) / elapsed)) + "/s"
        guard let expected, expected >= received, expected > 0 else {
            return "\(Quantities.size(received)), \(rate), \(seconds) (Ctrl-C aborts)"
        }
        let width = 20
        let filled = received * width / expected
        let bar = "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "]"
        return "\(bar) \(Quantities.size(received)) of \(Quantities.size(expected)), \(rate) (Ctrl-C aborts)"
    }
}
