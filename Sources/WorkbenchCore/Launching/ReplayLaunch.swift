import CSupport
import WorkbenchBasics
import WorkbenchHTTP

/// `workbench replay FILE...` as the command line asked for it: the files as `ReplayFileRun`s,
/// the batch run with libcurl and Ctrl-C, the exit status.
public struct ReplayLaunch {
    public var files: [String]
    public var jobs = 1
    public var repeats = 1
    public var reports: [ReportTarget] = []
    /// `--base`: every request to this base URL instead of the recorded one.
    public var base: String?
    /// `--var NAME=VALUE`, as typed.
    public var assignments: [String] = []
    public var keepGoing = false
    public var color = ColorSetting.auto
    /// `--env NAME` for .http files.
    public var environmentName: String?
    /// `--diff`, with its `--diff-header` and `--ignore` values; nil without --diff.
    public var diff: (headers: [String], ignore: [String])?
    /// `--allow-files DIR`: folders whose files the sessions' bodies may name besides their own.
    public var allowedFolders: [String] = []

    public init(files: [String]) {
        self.files = files
    }

    /// Replays every file; the exit status (`ReplayBatch` says what each means).
    public func run() -> Int32 {
        let streams = FileDescriptorSink(escapeControls: TerminalText.escapeLine)
        let environment = currentEnvironment()
        wb_interrupt_install()
        var diffOptions: ResponseDiff.Options?
        if let diff {
            do throws(WorkbenchError) {
                diffOptions = try ResponseDiff.Options(headers: diff.headers, ignore: diff.ignore)
            } catch {
                streams.printError("error: \(error.message)")
                streams.flush()
                return ExitStatus.badInput.rawValue
            }
        }
        var localFiles = LocalFileRule()
        for folder in allowedFolders {
            do throws(WorkbenchError) {
                try localFiles.allow(folder)
            } catch {
                streams.printError("error: --allow-files: '\(folder)' is not a folder")
                streams.flush()
                return ExitStatus.badInput.rawValue
            }
        }
        let usesColor = DisplayOptions.current(environment).usesColor(color)
        let runs = files.map {
            var run = ReplayFileRun(
                file: $0, base: base, assignments: assignments, keepGoing: keepGoing, color: usesColor,
                environmentName: environmentName, readDocument: HTTPFileImport.readForReplay)
            run.diff = diffOptions
            run.localFiles = localFiles
            return run
        }
        let batch = ReplayBatch(files: runs, jobs: jobs, repeats: repeats, reports: reports, latencyLine: ReplayLatency.line)
        var status = batch.run(
            environment: environment, output: streams,
            makeTransport: { () throws(WorkbenchError) in try CurlTransport() },
            shouldAbort: { wb_interrupt_pending() != 0 })
        streams.flush()
        if streams.writeFailed && status == ExitStatus.success.rawValue { status = ExitStatus.failure.rawValue }
        return status
    }
}
