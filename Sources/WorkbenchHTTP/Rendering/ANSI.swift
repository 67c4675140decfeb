import WorkbenchBasics

/// ANSI SGR sequences for the few colours the workbench uses.
public enum ANSI {
    public static let reset = "\u{1B}[0m"
    public static let bold = "\u{1B}[1m"
    public static let dim = "\u{1B}[2m"
    public static let red = "\u{1B}[31m"
    public static let green = "\u{1B}[32m"
    public static let yellow = "\u{1B}[33m"
    public static let blue = "\u{1B}[34m"
    public static let magenta = "\u{1B}[35m"
    public static let cyan = "\u{1B}[36m"

    /// `text` wrapped in `style` when colour is on.
    public static func paint(_ text: String, _ style: String, if enabled: Bool) -> String {
        enabled ? .concatenation(style, text, reset) : text
    }
}

/// Whether to colour: `color on|off` wins; `auto` means a terminal and no `NO_COLOR`.
public struct DisplayOptions: Sendable {
    /// Standard output is a terminal: colour is possible and binary must not be dumped.
    public var outputIsTerminal: Bool
    /// `NO_COLOR` is set in the environment (https://no-color.org).
    public var noColorRequested: Bool

    public init(outputIsTerminal: Bool, noColorRequested: Bool) {
        self.outputIsTerminal = outputIsTerminal
        self.noColorRequested = noColorRequested
    }

    public func usesColor(_ setting: ColorSetting) -> Bool {
        switch setting {
        case .on: true
        case .off: false
        case .auto: outputIsTerminal && !noColorRequested
        }
    }
}
