import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif
import WorkbenchCore

@main
struct WorkbenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workbench",
        abstract: "An interactive HTTP request workbench: build a request by hand, look at it, send it.",
        discussion: """
            With no arguments on a terminal, starts the interactive workbench (type `help` there).
            When standard input is not a terminal, reads the same commands from it as a script.
            """,
        version: WorkbenchVersion.current,
        subcommands: [Interactive.self, Run.self],
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

        @OptionGroup var options: CommonOptions

        func run() throws {
            let launch = Launch(options: options)
            if isatty(0) == 1 {
                throw ExitCode(launch.runREPL())
            }
            let reader = LineReader(descriptor: 0)
            throw ExitCode(launch.runScript(nextLine: reader.next))
        }
    }

    /// `workbench run SCRIPT`: the commands of a file, as a script.
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Run the commands in a file, as a script.")

        @Argument(help: "The file of commands, one per line.")
        var script: String

        @OptionGroup var options: CommonOptions

        func run() throws {
            let descriptor = open(FileSystem.expandTilde(script), O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                let reason = String(cString: strerror(errno))
                StandardStreams.writeAll(Array("error: cannot read script '\(script)': \(reason)\n".utf8), to: 2)
                throw ExitCode(2)
            }
            defer { close(descriptor) }
            let reader = LineReader(descriptor: descriptor)
            throw ExitCode(Launch(options: options).runScript(nextLine: reader.next))
        }
    }
}

/// Wires the core to this process: streams, environment, terminal.
struct Launch {
    let options: CommonOptions
    let streams = StandardStreams()

    func makeInterpreter() -> Interpreter {
        var workspace = Workspace()
        workspace.settings.color = options.color.setting
        return Interpreter(
            workspace: workspace,
            context: CommandContext(environment: currentEnvironment()),
            output: streams
        )
    }

    func runREPL() -> Int32 {
        Terminal.prepareLocale()
        var historyFile: String?
        let environment = currentEnvironment()
        if !options.noHistory, let directory = Locations.stateDirectory(environment: environment),
           Locations.makeDirectory(directory) {
            historyFile = directory + "/history"
        }
        return REPL(interpreter: makeInterpreter(), streams: streams, historyFile: historyFile).run()
    }

    func runScript(nextLine: () -> String?) -> Int32 {
        ScriptRunner(interpreter: makeInterpreter(), streams: streams, keepGoing: options.keepGoing)
            .run(nextLine: nextLine)
    }
}

enum Terminal {
    /// libedit handles multi-byte input only in a UTF-8 locale; fall back to C.UTF-8.
    static func prepareLocale() {
        setlocale(LC_ALL, "")
        if let codeset = nl_langinfo(nl_item(CODESET)), String(cString: codeset) != "UTF-8" {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
    }
}
