/// Everything the REPL holds between commands: the Endpoint being built,
/// variables and settings.
///
/// A value type: applying a command works on a copy and the copy replaces
/// the original only when the whole command succeeded, so a failed command
/// never leaves half a change behind.
public struct Workspace: Sendable {
    public var endpoint = Endpoint()
    public var variables = Variables()
    public var settings = Settings()

    public init() {}

    public func scope(environment: [String: String]) -> VariableScope {
        VariableScope(variables: variables, environment: environment)
    }
}

/// What the outside world gives a command: the environment and file access.
public struct CommandContext {
    public var environment: [String: String]
    public var readFile: (String) throws(WorkbenchError) -> [UInt8]

    public init(
        environment: [String: String],
        readFile: @escaping (String) throws(WorkbenchError) -> [UInt8] = FileSystem.read
    ) {
        self.environment = environment
        self.readFile = readFile
    }
}

/// What the driver must do after a command was applied.
public enum Outcome: Equatable, Sendable {
    /// Nothing to print.
    case done
    /// Text for standard output.
    case output(String)
    /// Send the (already updated) Endpoint; write the body to this file if given.
    case send(output: String?)
    /// Print the last response's timings.
    case timing
    case exit
}
