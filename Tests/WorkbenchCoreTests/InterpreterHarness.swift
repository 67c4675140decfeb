import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// The harness of the command tests: an interpreter with an in-memory sink, a fixed environment,
/// fake files and a scripted transport (the fakes are in WorkbenchTestSupport).
final class InterpreterHarness {
    let output = RecordingOutput()
    let interpreter: Interpreter
    let environment: [String: String]
    /// Files `body @FILE` can read; shared by reference so a test can edit one between commands.
    let files: FakeFiles
    let transport = ScriptedTransport()

    /// With `transport: false`, starting the HTTP engine fails, as when libcurl cannot initialise.
    init(environment: [String: String] = [:], files: [String: [UInt8]] = [:], transport hasTransport: Bool = true) {
        self.environment = environment
        let store = FakeFiles(files)
        self.files = store
        let transport = self.transport
        interpreter = Interpreter(
            context: CommandContext(
                environment: environment,
                readFile: { path throws(WorkbenchError) in try store.read(path) },
                writeFile: { bytes, path throws(WorkbenchError) in store.contents[path] = bytes }),
            output: output,
            makeTransport: { () throws(WorkbenchError) -> HTTPTransport in
                guard hasTransport else { throw WorkbenchError("cannot start the HTTP engine (libcurl failed to initialise)") }
                return transport
            })
    }

    /// Every `send > FILE` target handed to the transport, in order (nil: no file).
    var sentOutputFiles: [String?] { transport.sent.map(\.outputFile) }

    var workspace: Workspace { interpreter.workspace }
    var endpoint: Endpoint { interpreter.workspace.endpoint }
    var scope: VariableScope { interpreter.workspace.scope(environment: environment) }

    /// Runs each line of `script`; the first line that does not succeed throws (failing the test).
    func run(_ script: String) throws(WorkbenchError) {
        for line in script.split(separator: "\n", omittingEmptySubsequences: false) {
            switch interpreter.handle(line: String(line)) {
            case .ok, .exit: continue
            case .failed(let error): throw WorkbenchError("line `\(line)` failed: \(error.message)")
            }
        }
    }

    /// Runs one line that must fail, and returns its error.
    func failure(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) -> WorkbenchError? {
        switch interpreter.handle(line: line) {
        case .failed(let error):
            return error
        case let other:
            Issue.record("expected `\(line)` to fail, got \(other)", sourceLocation: sourceLocation)
            return nil
        }
    }

    /// Runs one line that must print exactly one block of text, and returns it.
    func printed(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) throws(WorkbenchError) -> String {
        let before = output.lines.count
        try run(line)
        let new = output.lines[before...]
        #expect(new.count == 1, "expected one output for `\(line)`, got \(new.count)", sourceLocation: sourceLocation)
        return new.last ?? ""
    }

    /// The request as it would be sent now.
    func prepared() throws(WorkbenchError) -> PreparedRequest {
        try endpoint.prepare(in: scope, readFile: { path throws(WorkbenchError) in try files.read(path) })
    }
}

/// A snapshot of everything a failed command must leave alone.
struct WorkspaceSnapshot: Equatable {
    var workspace: Workspace

    init(_ workspace: Workspace) {
        self.workspace = workspace
    }
}
