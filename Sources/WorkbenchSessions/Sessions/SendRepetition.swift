import WorkbenchBasics
import WorkbenchHTTP

/// `send --until CHECK [--every D] [--for D]` and `send --retry N`: how one request is sent
/// again. Kept on its history entry with the tries it took, saved, replayed the same way.
public struct SendRepetition: Equatable, Sendable {
    /// Sends again until this holds for the response (`--until`); nil: no polling.
    public var until: Expectation?
    /// Seconds between polls (`--every`).
    public var every: Double = 2
    /// Seconds after the first try past which polling gives up (`--for`).
    public var limit: Double = 60
    /// Retries of a transport failure, a 429 or a 503 (`--retry`), counted over the whole send.
    public var retries: Int = 0

    public init(until: Expectation? = nil, every: Double = 2, limit: Double = 60, retries: Int = 0) {
        self.until = until
        self.every = every
        self.limit = limit
        self.retries = retries
    }

    /// The bounds, named in the errors that keep them.
    public static let maximumRetries = 10
    public static let maximumEvery = 600.0
    public static let maximumLimit = 3600.0
    /// The most a `Retry-After` is waited for; a longer one is cut to this, and the try line says so.
    public static let retryAfterCap = 60.0
    /// The first backoff (doubled each retry, with jitter) and its most.
    public static let firstBackoff = 0.5
    public static let maximumBackoff = 30.0

    /// The flags as typed after `send`, as history, sessions and messages show them.
    public var text: String {
        var words: [String] = []
        if let until {
            words += ["--until", until.text]
            if every != 2 { words += ["--every", DurationText.shown(every)] }
            if limit != 60 { words += ["--for", DurationText.shown(limit)] }
        }
        if retries > 0 { words += ["--retry", String(retries)] }
        return words.joined(separator: " ")
    }

    /// Transport failures worth another try: the server may be up in a moment. TLS, DNS, a
    /// malformed reply or a refused redirect would fail again the same way.
    public static let retriedFailures: Set<TransportFailure> = [
        .connectionRefused, .cannotConnect, .timeout, .connectionLost, .emptyReply,
    ]
    /// Statuses that ask for another try later.
    public static let retriedStatuses: Set<Int> = [429, 503]

    /// What one try got, as the decision reads it.
    public enum Outcome: Sendable {
        case failed(WorkbenchError)
        /// A response: its status, its `Retry-After` value, and the check's result when polling.
        case response(status: Int, retryAfter: String?, check: Expectation.Result?)
    }

    /// What to do after a try.
    public enum Decision: Equatable, Sendable {
        /// This try is the answer.
        case done
        /// Send again after `seconds`; `why` is said on the try's line.
        case again(after: Double, why: String, retry: Bool)
        /// Give up: the check never held within `--for`, or a failure has no retries left.
        case giveUp(String)
    }

    /// The decision after try number `tries` (1-based), `retriesUsed` retries so far,
    /// `elapsed` seconds since the first try began; `now` (epoch seconds) reads an HTTP-date
    /// `Retry-After`; `jitter` is in 0..<1 (random in use, fixed in tests).
    public func decide(after outcome: Outcome, tries: Int, retriesUsed: Int, elapsed: Double, now: Double, jitter: Double) -> Decision {
        switch outcome {
        case .failed(let error):
            if retriesUsed < retries, let kind = error.transportFailure, Self.retriedFailures.contains(kind) {
                return .again(after: backoff(retriesUsed, jitter: jitter), why: kind.rawValue, retry: true)
            }
            if retriesUsed < retries || until == nil { return .giveUp(error.message) }
            return .giveUp("\(error.message) (after \(retriesUsed) retr\(retriesUsed == 1 ? "y" : "ies"))")
        case .response(let status, let retryAfter, let check):
            if retriesUsed < retries, Self.retriedStatuses.contains(status) {
                if let retryAfter, let asked = RetryAfter.seconds(retryAfter, now: now) {
                    if asked > Self.retryAfterCap {
                        return .again(
                            after: Self.retryAfterCap,
                            why:
                                "\(status), Retry-After \(DurationText.shown(asked)) cut to \(DurationText.shown(Self.retryAfterCap)) (the cap on Retry-After)",
                            retry: true)
                    }
                    return .again(after: asked, why: "\(status), Retry-After \(DurationText.shown(asked))", retry: true)
                }
                return .again(after: backoff(retriesUsed, jitter: jitter), why: String(status), retry: true)
            }
            guard until != nil, let check else { return .done }
            // A 429 or 503 with no retry left is the answer polling ends on, as a failure.
            if retries > 0, Self.retriedStatuses.contains(status) {
                return .giveUp("\(status) after \(retriesUsed) retr\(retriesUsed == 1 ? "y" : "ies")")
            }
            if check.passed { return .done }
            if elapsed + every > limit {
                return .giveUp(
                    "\(check.message) after \(tries) tr\(tries == 1 ? "y" : "ies") in \(DurationText.shown(elapsed)) (--for \(DurationText.shown(limit)))"
                )
            }
            return .again(after: every, why: check.message, retry: false)
        }
    }

    /// Exponential backoff with jitter: 0.5 s, 1 s, 2 s... up to 30 s, each between half and all of it.
    func backoff(_ retriesUsed: Int, jitter: Double) -> Double {
        var wait = Self.firstBackoff
        for _ in 0..<min(retriesUsed, 16) { wait *= 2 }
        wait = min(wait, Self.maximumBackoff)
        return wait * (0.5 + 0.5 * min(max(jitter, 0), 1))
    }
}

