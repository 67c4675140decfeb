import WorkbenchBasics
import WorkbenchHTTP

/// Why a replayed request did not pass, by kind: what the replay line, the exit status and
/// every report (JUnit `<error>` or `<failure>`, TAP, JSON, HTML) derive from. Some kinds
/// broke the request before its checks could say anything (`isError`); the others are
/// checks that ran and failed.
public enum ReplayFailure: Equatable, Sendable {
    /// The request could not be built (a variable, a file, a body) or was refused before
    /// anything went out (a `Content-Length` larger than the body): nothing was sent.
    case notSent(WorkbenchError)
    /// `auth oauth2 client-credentials`: the token request failed, so the request was not sent.
    case tokenRequest(WorkbenchError)
    /// Sent, and no complete response came back; `error.transportFailure` names how.
    case transport(WorkbenchError)
    /// A `capture` found nothing to take, so later requests lack its variable.
    case capture(name: String, WorkbenchError)
    /// The status check failed: `expect status`, or the status recorded.
    case status(Expectation.Result)
    /// Another expectation failed.
    case expectation(Expectation.Result)
    /// A GraphQL response holds `errors` that no expectation is about.
    case graphQLErrors(String)
    /// `--diff`: the response differs from the one recorded (`3 differences`).
    case differs(String)
    /// A saved comparison (`compare ENV1 ENV2 --save`): the two environments' responses
    /// differ beyond what it ignores (`2 differences`).
    case environmentsDiffer(first: String, second: String, count: String)

    /// The sentence the replay line and reports show.
    public var message: String {
        switch self {
        case .notSent(let error), .tokenRequest(let error), .transport(let error), .capture(_, let error): error.message
        case .status(let result), .expectation(let result): result.message
        case .graphQLErrors(let message): message
        case .differs(let count): "differs from the recording (\(count))"
        case .environmentsDiffer(let first, let second, let count): "\(first) → \(second): \(count)"
        }
    }

    /// The sentence for a send that went out (or tried to) and got no response: a transport
    /// failure, or the token request before it; nil for the other kinds.
    public var sendFailure: String? {
        switch self {
        case .tokenRequest(let error): "token request: " + error.message
        case .transport(let error): error.message
        case .notSent, .capture, .status, .expectation, .graphQLErrors, .differs, .environmentsDiffer: nil
        }
    }

    /// True for what is no check of the user's but broke the request or the run (JUnit
    /// `<error>`): the request not sent, no response, a capture that found nothing (as Hurl
    /// counts it: what follows lacks a variable). False for a check that ran and failed.
    public var isError: Bool { !isCheck }

    /// True for a check that ran and failed (JUnit `<failure>`).
    public var isCheck: Bool {
        switch self {
        case .notSent, .tokenRequest, .transport, .capture: false
        case .status, .expectation, .graphQLErrors, .differs, .environmentsDiffer: true
        }
    }

    /// True when no response came to check: nothing the checks say counts beside it.
    public var brokeBeforeChecks: Bool {
        switch self {
        case .notSent, .tokenRequest, .transport: true
        case .capture, .status, .expectation, .graphQLErrors, .differs, .environmentsDiffer: false
        }
    }

    /// The kind's name in reports (JUnit's `type`, TAP's and JSON's `kind`): a transport
    /// failure by what failed (`connection refused`, `timeout`, `TLS`...), the others by kind.
    public var kindName: String {
        switch self {
        case .notSent: "not sent"
        case .tokenRequest(let error): error.transportFailure.map { "token request: \($0.rawValue)" } ?? "token request"
        case .transport(let error): (error.transportFailure ?? .engine).rawValue
        case .capture: "capture"
        case .status: "status"
        case .expectation: "expectation"
        case .graphQLErrors: "GraphQL errors"
        case .differs: "differs"
        case .environmentsDiffer: "environments differ"
        }
    }

    /// The same failure with every text `redactor` knows masked, its kind kept.
    public func redacted(by redactor: SecretRedactor) -> ReplayFailure {
        switch self {
        case .notSent(let error): .notSent(error.mapMessage(redactor.redact))
        case .tokenRequest(let error): .tokenRequest(error.mapMessage(redactor.redact))
        case .transport(let error): .transport(error.mapMessage(redactor.redact))
        case .capture(let name, let error): .capture(name: name, error.mapMessage(redactor.redact))
        case .status(let result): .status(Expectation.Result(passed: result.passed, message: redactor.redact(result.message)))
        case .expectation(let result): .expectation(Expectation.Result(passed: result.passed, message: redactor.redact(result.message)))
        case .graphQLErrors(let message): .graphQLErrors(redactor.redact(message))
        case .differs, .environmentsDiffer: self
        }
    }
}

/// What became of one request of a replay: the one verdict every report derives its counts from.
public enum ReplayVerdict: String, Sendable {
    case passed
    /// A check ran and failed (a capture that found nothing beside it is explained by it).
    case failed
    /// No response came to check (not sent, a transport failure), or every check passed and
    /// a capture found nothing.
    case error
    /// Not sent: the run stopped before it (`ReplaySkip` says why).
    case skipped

    /// The verdict on a request with these problems, or skipped for `skip`.
    public init(_ problems: [ReplayFailure], skipped skip: ReplaySkip?) {
        if skip != nil {
            self = .skipped
        } else if problems.contains(where: \.brokeBeforeChecks) {
            self = .error
        } else if problems.contains(where: \.isCheck) {
            self = .failed
        } else {
            self = problems.isEmpty ? .passed : .error
        }
    }

    /// The problems that decided the verdict, which a report's message names: what broke,
    /// the failed checks, or the captures.
    public static func decisive(_ problems: [ReplayFailure], for verdict: ReplayVerdict) -> [ReplayFailure] {
        switch verdict {
        case .passed, .skipped: []
        case .failed: problems.filter(\.isCheck)
        case .error: problems.contains(where: \.brokeBeforeChecks) ? problems.filter(\.brokeBeforeChecks) : problems
        }
    }
}

/// Why a request of a replay was not sent.
public enum ReplaySkip: String, Sendable {
    /// An earlier request failed and the run stops at the first failure (no `--keep-going`).
    case stoppedAtFirstFailure = "not sent: the run stopped at the first failure (--keep-going sends it)"
    /// Ctrl-C stopped the run.
    case interrupted = "not sent: interrupted (Ctrl-C)"
    /// The run of its file never started (Ctrl-C came first, or no HTTP engine could start).
    case runNotStarted = "not sent: the run of its file did not start"
}
