import WorkbenchCore

/// While a request waits: `waiting 1.4 s (Ctrl-C aborts)` on standard error
/// (a terminal), rewritten in place and erased when the request ends.
final class WaitIndicator {
    private var shown = ""
    /// Standard output's buffer goes out first, so the line sits below what was printed.
    private let flushOutput: () -> Void

    init(flushOutput: @escaping () -> Void) {
        self.flushOutput = flushOutput
    }

    func report(_ elapsed: Double?) {
        guard let elapsed else {
            if !shown.isEmpty { FileDescriptorSink.writeAll(Array("\r\u{1B}[K".utf8), to: 2) }
            shown = ""
            return
        }
        guard elapsed >= 1 else { return }
        let text = "waiting \(Int(elapsed * 10) / 10).\(Int(elapsed * 10) % 10) s (Ctrl-C aborts)"
        guard text != shown else { return }
        if shown.isEmpty { flushOutput() }
        shown = text
        FileDescriptorSink.writeAll(Array("\r\u{1B}[2m\(text)\u{1B}[0m\u{1B}[K".utf8), to: 2)
    }
}