/// One try of a repeated send, as its history entry keeps it.
public struct SendTry: Equatable, Sendable {
    /// The status; nil when the try got no response.
    public var status: Int?
    /// Why it got none (the transport failure's message, secrets masked).
    public var failure: String?
    public var elapsedMilliseconds: Double
    /// Why it was sent again and how long was waited; nil for the last try.
    public var again: String?
    public var waitedSeconds: Double?

    public init(status: Int?, failure: String?, elapsedMilliseconds: Double, again: String? = nil, waitedSeconds: Double? = nil) {
        self.status = status
        self.failure = failure
        self.elapsedMilliseconds = elapsedMilliseconds
        self.again = again
        self.waitedSeconds = waitedSeconds
    }
}

/// The loop of a repeated send, shared by the REPL's `send` and `replay`: try, decide, wait.
public struct RepeatedSend<Sent> {
    public let repetition: SendRepetition
    /// Gets the response out of what a try sent.
    public let response: (Sent) -> HTTPResponse
    /// The seconds since the epoch, for an HTTP-date `Retry-After`.
    public var now: () -> Double
    /// 0..<1, for the backoff's jitter.
    public var jitter: () -> Double
    /// Waits; false when Ctrl-C ended the wait.
    public var wait: (Double) -> Bool
    /// Monotonic seconds, for `--for`.
    public var clock: () -> Double

    public init(
        repetition: SendRepetition, response: @escaping (Sent) -> HTTPResponse, now: @escaping () -> Double,
        jitter: @escaping () -> Double, wait: @escaping (Double) -> Bool, clock: @escaping () -> Double
    ) {
        self.repetition = repetition
        self.response = response
        self.now = now
        self.jitter = jitter
        self.wait = wait
        self.clock = clock
    }

    /// What the loop ended with: the last try's result, the tries, and why it failed (nil: it did not).
    public struct Ending {
        public var last: Result<Sent, WorkbenchError>
        public var tries: [SendTry]
        public var failure: WorkbenchError?
    }

    /// Tries `send` until the decision is done or give up; `report` is told each try's line
    /// as it ends (`try 2: 503 Service Unavailable, 3.1 ms; again in 1.2s (503)`).
    /// `check` judges a response when polling (`--until`); `mask` masks a failure's text.
    public func run(
        send: () throws(WorkbenchError) -> Sent, check: (HTTPResponse) -> Expectation.Result?,
        mask: (String) -> String, report: (String) -> Void
    ) -> Ending {
        var tries: [SendTry] = []
        var retriesUsed = 0
        let start = clock()
        while true {
            let began = clock()
            let result: Result<Sent, WorkbenchError>
            do throws(WorkbenchError) {
                result = .success(try send())
            } catch {
                result = .failure(error)
            }
            let outcome: SendRepetition.Outcome
            var attempt: SendTry
            switch result {
            case .success(let sent):
                let response = response(sent)
                outcome = .response(
                    status: response.statusCode, retryAfter: response.headers.values(of: "Retry-After").first,
                    check: repetition.until == nil ? nil : check(response))
                attempt = SendTry(
                    status: response.statusCode, failure: nil,
                    elapsedMilliseconds: (response.timings.total * 1_000_000).rounded() / 1000)
            case .failure(let error):
                outcome = .failed(error)
                attempt = SendTry(
                    status: nil, failure: mask(error.message), elapsedMilliseconds: ((clock() - began) * 1_000_000).rounded() / 1000)
            }
            if case .failure(let error) = result, error.transportFailure == .aborted {
                tries.append(attempt)
                return Ending(last: result, tries: tries, failure: error)
            }
            let decision = repetition.decide(
                after: outcome, tries: tries.count + 1, retriesUsed: retriesUsed, elapsed: clock() - start, now: now(),
                jitter: jitter())
            var line = "try \(tries.count + 1): " + Self.describe(attempt, result: result, response: response)
            switch decision {
            case .done:
                tries.append(attempt)
                report(line)
                return Ending(last: result, tries: tries, failure: nil)
            case .giveUp(let reason):
                tries.append(attempt)
                report(line)
                return Ending(last: result, tries: tries, failure: WorkbenchError(mask(reason)).keepingKind(of: result))
            case .again(let seconds, let why, let retry):
                if retry { retriesUsed += 1 }
                attempt.again = mask(why)
                attempt.waitedSeconds = (seconds * 1000).rounded() / 1000
                tries.append(attempt)
                line += "; again in \(DurationText.shown(seconds)) (\(mask(why)))"
                report(line)
                if !wait(seconds) {
                    return Ending(
                        last: result, tries: tries,
                        failure: WorkbenchError("stopped by Ctrl-C after \(tries.count) tr\(tries.count == 1 ? "y" : "ies")"))
                }
            }
        }
    }

    /// `200 OK, 12.3 ms`, or the failure's kind.
    static func describe(_ attempt: SendTry, result: Result<Sent, WorkbenchError>, response: (Sent) -> HTTPResponse) -> String {
        switch result {
        case .success(let sent):
            let statusLine = response(sent).statusLine
            let words = statusLine.split(separator: " ", maxSplits: 1)
            let status = words.count == 2 ? String(words[1]) : String(attempt.status ?? 0)
            return "\(TerminalText.escapeLine(status)), \(Quantities.duration(attempt.elapsedMilliseconds / 1000))"
        case .failure(let error):
            return error.transportFailure?.rawValue ?? "not sent"
        }
    }
}

extension WorkbenchError {
    /// This error with the transport kind of a failed try, so reports still tell failures apart.
    fileprivate func keepingKind<Sent>(of result: Result<Sent, WorkbenchError>) -> WorkbenchError {
        guard case .failure(let error) = result else { return self }
        return WorkbenchError(message, kind: error.kind)
    }
}
