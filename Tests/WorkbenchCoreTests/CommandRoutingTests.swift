import Testing
@testable import WorkbenchCore

/// `Command.declaration` routes each command to the declaration that parses, helps, completes
/// and applies it, in a switch without `default`. This test is the same check made a second
/// time where it shows: the switch below has no `default` either, so a new `Command` case
/// does not compile until it names its declaration here too.
@Suite struct CommandRoutingTests {
    /// The name of the declaration `command` belongs to.
    static func declarationName(of command: Command) -> String {
        switch command {
        case .base, .showBase: "base"
        case .path, .pathAdd, .pathUp, .showURL: "path"
        case .method, .showMethod: "method"
        case .queryAdd, .querySet, .queryRemove, .queryClear, .showQuery: "query"
        case .headerSet, .headerAdd, .headerRemove, .headerClear, .showHeaders: "header"
        case .body, .bodyEdit, .bodyExample, .showBody, .bodyClear, .graphqlBody: "body"
        case .graphql: "graphql"
        case .show, .showWithSecrets: "show"
        case .curl: "curl"
        case .importCurl, .importFile: "import"
        case .export: "export"
        case .allowFiles: "allow-files"
        case .reset: "reset"
        case .clear: "clear"
        case .send: "send"
        case .timing: "timing"
        case .last: "last"
        case .set: "set"
        case .unset: "unset"
        case .vars: "vars"
        case .capture, .captureRemove: "capture"
        case .expect, .expectList, .expectRemove, .expectClear: "expect"
        case .save: "save"
        case .load, .loadHTTPFile: "load"
        case .restore: "restore"
        case .history, .historyRemove, .historyClear: "history"
        case .replay: "replay"
        case .diff: "diff"
        case .use: "use"
        case .run, .runHTTPFile: "run"
        case .follow: "follow"
        case .timeout: "timeout"
        case .insecure: "insecure"
        case .color: "color"
        case .maxBody: "maxbody"
        case .showSettings: "settings"
        case .print: "print"
        case .pager: "pager"
        case .cookies: "cookies"
        case .auth: "auth"
        case .network(.proxy): "proxy"
        case .network(.caCertificate): "cacert"
        case .network(.clientCertificate): "cert"
        case .network(.httpVersion): "http"
        case .openapi, .openapiShow, .openapiOff: "openapi"
        case .ls: "ls"
        case .cd: "cd"
        case .describe: "describe"
        case .help: "help"
        case .exit: "exit"
        }
    }

    /// Each declaration's example parses to a command routed to that declaration (the method
    /// verbs' to `send`, `quit`'s to `exit`), and the two switches agree.
    @Test func everyExampleIsRoutedToItsOwnDeclaration() throws {
        for declaration in CommandTable.all {
            guard case .command(let command) = try CommandParser.parse(declaration.example) else { continue }
            let owner = declaration.apply != nil ? declaration.name : declaration.sends ? "send" : "exit"
            #expect(command.declaration.name == owner, "`\(declaration.example)` goes to \(command.declaration.name)")
            #expect(Self.declarationName(of: command) == command.declaration.name)
            #expect(CommandTable.declaration(named: command.declaration.name) === command.declaration)
        }
    }
}
