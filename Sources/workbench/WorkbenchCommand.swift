import ArgumentParser
import Platform
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
            ProcessEnvironment.exit(ExitStatus.success.rawValue)
        case .start(let options, let restore):
            ProcessEnvironment.exit(Launch.start(session: nil, restore: restore, options: options, repl: REPL.run))
        case .run(let script, let options):
            ProcessEnvironment.exit(Launch.run(script: script, environmentName: nil, options: options))
        case nil:
            break
        }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                FileDescriptorSink.writeAll(Array((fullMessage(for: error) + "\n").utf8), to: 2)
                ProcessEnvironment.exit(ExitStatus.badInput.rawValue)
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
              --allow-files DIR  let imports and sessions name files in DIR too (by default: their own folder's only)
              --env NAME         put the environment NAME of http-client.env.json in force (--env-file FILE: that file)

            Inside, `help` lists the commands by group, `help all` each with a line, `help COMMAND`
            its usage; docs/commands.md is the command reference, docs/ the user guide.
            """,
        version: WorkbenchVersion.current,
        subcommands: [Interactive.self, Run.self, ReplayFile.self, ServeFile.self, ImportFile.self, BenchFile.self, Commands.self],
        defaultSubcommand: Interactive.self
    )
}

/// Options every mode shares.
struct CommonOptions: ParsableArguments {
    @Option(name: .long, help: "When to colour output: auto, always or never.")
    var color: ColorChoice = .auto

    @Flag(name: .long, help: "Neither read nor write the history file.")
    var noHistory = false

    @Flag(
        name: .long,
        help: "In a script, go on after a failing command; in a .http file, after a failing request (the exit status is still 1).")
    var keepGoing = false

    @Option(
        name: .customLong("allow-files"),
        help: ArgumentHelp(
            "Let imported files and sessions name files in this folder too (repeatable); by default only their own folder's.",
            valueName: "DIR"))
    var allowFiles: [String] = []

    var values: LaunchOptions {
        LaunchOptions(color: color.setting, noHistory: noHistory, keepGoing: keepGoing, allowedFolders: allowFiles)
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

        @Option(name: .customLong("env"), help: "The environment of http-client.env.json to put in force (`env use NAME`).")
        var environmentName: String?

        @Option(
            name: .customLong("env-file"),
            help: ArgumentHelp("With --env: the env file (its private file is read from beside it).", valueName: "FILE"))
        var environmentFile: String?

        @OptionGroup var options: CommonOptions

        func validate() throws {
            if environmentFile != nil && environmentName == nil { throw ValidationError("--env-file goes with --env NAME") }
        }

        func run() throws {
            var values = options.values
            (values.environmentName, values.environmentFile) = (environmentName, environmentFile)
            throw ExitCode(Launch.start(session: session, restore: restore, options: values, repl: REPL.run))
        }
    }

    /// `workbench run SCRIPT`: the commands of a file, as a script.
    struct Run: ParsableCommand {
        // The name given, not derived: ArgumentParser would make it from `String(describing:)` of
        // the type, a runtime lookup (1.3 M instructions at every start that ArgumentParser reads).
        static let configuration = CommandConfiguration(commandName: "run", abstract: "Run the commands in a file, as a script.")

        @Argument(
            help:
                "The file of commands, one per line, or a .http file (its requests are sent in order, each response shown, then N passed, M failed; the first failure stops it unless --keep-going)."
        )
        var script: String

        @Option(name: .customLong("env"), help: "For a .http file: the environment from http-client.env.json beside it.")
        var environmentName: String?

        @OptionGroup var options: CommonOptions

        func run() throws {
            throw ExitCode(Launch.run(script: script, environmentName: environmentName, options: options.values))
        }
    }
}
