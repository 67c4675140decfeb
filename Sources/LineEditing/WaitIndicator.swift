import WorkbenchBasics

/// While a request runs: `waiting 1.4 s (Ctrl-C aborts)`, or a bar while `send > FILE`
/// streams, on standard error (a terminal), rewritten in place and erased when it ends.
public final class WaitIndicator {
    private var shown = ""
    /// Standard output's buffer goes out first, so the line sits below what was printed.
    private let flushOutput: () -> Void

    public init(flushOutput: @escaping () -> Void) {
        self.flushOutput = flushOutput
    }

    /// `text` to show now (nil: nothing new to draw); `ended`: the request is over, the line goes.
    public func report(_ text: String?, ended: Bool) {
        guard let text else {
            if ended && !shown.isEmpty {
                FileDescriptorSink.writeAll(Array("\r\u{1B}[K".utf8), to: 2)
                shown = ""
            }
            return
        }
        guard text != shown else { return }
        if shown.isEmpty { flushOutput() }
        shown = text
        FileDescriptorSink.writeAll(Array("\r\u{1B}[2m\(text)\u{1B}[0m\u{1B}[K".utf8), to: 2)
    }
}
