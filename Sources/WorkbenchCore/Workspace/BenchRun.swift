import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchSessions

/// `bench`: the current request sent as a load plan asks, the figures printed (and written
/// with `--json`), nothing kept in the history.
struct BenchRun {
    /// How many requests, how many at once, for how long.
    let plan: LoadPlan
    /// `--json FILE`: where the figures are written too.
    let json: String?

    /// Runs the plan on the request `interpreter`'s workspace builds, printing through its output.
    func run(on interpreter: Interpreter) throws(WorkbenchError) {
        let workspace = interpreter.workspace
        let context = interpreter.context
        let output = interpreter.output
        if let json { try WriteTarget.check(json, inputs: workspace.writeInputs(includingSession: true)) }
        if let parameter = workspace.unfilledParameter() {
            throw WorkbenchError("bench: the path \(workspace.currentPath) still has \(parameter) to fill")
        }
        let scope = try interpreter.wireScope(for: [workspace.endpoint])
        let request: PreparedRequest
        do throws(WorkbenchError) {
            request = try workspace.endpoint.prepare(in: scope, readFile: context.readFile)
        } catch {
            throw workspace.explainingMissingSecret(error)
        }
        let statistics = try Self.measure(
            request, settings: workspace.settings, cookies: workspace.cookies, plan: plan, in: scope,
            shouldStop: interpreter.sendOptions.shouldAbort, progress: interpreter.progressLine)
        let redactor = interpreter.redactor
        let url = redactor.redact(request.shownURL)
        output.printLine(LoadReport.text(statistics, plan: plan, method: request.method, url: url))
        if let json {
            // Through the redactor as every file is: the URL is the masked one, and nothing else is from the request.
            let text = redactor.redact(LoadReport.json(statistics, plan: plan, method: request.method, url: url))
            try context.writeFile(Array((text + "\n").utf8), FileSystem.expandTilde(json))
            output.printLine("wrote \(json)")
        }
    }

    /// Runs the plan; `progress` (a terminal's line, nil elsewhere) is told how it goes and nil at the end.
    static func measure(
        _ request: PreparedRequest, settings: Settings, cookies: CookieJar, plan: LoadPlan, in scope: VariableScope,
        shouldStop: @escaping () -> Bool, progress: ((String?) -> Void)?
    ) throws(WorkbenchError) -> LoadStatistics {
        let engine = try LoadEngine(request: request, settings: settings, cookies: cookies, plan: plan, in: scope)
        var statistics = LoadStatistics()
        var interrupted = false
        let seconds = engine.run(
            record: { statistics.add($0) },
            progress: { state in
                guard let progress else { return }
                let goal = plan.count.map { " of \($0)" } ?? ""
                let time = plan.duration.map { " of \(DurationText.shown($0))" } ?? ""
                let failed = state.failed > 0 ? ", \(state.failed) failed" : ""
                let rate = state.elapsedSeconds > 0 ? Double(state.finished) / state.elapsedSeconds : 0
                progress(
                    "bench: \(state.finished)\(goal) done\(failed), \(DurationText.shown(state.elapsedSeconds))\(time), \(Int(rate.rounded()))/s (Ctrl-C stops)"
                )
            },
            shouldStop: {
                if shouldStop() { interrupted = true }
                return interrupted
            })
        progress?(nil)
        statistics.seconds = seconds
        statistics.interrupted = interrupted
        return statistics
    }
}
