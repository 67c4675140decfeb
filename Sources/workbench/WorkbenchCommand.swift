import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif
import CSupport
import WorkbenchCore

@main
struct WorkbenchCommand: ParsableCommand {
    /// Like ParsableCommand's own main, but bad arguments exit with status 2
    /// (as `replay` promises) instead of 64; the usual command lines skip ArgumentParser
    /// (`QuickStart` says why).
    static func main() {
        switch QuickStart.parse(CommandLine.arguments.dropFirst()) {
        case .version:
            FileDescriptorSink.writeAll(Array((WorkbenchVersion.current + "\n").utf8), to: 1)
            Glibc.exit(0)
        case .start(let options, let restore):
            Glibc.exit(Launch.start(session: nil, restore: restore, options: options))
        case .run(let script, let options):
            Glibc.exit(Launch.run(script: script, environmentName: nil, options: options))
        case nil:
            break
        }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                FileDescriptorSink.writeAll(Array((fullMessage(for: error) + "\n").utf8), to: 2)
                Glibc.exit(2)
            }
            exit(withError: error)
        }
    }

    static let configuration = CommandConfiguration(
        commandName: "workbench",
        abstract: "An interactive HTTP request workbench: build a request by hand, look at it, send it.",
        discussion: """
            With no arguments on a terminal, starts the interactive workbench (type `help` there).
            When standard input is not a terminal, reads the same commands from it as a script.

            workbench [FILE.json] [--restore] [--color auto|always|never] [--no-history] [--keep-going]
              FILE.json          start with this session loaded
              --restore          start with the session autosaved by the interactive run that wrote last
              --color            when to colour output (default auto: a terminal without NO_COLOR)
              --no-history       neither read nor write the history file
              --keep-going       in a script, go on after a failing command (the status is still 1)

            Inside, `help` lists the commands by group, `help all` each with a line, `help COMMAND`
            its usage; the README has the whole command language and a first-five-minutes walkthrough.
            """,
        version: WorkbenchVersion.current,
        subcommands: [Interactive.self, Run.self, ReplayFile.self, ServeFile.self, ImportFile.self],
        defaultSubcommand: Interactive.self
    )
}

/// Options every mode shares.
struct CommonOptions: ParsableArguments {
    @Option(name: .long, help: "When to colour output: auto, always or never.")
    var color: ColorChoice = .auto

    @Flag(name: .long, help: "Neither read nor write the history file.")
    var noHistory = false

    @Flag(name: .long, help: "In a script, go on after a failing command (the exit status is still 1).")
    var keepGoing = false

    var values: LaunchOptions {
        LaunchOptions(color: color.setting, noHistory: noHistory, keepGoing: keepGoing)
    }
}

enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never

    var setting: ColorSetting {
        switch self {
        case .auto: .auto
        case .always: .on
        case .never: .off
        }
    }
}

extension WorkbenchCommand {
    /// `workbench` (default): the REPL on a terminal, script mode on a pipe.
    struct Interactive: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "start",
            abstract: "Start the workbench (the default)."
        )

        @Argument(help: "A session file to load first.")
        var session: String?

        @Flag(name: .long, help: "Start with the session autosaved by the interactive run that wrote last.")
        var restore = false

        @OptionGroup var options: CommonOptions

        func run() throws {
            throw ExitCode(Launch.start(session: session, restore: restore, options: options.values))
        }
    }

    /// `workbench run SCRIPT`: the commands of a file, as a script.
    struct Run: ParsableCommand {
        // The name given, not derived: ArgumentParser would make it from `String(describing:)` of
        // the type, a runtime lookup (1.3 M instructions at every start that ArgumentParser reads).
        static let configuration = CommandConfiguration(commandName: "run", abstract: "Run the commands in a file, as a script.")

        @Argument(help: "The file of commands, one per line, or a .http file (its requests are sent in order).")
        var script: String

        @Option(name: .customLong("env"), help: "For a .http file: the environment from http-client.env.json beside it.")
        var environmentName: String?

        @OptionGroup var options: CommonOptions

        func run() throws {
            throw ExitCode(Launch.run(script: script, environmentName: environmentName, options: options.values))
        }
    }
}

/// Wires the core to this process: streams, environment, terminal, transport.
struct Launch {
    let options: LaunchOptions
    let streams = FileDescriptorSink(escapeControls: TerminalText.escapeLine)
    let environment: [String: String]
    /// One autosave file per process in the state folder; `restore` reads another run's.
    let autosaves: AutosaveFolder?

    init(options: LaunchOptions) {
        self.options = options
        environment = currentEnvironment()
        autosaves = StateDirectory.path(environment: environment).map { AutosaveFolder(directory: $0) }
    }

