import WorkbenchBasics

/// The formats of `workbench replay --report FORMAT FILE`.
public enum ReportFormat: String, CaseIterable, Sendable {
    /// JUnit XML, which CI systems read: a testsuite per run of a file, a testcase per request.
    case junit
    /// TAP version 13: a test line per request, the failures as YAML.
    case tap
    /// JSON for scripts: per file, per request, status, timings and checks.
    case json
    /// One self-contained HTML page for a person.
    case html

    public func render(_ report: ReplayReport) -> String {
        switch self {
        case .junit: JUnitReport.xml(report)
        case .tap: TAPReport.text(report)
        case .json: JSONReport.text(report)
        case .html: HTMLReport.page(report)
        }
    }
}

/// One `--report FORMAT FILE` (or `--junit FILE`).
public struct ReportTarget: Equatable, Sendable {
    public var format: ReportFormat
    public var path: String

    public init(format: ReportFormat, path: String) {
        self.format = format
        self.path = path
    }

    /// `--report`'s values as ArgumentParser collects them (all the words
    /// after each `--report` up to the next option, in one list), split into
    /// FORMAT FILE pairs and the session files that followed a pair, so both
    /// `replay a.json --report junit r.xml` and, as Hurl and curl users write
    /// it, `replay --report junit r.xml a.json b.json` work. A word where a
    /// format belongs is a format when it names one, a session file when
    /// `isFile` says it is one, and otherwise an unknown format.
    public static func parse(
        _ values: [String], isFile: (String) -> Bool
    ) throws(WorkbenchError) -> (targets: [ReportTarget], files: [String]) {
        let formats = ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")
        var targets: [ReportTarget] = []
        var files: [String] = []
        var index = 0
        while index < values.count {
            let word = values[index]
            guard let format = ReportFormat(rawValue: word.lowercased()) else {
                guard isFile(word) else {
                    throw WorkbenchError("--report: unknown format '\(word)' (and no file of that name): use \(formats), then the file")
                }
                files.append(word)
                index += 1
                continue
            }
            guard index + 1 < values.count else {
                throw WorkbenchError("--report takes FORMAT FILE (\(formats))")
            }
            targets.append(ReportTarget(format: format, path: values[index + 1]))
            index += 2
        }
        return (targets, files)
    }

    /// Every report can be written, and no two go to the same file: found out before anything is sent.
    static func checkAll(_ targets: [ReportTarget], inputs: [String]) throws(WorkbenchError) {
        var seen = Set<String>()
        for target in targets {
            guard seen.insert(FileSystem.expandTilde(target.path)).inserted else {
                throw WorkbenchError("two reports would be written to '\(target.path)'")
            }
            try target.checkOverwrite(inputs: inputs)
            try ReplayFileRun.checkWritable(target.path)
        }
    }
}
