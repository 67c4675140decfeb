import WorkbenchBasics
import WorkbenchHTTP

/// The HTML report: one self-contained page a person opens in a browser (inline
/// CSS, no script, nothing fetched). A summary; per run of a file a table of
/// its requests with status, a bar of the timing phases and the total; then
/// each request with its checks (failed ones highlighted), the phases, and the
/// request and response as sent and received (bodies cut at `bodyLimit`).
/// Requests that failed or broke are open, passed and skipped ones folded. Every text is escaped; the
/// report it is built from is masked already.
public enum HTMLReport {
    /// Bytes of a body shown before it is cut.
    static let bodyLimit = 16 * 1024

    public static func page(_ report: ReplayReport) -> String {
        let summary = summaryText(report)
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>workbench replay: \(Markup.escape(summary))</title>
            <style>\(style)</style>
            </head>
            <body>
            <header>
            <h1>workbench replay</h1>
            <p class="summary \(report.failed > 0 || report.notSent > 0 || report.interrupted ? "fail" : "pass")">\(Markup.escape(summary))</p>
            <p class="legend">timing bars: \(legend)</p>
            </header>

            """
        for (index, run) in report.runs.enumerated() {
            html += section(run, index: index)
        }
        html += "</body>\n</html>\n"
        return html
    }

    /// `3 passed, 2 failed (1 error), 2 not sent, interrupted (Ctrl-C); 61.2 ms in requests`.
    static func summaryText(_ report: ReplayReport) -> String {
        var parts = ["\(report.passed) passed", "\(report.failed) failed" + errorCount(report.errors)]
        if report.notSent > 0 { parts.append("\(report.notSent) not sent") }
        if report.interrupted { parts.append("interrupted (Ctrl-C)") }
        return parts.joined(separator: ", ") + "; \(Quantities.duration(report.total)) in requests"
    }

    static func section(_ run: ReplayReport.Run, index: Int) -> String {
        let longest = run.requests.map { $0.timings?.total ?? 0 }.max() ?? 0
        var counts = "\(run.passed) passed, \(run.failed) failed" + errorCount(run.count(.error))
        if run.notSent > 0 { counts += ", \(run.notSent) not sent" }
        var html = "<section class=\"run\">\n<h2>\(Markup.escape(run.name)) <small>\(counts)</small></h2>\n"
        html +=
            "<table class=\"requests\">\n<thead><tr><th>#</th><th>result</th><th>method</th><th>URL</th><th>status</th>"
            + "<th>timing (DNS, connect, TLS, sent, first byte, download)</th><th>total</th></tr></thead>\n<tbody>\n"
        for request in run.requests {
            let id = anchor(run: index, request: request)
            html +=
                "<tr class=\"\(mark(request))\"><td>\(request.number)</td><td class=\"mark\">\(mark(request).uppercased())</td>"
                + "<td>\(Markup.escape(request.method))</td><td class=\"url\"><a href=\"#\(id)\">\(Markup.escape(request.url))</a></td>"
                + "<td>\(request.response.map { Markup.escape($0.statusText) } ?? "-")</td>"
                + "<td>\(request.timings.map { bar($0, longest: longest) } ?? "")</td>"
                + "<td class=\"time\">\(request.timings.map { Quantities.duration($0.total) } ?? "-")</td></tr>\n"
        }
        html += "</tbody>\n</table>\n"
        for request in run.requests {
            html += details(request, id: anchor(run: index, request: request))
        }
        return html + "</section>\n"
    }

    static func details(_ request: ReplayReport.Request, id: String) -> String {
        let status = request.response.map { " " + Markup.escape($0.statusText) } ?? ""
        var html =
            "<details id=\"\(id)\" class=\"request \(mark(request))\"\(request.passed || request.skipped != nil ? "" : " open")>\n"
            + "<summary><span class=\"mark\">\(mark(request).uppercased())</span> \(Markup.escape(request.title))\(status)</summary>\n"
        let checkMessages = Set(request.checks.map(\.message))
        let otherFailures = request.problems.filter { !checkMessages.contains($0.message) }
        if let skipped = request.skipped {
            html += "<p class=\"skip\">\(Markup.escape(skipped.rawValue))</p>\n"
        }
        if !request.checks.isEmpty || !otherFailures.isEmpty {
            html += "<ul class=\"checks\">\n"
            for failure in otherFailures {
                // What broke is named by kind (`connection refused`, `capture`); other reasons as they are.
                let label = failure.isError ? "ERROR (\(Markup.escape(failure.kindName))) " : ""
                html += "<li class=\"\(failure.isError ? "error" : "fail")\">\(label)\(Markup.escape(failure.message))</li>\n"
            }
            for check in request.checks {
                html +=
                    "<li class=\"\(check.passed ? "pass" : "fail")\">\(check.passed ? "PASS" : "FAIL") \(Markup.escape(check.message))</li>\n"
            }
            html += "</ul>\n"
        }
        if !request.differences.isEmpty {
            html +=
                "<h4>Differences from the recording</h4>\n<pre class=\"diff\">"
                + Markup.escape(request.differences.joined(separator: "\n")) + "</pre>\n"
        }
        if let timings = request.timings {
            html += "<table class=\"phases\">\n"
            for phase in TimingReport.phases(of: timings) {
                html +=
                    "<tr><td>\(phase.name)</td><td>\(phase.duration.map { Quantities.duration(max(0, $0)) } ?? "-")</td>"
                    + "<td>at \(Quantities.duration(phase.end))</td></tr>\n"
            }
            html +=
                "<tr><td>total</td><td>\(Quantities.duration(timings.total))</td><td>\(Markup.escape(request.httpVersion ?? ""))</td></tr>\n"
            html += "</table>\n"
        }
        if let text = request.requestText {
            html += "<h4>Request</h4>\n<pre>\(Markup.escape(cut(text)))</pre>\n"
        }
        if let response = request.response {
            var text = ([response.statusLine] + response.headers.map { "\($0.name): \($0.value)" }).joined(separator: "\n")
            if let body = response.body {
                if !body.isEmpty { text += "\n\n" + cut(body) }
            } else if response.bodySize > 0 {
                text += "\n\n[\(response.bodySize) bytes of binary or large body, not shown]"
            }
            html += "<h4>Response</h4>\n<pre>\(Markup.escape(text))</pre>\n"
        }
        return html + "</details>\n"
    }

    /// A coloured square and the name of each phase, in the bars' colours.
    static var legend: String {
        TimingReport.phases(of: Timings()).enumerated().map { index, phase in
            "<span class=\"key\"><span class=\"p\(index)\"></span>\(phase.name)</span>"
        }.joined(separator: " ")
    }

    /// The phases as one bar, scaled so the run's longest request fills the cell.
    static func bar(_ timings: Timings, longest: Double) -> String {
        guard longest > 0 else { return "" }
        var html = "<div class=\"bar\" title=\"\(Markup.escape(phaseTitle(timings)))\">"
        for (index, phase) in TimingReport.phases(of: timings).enumerated() {
            guard let duration = phase.duration, duration > 0 else { continue }
            html += "<span class=\"p\(index)\" style=\"width:\(Quantities.fixed(duration / longest * 100, decimals: 2))%\"></span>"
        }
        return html + "</div>"
    }

    static func phaseTitle(_ timings: Timings) -> String {
        TimingReport.phases(of: timings).compactMap { phase in
            phase.duration.map { "\(phase.name) \(Quantities.duration(max(0, $0)))" }
        }.joined(separator: ", ")
    }

    /// A body longer than `bodyLimit` bytes, cut on a character boundary with a note.
    static func cut(_ text: String) -> String {
        guard text.utf8.count > bodyLimit else { return text }
        var kept = ""
        var bytes = 0
        for character in text {
            bytes += character.utf8.count
            if bytes > bodyLimit { break }
            kept.append(character)
        }
        return kept + "\n[... \(text.utf8.count - kept.utf8.count) more bytes not shown]"
    }

    /// The row's class and, in capitals, its mark: pass, fail, error or skipped.
    static func mark(_ request: ReplayReport.Request) -> String {
        switch request.verdict {
        case .passed: "pass"
        case .failed: "fail"
        case .error: "error"
        case .skipped: "skipped"
        }
    }

    /// ` (1 error)`, or nothing when no request broke before its checks.
    static func errorCount(_ errors: Int) -> String {
        errors == 0 ? "" : " (\(errors) error\(errors == 1 ? "" : "s"))"
    }

    static func anchor(run: Int, request: ReplayReport.Request) -> String { "run\(run + 1)-request\(request.number)" }

    static let style = """

        body { font: 14px/1.45 system-ui, sans-serif; margin: 1.5em auto; max-width: 1200px; padding: 0 1em; color: #1f2328; }
        h1 { font-size: 1.5em; margin: 0 0 .2em; }
        h2 { font-size: 1.2em; margin: 1.6em 0 .5em; border-bottom: 1px solid #d0d7de; }
        h2 small { font-weight: normal; color: #59636e; }
        h4 { margin: .8em 0 .3em; }
        .summary { font-size: 1.1em; font-weight: 600; padding: .4em .7em; border-radius: 6px; }
        .summary.pass { background: #dafbe1; } .summary.fail { background: #ffebe9; }
        table.requests { border-collapse: collapse; width: 100%; }
        table.requests th, table.requests td { text-align: left; padding: .25em .5em; border-bottom: 1px solid #eaeef2; vertical-align: middle; }
        table.requests td.url { word-break: break-all; }
        table.requests td.time { white-space: nowrap; text-align: right; }
        tr.fail, tr.error { background: #ffebe9; } tr.skipped { color: #59636e; }
        .mark { font-weight: 700; } .pass .mark { color: #1a7f37; } .fail .mark, .error .mark { color: #cf222e; }
        .skipped .mark { color: #9a6700; }
        .bar { display: flex; width: 220px; height: 10px; background: #f6f8fa; }
        .bar span { display: block; height: 100%; }
        .legend { color: #59636e; } .key { margin-right: .8em; white-space: nowrap; }
        .key span { display: inline-block; width: .8em; height: .8em; margin-right: .3em; vertical-align: middle; }
        .p0 { background: #8250df; } .p1 { background: #bf8700; } .p2 { background: #cf222e; }
        .p3 { background: #57606a; } .p4 { background: #0969da; } .p5 { background: #1a7f37; }
        details.request { margin: .6em 0; padding: .3em .7em; border: 1px solid #d0d7de; border-radius: 6px; }
        details.request.fail, details.request.error { border-color: #cf222e; }
        details.request summary { cursor: pointer; word-break: break-all; }
        ul.checks { padding-left: 1.2em; }
        ul.checks li.fail, ul.checks li.error { background: #ffebe9; color: #82071e; font-weight: 600; }
        ul.checks li.pass { color: #1a7f37; }
        table.phases td { padding: 0 1em 0 0; }
        pre.diff { background: #fff8c5; }
        pre { background: #f6f8fa; padding: .6em; overflow-x: auto; white-space: pre-wrap; word-break: break-all; max-height: 30em; }

        """
}