    /// `workbench [FILE] [--restore]`: the REPL on a terminal, the commands of standard input as a
    /// script otherwise. Returns the exit status (2: the session could not be loaded).
    static func start(session: String?, restore: Bool, options: LaunchOptions) -> Int32 {
        let launch = Launch(options: options)
        let interpreter = launch.makeInterpreter()
        do {
            if let session {
                try launch.preload(.load(session), into: interpreter)
            } else if restore {
                try launch.preload(.restore, into: interpreter)
            }
        } catch {
            return 2
        }
        if isatty(0) == 1 {
            return launch.runREPL(interpreter)
        }
        return launch.runScript(interpreter, nextLine: LineReader(descriptor: 0).next)
    }

    /// `workbench run SCRIPT`: the commands of a file, or a .http file's requests, as a script.
    /// Returns the exit status (2: the file could not be read).
    static func run(script: String, environmentName: String?, options: LaunchOptions) -> Int32 {
        if HTTPFileImport.handles(script) {
            // Each request sent in order, as `replay N` does: its response shown, captures flowing on.
            let launch = Launch(options: options)
            let interpreter = launch.makeInterpreter()
            do {
                try launch.preload(.loadHTTPFile(script, environment: environmentName), into: interpreter)
            } catch {
                return 2
            }
            var lines = (1...max(1, interpreter.workspace.history.count)).map { "replay \($0)" }.makeIterator()
            return launch.runScript(interpreter, nextLine: { lines.next().map { .success($0) } })
        }
        let descriptor = open(FileSystem.expandTilde(script), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            FileDescriptorSink.writeAll(Array("error: cannot read script '\(script)': \(reason)\n".utf8), to: 2)
            return 2
        }
        defer { close(descriptor) }
        let launch = Launch(options: options)
        return launch.runScript(launch.makeInterpreter(), nextLine: LineReader(descriptor: descriptor).next)
    }

    func makeInterpreter() -> Interpreter {
        var workspace = Workspace()
        workspace.settings.color = options.color
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

    /// Loads the session named on the command line; a bad file ends the run with status 2.
    func preload(_ command: Command, into interpreter: Interpreter) throws {
        do {
            // What loading says goes to standard error (standard output is the script's), a line
            // each; anything more (a description to fetch) is done as the REPL would do it.
            switch try interpreter.workspace.apply(command, context: interpreter.context) {
            case .output(let text):
                text.split(separator: "\n", omittingEmptySubsequences: false).forEach { interpreter.output.printError(String($0)) }
            case .outputWithWarning(let text, let warning, _):
                (text + "\n" + warning).split(separator: "\n").forEach { interpreter.output.printError(String($0)) }
            case let outcome:
                _ = try interpreter.perform(outcome)
            }
        } catch {
            interpreter.output.printError("error: \(error.message)")
            throw ExitCode(2)
        }
        // The session's own color setting yields to --color when one was given.
        if options.color != .auto { interpreter.workspace.settings.color = options.color }
    }

    func runREPL(_ interpreter: Interpreter) -> Int32 {
        Terminal.prepareLocale()
        // The folder is made only now: a script never writes history or autosave.
        let directory = StateDirectory.path(environment: environment).flatMap { StateDirectory.makeDirectory($0) ? $0 : nil }
        let folder = directory == nil ? nil : autosaves
        folder?.prune()
        return REPL(
            interpreter: interpreter, streams: streams,
            historyFile: options.noHistory ? nil : directory.map { HistoryFile(path: $0 + "/history") },
            autosave: folder.map { Autosave(path: $0.ownPath) },
            errorPrefix: { errorPrefix(interpreter) }
        ).run()
    }

    func runScript(_ interpreter: Interpreter, nextLine: () -> Result<String, WorkbenchError>?) -> Int32 {
        ScriptRun(interpreter: interpreter, streams: streams, keepGoing: options.keepGoing,
                  errorPrefix: errorPrefix(interpreter)).run(nextLine: nextLine)
    }

    /// `error:`, red when standard error is a terminal and colour is on (the `color` setting, NO_COLOR).
    func errorPrefix(_ interpreter: Interpreter) -> String {
        var display = interpreter.display
        display.outputIsTerminal = streams.errorsGoToTerminal
        return ANSI.paint("error:", ANSI.bold + ANSI.red, if: display.usesColor(interpreter.workspace.settings.color))
    }
}

enum Terminal {
    /// The width of the terminal on `descriptor`; 80 when it cannot be told.
    static func columns(of descriptor: Int32) -> Int {
        var size = winsize()
        if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }

    /// libedit handles multi-byte input only in a UTF-8 locale; fall back to C.UTF-8.
    static func prepareLocale() {
        setlocale(LC_ALL, "")
        if let codeset = nl_langinfo(nl_item(CODESET)), String(cString: codeset) != "UTF-8" {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
    }
}
