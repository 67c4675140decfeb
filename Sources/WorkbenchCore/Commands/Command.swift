import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs
import WorkbenchSessions

/// One parsed command line: what the user asked for, before anything happens.
public enum Command: Equatable, Sendable {
    // Building the Endpoint
    case base(String)
    case showBase
    case path(String)
    case pathAdd([String])
    /// `path ..`: one segment up.
    case pathUp
    case showURL
    case method(String)
    case showMethod
    case queryAdd(name: String, value: String)
    case querySet(name: String, value: String)
    case queryRemove(String)
    case queryClear
    case showQuery
    case headerSet(name: String, value: String)
    case headerAdd(name: String, value: String)
    case headerRemove(String)
    case headerClear
    case showHeaders
    case body(Body)
    /// `body edit`: the body in `$VISUAL` / `$EDITOR`, validated on return.
    case bodyEdit
    /// `body example`: a JSON body from the loaded description's operation for the request.
    case bodyExample
    case showBody
    case bodyClear
    /// `body graphql QUERY|vars JSON|operation NAME`.
    case graphqlBody(GraphQLBodyCommand)
    /// `graphql`, `graphql schema [URL|FILE]`, `graphql ls [TYPE]`, `graphql describe TYPE[.FIELD]`.
    case graphql(GraphQLCommand)
    /// `grpc connect|ls|describe|call|off`.
    case grpc(GRPCCommand)
    /// `show`: secret values masked.
    case show
    /// `show --secrets`: secret values in the clear.
    case showWithSecrets
    /// `curl [--secrets]`: the request as a curl command line.
    case curl(secrets: Bool)
    /// `import curl ARGS...`: a curl command line (its words after `curl`) becomes the request.
    case importCurl([String])
    /// `import FILE`: the curl commands of a file become requests in the history (not sent), the last one the request.
    case importFile(String)
    /// `export FORMAT [--exact] [--session] [--secrets] [> FILE]`
    case export(Export)
    /// `allow-files [DIR]`: let inputs name files in DIR too (nil: list the folders allowed).
    case allowFiles(String?)
    case reset

    // Sending
    /// `send`, or `get|post|... [PATH]`: set the method (and path), then send; `> FILE` saves the body.
    /// `withBody`: `send --body`, `delete PATH --body`: the body goes whatever the method.
    /// `pathAsIs`: `send --path-as-is`: `.` and `..` segments go out as typed.
    /// `pipe`: `send | COMMAND`, the body goes through `/bin/sh -c COMMAND` as `last | COMMAND` sends it.
    /// `clear`: clear the screen, as Ctrl-L does.
    case clear
    /// `repetition`: `--until CHECK [--every D] [--for D]`, `--retry N`.
    case send(
        method: String?, path: String?, output: String?, withBody: Bool = false, pathAsIs: Bool = false, pipe: String? = nil,
        repetition: SendRepetition? = nil)
    /// `send --resume`: the request again with `Last-Event-ID` from its latest event stream.
    case sendResume
    case timing
    /// `events [N]`: the last response's server-sent events, listed, or event N whole.
    case events(Int?)
    /// `last [PART] [> FILE | | COMMAND]`: the last response again, without sending.
    case last(part: ResponsePart?, destination: LastDestination)

    // Variables
    /// `set [--secret] NAME VALUE`; `set --secret NAME` (value nil) asks for it with hidden input.
    case set(name: String, value: String?, secret: Bool)
    /// `set --secret NAME --from SOURCE`: read from SOURCE when first needed.
    case setSecretSource(name: String, source: SecretSource)
    case unset(String)
    case vars
    /// `env [--env-file FILE]`: the environments of the env files.
    case environments(file: String?)
    /// `env use NAME [--env-file FILE]`: the environment in force.
    case environmentUse(String, file: String?)
    /// `env off`: no environment in force.
    case environmentOff

    // Captures, expectations, sessions
    /// `capture NAME FROM`: from the last response into a variable.
    /// `capture --secret NAME FROM`: the value is a secret from the start.
    case capture(name: String, source: Capture.Source, secret: Bool = false)
    /// `expect CHECK`: attached to the last request and checked at once.
    case expect(Expectation)
    /// `save [FILE] [N...]`: with numbers, only those requests of the history.
    case save(String?, requests: [Int], force: Bool = false)
    case load(String)
    /// `load FILE.http [--env NAME]`: a `.http` file's requests as the history (not sent).
    case loadHTTPFile(String, environment: String?)
    /// `restore`: the workspace autosaved by the last REPL session.
    case restore
    case history
    /// `history rm N[-M]`: 1-based, inclusive.
    case historyRemove(ClosedRange<Int>)
    case historyClear
    /// `expect` alone: the checks attached to the last request.
    case expectList
    /// `expect rm N`: 1-based, as `expect` numbers them.
    case expectRemove(Int)
    case expectClear
    /// `capture rm NAME`: the capture no longer runs on replay; the variable stays.
    case captureRemove(String)
    /// `replay N|all [--keep-going]`: like `workbench replay`, the first failure stops
    /// the run unless `keepGoing`.
    /// `--env NAME`: in that environment, the one in force staying.
    case replay(ReplayTarget, keepGoing: Bool = false, environment: String? = nil)
    /// `diff N [M] [--header NAME]... [--ignore PATH]...`: entry N's response against
    /// entry M's (nil: against the last response).
    case diff(old: Int, new: Int?, options: ResponseDiff.Options)
    /// `compare ENV1 ENV2 [--header NAME]... [--ignore PATH]...`: the request in two environments.
    case compare(first: String, second: String, options: ResponseDiff.Options, ignored: [String], save: Bool = false)
    /// `use N`: request N of the history becomes the request being built.
    case use(Int)
    /// `run SCRIPT`: the commands of a file, as if typed.
    case run(String)
    /// `run FILE.http [--env NAME]`: a `.http` file's requests added to the history and sent in order
    /// (on past a failure when `keepGoing`: `workbench run --keep-going`).
    case runHTTPFile(String, environment: String?, keepGoing: Bool = false)
    /// `bench [N] [--concurrency C] [--duration D] [--rate R] [--json FILE]`: the current request
    /// sent many times, its latency measured.
    case bench(LoadPlan, json: String?)
    /// `sleep DURATION`: wait (in a script, between polls of something).
    case sleep(seconds: Double)
    /// `if CHECK`, `else`, `end`, `repeat N` typed outside a script: the block words are a
    /// script's (`ScriptBlockReader`), so here they only say so.
    case scriptBlock(keyword: String)

