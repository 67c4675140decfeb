import WorkbenchBasics
import WorkbenchHTTP

/// What the reports of a `workbench replay` say, with every secret already
/// masked: each run of each file and each request in it. Built once from the
/// results, through the redaction step (each run's `SecretRedactor` as it stood
/// at the run's end, so a secret captured late is masked in earlier responses
/// too); the formats (`ReportFormat`) only lay it out.
public struct ReplayReport: Sendable {
    /// Every run of every file, a run that never started among them (its requests skipped).
    public var runs: [Run]
    public var interrupted: Bool

    public init(runs: [Run], interrupted: Bool = false) {
        self.runs = runs
        self.interrupted = interrupted
    }

    public var passed: Int { runs.reduce(0) { $0 + $1.passed } }
    /// Requests sent that did not pass: checks failed, or something broke first (`errors` of them).
    public var failed: Int { runs.reduce(0) { $0 + $1.failed } }
    /// Of the requests that did not pass, those a check judged (JUnit's `failures`).
    public var failures: Int { runs.reduce(0) { $0 + $1.count(.failed) } }
    /// Of the requests that did not pass, those that broke before a check could judge them (JUnit's `errors`).
    public var errors: Int { runs.reduce(0) { $0 + $1.count(.error) } }
    /// Requests not sent: a failure or Ctrl-C stopped their run, or it never started.
    public var notSent: Int { runs.reduce(0) { $0 + $1.notSent } }
    /// Every request of every run: passed, failed, errors and not sent.
    public var tests: Int { runs.reduce(0) { $0 + $1.requests.count } }
    public var total: Double { runs.reduce(0) { $0 + $1.total } }
    /// Requests of runs that never started.
    public var notStarted: Int { runs.reduce(0) { $0 + ($1.started ? 0 : $1.requests.count) } }

    /// `a.json`, or `a.json (round 2 of 3)` when files run more than once.
    public static func runName(file: String, round: Int, rounds: Int) -> String {
        rounds > 1 ? "\(file) (round \(round) of \(rounds))" : file
    }

    /// One run of one file.
    public struct Run: Sendable {
        public var file: String
        public var round: Int
        public var rounds: Int
        /// Every request of the file, in order: those sent, then those not sent.
        public var requests: [Request]

        public init(file: String, round: Int = 1, rounds: Int = 1, requests: [Request]) {
            self.file = file
            self.round = round
            self.rounds = rounds
            self.requests = requests
        }

        /// The run as a report may show it: masked by the redactor its run ended with.
        public init(file: String, round: Int, rounds: Int, result: ReplayFileRun.Result) {
            self.init(
                file: file, round: round, rounds: rounds,
                requests: (result.summary.outcomes + result.summary.skipped).map { Request($0, redactor: result.redactor) })
        }

        public var name: String { ReplayReport.runName(file: file, round: round, rounds: rounds) }
        public func count(_ verdict: ReplayVerdict) -> Int { requests.count { $0.verdict == verdict } }
        public var passed: Int { count(.passed) }
        /// Sent and did not pass, errors included (the closing line's `failed`).
        public var failed: Int { count(.failed) + count(.error) }
        /// Requests a failure or Ctrl-C left unsent.
        public var notSent: Int { count(.skipped) }
        /// False when the run never started: every request is skipped for that reason.
        public var started: Bool { !requests.allSatisfy { $0.skipped == .runNotStarted } || requests.isEmpty }
        /// Seconds, the requests' total times added up.
        public var total: Double { requests.reduce(0) { $0 + ($1.timings?.total ?? 0) } }
    }

    /// One request of a run, masked.
    public struct Request: Sendable {
        public var number: Int
        public var method: String
        public var url: String
        /// Why it did not pass, by kind: what broke it, failed captures and failed checks.
        public var problems: [ReplayFailure]
        public var checks: [Expectation.Result]
        /// Why it was not sent, when it was not.
        public var skipped: ReplaySkip?
        /// The request as sent (request line, headers, body), secrets masked; nil when it could not be built.
        public var requestText: String?
        /// The response as a session file keeps it: credential headers and secrets masked, a text body.
        public var response: RecordedResponse?
        public var timings: Timings?
        public var httpVersion: String?
        /// With `--diff`: what changed since the recording, one line each (`$.name: [-"a"-]{+"b"+}`).
        public var differences: [String] = []

        public var verdict: ReplayVerdict { ReplayVerdict(problems, skipped: skipped) }
        public var passed: Bool { verdict == .passed }
        /// The problems' sentences, in order.
        public var failures: [String] { problems.map(\.message) }
        /// The problems that decided the verdict: what broke it, or the failed checks.
        public var decisive: [ReplayFailure] { ReplayVerdict.decisive(problems, for: verdict) }
        /// `1 GET http://host/path`: how the replay line names it.
        public var title: String { "\(number) \(method) \(url)" }

        public init(
            number: Int, method: String, url: String, problems: [ReplayFailure] = [], checks: [Expectation.Result] = [],
            skipped: ReplaySkip? = nil, requestText: String? = nil, response: RecordedResponse? = nil,
            timings: Timings? = nil, httpVersion: String? = nil
        ) {
            self.number = number
            self.method = method
            self.url = url
            self.problems = problems
            self.checks = checks
            self.skipped = skipped
            self.requestText = requestText
            self.response = response
            self.timings = timings
            self.httpVersion = httpVersion
        }

        /// `outcome` with every secret `redactor` knows masked, in every text a report may print.
        public init(_ outcome: Replayer.Outcome, redactor: SecretRedactor) {
            self.init(
                number: outcome.number, method: outcome.method, url: redactor.redact(outcome.url),
                problems: outcome.problems.map { $0.redacted(by: redactor) },
                checks: outcome.checks.map { Expectation.Result(passed: $0.passed, message: redactor.redact($0.message)) },
                skipped: outcome.skipped,
                requestText: outcome.request.map { redactor.redact($0.displayText) },
                response: outcome.response.map { RecordedResponse($0, redactor: redactor) },
                timings: outcome.response?.timings, httpVersion: outcome.response?.httpVersion)
            differences = (outcome.diff?.lines(color: false) ?? []).map {
                redactor.redact(String($0.drop { $0 == " " }))
            }
        }
    }
}
