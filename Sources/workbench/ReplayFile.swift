import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif
import CSupport
import WorkbenchCore

extension WorkbenchCommand {
    /// `workbench replay FILE.json`: the arguments; the work is `ReplayFileRun`'s.
    struct ReplayFile: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "replay",
            abstract: "Replay a saved session: one line per request, then `N passed, N failed`.",
            discussion: "Exit status: 0 when every request passed, 1 when any failed, 2 when the file or the arguments are bad. "
                + "With --diff, a response that differs from the one recorded fails its request (exit 1); the "
                + "differences are listed under its line: [-recorded-]{+now+}."
        )

        @Argument(help: "The session file, or a .http file.")
        var file: String

        @Option(help: "Send every request to this base URL instead of the recorded one.")
        var base: String?

        @Option(name: .customLong("var"), help: "Set a variable, NAME=VALUE (repeatable); secrets come from here or WORKBENCH_VAR_NAME.")
        var variables: [String] = []

        @Option(help: "Write a JUnit XML report to this file.")
        var junit: String?

        @Flag(help: "Go on after a failing request (by default the replay stops there).")
        var keepGoing = false

        @Option(help: "When to colour output: auto, always or never.")
        var color: ColorChoice = .auto

        @Option(name: .customLong("env"), help: "For a .http file: the environment from http-client.env.json (and .private.env.json) beside it.")
        var environmentName: String?

        @Flag(help: "Compare each response with the one recorded: status, the headers named, the body (JSON by structure).")
        var diff = false

        @Option(name: .customLong("diff-header"), help: "With --diff: a header to compare too (repeatable; '*' for all).")
        var diffHeaders: [String] = []

        @Option(help: "With --diff: a JSON path to leave out ($.updated_at, $.items[*].id) or 'header NAME' (repeatable).")
        var ignore: [String] = []

        func validate() throws {
            if !diff && !(diffHeaders.isEmpty && ignore.isEmpty) {
                throw ValidationError("--diff-header and --ignore go with --diff")
            }
        }

        func run() throws {
            let streams = FileDescriptorSink(escapeControls: TerminalText.escapeLine)
            let environment = currentEnvironment()
            wb_interrupt_install()
            var run = ReplayFileRun(file: file, base: base, assignments: variables, junit: junit, keepGoing: keepGoing,
                                    color: DisplayOptions.current(environment).usesColor(color.setting),
                                    environmentName: environmentName, readDocument: HTTPFileImport.readForReplay)
            if diff {
                do throws(WorkbenchError) {
                    run.diff = try ResponseDiff.Options(headers: diffHeaders, ignore: ignore)
                } catch {
                    streams.printError("error: \(error.message)")
                    throw ExitCode(2)
                }
            }
            var status = run.run(environment: environment, output: streams, makeTransport: { () throws(WorkbenchError) in try CurlTransport() },
                                 options: SendOptions(shouldAbort: { wb_interrupt_pending() != 0 }))
            streams.flush()
            if streams.writeFailed && status == 0 { status = 1 }
            throw ExitCode(status)
        }
    }
}
