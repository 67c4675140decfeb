import Platform
import CSupport
import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchSessions

/// Wires the core to this process: streams, environment, the state folder, the
/// transport's Ctrl-C. The executable only declares the command line and calls these;
/// the line editor (libedit) is the one part it keeps, handed in as `repl`.
public struct Launch {
    public let options: LaunchOptions
    public let streams = FileDescriptorSink(escapeControls: TerminalText.escapeLine)
    public let environment: [String: String]
    /// One autosave file per process in the state folder; `restore` reads another run's.
    let autosaves: AutosaveFolder?

    /// Runs the interactive loop over the session's per-line policy; returns the exit status.
    public typealias LineEditorLoop = (REPLSession) -> Int32

    public init(options: LaunchOptions) {
        self.options = options
        environment = currentEnvironment()
        autosaves = StateDirectory.path(environment: environment).map { AutosaveFolder(directory: $0) }
    }

    /// `workbench [FILE] [--restore]`: the REPL on a terminal, the commands of standard input as a
    /// script otherwise. Returns the exit status (2: the session could not be loaded).
    public static func start(session: String?, restore: Bool, options: LaunchOptions, repl: LineEditorLoop) -> Int32 {
        let launch = Launch(options: options)
        let interpreter = launch.makeInterpreter()
        if let session, !launch.preload(.load(session), into: interpreter) { return ExitStatus.badInput.rawValue }
        if session == nil, restore, !launch.preload(.restore, into: interpreter) { return ExitStatus.badInput.rawValue }
        if let name = options.environmentName,
            !launch.preload(.environmentUse(name, file: options.environmentFile), into: interpreter)
        {
            return ExitStatus.badInput.rawValue
        }
        return launch.interact(interpreter, repl: repl)
    }

    /// `workbench run SCRIPT`: the commands of a file, or a .http file's requests, as a script.
    /// Returns the exit status (2: the file could not be read).
    public static func run(script: String, environmentName: String?, options: LaunchOptions) -> Int32 {
        if HTTPFileImport.handles(script) {
            let launch = Launch(options: options)
            return HTTPFileRunLaunch(launch: launch, interpreter: launch.makeInterpreter())
                .run(script, environment: environmentName, keepGoing: options.keepGoing)
        }
        let descriptor = open(FileSystem.expandTilde(script), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            FileDescriptorSink.writeAll(Array("error: cannot read script '\(script)': \(reason)\n".utf8), to: 2)
            return ExitStatus.badInput.rawValue
        }
        defer { close(descriptor) }
        let launch = Launch(options: options)
        return launch.runScript(launch.makeInterpreter(), nextLine: LineReader(descriptor: descriptor, interrupted: Self.interrupted).next)
    }

    /// `workbench import FILE [--env ENV] [-o SESSION]`: the requests in the history, then saved
    /// (`-o`) or the workbench started with them. Returns the exit status (2: a file was refused).
    public static func importing(
        _ file: String, environmentFile: String?, output: String?, options: LaunchOptions,
        repl: LineEditorLoop
    ) -> Int32 {
        let launch = Launch(options: options)
        let interpreter = launch.makeInterpreter()
        let commands: [Command] =
            [.importFile(file)] + (environmentFile.map { [.importFile($0)] } ?? [])
            + (output.map { [.save($0, requests: [])] } ?? [])
        for command in commands where !launch.preload(command, into: interpreter) { return ExitStatus.badInput.rawValue }
        return output == nil ? launch.interact(interpreter, repl: repl) : ExitStatus.success.rawValue
    }

    public func makeInterpreter() -> Interpreter {
        var workspace = Workspace()
        workspace.settings.color = options.color
        workspace.localFiles = LocalFileRule(allowing: options.allowedFolders)
        let interpreter = Interpreter(
            workspace: workspace,
            context: CommandContext(environment: environment, autosaves: autosaves, readSessionFile: SessionFileBounds.read),
            output: streams, display: DisplayOptions.current(environment),
            sendOptions: SendOptions(shouldAbort: { wb_interrupt_pending() != 0 })
        )
        interpreter.editText = { [environment, streams] text, json throws(WorkbenchError) in
            streams.flush()
            return try BodyEditor.edit(text, json: json, environment: environment)
        }
        return interpreter
    }

    /// A command from the command line (the session to load, a file to import), run as the
    /// REPL runs a line, what it says going to standard error (standard output is the script's).
    /// False, with the error line printed, when it failed: the run then ends with status 2.
    func preload(_ command: Command, into interpreter: Interpreter) -> Bool {
        interpreter.reportsToErrors = true
        defer { interpreter.reportsToErrors = false }
        if case .failed(let error) = interpreter.handle(command: command) {
            interpreter.output.printError("error: \(error.message)")
            interpreter.output.finish()
            return false
        }
        // The session's own color setting yields to --color when one was given.
        if options.color != .auto { interpreter.workspace.settings.color = options.color }
        return true
    }

    /// The REPL on a terminal, the commands of standard input as a script otherwise.
    func interact(_ interpreter: Interpreter, repl: LineEditorLoop) -> Int32 {
        guard isatty(0) == 1 else {
            return runScript(interpreter, nextLine: LineReader(descriptor: 0, interrupted: Self.interrupted).next)
        }
        // The folder is made only now: a script never writes history or autosave.
        let directory = StateDirectory.path(environment: environment).flatMap { StateDirectory.makeDirectory($0) ? $0 : nil }
        let folder = directory == nil ? nil : autosaves
        folder?.prune()
        let historyFile = options.noHistory ? nil : directory.map { HistoryFile(path: $0 + "/history") }
        // Trimmed before the line editor reads it.
        try? historyFile?.trim()
        return repl(
            REPLSession(
                interpreter: interpreter, streams: streams, historyFile: historyFile,
                autosave: folder.map { Autosave(path: $0.ownPath) },
                errorPrefix: { errorPrefix(interpreter) }
            ))
    }

    /// A script: Ctrl-C stops the operation that runs, then the script (`ScriptRun`, status 130),
    /// where without a handler it would kill the process mid-line.
    func runScript(_ interpreter: Interpreter, nextLine: () -> Result<String, WorkbenchError>?) -> Int32 {
        wb_interrupt_install()
        return ScriptRun(
            interpreter: interpreter, streams: streams, keepGoing: options.keepGoing,
            errorPrefix: errorPrefix(interpreter), interrupted: Self.interrupted
        ).run(nextLine: nextLine)
    }

    /// Ctrl-C was pressed (the flag `wb_interrupt_install`'s handler sets).
    static func interrupted() -> Bool { wb_interrupt_pending() != 0 }

    /// `error:`, red when standard error is a terminal and colour is on (the `color` setting, NO_COLOR).
    func errorPrefix(_ interpreter: Interpreter) -> String {
        var display = interpreter.display
        display.outputIsTerminal = streams.errorsGoToTerminal
        return ANSI.paint("error:", ANSI.bold + ANSI.red, if: display.usesColor(interpreter.workspace.settings.color))
    }
}
