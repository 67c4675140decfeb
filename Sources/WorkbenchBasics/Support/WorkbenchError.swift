/// A problem the user can act on: one readable sentence, printed after `error: `.
///
/// Every failure that reaches the user is one of these, so the REPL can print it
/// and keep going without knowing where it came from. Code that acts on a kind of
/// failure reads `kind`, never the message; context is added with `prefixed`, which
/// keeps the kind (as async-http-client's `HTTPClientError` keeps its code).
public struct WorkbenchError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    /// What went wrong, for the code that acts on a kind of failure; the message is for people.
    public var kind: Kind?

    /// The failures some caller tells apart (never by reading the message).
    public enum Kind: Equatable, Sendable {
        /// A `{{NAME}}` that no variable defines.
        case undefinedVariable(String)
        /// A request was handed to the transport and no complete response came back.
        case transport(TransportFailure)
        /// Requests were sent and some failed: each one's own line and the summary said which.
        case requestsFailed
    }

    public init(_ message: String, kind: Kind? = nil) {
        self.message = message
        self.kind = kind
    }

    public var description: String { message }

    /// The transport failure this error reports, if it is one.
    public var transportFailure: TransportFailure? {
        if case .transport(let failure)? = kind { return failure }
        return nil
    }

    /// The same error with `context` before its message (`"line 3: "`), its kind kept.
    public func prefixed(_ context: String) -> WorkbenchError {
        WorkbenchError(context + message, kind: kind)
    }

    /// The same error with its message rewritten (masked, escaped), its kind kept.
    public func mapMessage(_ transform: (String) -> String) -> WorkbenchError {
        WorkbenchError(transform(message), kind: kind)
    }

    /// Two errors are the same when they say the same: the kind is for code, not a difference.
    public static func == (lhs: WorkbenchError, rhs: WorkbenchError) -> Bool {
        lhs.message == rhs.message
    }
}
