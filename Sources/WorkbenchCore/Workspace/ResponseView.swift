import WorkbenchBasics
import WorkbenchHTTP

/// How this REPL shows responses: a preference of the person at the
/// terminal, like HTTPie's `--print` and git's pager, so it is not saved
/// with a session (a replay elsewhere shows what its own user chose).
public struct ResponseView: Equatable, Sendable {
    /// `print all|headers|body|status`.
    public var parts = ResponsePart.all
    /// `pager auto|off`: a response longer than the screen goes through `$PAGER`.
    public var pager = true

    public init() {}

    public var summary: String {
        "print    \(parts.rawValue)\npager    \(pager ? "auto" : "off")"
    }
}
