import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs
import WorkbenchSessions

/// Everything the REPL holds between commands: the Endpoint being built,
/// variables and settings.
///
/// A value type: applying a command works on a copy and the copy replaces
/// the original only when the whole command succeeded, so a failed command
/// never leaves half a change behind.
public struct Workspace: Equatable, Sendable {
    public var endpoint = Endpoint()
    public var variables = Variables()
    public var settings = Settings()
    /// The response to the last `send`, for `timing`, captures and expectations.
    public var lastResponse: HTTPResponse?
    /// Every request sent, in order, with its captures and expectations.
    public var history = History()
    /// The history entry `lastResponse` belongs to: where `capture` and `expect` attach.
    public var lastRecordIndex: Int?
    /// The session file last loaded or saved: where a bare `save` writes.
    public var sessionFile: String?
    /// The requests saved (whole, or chosen with `save FILE N...`) or loaded, by their
    /// history stamps (a request changed since has a new one): quitting with others
    /// says how many, and how to get them back.
    public var savedRequestStamps: Set<UInt64> = []
    /// The session file as it was when this workspace last loaded or saved it:
    /// a save finding it changed was written by someone else (another REPL).
    public var sessionStamp: WriteTarget.Stamp?
    /// Files this workspace was read from besides its session (`import`, a `.http`
    /// file loaded): no output replaces them (`WriteTarget`).
    public var inputFiles: [String] = []
    /// Which local files an input (an import, a session, a `.http` file) may name: its own folder's and the allowed ones'.
    public var localFiles = LocalFileRule()
    /// Secrets a loaded session named but whose values are not known here;
    /// kept so that saving the session again still lists them.
    public var declaredSecrets: [String] = []
    /// What a loaded session file held that this workbench does not know: saved back with it.
    public var sessionUnknown: UnknownMembers?
    /// `print` and `pager`: how responses are shown here (not saved with a session).
    public var view = ResponseView()
    /// Variables a `.http` file (`run`, `load`) set, not the user: they do not win
    /// over the file's own values when it is read again (`set NAME` makes one the user's).
    public var httpFileVariableNames: Set<String> = []
    /// The environment in force (`env use NAME`), whose values are variables here.
    public var activeEnvironment: ActiveEnvironment?
    /// The variables the environment in force set (not the user): never saved, and
    /// replaced when another environment is used.
    public var environmentVariableNames: Set<String> = []
    /// The private values of every environment used in this run: still masked after a
    /// switch, as responses shown earlier may hold them.
    public var environmentSecretValues: [String] = []
    /// The environments' names last read from the env files: what Tab offers after `env use`.
    public var knownEnvironmentNames: [String] = []
    /// Saving warns about literal credentials once per workspace.
    public var warnedAboutCredentials = false
    /// The session's cookies (libcurl's engine decides where each is sent).
    public var cookies = CookieJar()
    /// The cookies the session had when its first request was recorded:
    /// where `replay all` starts from.
    public var initialCookies = CookieJar()
    /// Values of cookies removed with `cookies rm|clear`: still masked, as
    /// responses shown earlier (`last`) may hold them.
    public var removedCookieValues: [String] = []

    /// The API description `openapi` loaded: what `ls`, `cd`, `describe` and completion read.
    public var api: APIDescription?
    /// Where the description came from, as typed: saved with the session. It
    /// stays when a session's description could not be read again, so saving
    /// the session keeps it.
    public var apiLocation: String?
    /// The GraphQL schema `graphql schema` loaded: what `graphql ls|describe` and completion read.
    public var graphqlSchema: GraphQLAPI?
    /// Where it came from (a URL or a file, as typed): saved with the session.
    public var graphqlSchemaLocation: String?
    /// `grpc connect`: the gRPC target and its schema.
    public var grpcTarget: GRPCTarget?
    /// The schemas of the gRPC servers called, by origin: saved with the session for the
    /// servers its calls went to, read back by `load`, used by `replay` without reflection.
    public var grpcSchemas = GRPCSessionSchemas()

    public init() {}

    /// Runs `body` on this workspace where it is stored, without copying it. The interpreter
    /// keeps its workspace in a class, and passing that on (or calling a method on it) copied
    /// all of it first: sixty-odd retains and as many releases, twice a request.
    public mutating func inPlace<Result, Failure: Error>(
        _ body: (borrowing Workspace) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(self)
    }

    public func scope(environment: [String: String]) -> VariableScope {
        VariableScope(variables: variables, environment: environment)
    }

    /// The redaction step for this workspace: its secret variables, the
    /// values of every `{{env.NAME}}` its requests refer to, and its cookies.
    public func redactor(environment: [String: String]) -> SecretRedactor {
        SecretRedactor(secrets: secretValues(environment: environment))
    }

    /// Every value the redaction step masks, unordered, perhaps repeated: the secret
    /// variables, the cookies, the environment values the request being built and the
    /// history refer to, and auth secrets (secrets even when they come from a plain
    /// variable). As long as the history is, the work is not: the history keeps the
    /// names and auth secrets of its records (`History`), each counted once.
    /// `jar`: the cookies as a response left them, before it is committed.
    public func secretValues(environment: [String: String], cookies jar: CookieJar? = nil) -> [String] {
        var secrets =
            variables.secretValues + (jar ?? cookies).values + initialCookies.values + removedCookieValues + environmentSecretValues
        for name in endpoint.referencedEnvironment where history.referencedEnvironment.contains(name) == false {
            if let value = environment[name] { secrets.append(value) }
        }
        for name in history.referencedEnvironment {
            if let value = environment[name] { secrets.append(value) }
        }
        let scope = scope(environment: environment)
        var authSecrets = Array(history.authSecrets)
        for secret in endpoint.auths.flatMap(\.secretReferences) where !history.authSecrets.contains(secret) { authSecrets.append(secret) }
        for secret in authSecrets {
            if let value = try? Template.expand(secret, in: scope) { secrets.append(value) }
        }
        return secrets
    }
}

