import WorkbenchBasics
import WorkbenchHTTP

/// What the reports of a `workbench replay` say, with every secret already
/// masked: each run of each file and each request in it. Built once from the
/// results, through the redaction step (each run's `SecretRedactor` as it stood
/// at the run's end, so a secret captured late is masked in earlier responses
/// too); the formats (`ReportFormat`) only lay it out.
public struct ReplayReport: Sendable {
    public var runs: [Run]
    /// Requests of runs that never started (Ctrl-C came first, or an engine failed).
    public var notRun: Int
    public var interrupted: Bool

    public init(runs: [Run], notRun: Int = 0, interrupted: Bool = false) {
        self.runs = runs
        self.notRun = notRun
        self.interrupted = interrupted
    }

    public var passed: Int { runs.reduce(0) { $0 + $1.passed } }
    public var failed: Int { runs.reduce(0) { $0 + $1.failed } }
    public var notSent: Int { runs.reduce(notRun) { $0 + $1.notSent } }
    public var total: Double { runs.reduce(0) { $0 + $1.total } }

    /// `a.json`, or `a.json (round 2 of 3)` when files run more than once.
    public static func runName(file: String, round: Int, rounds: Int) -> String {
        rounds > 1 ? "\(file) (round \(round) of \(rounds))" : file
    }

    /// One run of one file.
    public struct Run: Sendable {
        public var file: String
        public var round: Int
        public var rounds: Int
        public var requests: [Request]
        /// Requests a failure or Ctrl-C left unsent.
        public var notSent: Int

        public init(file: String, round: Int = 1, rounds: Int = 1, requests: [Request], notSent: Int = 0) {
            self.file = file
            self.round = round
            self.rounds = rounds
            self.requests = requests
            self.notSent = notSent
        }

        /// The run as a report may show it: masked by the redactor its run ended with.
        public init(file: String, round: Int, rounds: Int, result: ReplayFileRun.Result) {
            self.init(file: file, round: round, rounds: rounds,
                      requests: result.summary.outcomes.map { Request($0, redactor: result.redactor) },
                      notSent: result.summary.notSent)
        }

        public var name: String { ReplayReport.runName(file: file, round: round, rounds: rounds) }
        public var passed: Int { requests.count { $0.passed } }
        public var failed: Int { requests.count - passed }
        /// Seconds, the requests' total times added up.
        public var total: Double { requests.reduce(0) { $0 + ($1.timings?.total ?? 0) } }
    }

    /// One request of a run, masked.
    public struct Request: Sendable {
        public var number: Int
        public var method: String
        public var url: String
        /// Why it failed: an error, failed captures and failed checks.
        public var failures: [String]
        public var checks: [Expectation.Result]
        /// The request as sent (request line, headers, body), secrets masked; nil when it could not be built.
        public var requestText: String?
        /// The response as a session file keeps it: credential headers and secrets masked, a text body.
        public var response: RecordedResponse?
        public var timings: Timings?
        public var httpVersion: String?
        /// With `--diff`: what changed since the recording, one line each (`$.name: [-"a"-]{+"b"+}`).
        public var differences: [String] = []

        public var passed: Bool { failures.isEmpty }
        /// `1 GET http://host/path`: how the replay line names it.
        public var title: String { "\(number) \(method) \(url)" }

        public init(number: Int, method: String, url: String, failures: [String] = [], checks: [Expectation.Result] = [],
                    requestText: String? = nil, response: RecordedResponse? = nil, timings: Timings? = nil,
                    httpVersion: String? = nil) {
            self.number = number
            self.method = method
            self.url = url
            self.failures = failures
            self.checks = checks
            self.requestText = requestText
            self.response = response
            self.timings = timings
            self.httpVersion = httpVersion
        }

        /// `outcome` with every secret `redactor` knows masked, in every text a report may print.
        public init(_ outcome: Replayer.Outcome, redactor: SecretRedactor) {
            self.init(
                number: outcome.number, method: outcome.method, url: redactor.redact(outcome.url),
                failures: outcome.failures.map(redactor.redact),
                checks: outcome.checks.map { Expectation.Result(passed: $0.passed, message: redactor.redact($0.message)) },
                requestText: outcome.request.map { redactor.redact($0.displayText) },
                response: outcome.response.map { RecordedResponse($0, redactor: redactor) },
                timings: outcome.response?.timings, httpVersion: outcome.response?.httpVersion)
            differences = (outcome.diff?.lines(color: false) ?? []).map {
                redactor.redact(String($0.drop { $0 == " " }))
            }
        }
    }
}
