import CSupport
import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchSessions

/// `workbench bench SESSION.json [--request N] [N] [-c C] [-d D] [-r R] [--json FILE]`: a session's
/// request (the one being built, or history entry N) benched as `bench` does in the REPL.
public struct BenchLaunch {
    public var file: String
    /// History entry N (1-based); nil: the session's current request.
    public var request: Int?
    public var plan: LoadPlan
    public var json: String?

    public init(file: String, request: Int?, plan: LoadPlan, json: String?) {
        self.file = file
        self.request = request
        self.plan = plan
        self.json = json
    }

    /// The exit status: 0 when it ran, 2 when the session or the request could not be had,
    /// 130 when Ctrl-C stopped it (what was measured is still printed).
    public func run(options: LaunchOptions) -> Int32 {
        let launch = Launch(options: options)
        let interpreter = launch.makeInterpreter()
        guard launch.preload(.load(file), into: interpreter) else { return ExitStatus.badInput.rawValue }
        if let request {
            let count = interpreter.workspace.history.count
            guard (1...max(count, 1)).contains(request), count > 0 else {
                launch.streams.printError(
                    "error: bench: request \(request) is not in \(file) (\(count) request\(count == 1 ? "" : "s"); `workbench bench FILE --request N`)"
                )
                launch.streams.flush()
                return ExitStatus.badInput.rawValue
            }
            guard launch.preload(.use(request), into: interpreter) else { return ExitStatus.badInput.rawValue }
        }
        wb_interrupt_install()
        let result = interpreter.handle(command: .bench(plan, json: json))
        interpreter.output.finish()
        launch.streams.flush()
        if case .failed(let error) = result {
            launch.streams.printError("error: \(error.message)")
            launch.streams.flush()
            return ExitStatus.failure.rawValue
        }
        return wb_interrupt_pending() != 0 ? ExitStatus.interrupted.rawValue : ExitStatus.success.rawValue
    }
}
