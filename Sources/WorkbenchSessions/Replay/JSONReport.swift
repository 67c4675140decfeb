import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs

/// The JSON report, for scripts. Its shape (README, "Reports"):
///
/// ```
/// {"format": "workbench-replay-report", "version": 1,
///  "passed": 3, "failed": 1, "errors": 0, "notSent": 0, "interrupted": false,
///  "runs": [{"file": "a.json", "round": 1, "passed": 1, "failed": 1, "errors": 0, "notSent": 0,
///            "requests": [{"number": 1, "method": "GET", "url": "http://host/x?key=******",
///                          "passed": false, "result": "failed", "kind": "status", "skipped": null,
///                          "status": 401, "statusLine": "HTTP/1.1 401 Unauthorized",
///                          "timings": {"nameLookup": 0.02, "connect": 0.1, "tlsHandshake": null,
///                                      "requestSent": 0.01, "firstByte": 20.3, "download": 0.04, "total": 20.5},
///                          "checks": [{"passed": false, "message": "status 200: got 401"}],
///                          "failures": ["status 200: got 401"],
///                          "problems": [{"kind": "status", "error": false, "message": "status 200: got 401"}],
///                          "differences": []}]}]}
/// ```
/// `failed` counts the requests sent that did not pass, as the closing line does; `errors` says
/// how many of them broke before a check could judge them (JUnit's `errors`, the rest its
/// `failures`). A request's `result` is `passed`, `failed` (a check failed), `error` (it broke
/// first: `kind` says how, e.g. `connection refused`, `timeout`, `TLS`, `capture`) or
/// `skipped` (not sent: `skipped` says why).
/// Timings are milliseconds per phase (`null`: the phase did not happen, as TLS
/// on plain http); `status`, `statusLine` and `timings` are null when no response came;
/// `differences` lists, with `--diff`, what changed since the recording (`$.name: [-"a"-]{+"b"+}`).
public enum JSONReport {
    public static func text(_ report: ReplayReport) -> String {
        let value = JSONValue.object([
            member("format", .string("workbench-replay-report")),
            member("version", .number("1")),
            member("passed", number(report.passed)),
            member("failed", number(report.failed)),
            member("errors", number(report.errors)),
            member("notSent", number(report.notSent)),
            member("interrupted", .bool(report.interrupted)),
            member("runs", .array(report.runs.map(run))),
        ])
        return String(decoding: SessionEncoding.pretty(value), as: UTF8.self)
    }

    static func run(_ run: ReplayReport.Run) -> JSONValue {
        .object([
            member("file", .string(run.file)),
            member("round", number(run.round)),
            member("passed", number(run.passed)),
            member("failed", number(run.failed)),
            member("errors", number(run.count(.error))),
            member("notSent", number(run.notSent)),
            member("requests", .array(run.requests.map(request))),
        ])
    }

    static func request(_ request: ReplayReport.Request) -> JSONValue {
        .object([
            member("number", number(request.number)),
            member("method", .string(request.method)),
            member("url", .string(request.url)),
            member("passed", .bool(request.passed)),
            member("result", .string(request.verdict.rawValue)),
            member("kind", request.passed || request.skipped != nil ? .null : .string(request.decisive.first?.kindName ?? "")),
            member("skipped", request.skipped.map { .string($0.rawValue) } ?? .null),
            member("status", request.response.map { number($0.statusCode) } ?? .null),
            member("statusLine", request.response.map { .string($0.statusLine) } ?? .null),
            // A gRPC call's own outcome (its HTTP status is 200 whatever happened).
            member("grpcStatus", request.response.flatMap { AnswerStatus.grpcName(headers: $0.headers) }.map { .string($0) } ?? .null),
            member("timings", request.timings.map(timings) ?? .null),
            member(
                "checks",
                .array(
                    request.checks.map {
                        .object([member("passed", .bool($0.passed)), member("message", .string($0.message))])
                    })),
            member("failures", .array(request.failures.map { .string($0) })),
            member(
                "problems",
                .array(
                    request.problems.map {
                        .object([
                            member("kind", .string($0.kindName)), member("error", .bool($0.isError)),
                            member("message", .string($0.message)),
                        ])
                    })),
            member("differences", .array(request.differences.map { .string($0) })),
        ])
    }

    /// The phase names of `TimingReport`, as JSON keys.
    static let phaseKeys = ["nameLookup", "connect", "tlsHandshake", "requestSent", "firstByte", "download"]

    static func timings(_ timings: Timings) -> JSONValue {
        let phases = TimingReport.phases(of: timings)
        var members = zip(phaseKeys, phases).map { key, phase in
            member(key, phase.duration.map { milliseconds(max(0, $0)) } ?? .null)
        }
        members.append(member("total", milliseconds(timings.total)))
        return .object(members)
    }

    static func milliseconds(_ seconds: Double) -> JSONValue {
        .number(Quantities.fixed(seconds * 1000, decimals: 3))
    }

    static func number(_ value: Int) -> JSONValue { .number(String(value)) }

    static func member(_ key: String, _ value: JSONValue) -> JSONMember { JSONMember(key: key, value: value) }
}
