import WorkbenchBasics
import WorkbenchHTTP

/// The options every way of starting the workbench shares (`--color`, `--no-history`,
/// `--keep-going`), as plain values: read by ArgumentParser or by `QuickStart`.
public struct LaunchOptions: Equatable, Sendable {
    /// `--color`: `.auto` when not given.
    public var color: ColorSetting
    /// `--no-history`: neither read nor write the history file.
    public var noHistory: Bool
    /// `--keep-going`: a script goes on after a failing command.
    public var keepGoing: Bool
    /// `--allow-files DIR` (repeatable): folders whose files an input may name (`LocalFileRule`).
    public var allowedFolders: [String]
    /// `--env NAME`: the environment in force from the start; `--env-file FILE`: where it is.
    public var environmentName: String?
    public var environmentFile: String?

    public init(
        color: ColorSetting = .auto, noHistory: Bool = false, keepGoing: Bool = false, allowedFolders: [String] = [],
        environmentName: String? = nil, environmentFile: String? = nil
    ) {
        self.color = color
        self.noHistory = noHistory
        self.keepGoing = keepGoing
        self.allowedFolders = allowedFolders
        self.environmentName = environmentName
        self.environmentFile = environmentFile
    }
}

/// The command lines nearly every run starts with (`workbench`, `workbench --version`,
/// `workbench --color always < script`, `workbench run FILE`, ...), read without ArgumentParser.
///
/// Why by hand: ArgumentParser builds its command tree by reflection (`Mirror`, dynamic casts,
/// type names) at every start, and with Foundation linked in each first cast scans thousands of
/// conformance records: about 17 million instructions, 45% of a whole scripted `get`
/// (Benchmarks/README.md, "Start-up: from exec to the first request"). Only the exact spellings
/// below are taken; anything else (`--help`, other subcommands, a session file, `--env`, a bad
/// value, an option given twice) is `nil`, and ArgumentParser reads it as before, errors included.
public enum QuickStart: Equatable, Sendable {
    /// `--version` alone.
    case version
    /// The default command, `start`, without a session file.
    case start(LaunchOptions, restore: Bool)
    /// `run FILE`: the commands of a file (or a .http file's requests), as a script.
    case run(script: String, LaunchOptions)

    /// The arguments after the program's name; `nil` when ArgumentParser must read them.
    ///
    /// Concrete types only (an array slice, flags rather than a `Set`): a generic or a new hashed
    /// type costs the runtime a conformance lookup on first use, which here is most of the work.
    public static func parse(_ arguments: ArraySlice<String>) -> QuickStart? {
        if arguments.count == 1, arguments.first == "--version" { return .version }
        if arguments.first == "run" {
            guard let words = Words(arguments.dropFirst()), !words.restore, words.positional.count == 1 else { return nil }
            return .run(script: words.positional[0], words.options)
        }
        guard let words = Words(arguments), words.positional.isEmpty else { return nil }
        return .start(words.options, restore: words.restore)
    }

    /// The options every mode shares, `--restore`, and the words that are no option.
    private struct Words {
        var options = LaunchOptions()
        var restore = false
        var positional: [String] = []

        /// `nil` for anything ArgumentParser should judge: an unknown or repeated option, a bad
        /// colour, a word that could be read as an option or a subcommand.
        init?(_ arguments: ArraySlice<String>) {
            var colorGiven = false
            var index = arguments.startIndex
            while index < arguments.endIndex {
                let word = arguments[index]
                index += 1
                if word == "--color" || word.hasPrefix("--color=") {
                    var value = String(word.dropFirst("--color=".count))
                    if word == "--color" {
                        guard index < arguments.endIndex else { return nil }
                        value = arguments[index]
                        index += 1
                    }
                    // The words ArgumentParser takes for ColorChoice, exactly (no `on`, no capitals).
                    guard !colorGiven, let color = ColorSetting.allCases.first(where: { $0.word == value }) else { return nil }
                    colorGiven = true
                    options.color = color
                } else if word == "--no-history", !options.noHistory {
                    options.noHistory = true
                } else if word == "--keep-going", !options.keepGoing {
                    options.keepGoing = true
                } else if word == "--restore", !restore {
                    restore = true
                } else if !word.isEmpty, !word.hasPrefix("-"), word != "help" {
                    positional.append(word)
                } else {
                    return nil
                }
            }
        }
    }
}
