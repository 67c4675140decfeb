import Testing
@testable import WorkbenchCore

/// `Command.declaration` routes each command to the declaration that parses, helps and
/// completes it, and `Workspace.apply` to its effect, each in a switch without `default`. This
/// test is the compile-time check made a second time where it shows: the switch below has no
/// `default` either, so a new `Command` case does not compile until it names its declaration
/// here too.
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
        case .grpc: "grpc"
        case .show, .showWithSecrets: "show"
        case .curl: "curl"
        case .importCurl, .importFile: "import"
        case .export: "export"
        case .allowFiles: "allow-files"
        case .reset: "reset"
        case .clear: "clear"
        case .send: "send"
        case .timing: "timing"
        case .sendResume: "send"
        case .events: "events"
        case .last: "last"
        case .set, .setSecretSource: "set"
        case .unset: "unset"
        case .vars: "vars"
        case .environments, .environmentUse, .environmentOff: "env"
        case .capture, .captureRemove: "capture"
        case .expect, .expectList, .expectRemove, .expectClear: "expect"
        case .save: "save"
        case .load, .loadHTTPFile: "load"
        case .restore: "restore"
        case .history, .historyRemove, .historyClear: "history"
        case .replay: "replay"
        case .diff: "diff"
        case .compare: "compare"
        case .use: "use"
        case .run, .runHTTPFile: "run"
        case .sleep: "sleep"
        case .bench: "bench"
        case .scriptBlock(let keyword): keyword
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
        case .webSocket(.expect): "expect"
        case .webSocket(.capture): "capture"
        case .webSocket: "ws"
        }
    }

    /// Each declaration's example parses to a command routed to that declaration (the method
    /// verbs' to `send`, `quit`'s to `exit`), and the two switches agree.
    @Test func everyExampleIsRoutedToItsOwnDeclaration() throws {
        for declaration in CommandTable.all {
            guard case .command(let command) = try CommandParser.parse(declaration.example) else { continue }
            // The method verbs parse into `send`'s command, `quit` into `exit`'s.
            let owner = declaration.sends ? "send" : declaration.name == "quit" ? "exit" : declaration.name
            #expect(command.declaration.name == owner, "`\(declaration.example)` goes to \(command.declaration.name)")
            #expect(Self.declarationName(of: command) == command.declaration.name)
            #expect(CommandTable.declaration(named: command.declaration.name) === command.declaration)
        }
    }

    /// The usage line `help` shows for the form `command` takes: one switch without
    /// `default`, over every form, so a new form does not compile here until it names the
    /// help line that explains it, and `everyFormHasItsUsageLine` checks that help shows it.
    static func usageLine(of command: Command) -> String {
        switch command {
        case .base: "base URL"
        case .showBase: "base"
        case .path: "path PATH"
        case .pathAdd: "path add SEGMENT..."
        case .pathUp: "path .."
        case .showURL: "path"
        case .method: "method VERB"
        case .showMethod: "method"
        case .queryAdd: "query add NAME VALUE"
        case .querySet: "query set NAME VALUE"
        case .queryRemove: "query rm NAME"
        case .queryClear: "query clear"
        case .showQuery: "query"
        case .headerSet: "header NAME: VALUE"
        case .headerAdd: "header add NAME: VALUE"
        case .headerRemove: "header rm NAME"
        case .headerClear: "header clear"
        case .showHeaders: "header"
        case .body: "body TEXT"
        case .bodyEdit: "body edit"
        case .bodyExample: "body example"
        case .showBody: "body"
        case .bodyClear: "body clear"
        case .graphqlBody(.query): "body graphql QUERY"
        case .graphqlBody(.variables): "body graphql vars JSON|<<END|clear"
        case .graphqlBody(.operation): "body graphql operation NAME|clear"
        case .graphql(.show): "graphql"
        case .graphql(.schema): "graphql schema [URL|FILE]"
        case .graphql(.schemaOff): "graphql schema off"
        case .graphql(.ls): "graphql ls [TYPE]"
        case .graphql(.describe): "graphql describe TYPE[.FIELD]"
        case .grpc(.show): "grpc"
        case .grpc(.connect): "grpc connect URL [--proto FILE...] [--import-path DIR...]"
        case .grpc(.off): "grpc off"
        case .grpc(.ls): "grpc ls [SERVICE]"
        case .grpc(.describe): "grpc describe NAME"
        case .grpc(.call): "grpc call SERVICE/METHOD [JSON]"
        case .show: "show"
        case .showWithSecrets: "show --secrets"
        case .curl(let secrets): secrets ? "curl --secrets" : "curl"
        case .importCurl: "import curl ARGS..."
        case .importFile: "import FILE"
        case .export: "export curl|httpie|http|hurl [--session] [--secrets] [> FILE]"
        case .allowFiles: "allow-files [DIR]"
        case .reset: "reset"
        case .clear: "clear"
        case .send(_, _, _, _, _, _, .some(let repetition)):
            repetition.until == nil ? "send --retry N" : "send --until CHECK [--every 2s] [--for 60s]"
        case .send: "send [--body] [--path-as-is]"
        case .timing: "timing"
        case .sendResume: "send --resume"
        case .events(nil): "events"
        case .events: "events N"
        case .last: "last [all|headers|body|status]"
        case .set(_, nil, _): "set --secret NAME"
        case .set: "set NAME VALUE"
        case .setSecretSource: "set --secret NAME --from SOURCE"
        case .unset: "unset NAME"
        case .vars: "vars"
        case .environments: "env [--env-file FILE]"
        case .environmentUse: "env use NAME [--env-file FILE]"
        case .environmentOff: "env off"
        case .capture: "capture [--secret] NAME status"
        case .captureRemove: "capture rm NAME"
        case .expect: "expect status CODE"
        case .expectList: "expect"
        case .expectRemove: "expect rm N"
        case .expectClear: "expect clear"
        case .save: "save [--force] [FILE]"
        case .load: "load FILE"
        case .loadHTTPFile: "load FILE.http [--env NAME]"
        case .restore: "restore"
        case .history: "history"
        case .historyRemove: "history rm N[-M]"
        case .historyClear: "history clear"
        case .replay(.number, _, _): "replay N [--env NAME]"
        case .replay(.all, _, _): "replay all [--keep-going] [--env NAME]"
        case .diff: "diff N M [--header NAME]... [--ignore PATH]..."
        case .compare: "compare ENV1 ENV2 [--header NAME]... [--ignore PATH]... [--save]"
        case .use: "use N"
        case .run: "run SCRIPT"
        case .sleep: "sleep DURATION"
        case .bench: "bench [N] [--concurrency C] [--duration D] [--rate R] [--json FILE]"
        case .scriptBlock(let keyword): ["if": "if CHECK", "repeat": "repeat N"][keyword] ?? keyword
        case .runHTTPFile: "run FILE.http [--env NAME]"
        case .follow: "follow on|off"
        case .timeout: "timeout SECONDS"
        case .insecure: "insecure on|off"
        case .color: "color auto|always|never"
        case .maxBody: "maxbody SIZE"
        case .showSettings: "settings"
        case .print: "print all|headers|body|status"
        case .pager: "pager auto|off"
        case .cookies(.list): "cookies"
        case .cookies(.remove): "cookies rm NAME"
        case .cookies(.clear): "cookies clear"
        case .auth(.show): "auth"
        case .auth(.none): "auth none"
        // Each kind set by its words declares its usage line with it.
        case .auth(.set(let typed)): typed.kind.usage[0]
        case .auth(.oauth2(.show)), .auth(.oauth2(.refresh)): "auth oauth2 [refresh]"
        case .auth(.oauth2(.start(let settings, _))):
            switch settings.flow {
            case .clientCredentials: "auth oauth2 client-credentials TOKEN_URL CLIENT_ID [SECRET] [--scope S]"
            case .device: "auth oauth2 device DEVICE_URL TOKEN_URL CLIENT_ID [--scope S]"
            case .code: "auth oauth2 code AUTH_URL TOKEN_URL CLIENT_ID [SECRET] [--scope S] [--port N]"
            }
        case .network(.proxy(nil)): "proxy"
        case .network(.proxy(.environment?)): "proxy off"
        case .network(.proxy(.none?)): "proxy none"
        case .network(.proxy(.url?)): "proxy URL"
        case .network(.caCertificate(nil)): "cacert"
        case .network(.caCertificate(.some(nil))): "cacert off"
        case .network(.caCertificate(.some(.some))): "cacert FILE"
        case .network(.clientCertificate(nil)): "cert"
        case .network(.clientCertificate(.some(nil))): "cert off"
        case .network(.clientCertificate(.some(.some))): "cert FILE [KEY]"
        case .network(.httpVersion(nil)): "http"
        case .network(.httpVersion(let version?)): "http \(version.rawValue)"
        case .openapi: "openapi FILE|URL"
        case .openapiShow: "openapi"
        case .openapiOff: "openapi off"
        case .ls: "ls [PATH]"
        case .cd: "cd PATH"
        case .describe: "describe [METHOD] [PATH]"
        case .help: "help COMMAND"
        case .exit: "exit"
        case .webSocket(.connect): "ws connect URL|PATH [--protocol NAME]..."
        case .webSocket(.send(.text)): "ws send TEXT"
        case .webSocket(.send(.json)): "ws send json VALUE"
        case .webSocket(.send(.binaryFile)): "ws send binary @FILE"
        case .webSocket(.ping): "ws ping [TEXT]"
        case .webSocket(.close): "ws close [CODE [REASON]]"
        case .webSocket(.frames): "ws frames"
        case .webSocket(.last): "ws last"
        case .webSocket(.expect): "expect frame next|last|N CHECK [--within 5s]"
        case .webSocket(.capture): "capture [--secret] NAME frame next|last|N JSONPATH [--within 5s]"
        }
    }

    /// A line of every form: each parses into the form its usage line names, and help shows
    /// that line among its declaration's.
    @Test func everyFormHasItsUsageLine() throws {
        let lines = [
            "base https://h", "base", "path /a", "path add b c", "path ..", "path", "method PUT", "method",
            "query add a 1", "query set a 2", "query rm a", "query clear", "query", "header A: 1", "header add A: 2",
            "header rm A", "header clear", "header", "body text", "body edit", "body example", "body", "body clear",
            "body graphql { a }", "body graphql vars {}", "body graphql operation Q", "graphql", "graphql schema",
            "graphql schema off", "graphql ls", "graphql describe Query", "grpc", "grpc connect http://h:1", "grpc off",
            "grpc ls", "grpc describe A", "grpc call S/M {}", "show", "show --secrets", "curl", "curl --secrets",
            "import curl https://h", "import f.txt", "export curl", "allow-files d", "reset", "clear", "send", "send --resume", "timing",
            "events", "events 2",
            "last", "set a 1", "set --secret a", "unset a", "vars", "capture t status", "capture rm t", "expect status 200",
            "expect", "expect rm 1", "expect clear", "save s.json", "load s.json", "load f.http", "restore", "history",
            "history rm 1", "history clear", "replay all", "diff 1 2", "use 1", "run s.txt", "run f.http", "send --until status 200",
            "send --retry 2", "sleep 2s", "bench 10 --concurrency 2",
            "if status 200", "else", "end", "repeat 2", "follow on",
            "timeout 5", "insecure off", "color never", "maxbody 1M", "settings", "print body", "pager off", "cookies",
            "cookies rm a", "cookies clear", "auth", "auth none", "auth basic a:b", "auth digest a:b", "auth bearer t",
            "auth apikey header X-Key k", "auth aws-sigv4 A:S us-east-1 s3", "auth oauth2", "auth oauth2 refresh",
            "auth oauth2 client-credentials https://h/t id", "auth oauth2 device https://h/d https://h/t id",
            "auth oauth2 code https://h/a https://h/t id", "proxy", "proxy off", "proxy none", "proxy http://p:8080",
            "cacert", "cacert off", "cacert c.pem", "cert", "cert off", "cert c.pem", "http", "http 2", "openapi",
            "openapi off", "openapi p.yaml", "ls", "cd /a", "describe", "help set", "exit",
            "ws connect ws://h/a --protocol p", "ws send hi", "ws send json {}", "ws send binary @f.bin", "ws ping",
            "ws close 1000 done", "ws frames", "ws last", "expect frame next json $.a == 1 --within 1s",
            "capture t frame last $.a",
        ]
        for line in lines {
            guard case .command(let command) = try CommandParser.parse(line) else {
                Issue.record("`\(line)` is no command")
                continue
            }
            let usage = Self.usageLine(of: command)
            #expect(command.declaration.usage.contains(usage), "`\(line)`: help \(command.declaration.name) has no line `\(usage)`")
        }
    }
}

/// Fast paths of this unit, each checked against the plain version it replaced.
extension CommandRoutingTests {
    /// `apply` asks first the declaration that applied the last command: a run that moves
    /// between commands of several declarations ends where one asking in table order ends.
    @Test func commandsOfManyDeclarationsApplyWhateverWasAppliedLast() throws {
        let lines = [
            "base http://api.test", "header X-One: 1", "get /a", "query add q 1", "set v 2", "path /b", "header X-Two: 2",
            "get /c", "auth bearer tok-12345678", "post /d", "body {\"a\": 1}", "put /e", "set w 3", "get /f",
        ]
        let first = InterpreterHarness()
        for line in lines { try first.run(line) }
        let second = InterpreterHarness()
        for line in lines {
            try second.run(line)
            try second.run("vars")
        }
        #expect(first.workspace.endpoint == second.workspace.endpoint)
        #expect(first.workspace.variables == second.workspace.variables)
        #expect(first.transport.sent.map(\.request) == second.transport.sent.map(\.request))
    }
}
