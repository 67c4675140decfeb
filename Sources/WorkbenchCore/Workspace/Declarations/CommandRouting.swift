import WorkbenchBasics

extension Command {
    /// The declaration whose effect this command is: one switch without a `default`, so a
    /// `Command` case that no declaration takes (and so has no parsing, help, completion or
    /// effect) does not compile. `Workspace.apply` dispatches through it, nothing searches.
    var declaration: CommandDeclaration {
        switch self {
        case .base, .showBase: BuildCommands.base
        case .path, .pathAdd, .pathUp, .showURL: BuildCommands.path
        case .method, .showMethod: BuildCommands.method
        case .queryAdd, .querySet, .queryRemove, .queryClear, .showQuery: BuildCommands.query
        case .headerSet, .headerAdd, .headerRemove, .headerClear, .showHeaders: BuildCommands.header
        case .body, .bodyEdit, .bodyExample, .showBody, .bodyClear, .graphqlBody: BuildCommands.body
        case .graphql: APICommands.graphql
        case .grpc: APICommands.grpc
        case .show, .showWithSecrets: BuildCommands.show
        case .curl: BuildCommands.curl
        case .importCurl, .importFile: ToolCommands.import
        case .export: ToolCommands.export
        case .allowFiles: ToolCommands.allowFiles
        case .reset: BuildCommands.reset
        case .clear: HelpCommands.clear
        case .send: SendCommands.send
        case .timing: SendCommands.timing
        case .sendResume: SendCommands.send
        case .events: LiveCommands.events
        case .last: SendCommands.last
        case .set, .setSecretSource: VariableCommands.set
        case .unset: VariableCommands.unset
        case .vars: VariableCommands.vars
        case .environments, .environmentUse, .environmentOff: EnvironmentCommands.env
        case .capture, .captureRemove: VariableCommands.capture
        case .expect, .expectList, .expectRemove, .expectClear: CheckCommands.expect
        case .save: CheckCommands.save
        case .load, .loadHTTPFile: CheckCommands.load
        case .restore: CheckCommands.restore
        case .history, .historyRemove, .historyClear: CheckCommands.history
        case .replay: CheckCommands.replay
        case .diff: CheckCommands.diff
        case .compare: CheckCommands.compare
        case .use: CheckCommands.use
        case .run, .runHTTPFile: CheckCommands.run
        case .sleep: RunCommands.sleep
        case .bench: RunCommands.bench
        case .scriptBlock(let keyword): RunCommands.scriptBlockDeclaration(keyword)
        case .follow: SettingsCommands.follow
        case .timeout: SettingsCommands.timeout
        case .insecure: SettingsCommands.insecure
        case .color: SettingsCommands.color
        case .maxBody: SettingsCommands.maxbody
        case .showSettings: SettingsCommands.settings
        case .print: SettingsCommands.print
        case .pager: SettingsCommands.pager
        case .cookies: NetworkCommands.cookies
        case .auth: NetworkCommands.auth
        case .network(.proxy): NetworkCommands.proxy
        case .network(.caCertificate): NetworkCommands.cacert
        case .network(.clientCertificate): NetworkCommands.cert
        case .network(.httpVersion): NetworkCommands.http
        case .openapi, .openapiShow, .openapiOff: APICommands.openapi
        case .ls: APICommands.ls
        case .cd: APICommands.cd
        case .describe: APICommands.describe
        case .help: HelpCommands.help
        case .exit: HelpCommands.exit
        // Checks and captures on frames are `expect`'s and `capture`'s forms (help, parsing).
        case .webSocket(.expect): CheckCommands.expect
        case .webSocket(.capture): VariableCommands.capture
        case .webSocket: LiveCommands.ws
        }
    }
}
