import ArgumentParser
import Platform
import WorkbenchCore

extension WorkbenchCommand {
    /// `workbench replay FILE...`: the arguments; the work is `ReplayBatch`'s.
    struct ReplayFile: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "replay",
            abstract: "Replay saved sessions: one line per request, then `N passed, N failed`.",
            discussion: """
                Each file's requests are sent in order, with its own variables, cookies and captures. \
                With --jobs N, N files run at once; each file's lines are printed together when it ends.
                Reports: --report junit|tap|json|html FILE (repeatable; the session files may come before or after).
                Exit status: 0 when every request passed, 1 when any failed, 2 when a file or the arguments are bad, \
                130 when Ctrl-C stopped the replay (the summary of what ran is still printed).
                With --diff, a response that differs from the one recorded fails its request (exit 1); the \
                differences are listed under its line: [-recorded-]{+now+}.
                """
        )

        @Argument(help: "Session files, or .http files.")
        var files: [String] = []

        @Option(help: "How many files to replay at once.")
        var jobs = 1

        @Option(name: .customLong("repeat"), help: "Replay each file this many times.")
        var repeats = 1

        @Option(
            name: .customLong("report"), parsing: .upToNextOption,
            help: ArgumentHelp(
                "Write a report: FORMAT FILE, with FORMAT junit, tap, json or html (repeatable).",
                valueName: "format> <file"))
        var reportPairs: [String] = []

        @Option(help: "Send every request to this base URL instead of the recorded one.")
        var base: String?

        @Option(name: .customLong("var"), help: "Set a variable, NAME=VALUE (repeatable); secrets come from here or WORKBENCH_VAR_NAME.")
        var variables: [String] = []

        @Option(help: "Write a JUnit XML report to this file (the same as --report junit FILE).")
        var junit: String?

        @Flag(help: "Go on after a failing request (by default the replay stops there).")
        var keepGoing = false

        @Option(help: "When to colour output: auto, always or never.")
        var color: ColorChoice = .auto

        @Option(
            name: .customLong("env"),
            help:
                "The environment of http-client.env.json (and .private.env.json): beside a .http file; beside a session or here (by default the one the session ran in)."
        )
        var environmentName: String?

        @Option(
            name: .customLong("allow-files"),
            help: ArgumentHelp(
                "Let the sessions' bodies name files in DIR too (by default: their own folder's only; repeatable).", valueName: "dir"))
        var allowFiles: [String] = []

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
            guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
            guard repeats >= 1 else { throw ValidationError("--repeat must be at least 1") }
            let reports = try reportsAndFiles()
            guard !files.isEmpty || !reports.files.isEmpty else { throw ValidationError("Missing expected argument '<files> ...'") }
        }

        /// `--report`'s pairs, and the session files typed after one (ArgumentParser hands them to `--report`).
        func reportsAndFiles() throws -> (targets: [ReportTarget], files: [String]) {
            do throws(WorkbenchError) {
                return try ReportTarget.parse(reportPairs, isFile: { access(FileSystem.expandTilde($0), F_OK) == 0 })
            } catch {
                throw ValidationError(error.message)
            }
        }

        func run() throws {
            let (reportTargets, filesAfterReports) = try reportsAndFiles()
            var launch = ReplayLaunch(files: files + filesAfterReports)
            (launch.jobs, launch.repeats, launch.base, launch.assignments) = (jobs, repeats, base, variables)
            (launch.keepGoing, launch.color, launch.environmentName) = (keepGoing, color.setting, environmentName)
            launch.reports = (junit.map { [ReportTarget(format: .junit, path: $0)] } ?? []) + reportTargets
            launch.diff = diff ? (diffHeaders, ignore) : nil
            launch.allowedFolders = allowFiles
            throw ExitCode(launch.run())
        }
    }
}