/// What the outside world gives a command: the environment and file access.
public struct CommandContext {
    public var environment: [String: String]
    public var readFile: (String) throws(WorkbenchError) -> [UInt8]
    /// Reads a session file (`load`, `restore`, what `save` would overwrite): within
    /// `SessionFileBounds` in the executable; `readFile` when not given (tests' fake files).
    public var readSessionFile: (String) throws(WorkbenchError) -> [UInt8]
    /// Writes a whole file atomically (session files).
    public var writeFile: ([UInt8], String) throws(WorkbenchError) -> Void
    /// Where interactive runs autosave; `restore` reads the newest autosave of another run.
    public var autosaves: AutosaveFolder?
    /// The largest session file `save` writes and `load` reads back (`SessionFileBounds`;
    /// tests make it small so that a session over it is small too).
    public var sessionFileBytes = SessionFileBounds.maximumBytes

    public init(
        environment: [String: String],
        autosaves: AutosaveFolder? = nil,
        readFile: @escaping (String) throws(WorkbenchError) -> [UInt8] = FileSystem.read,
        readSessionFile: ((String) throws(WorkbenchError) -> [UInt8])? = nil,
        writeFile: @escaping ([UInt8], String) throws(WorkbenchError) -> Void = { bytes, path throws(WorkbenchError) in
            try AtomicFile.write(bytes, to: path)
        }
    ) {
        self.environment = environment
        self.autosaves = autosaves
        self.readFile = readFile
        self.readSessionFile = readSessionFile ?? readFile
        self.writeFile = writeFile
    }
}

/// What the driver must do after a command was applied.
public enum CommandOutcome: Equatable, Sendable {
    /// Nothing to print.
    case done
    /// `ws ...` and the checks and captures on frames: the interpreter holds the connection.
    case webSocket(WebSocketCommand)
    /// Text for standard output.
    case output(String)
    /// Long text for standard output (`help all`): through the pager on a terminal when it does not fit.
    case paged(String)
    /// `clear`: clear the screen (a terminal's; nothing in a script).
    case clearScreen
    /// Send the (already updated) Endpoint; write the body to this file if given.
    /// `note` (the base moved) is printed first; `withBody`: the send asked for the body;
    /// `pathAsIs`: for the path as typed, dot segments and all.
    /// `lastEventID`: `send --resume` sends it as `Last-Event-ID`.
    case send(
        output: String?, note: String? = nil, withBody: Bool = false, pathAsIs: Bool = false, pipe: String? = nil,
        repetition: SendRepetition? = nil, lastEventID: String? = nil)
    /// Print the last response's timings.
    case timing
    /// Show the last response again: part nil means as `print` chose.
    case last(part: ResponsePart?, destination: LastDestination)
    /// Run the commands of a script file, as if typed.
    case run(String)
    /// `run FILE.http`: its requests are sent by the interpreter.
    case runHTTPFile(String, environment: String?, keepGoing: Bool)
    /// `bench`: the interpreter sends the current request as the plan says, `--json` to the file.
    case bench(LoadPlan, json: String?)
    /// `sleep DURATION`: the interpreter waits, Ctrl-C ending it.
    case sleep(seconds: Double)
    /// Replay requests of the history (on past a failure when `keepGoing`), in `environment` when given.
    case replay(ReplayTarget, keepGoing: Bool = false, environment: String? = nil)
    /// `compare`: the request sent in two environments (twice in the first), the differences shown.
    case compare(first: String, second: String, options: ResponseDiff.Options, ignored: [String], save: Bool)
    /// `diff`: the differences, shown coloured on a terminal.
    case diff(ResponseDiff, heading: String)
    /// Text for standard output and a warning for standard error; `revealed`:
    /// the text is one the user asked to see with its secrets (it bypasses redaction).
    case outputWithWarning(String, warning: String, revealed: Bool = false)
    /// Text the user asked to see with its secrets (`show --secrets`): it bypasses redaction.
    case revealed(String)
    /// `set --secret NAME` without a value: ask for it with hidden input.
    case askSecret(String)
    /// `auth KIND ...` without its password, token or key: ask for it (`TypedAuth.missing`).
    case askCredential(TypedAuth)
    /// `auth oauth2 client-credentials|device|code|refresh`: the interpreter runs the flow
    /// through the transport and keeps the tokens only when it succeeded.
    case oauth2(OAuth2Command)
    /// `body edit`: open this text in the editor; `json`: validate it as JSON on return.
    case editBody(String, json: Bool)
    /// `openapi URL` (or a session naming one): fetch the description through
    /// the transport, then load it; `note` is printed first.
    case fetchDescription(url: String, note: String?)
    /// `graphql schema [URL]`: the introspection query sent through the transport
    /// (to the request's own URL when nil), its answer loaded as the schema.
    case introspectGraphQL(url: String?)
    /// `grpc connect`: the schema read by server reflection or from `.proto` files (protoc).
    case grpcConnect(url: String, protoFiles: [String], importPaths: [String])
    /// `grpc call`: the call made through the transport, its answers shown as they arrive.
    case grpcCall(method: String, messages: String?)
    /// A check failed: the change is kept, but the line counts as failed. `summary` is the
    /// error line; `details` (`expect schema`'s violations) are printed as output before it.
    case checkFailed(summary: String, details: [String] = [])
    case exit
}
