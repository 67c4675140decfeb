import Platform
import WorkbenchBasics
import WorkbenchHTTP

/// One file of `workbench replay FILE...`: a saved session (or `.http` file)
/// replayed as a check that an API still behaves. `prepare` reads it and
/// resolves its variables (what may be refused before anything is sent: exit
/// status 2); each `run` of it then sends its requests in order, with its own
/// variables, cookies and captures, one line per request through the redaction
/// step. `ReplayBatch` runs several files, or one several times, and reports.
public struct ReplayFileRun: Sendable {
    public var file: String
    public var base: String?
    /// `--var NAME=VALUE`, in order.
    public var assignments: [String]
    public var keepGoing: Bool
    public var color: Bool
    /// `--env NAME`: the environment of a `.http` file's env files.
    public var environmentName: String?
    /// Reads the file named on the command line; the default reads session
    /// JSON (Interop adds `.http`).
    /// The third argument names the variables `--var` gives (a `.http` file keeps them references).
    public var readDocument: @Sendable (String, String?, Set<String>) throws(WorkbenchError) -> ReplaySource
    /// `--diff`: compare each response with the one recorded (a difference fails it).
    public var diff: ResponseDiff.Options?
    /// Which files the file's bodies may name (`--allow-files DIR` adds folders to its own).
    public var localFiles = LocalFileRule()

    public init(
        file: String, base: String?, assignments: [String], keepGoing: Bool, color: Bool,
        environmentName: String? = nil,
        readDocument: @escaping @Sendable (String, String?, Set<String>) throws(WorkbenchError) -> ReplaySource = ReplayFileRun.readSession
    ) {
        self.file = file
        self.base = base
        self.assignments = assignments
        self.keepGoing = keepGoing
        self.color = color
        self.environmentName = environmentName
        self.readDocument = readDocument
    }

    /// A session JSON file (it brings no secret values).
    @Sendable public static func readSession(_ file: String, _ environment: String?, _ overrides: Set<String> = []) throws(WorkbenchError)
        -> ReplaySource
    {
        if environment != nil { throw WorkbenchError("--env is for .http files, whose environments live beside them") }
        return ReplaySource(document: try SessionDecoding.decode(try SessionFileBounds.read(file), file: file))
    }

    /// A file read and its variables resolved: ready to be run, as often as asked.
    public struct Prepared: Sendable {
        public var document: SessionDocument
        public var variables: Variables
        /// Warnings for the file as a whole (what a `.http` import left out, TLS checks off).
        public var warnings: [String]
        /// Masks the secrets known before anything is sent.
        public var redactor: SecretRedactor
        /// The environments of its saved comparisons, and the names `--var` and `WORKBENCH_VAR_` give (they win).
        public var environmentValues: ReplaySource.EnvironmentValues? = nil
        public var givenNames: Set<String> = []
    }

    /// Reads the file and resolves its variables; nothing is sent.
    public func prepare(environment: [String: String]) throws(WorkbenchError) -> Prepared {
        var given = Set(assignments.compactMap { assignment in assignment.firstIndex(of: "=").map { String(assignment[..<$0]) } })
        for name in environment.keys where name.hasPrefix("WORKBENCH_VAR_") { given.insert(String(name.dropFirst("WORKBENCH_VAR_".count))) }
        let source = try readDocument(file, environmentName, given)
        var document = source.document
        // As `load` does: a file body naming a file outside the allowed folders is left out, warned about.
        let refusals = localFiles.leaveOutRefusedFiles(in: &document, input: file)
        guard !document.requests.isEmpty else { throw WorkbenchError("\(file) has no recorded requests to replay") }
        if let base, !Template.hasReferences(base) {
            do throws(WorkbenchError) { _ = try BaseURL.parse(base) } catch { throw error.prefixed("--base: ") }
        }
        let variables = try ReplayVariables.resolve(for: document, assignments: source.assignments + assignments, environment: environment)
        var warnings = source.notes + refusals
        if diff != nil && !document.requests.contains(where: { $0.response != nil }) {
            warnings.append("\(file) holds no recorded responses: --diff has nothing to compare")
        }
        if document.settings.insecure || document.requests.contains(where: \.settings.insecure) {
            warnings.append("\(file) turns TLS verification off (`insecure on`): certificates are not checked")
        }
        var prepared = Prepared(
            document: document, variables: variables, warnings: warnings,
            redactor: SecretRedactor(
                variables: variables, endpoints: document.requests.map(\.endpoint),
                environment: environment))
        prepared.environmentValues = source.environmentValues
        prepared.givenNames = given
        return prepared
    }

