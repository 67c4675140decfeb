import WorkbenchBasics

/// A TAP version 13 report (Test Anything Protocol, as `prove` and CI plugins
/// read it): one `ok` / `not ok` line per request sent, numbered across every
/// run, a comment naming each run, and a failure's reasons in a YAML block.
public enum TAPReport {
    public static func text(_ report: ReplayReport) -> String {
        var lines = ["TAP version 13", "1..\(report.passed + report.failed)"]
        var number = 0
        for run in report.runs {
            lines.append("# \(oneLine(run.name))")
            for request in run.requests {
                number += 1
                lines.append("\(request.passed ? "ok" : "not ok") \(number) - \(oneLine(request.title))")
                guard !request.passed else { continue }
                lines.append("  ---")
                lines.append("  message: \(quoted(request.failures.joined(separator: "; ")))")
                if let response = request.response { lines.append("  status: \(response.statusCode)") }
                lines.append("  failures:")
                lines += request.failures.map { "    - \(quoted($0))" }
                if !request.differences.isEmpty {
                    lines.append("  differences:")
                    lines += request.differences.map { "    - \(quoted($0))" }
                }
                lines.append("  ...")
            }
            if run.notSent > 0 { lines.append("# \(run.notSent) not sent") }
        }
        if report.notRun > 0 { lines.append("# \(report.notRun) requests of runs that did not start") }
        if report.interrupted { lines.append("# interrupted (Ctrl-C)") }
        lines.append("# \(report.passed) passed, \(report.failed) failed")
        return lines.joined(separator: "\n") + "\n"
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
