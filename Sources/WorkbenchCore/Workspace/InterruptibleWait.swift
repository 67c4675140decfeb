import Platform
import WorkbenchBasics

/// A wait Ctrl-C can end (`sleep`, the pause between `send --until` tries): slept in 20 ms
/// slices, the abort poll asked between them.
enum InterruptibleWait {
    /// Waits `seconds`; false when `shouldAbort` ended the wait first. `between` runs between
    /// slices (what arrives meanwhile, read as it comes).
    static func wait(seconds: Double, shouldAbort: () -> Bool, between: () -> Void = {}) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(Int64((seconds * 1000).rounded()))
        while true {
            let left = deadline - clock.now
            if left <= .zero { return true }
            if shouldAbort() { return false }
            between()
            let slice = min(left, .milliseconds(20))
            let micros = slice.components.seconds * 1_000_000 + slice.components.attoseconds / 1_000_000_000_000
            usleep(useconds_t(max(micros, 1)))
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
