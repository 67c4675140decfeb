/// A problem the user can act on: one readable sentence, printed after `error: `.
///
/// Every failure that reaches the user is one of these, so the REPL can print it
/// and keep going without knowing where it came from.
public struct WorkbenchError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
