import WorkbenchBasics
import WorkbenchHTTP

/// The replay loop, once, for the REPL (`replay N|all`) and the command line
/// (`workbench replay FILE`): requests in order, captures flowing into later
/// ones, an optional stop at the first failure, and the closing line.
public struct ReplayRun {
    public var replayer: Replayer
    /// `workbench replay` stops at the first failure unless `--keep-going`.
    public var stopAtFirstFailure: Bool

    public init(replayer: Replayer, stopAtFirstFailure: Bool) {
        self.replayer = replayer
        self.stopAtFirstFailure = stopAtFirstFailure
    }

    /// What a whole run came to.
    public struct Summary: Sendable {
        /// The requests sent (or that broke before they could be), in order.
        public var outcomes: [Replayer.Outcome]
        /// Requests left unsent after a failure (or Ctrl-C) stopped the run, each with why.
        public var skipped: [Replayer.Outcome] = []
        /// Ctrl-C stopped the run (`SendOptions.shouldAbort` said so).
        public var interrupted: Bool = false

        public init(outcomes: [Replayer.Outcome], skipped: [Replayer.Outcome] = [], interrupted: Bool = false) {
            self.outcomes = outcomes
            self.skipped = skipped
            self.interrupted = interrupted
        }

        public var notSent: Int { skipped.count }
        public var failed: Int { outcomes.count { !$0.passed } }
        public var passed: Bool { failed == 0 && notSent == 0 }

        /// `N passed, N failed`.
        public var closingLine: String { Replayer.summary(outcomes) }

        /// Said when a failure stopped the run early, or nil (Ctrl-C is
        /// said once for a whole `workbench replay`, by `ReplayBatch`).
        public var stoppedNote: String? {
            notSent == 0 || interrupted
                ? nil
                : "stopped at the first failure: \(notSent) request\(notSent == 1 ? "" : "s") not sent (--keep-going sends them)"
        }
    }

    /// Replays `records` (numbered as `history` numbers them); `variables`
    /// take each capture. `each` is told of every outcome as it happens, with
    /// the variables as they are then (a captured secret must be masked from
    /// the next line on).
    /// `cookies` is the jar the run starts from; each response's cookies go on
    /// to the next request, and `each` sees the jar as it is then.
    /// Ctrl-C (the replayer's `shouldAbort`) ends the run after the request it aborted.
    public func run(
        _ records: [(number: Int, record: RequestRecord)], variables: inout Variables,
        cookies: inout CookieJar, each: (Replayer.Outcome, Variables, CookieJar) -> Void
    ) -> Summary {
        var outcomes: [Replayer.Outcome] = []
        var interrupted = false
        for (number, record) in records {
            if replayer.options.shouldAbort() {
                interrupted = true
                break
            }
            let outcome = replayer.run(record, number: number, variables: &variables, cookies: &cookies)
            outcomes.append(outcome)
            each(outcome, variables, cookies)
            if replayer.options.shouldAbort() {
                interrupted = true
                break
            }
            if !outcome.passed && stopAtFirstFailure { break }
        }
        let reason: ReplaySkip = interrupted ? .interrupted : .stoppedAtFirstFailure
        let skipped = records.dropFirst(outcomes.count).map { number, record in
            Replayer.skipped(record, number: number, variables: variables, baseOverride: replayer.baseOverride, because: reason)
        }
        return Summary(outcomes: outcomes, skipped: skipped, interrupted: interrupted)
    }
}
