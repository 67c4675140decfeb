import WorkbenchBasics

/// A JUnit XML report of a replay: a testsuite per run of a file, a testcase
/// per request, failures with their reasons (the failed checks, an error).
///
/// CI systems read this format; it is written by hand to keep Foundation out.
public enum JUnitReport {
    public static func xml(_ report: ReplayReport) -> String {
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\"workbench replay\" tests=\"\(report.passed + report.failed)\" failures=\"\(report.failed)\" time=\"\(seconds(report.total))\">",
        ]
        for run in report.runs {
            let suite = Markup.escape(run.name)
            lines.append("  <testsuite name=\"\(suite)\" tests=\"\(run.requests.count)\" failures=\"\(run.failed)\" errors=\"0\" time=\"\(seconds(run.total))\">")
            for request in run.requests {
                let open = "    <testcase classname=\"\(suite)\" name=\"\(Markup.escape(request.title))\" time=\"\(seconds(request.timings?.total ?? 0))\""
                if request.passed {
                    lines.append(open + "/>")
                } else {
                    lines.append(open + ">")
                    lines.append("      <failure message=\"\(Markup.escape(request.failures.joined(separator: "; ")))\">\(Markup.escape(request.failures.joined(separator: "\n")))</failure>")
                    lines.append("    </testcase>")
                }
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    static func seconds(_ value: Double) -> String {
        Quantities.fixed(value, decimals: 3)
    }
}
