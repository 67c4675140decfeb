/// A problem the user can act on: one readable sentence, printed after `error: `.
///
/// Every failure that reaches the user is one of these, so the REPL can print it
/// and keep going without knowing where it came from.
public struct WorkbenchError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    /// What went wrong, for the code that acts on a kind of failure; the message is for people.
    public var kind: Kind?

    /// The failures some caller tells apart (never by reading the message).
    public enum Kind: Equatable, Sendable {
        /// A `{{NAME}}` that no variable defines.
        case undefinedVariable(String)
    }

    public init(_ message: String, kind: Kind? = nil) {
        self.message = message
        self.kind = kind
    }

    public var description: String { message }

    /// Two errors are the same when they say the same: the kind is for code, not a difference.
    public static func == (lhs: WorkbenchError, rhs: WorkbenchError) -> Bool {
        lhs.message == rhs.message
    }
}
