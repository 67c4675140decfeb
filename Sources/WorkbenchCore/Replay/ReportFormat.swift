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

    /// `--report`'s values in pairs, FORMAT FILE, as ArgumentParser collects them.
    public static func parse(pairs values: [String]) throws(WorkbenchError) -> [ReportTarget] {
        let formats = ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")
        guard values.count % 2 == 0 else {
            throw WorkbenchError("--report takes FORMAT FILE (\(formats)); put the session files before the options")
        }
        return try stride(from: 0, to: values.count, by: 2).map { index throws(WorkbenchError) in
            guard let format = ReportFormat(rawValue: values[index].lowercased()) else {
                throw WorkbenchError("--report: unknown format '\(values[index])': use \(formats), then the file")
            }
            return ReportTarget(format: format, path: values[index + 1])
        }
    }

    /// Every report can be written, and no two go to the same file: found out before anything is sent.
    static func checkAll(_ targets: [ReportTarget]) throws(WorkbenchError) {
        var seen = Set<String>()
        for target in targets {
            guard seen.insert(FileSystem.expandTilde(target.path)).inserted else {
                throw WorkbenchError("two reports would be written to '\(target.path)'")
            }
            try ReplayFileRun.checkWritable(target.path)
        }
    }
}
