import WorkbenchBasics

extension Command {
    /// The declaration whose effect this command is: one switch without a `default`, so a
    /// `Command` case that no declaration takes (and so has no parsing, help, completion or
    /// effect) does not compile. `Workspace.apply` dispatches through it, nothing searches.
    var declaration: CommandDeclaration {
        switch self {
        case .base, .showBase: .base
        case .path, .pathAdd, .pathUp, .showURL: .path
        case .method, .showMethod: .method
        case .queryAdd, .querySet, .queryRemove, .queryClear, .showQuery: .query
        case .headerSet, .headerAdd, .headerRemove, .headerClear, .showHeaders: .header
        case .body, .bodyEdit, .bodyExample, .showBody, .bodyClear, .graphqlBody: .body
        case .graphql: .graphql
        case .grpc: .grpc
        case .show, .showWithSecrets: .show
        case .curl: .curl
        case .importCurl, .importFile: .import
        case .export: .export
        case .allowFiles: .allowFiles
        case .reset: .reset
        case .clear: .clear
        case .send: .send
        case .timing: .timing
        case .last: .last
        case .set, .setSecretSource: .set
        case .unset: .unset
        case .vars: .vars
        case .environments, .environmentUse, .environmentOff: .env
        case .capture, .captureRemove: .capture
        case .expect, .expectList, .expectRemove, .expectClear: .expect
        case .save: .save
        case .load, .loadHTTPFile: .load
        case .restore: .restore
        case .history, .historyRemove, .historyClear: .history
        case .replay: .replay
        case .diff: .diff
        case .compare: .compare
        case .use: .use
        case .run, .runHTTPFile: .run
        case .sleep: .sleep
        case .bench: .bench
        case .scriptBlock(let keyword): CommandDeclaration.scriptBlockDeclaration(keyword)
        case .follow: .follow
        case .timeout: .timeout
        case .insecure: .insecure
        case .color: .color
        case .maxBody: .maxbody
        case .showSettings: .settings
        case .print: .print
        case .pager: .pager
        case .cookies: .cookies
        case .auth: .auth
        case .network(.proxy): .proxy
        case .network(.caCertificate): .cacert
        case .network(.clientCertificate): .cert
        case .network(.httpVersion): .http
        case .openapi, .openapiShow, .openapiOff: .openapi
        case .ls: .ls
        case .cd: .cd
        case .describe: .describe
        case .help: .help
        case .exit: .exit
        // Checks and captures on frames are `expect`'s and `capture`'s forms (help, parsing).
        case .webSocket(.expect): .expect
        case .webSocket(.capture): .capture
        case .webSocket: .ws
        }
    }
}
