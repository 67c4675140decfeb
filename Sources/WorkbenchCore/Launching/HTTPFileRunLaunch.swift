import CSupport
import WorkbenchBasics

/// `workbench run FILE.http`: the file's requests sent in order, as `run FILE.http` sends them in
/// a session: each response shown, its PASS or FAIL line, then `N passed, M failed`, the way the
/// JetBrains HTTP Client CLI and httpyac end a file. The first failure stops the run unless
/// `--keep-going`, as `workbench replay` does. Exit status: 0 when every request passed, 1 when one
/// failed, 2 when the file could not be read, 130 on Ctrl-C.
struct HTTPFileRunLaunch {
    let launch: Launch
    let interpreter: Interpreter

    func run(_ file: String, environment: String?, keepGoing: Bool) -> Int32 {
        wb_interrupt_install()
        let result = interpreter.handle(command: .runHTTPFile(file, environment: environment, keepGoing: keepGoing))
        var status = ExitStatus.success
        if case .failed(let error) = result {
            // A failed request was named on its FAIL line and counted: no second line says it.
            if error.kind != .requestsFailed { launch.streams.printError("error: \(error.message)") }
            status = interpreter.workspace.history.isEmpty ? .badInput : .failure
        }
        if Launch.interrupted() { status = .interrupted }
        launch.streams.flush()
        if launch.streams.writeFailed {
            launch.streams.printError("error: the output could not be written (standard output refused it)")
            return ExitStatus.failure.rawValue
        }
        return status.rawValue
    }
}
