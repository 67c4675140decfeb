import Platform
import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchSessions

/// `send --until` and `send --retry` in the REPL: the tries of one send, a line each, kept on
/// one history entry (`RepeatedSend` is the loop, shared with the Replayer).
struct RepeatedSendRun {
    let repetition: SendRepetition
    /// Prints the tries and waits between them; its workspace gives the scope `--until` checks in.
    let interpreter: Interpreter

    /// Sends through `send` as `repetition` asks; the last exchange (its record carrying the
    /// tries) and, when the send gave up with a response, why. Throws when the last try got none.
    func run(send: () throws(WorkbenchError) -> Exchange) throws(WorkbenchError) -> (Exchange, WorkbenchError?) {
        let clock = ContinuousClock()
        let origin = clock.now
        var generator = SystemRandomNumberGenerator()
        let interpreter = self.interpreter
        let output = interpreter.output
        let loop = RepeatedSend<Exchange>(
            repetition: repetition, response: \.response,
            now: { Double(time(nil)) },
            jitter: { Double.random(in: 0..<1, using: &generator) },
            wait: { seconds in
                interpreter.waiting?(nil)
                interpreter.flushOutput()
                return InterruptibleWait.wait(seconds: seconds, shouldAbort: interpreter.sendOptions.shouldAbort)
            },
            clock: { InterruptibleWait.seconds(clock.now - origin) })
        let scope = interpreter.workspace.scope(environment: interpreter.context.environment)
        let repetition = self.repetition
        let ending = loop.run(
            send: send,
            check: { response in repetition.until?.check(response, in: scope) },
            mask: { text in output.redactor.redact(text) },
            report: { line in
                interpreter.waiting?(nil)
                output.printLine(line)
                interpreter.flushOutput()
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
}
