#if canImport(Glibc)
import Glibc
#endif

/// `workbench replay FILE`: a saved session as a check that an API still
/// behaves. One line per request, the closing line, an optional JUnit
/// report, and the exit status (0 all passed, 1 any failed, 2 bad input),
/// everything printed through the redaction step.
public struct ReplayFileRun {
    public var file: String
    public var base: String?
    /// `--var NAME=VALUE`, in order.
    public var assignments: [String]
    public var junit: String?
    public var keepGoing: Bool
    public var color: Bool
    /// `--env NAME`: the environment of a `.http` file's env files.
    public var environmentName: String?
    /// Reads the file named on the command line; the default reads session
    /// JSON (Interop adds `.http`).
    public var readDocument: (String, String?) throws(WorkbenchError) -> ReplaySource
    /// `--diff`: compare each response with the one recorded (a difference fails it).
    public var diff: ResponseDiff.Options?

    public init(file: String, base: String?, assignments: [String], junit: String?, keepGoing: Bool, color: Bool,
                environmentName: String? = nil,
                readDocument: @escaping (String, String?) throws(WorkbenchError) -> ReplaySource = ReplayFileRun.readSession) {
        self.file = file
        self.base = base
        self.assignments = assignments
        self.junit = junit
        self.keepGoing = keepGoing
        self.color = color
        self.environmentName = environmentName
        self.readDocument = readDocument
    }

    /// A session JSON file (it brings no secret values).
    public static func readSession(_ file: String, _ environment: String?) throws(WorkbenchError) -> ReplaySource {
        if environment != nil { throw WorkbenchError("--env is for .http files, whose environments live beside them") }
        return ReplaySource(document: try SessionDecoding.decode(try FileSystem.read(file), file: file))
    }

    /// Runs the replay; returns the exit status.
    public func run(
        environment: [String: String], output: OutputSink,
        makeTransport: () throws(WorkbenchError) -> HTTPTransport, options: SendOptions = SendOptions()
    ) -> Int32 {
        let sink = RedactingSink(output)
        defer { sink.finish() }
        let document: SessionDocument
        var secrets: [String] = []
        var notes: [String] = []
        var variables: Variables
        let transport: HTTPTransport
        do throws(WorkbenchError) {
            let source = try readDocument(file, environmentName)
            document = source.document
            secrets = source.assignments
            notes = source.notes
            guard !document.requests.isEmpty else { throw WorkbenchError("\(file) has no recorded requests to replay") }
            if let base, !Template.hasReferences(base) {
                do throws(WorkbenchError) { _ = try BaseURL.parse(base) } catch { throw WorkbenchError("--base: \(error.message)") }
            }
            variables = try ReplayVariables.resolve(for: document, assignments: secrets + assignments, environment: environment)
            // A report that cannot be written is found out before anything is sent.
            if let junit { try Self.checkWritable(junit) }
            transport = try makeTransport()
        } catch {
            sink.printError("error: \(error.message)")
            return 2
        }
        for note in notes { sink.printError("warning: \(note)") }
        if diff != nil && !document.requests.contains(where: { $0.response != nil }) {
            sink.printError("warning: \(file) holds no recorded responses: --diff has nothing to compare")
        }
        if document.settings.insecure || document.requests.contains(where: \.settings.insecure) {
            sink.printError("warning: \(file) turns TLS verification off (`insecure on`): certificates are not checked")
        }
        let endpoints = document.requests.map(\.endpoint)
        sink.redactor = SecretRedactor(variables: variables, endpoints: endpoints, environment: environment)
        var replayer = Replayer(transport: transport, options: options, environment: environment, baseOverride: base)
        replayer.diff = diff
        // A file holds no cookie values: the replay starts with an empty jar,
        // and the requests that set cookies set them again.
        var cookies = CookieJar()
        var seenCookieValues: [String] = []
        let summary = ReplayRun(replayer: replayer, stopAtFirstFailure: !keepGoing)
            .run(document.requests.enumerated().map { ($0.offset + 1, $0.element) }, variables: &variables,
                 cookies: &cookies) { outcome, now, jar in
                seenCookieValues += jar.values
                sink.redactor = SecretRedactor(variables: now, endpoints: endpoints, environment: environment,
                                               also: seenCookieValues)
                sink.printLine(Replayer.line(for: outcome, color: color))
            }
        if let note = summary.stoppedNote { sink.printLine(note) }
        var status: Int32 = summary.passed ? 0 : 1
        if let junit {
            let report = sink.redactor.redact(JUnitReport.xml(suite: file, outcomes: summary.outcomes))
            do throws(WorkbenchError) {
                try AtomicFile.write(Array(report.utf8), to: junit, mode: 0o644)
            } catch {
                sink.printError("error: \(error.message)")
                status = 2
            }
        }
        sink.printLine(summary.closingLine)
        return status
    }

    /// A report path must be a regular file we may replace, in a folder we may write.
    static func checkWritable(_ path: String) throws(WorkbenchError) {
        let target = FileSystem.expandTilde(path)
        var info = stat()
        if lstat(target, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG {
            throw WorkbenchError("cannot write the report '\(path)': it exists and is not a regular file")
        }
        let folder = target.lastIndex(of: "/").map { String(target[..<$0]) } ?? "."
        if access(folder.isEmpty ? "/" : folder, W_OK) != 0 {
            throw WorkbenchError("cannot write the report '\(path)': \(String(cString: strerror(errno)))")
        }
    }
}

/// What a replay starts from: the requests, secret values the file itself
/// brings (`NAME=VALUE`, before any `--var`), and notes on what was left out.
public struct ReplaySource: Sendable {
    public var document: SessionDocument
    public var assignments: [String]
    public var notes: [String]

    public init(document: SessionDocument, assignments: [String] = [], notes: [String] = []) {
        self.document = document
        self.assignments = assignments
        self.notes = notes
    }
}