    /// What one run of a file came to, with the redactor as it stood at its
    /// end (secrets captured on the way, cookie values), which reports use.
    public struct Result: Sendable {
        public var summary: ReplayRun.Summary
        public var redactor: SecretRedactor
    }

    /// Replays `prepared` once: one line per request through `output`, masked,
    /// and the note when a failure stopped the run early.
    public func run(
        _ prepared: Prepared, environment: [String: String], output: OutputSink,
        transport: HTTPTransport, options: SendOptions
    ) -> Result {
        let sink = RedactingSink(output, redactor: prepared.redactor)
        defer { sink.finish() }
        var variables = prepared.variables
        // What the redactor masks beyond the variables is looked up once, not after every request:
        // the environment values the requests refer to, and each cookie value seen (once).
        var referenced = Set<String>()
        for record in prepared.document.requests { referenced.formUnion(record.endpoint.referencedEnvironment) }
        let environmentSecrets = referenced.compactMap { environment[$0] }
        let redactors = SecretRedactorCache()
        var replayer = Replayer(transport: transport, options: options, environment: environment, baseOverride: base)
        replayer.diff = diff
        replayer.savedGRPCSchemas = prepared.document.grpcSchemas
        if let values = prepared.environmentValues {
            let given = prepared.givenNames
            // Each environment's values over the file's, as `env use` lays them; `--var` still wins.
            replayer.environmentVariables = { name, variables throws(WorkbenchError) in
                let read = try values(name)
                var switched = variables
                for (key, value) in read.plain where !given.contains(key) { switched.set(key, to: value) }
                for (key, value) in read.secret where !given.contains(key) { switched.set(key, to: value, secret: true) }
                return (switched, Array(read.secret.values))
            }
        }
        if let location = prepared.document.openapi, prepared.document.requests.contains(where: { $0.expectations.contains(.schema) }) {
            replayer.api = SessionDescription.load(location, sessionFile: file, transport: transport)
        }
        // A file holds no cookie values: the replay starts with an empty jar,
        // and the requests that set cookies set them again.
        var cookies = CookieJar()
        var seenCookieValues: [String] = []
        var seenCookies = Set<String>()
        let summary = ReplayRun(replayer: replayer, stopAtFirstFailure: !keepGoing)
            .run(
                prepared.document.requests.enumerated().map { ($0.offset + 1, $0.element) }, variables: &variables,
                cookies: &cookies
            ) { outcome, now, jar in
                for value in jar.values where seenCookies.insert(value).inserted { seenCookieValues.append(value) }
                sink.redactor = redactors.redactor(for: now.secretValues + environmentSecrets + seenCookieValues)
                sink.printLine(Replayer.line(for: outcome, color: color))
            }
        if let note = summary.stoppedNote { sink.printLine(note) }
        return Result(summary: summary, redactor: sink.redactor)
    }

    /// What a run that never started comes to: each request not sent, named as a report names it.
    public func notStarted(_ prepared: Prepared) -> Result {
        let skipped = prepared.document.requests.enumerated().map { index, record in
            Replayer.skipped(record, number: index + 1, variables: prepared.variables, baseOverride: base, because: .runNotStarted)
        }
        return Result(summary: ReplayRun.Summary(outcomes: [], skipped: skipped), redactor: prepared.redactor)
    }

    /// A report path must be a regular file we may replace, in a folder we may write.
    public static func checkWritable(_ path: String) throws(WorkbenchError) {
        let target = FileSystem.expandTilde(path)
        try WriteTarget.check(path, verb: "cannot write the report")
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
    /// The values of environment NAME in the env files beside the file (or here), for its
    /// saved comparisons; nil when it has none.
    public var environmentValues: EnvironmentValues?

    public typealias EnvironmentValues = @Sendable (String) throws(WorkbenchError) -> (plain: [String: String], secret: [String: String])

    public init(document: SessionDocument, assignments: [String] = [], notes: [String] = []) {
        self.document = document
        self.assignments = assignments
        self.notes = notes
    }
}
