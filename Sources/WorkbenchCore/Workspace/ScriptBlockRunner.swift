import Platform
import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchSessions

/// What ended a script statement early: a failing line (with its number), or `exit`.
public enum ScriptStop: Error, Equatable {
    case failed(WorkbenchError, line: Int)
    case exit
}

/// Script blocks (`if CHECK` / `else` / `end`, `repeat N` / `end`) and `sleep`, each line
/// run through the interpreter as every other line is.
struct ScriptBlockRunner {
    let interpreter: Interpreter

    /// Runs one statement of a script: a line, or a block with the lines inside it.
    func run(_ statement: ScriptStatement) throws(ScriptStop) {
        switch statement {
        case .line(let text, let number):
            switch interpreter.handle(line: text) {
            case .ok: return
            case .exit: throw .exit
            case .failed(let error): throw .failed(error, line: number)
            }
        case .conditional(let check, let number, let then, let otherwise):
            let holds: Bool
            do throws(WorkbenchError) {
                holds = try self.holds(check)
            } catch {
                throw .failed(error.prefixed("if: "), line: number)
            }
            for inner in holds ? then : otherwise { try run(inner) }
        case .repetition(let count, let number, let body):
            // A block that would sleep past the script's bound is refused before it starts waiting.
            if let slept = interpreter.scriptSleep {
                let planned = slept + Double(count) * Self.sleepSeconds(in: body)
                if planned > ScriptBounds.totalSleepSeconds {
                    throw .failed(
                        WorkbenchError(
                            "repeat: its sleeps would wait \(DurationText.shown(planned)) in all, more than \(DurationText.shown(ScriptBounds.totalSleepSeconds)) (the bound on a script's total sleep)"
                        ), line: number)
                }
            }
            for round in 0..<count {
                if interpreter.sendOptions.shouldAbort() {
                    throw .failed(WorkbenchError("repeat: stopped by Ctrl-C before round \(round + 1) of \(count)"), line: number)
                }
                for inner in body { try run(inner) }
            }
        }
    }

    /// The most the `sleep`s of `statements` wait (an `if` counts its longer branch).
    static func sleepSeconds(in statements: [ScriptStatement]) -> Double {
        statements.reduce(0) { total, statement in
            switch statement {
            case .line(let text, _):
                if case .command(.sleep(let seconds))? = try? CommandParser.parse(text) { return total + seconds }
                return total
            case .conditional(_, _, let then, let otherwise):
                return total + max(sleepSeconds(in: then), sleepSeconds(in: otherwise))
            case .repetition(let count, _, let body):
                return total + Double(count) * sleepSeconds(in: body)
            }
        }
    }

    /// Whether `check` holds for the last response (as `expect` would judge it, without
    /// keeping it on the request).
    func holds(_ check: Expectation) throws(WorkbenchError) -> Bool {
        if let reason = interpreter.lastSendFailureReason {
            throw WorkbenchError("the last send failed (\(reason)): there is no response to check")
        }
        let workspace = interpreter.workspace
        let (response, index) = try workspace.lastExchange()
        let scope = workspace.scope(environment: interpreter.context.environment)
        let schema = try workspace.schemaSource(for: check, request: workspace.history[index].endpoint, scope: scope)
        return check.check(response, in: scope, schema: schema).passed
    }

    /// `sleep DURATION`: waits, Ctrl-C ending it early (an error, so a script stops there).
    /// In a script, all its sleeps together are bounded (`ScriptBounds.totalSleepSeconds`).
    func sleep(seconds: Double) throws(WorkbenchError) {
        if let slept = interpreter.scriptSleep {
            guard slept + seconds <= ScriptBounds.totalSleepSeconds else {
                throw WorkbenchError(
                    "sleep: this script would sleep \(DurationText.shown(slept + seconds)) in all, more than \(DurationText.shown(ScriptBounds.totalSleepSeconds)) (the bound on a script's total sleep)"
                )
            }
            interpreter.scriptSleep = slept + seconds
        }
        let clock = ContinuousClock()
        let start = clock.now
        interpreter.flushOutput()
        // An open conversation's frames are read, kept (with their times) and shown as they come.
        let conversation = WebSocketConversationRunner(interpreter: interpreter)
        if !InterruptibleWait.wait(seconds: seconds, shouldAbort: interpreter.sendOptions.shouldAbort, between: { conversation.poll() }) {
            throw WorkbenchError("sleep: stopped by Ctrl-C after \(DurationText.shown(InterruptibleWait.seconds(clock.now - start)))")
        }
    }
}
