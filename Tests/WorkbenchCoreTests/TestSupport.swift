import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions

/// Helpers shared by the unit test files: an in-memory output sink, an
/// interpreter wired to fake files and a fixed environment, and small
/// assertions about errors.

/// Collects everything the interpreter prints.
final class RecordingOutput: OutputSink {
    var lines: [String] = []
    var bytes: [UInt8] = []
    var errors: [String] = []

    func printLine(_ text: String) { lines.append(text) }
    func writeBytes(_ bytes: [UInt8]) { self.bytes += bytes }
    func printError(_ text: String) { errors.append(text) }
}

/// A transport that sends nothing: it records each request and answers from a script
/// (by default `200 OK` with an empty JSON object), so sending is tested without a socket.
final class ScriptedTransport: HTTPTransport {
    struct Sent {
        var request: PreparedRequest
        var settings: Settings
        var outputFile: String?
    }

    var sent: [Sent] = []
    /// Answers in order; when they run out, `fallback` answers.
    var responses: [Result<HTTPResponse, WorkbenchError>] = []
    var fallback = HTTPResponse(
        statusLine: "HTTP/1.1 200 OK", statusCode: 200,
        headers: [HeaderField(name: "Content-Type", value: "application/json")], body: Array("{}".utf8))

    func send(_ request: PreparedRequest, settings: Settings, options: SendOptions) throws(WorkbenchError) -> HTTPResponse {
        sent.append(Sent(request: request, settings: settings, outputFile: options.outputFile))
        guard !responses.isEmpty else { return fallback }
        return try responses.removeFirst().get()
    }
}

/// A transport that answers each request with a closure.
final class ClosureTransport: HTTPTransport {
    let respond: (PreparedRequest) throws(WorkbenchError) -> HTTPResponse
    init(_ respond: @escaping (PreparedRequest) throws(WorkbenchError) -> HTTPResponse) { self.respond = respond }

    func send(_ request: PreparedRequest, settings: Settings, options: SendOptions) throws(WorkbenchError) -> HTTPResponse {
        try respond(request)
    }
}

/// An interpreter with an in-memory sink, a fixed environment, fake files and a scripted transport.
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

/// Fake files for `body @FILE`, `load` and `save`.
final class FakeFiles {
    var contents: [String: [UInt8]]
    init(_ contents: [String: [UInt8]]) { self.contents = contents }

    func read(_ path: String) throws(WorkbenchError) -> [UInt8] {
        guard let bytes = contents[path] else { throw WorkbenchError("cannot read '\(path)': No such file or directory") }
        return bytes
    }
}

/// A snapshot of everything a failed command must leave alone.
struct WorkspaceSnapshot: Equatable {
    var workspace: Workspace

    init(_ workspace: Workspace) {
        self.workspace = workspace
    }
}

/// The error `body` throws, or nil (recording an issue) when it does not throw.
func thrownError<T>(
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws(WorkbenchError) -> T
) -> WorkbenchError? {
    do {
        let value = try body()
        Issue.record("expected an error, got \(value)", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// The header lines of a prepared request, as `Name: value`.
func headerLines(_ request: PreparedRequest) -> [String] {
    request.headers.map { "\($0.name): \($0.value)" }
}

/// The default header lines for a base with this Host value.
func defaultHeaderLines(host: String) -> [String] {
    [
        "Host: \(host)", "User-Agent: workbench/\(WorkbenchVersion.current)", "Accept: */*",
        "Accept-Encoding: \(AcceptEncoding.supported)",
    ]
}

func utf8Bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
