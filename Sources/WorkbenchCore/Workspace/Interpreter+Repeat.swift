import Platform
import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchSessions

/// `send --until` and `send --retry`: the tries of one send, a line each, kept on one history entry.
extension Interpreter {
    /// Sends through `send` as `repetition` asks; the last exchange (its record carrying the
    /// tries) and, when the send gave up with a response, why. Throws when the last try got none.
    func sendRepeatedly(
        _ repetition: SendRepetition, send: () throws(WorkbenchError) -> Exchange
    ) throws(WorkbenchError) -> (Exchange, WorkbenchError?) {
        let clock = ContinuousClock()
        let origin = clock.now
        var generator = SystemRandomNumberGenerator()
        let loop = RepeatedSend<Exchange>(
            repetition: repetition, response: \.response,
            now: { Double(time(nil)) },
            jitter: { Double.random(in: 0..<1, using: &generator) },
            wait: { [self] seconds in
                waiting?(nil)
                return waitInterruptibly(seconds: seconds)
            },
            clock: { Self.seconds(clock.now - origin) })
        let scope = workspace.scope(environment: context.environment)
        let ending = loop.run(
            send: send,
            check: { response in repetition.until?.check(response, in: scope) },
            mask: { [output] text in output.redactor.redact(text) },
            report: { [self] line in
                waiting?(nil)
                output.printLine(line)
                flushOutput()
            })
        switch ending.last {
        case .success(var exchange):
            exchange.record.repetition = repetition
            exchange.record.tries = ending.tries
            let what = repetition.until.map { "send --until \($0.text)" } ?? "send --retry \(repetition.retries)"
            return (exchange, ending.failure.map { $0.prefixed("\(what): ") })
        case .failure(let error):
            throw ending.failure ?? error
        }
    }

    /// Waits `seconds` in 20 ms slices; false when Ctrl-C ended the wait first.
    func waitInterruptibly(seconds: Double) -> Bool {
        flushOutput()
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(Int64((seconds * 1000).rounded()))
        while true {
            let left = deadline - clock.now
            if left <= .zero { return true }
            if sendOptions.shouldAbort() { return false }
            let slice = min(left, .milliseconds(20))
            let micros = slice.components.seconds * 1_000_000 + slice.components.attoseconds / 1_000_000_000_000
            usleep(useconds_t(max(micros, 1)))
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
