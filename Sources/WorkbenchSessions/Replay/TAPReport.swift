import WorkbenchBasics

/// A TAP version 13 report (Test Anything Protocol, as `prove` and CI plugins
/// read it): one test line per request, numbered across every run, a comment naming
/// each run. A request not sent is `ok N - ... # SKIP why`; one that did not pass is
/// `not ok`, with a YAML block: `severity` (`error` when it broke before a check could
/// judge it, `fail` when a check failed), `kind` (what broke: `connection refused`,
/// `timeout`..., or the check's kind), the message, the status and every reason.
public enum TAPReport {
    public static func text(_ report: ReplayReport) -> String {
        var lines = ["TAP version 13", "1..\(report.tests)"]
        var number = 0
        for run in report.runs {
            lines.append("# \(oneLine(run.name))")
            for request in run.requests {
                number += 1
                switch request.verdict {
                case .passed:
                    lines.append("ok \(number) - \(oneLine(request.title))")
                case .skipped:
                    lines.append("ok \(number) - \(oneLine(request.title)) # SKIP \(oneLine(request.skipped?.rawValue ?? "not sent"))")
                case .failed, .error:
                    lines.append("not ok \(number) - \(oneLine(request.title))")
                    lines += diagnostics(request)
                }
            }
        }
        if report.interrupted { lines.append("# interrupted (Ctrl-C)") }
        lines.append("# \(report.passed) passed, \(report.failed) failed")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The YAML block under a `not ok` line.
    static func diagnostics(_ request: ReplayReport.Request) -> [String] {
        let decisive = request.decisive
        var lines = ["  ---"]
        lines.append("  message: \(quoted(decisive.map(\.message).joined(separator: "; ")))")
        lines.append("  severity: \(request.verdict == .error ? "error" : "fail")")
        lines.append("  kind: \(quoted(decisive.first?.kindName ?? ""))")
        if let response = request.response {
            lines.append("  status: \(response.statusCode)")
            if let name = AnswerStatus.grpcName(headers: response.headers) { lines.append("  grpc-status: \(name)") }
        }
        lines.append("  failures:")
        lines += request.failures.map { "    - \(quoted($0))" }
        if !request.differences.isEmpty {
            lines.append("  differences:")
            lines += request.differences.map { "    - \(quoted($0))" }
        }
        lines.append("  ...")
        return lines
    }

    /// A YAML double-quoted scalar: JSON's string syntax is valid YAML.
    static func quoted(_ text: String) -> String {
        JSONValue.string(text).jsonText
    }

    /// A description must stay on its line (and `#` would start a directive).
    static func oneLine(_ text: String) -> String {
        String(text.map { $0 == "\n" || $0 == "\r" ? " " : $0 == "#" ? "\u{FF03}" : $0 })
    }
}