    // Settings
    case follow(Bool)
    case timeout(Double)
    case insecure(Bool)
    case color(ColorSetting)
    /// `maxbody SIZE`: the cap on response bodies kept in memory, in bytes.
    case maxBody(Int)
    case showSettings
    /// `print all|headers|body|status`: which parts of a response are shown.
    case print(ResponsePart)
    /// `pager auto|off`: long responses through `$PAGER` on a terminal.
    case pager(Bool)

    // Real APIs
    /// `cookies`, `cookies clear`, `cookies rm NAME`: the session's cookie jar.
    case cookies(CookieCommand)
    /// `auth`, `auth none`, `auth basic|digest USER[:PASS]`, `auth bearer [TOKEN]`.
    case auth(AuthCommand)
    /// `proxy`, `cacert`, `cert`, `http`: network settings, saved with the session.
    case network(NetworkCommand)

    // Knowing the API
    /// `openapi FILE-or-URL`: load an OpenAPI (3.0, 3.1) or Swagger 2.0 description.
    case openapi(String)
    /// `openapi`: what is loaded.
    case openapiShow
    /// `openapi off`: forget the description.
    case openapiOff
    /// `ls [PATH]`: the description's paths below PATH (default: the current path).
    case ls(String?)
    /// `cd PATH`, `cd ..`, `cd /`: move the path like a folder, relative or absolute.
    case cd(String)
    /// `describe [METHOD] [PATH]`: an operation's parameters, body and responses.
    case describe(method: String?, path: String?)

    case help(String?)
    case exit
    /// `ws ...`, `expect frame ...`, `capture NAME frame ...`: a WebSocket conversation.
    case webSocket(WebSocketCommand)
}

/// A network setting to change, or to show (nil).
public enum NetworkCommand: Equatable, Sendable {
    case proxy(ProxySetting?)
    /// `cacert FILE`; `.some(nil)` is `cacert off`.
    case caCertificate(String??)
    /// `cert FILE [KEY]`; `.some(nil)` is `cert off`.
    case clientCertificate(ClientCertificate??)
    case httpVersion(HTTPVersionSetting?)
}

/// `cert FILE [KEY]`.
public struct ClientCertificate: Equatable, Sendable {
    public var certificate: String
    public var key: String?

    public init(certificate: String, key: String? = nil) {
        self.certificate = certificate
        self.key = key
    }
}

/// What `auth` does.
public enum AuthCommand: Equatable, Sendable {
    case show
    case none
    /// `auth KIND ...` for a kind set by its words (`TypedAuthKinds`), as its kind read them:
    /// secrets literal or templates, a missing one asked for with hidden input.
    case set(TypedAuth)
    /// `auth oauth2 ...`: a flow to run, or its state (`OAuth2Auth`).
    case oauth2(OAuth2Command)
}

/// What `cookies` does with the jar.
public enum CookieCommand: Equatable, Sendable {
    case list
    case clear
    case remove(String)
}

/// Which requests of the history `replay` sends.
public enum ReplayTarget: Equatable, Sendable {
    case all
    /// 1-based, as `history` numbers them.
    case number(Int)
}

/// What one line of input turned out to be.
public enum ParsedLine: Equatable, Sendable {
    /// Blank, or a `#` comment.
    case empty
    case command(Command)
    /// `body <<END` (or `body json <<END`): the following lines up to `END` are the body.
    case heredoc(json: Bool, terminator: String)
    /// `body graphql <<END` (or `body graphql vars <<END`): the lines up to `END` are the document (its variables).
    case graphqlHeredoc(variables: Bool, terminator: String)
    /// `grpc call SERVICE/METHOD <<END`: the lines up to `END` are the message(s).
    case grpcHeredoc(method: String, terminator: String)
    /// `ws send <<END`: the lines up to `END` are one text frame.
    case webSocketHeredoc(terminator: String)
}

/// Where `last` sends the response.
public enum LastDestination: Equatable, Sendable {
    case screen
    /// `> FILE`: written atomically, as `send > FILE` writes.
    case file(String)
    /// `| COMMAND`: run by `/bin/sh -c`, the bytes on its standard input.
    case pipe(String)
}
