/// A JUnit XML report of a replay: one testcase per request, failures with their reasons.
///
/// CI systems read this format; it is written by hand to keep Foundation out.
public enum JUnitReport {
    public static func xml(suite: String, outcomes: [Replayer.Outcome]) -> String {
        let failures = outcomes.filter { !$0.passed }.count
        let total = outcomes.reduce(0.0) { $0 + ($1.response?.timings.total ?? 0) }
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\"workbench replay\" tests=\"\(outcomes.count)\" failures=\"\(failures)\" time=\"\(seconds(total))\">",
            "  <testsuite name=\"\(escape(suite))\" tests=\"\(outcomes.count)\" failures=\"\(failures)\" errors=\"0\" time=\"\(seconds(total))\">",
        ]
        for outcome in outcomes {
            let name = escape("\(outcome.number) \(outcome.method) \(outcome.url)")
            let time = seconds(outcome.response?.timings.total ?? 0)
            let open = "    <testcase classname=\"\(escape(suite))\" name=\"\(name)\" time=\"\(time)\""
            if outcome.passed {
                lines.append(open + "/>")
            } else {
                let reason = outcome.failures.joined(separator: "; ")
                lines.append(open + ">")
                lines.append("      <failure message=\"\(escape(reason))\">\(escape(outcome.failures.joined(separator: "\n")))</failure>")
                lines.append("    </testcase>")
            }
        }
        lines.append("  </testsuite>")
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    static func seconds(_ value: Double) -> String {
        Quantities.fixed(value, decimals: 3)
    }

    /// Escapes markup and drops characters XML 1.0 does not allow.
    static func escape(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&apos;"
            case "\t", "\n", "\r": output.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    output += "\u{FFFD}"
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output
    }
}
