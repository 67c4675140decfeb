import Platform
import WorkbenchBasics

extension DisplayOptions {
    /// This process's standard output and environment: one place decides colour for every mode.
    public static func current(_ environment: [String: String]) -> DisplayOptions {
        DisplayOptions(outputIsTerminal: isatty(1) == 1, noColorRequested: !(environment["NO_COLOR"] ?? "").isEmpty)
    }
}
