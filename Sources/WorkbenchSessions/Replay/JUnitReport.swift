import WorkbenchBasics

/// A JUnit XML report of a replay: a testsuite per run of a file, a testcase per request.
/// As CI systems (Jenkins, GitLab, GitHub's reporters) and Hurl tell them apart: `<error>`
/// for a request that broke before a check could judge it (its `type` names the kind:
/// `connection refused`, `timeout`, `TLS`, `capture`...), `<failure>` for a check that
/// failed, `<skipped/>` for one not sent; the counts on each testsuite and on the
/// testsuites say the same (`tests` counts every request, skipped ones too). Valid
/// against Jenkins' JUnit schema (Tests/Fixtures/JUnit/junit-10.xsd), whose
/// `testsuites` has no `skipped` attribute: the testsuites say it.
///
/// Written by hand to keep Foundation out.
public enum JUnitReport {
    public static func xml(_ report: ReplayReport) -> String {
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\"workbench replay\" tests=\"\(report.tests)\" failures=\"\(report.failures)\" "
                + "errors=\"\(report.errors)\" time=\"\(seconds(report.total))\">",
        ]
        for run in report.runs {
            let suite = Markup.escape(run.name)
            lines.append(
                "  <testsuite name=\"\(suite)\" tests=\"\(run.requests.count)\" failures=\"\(run.count(.failed))\" "
                    + "errors=\"\(run.count(.error))\" skipped=\"\(run.count(.skipped))\" time=\"\(seconds(run.total))\">")
            for request in run.requests {
                let open =
                    "    <testcase classname=\"\(suite)\" name=\"\(Markup.escape(request.title))\" time=\"\(seconds(request.timings?.total ?? 0))\""
                guard let element = element(for: request) else {
                    lines.append(open + "/>")
                    continue
                }
                lines.append(open + ">")
                lines.append("      " + element)
                lines.append("    </testcase>")
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `<error>`, `<failure>` or `<skipped>` for a request that did not pass; nil for one that did.
    /// The message is the decisive problems' sentences on one line, the text each on its own
    /// line (an error's text lists the failed checks after what broke, if any ran).
    static func element(for request: ReplayReport.Request) -> String? {
        let tag: String
        switch request.verdict {
        case .passed: return nil
        case .skipped: return "<skipped message=\"\(Markup.escape(request.skipped?.rawValue ?? "not sent"))\"/>"
        case .error: tag = "error"
        case .failed: tag = "failure"
        }
        let decisive = request.decisive
        let message = decisive.map(\.message).joined(separator: "; ")
        // An error's type says what broke; a failure is a check's, which its message names.
        let type = request.verdict == .error ? " type=\"\(Markup.escape(decisive.first?.kindName ?? tag))\"" : ""
        // The differences (`--diff`, a saved comparison) under the sentences, one a line.
        return "<\(tag) message=\"\(Markup.escape(message))\"\(type)>"
            + "\(Markup.escape((request.failures + request.differences).joined(separator: "\n")))</\(tag)>"
    }

    static func seconds(_ value: Double) -> String {
        Quantities.fixed(value, decimals: 3)
    }
}
