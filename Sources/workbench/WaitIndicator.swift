import WorkbenchCore

/// While a request runs: `waiting 1.4 s (Ctrl-C aborts)`, or a bar while `send > FILE`
/// streams, on standard error (a terminal), rewritten in place and erased when it ends.
final class WaitIndicator {
    private var shown = ""
    /// Standard output's buffer goes out first, so the line sits below what was printed.
    private let flushOutput: () -> Void

    init(flushOutput: @escaping () -> Void) {
        self.flushOutput = flushOutput
    }

    func report(_ progress: WaitProgress?) {
        guard let text = progress?.text else {
            if progress == nil && !shown.isEmpty {
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
