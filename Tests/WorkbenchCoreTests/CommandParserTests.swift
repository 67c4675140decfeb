import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// The line parser, shell-style word splitting, "did you mean" and the help catalogue.
@Suite struct CommandParserTests {
    // MARK: - Every command, parsed from a line

    @Test(arguments: [
        // Building the Endpoint
        ("base https://api.example.com/v2", Command.base("https://api.example.com/v2")),
        ("base {{host}}", .base("{{host}}")),
        ("base :8080", .base(":8080")),
        ("base", .showBase),
        ("path /3/movie/popular", .path("/3/movie/popular")),
        ("path \"/a b\"", .path("/a b")),
        ("path", .showURL),
        ("path add character 1", .pathAdd(["character", "1"])),
        ("path add 'a b/c' {{id}}", .pathAdd(["a b/c", "{{id}}"])),
        ("method patch", .method("PATCH")),
        ("method PURGE", .method("PURGE")),
        ("method", .showMethod),
        ("query add api_key KEY", .queryAdd(name: "api_key", value: "KEY")),
        ("query add name=rick", .queryAdd(name: "name", value: "rick")),
        ("query add a=b=c", .queryAdd(name: "a", value: "b=c")),
        ("query add empty \"\"", .queryAdd(name: "empty", value: "")),
        ("query set page 2", .querySet(name: "page", value: "2")),
        ("query set page=3", .querySet(name: "page", value: "3")),
        ("query rm page", .queryRemove("page")),
        ("query clear", .queryClear),
        ("query", .showQuery),
        ("header Accept: application/json", .headerSet(name: "Accept", value: "application/json")),
        ("header Authorization: Bearer {{token}}", .headerSet(name: "Authorization", value: "Bearer {{token}}")),
        // Header values are verbatim, as curl -H takes them: quotes and runs of spaces are the value.
        ("header X-Spaced:   a    b  ", .headerSet(name: "X-Spaced", value: "a    b")),
        ("header X-Quoted: \"a    b\"", .headerSet(name: "X-Quoted", value: "\"a    b\"")),
        ("header If-None-Match: \"abc\"", .headerSet(name: "If-None-Match", value: "\"abc\"")),
        ("header X-J: {\"a\": 1}", .headerSet(name: "X-J", value: "{\"a\": 1}")),
        ("header X-Note: it's", .headerSet(name: "X-Note", value: "it's")),
        ("header X: 'unclosed", .headerSet(name: "X", value: "'unclosed")),
        ("header 'X-J: {\"a\":  1}'", .headerSet(name: "X-J", value: "{\"a\":  1}")),
        ("header add X-T: a\\b  c", .headerAdd(name: "X-T", value: "a\\b  c")),
        ("HEADER ADD X-T: 1", .headerAdd(name: "X-T", value: "1")),
        ("header X-Tight:value", .headerSet(name: "X-Tight", value: "value")),
        ("header X-Empty:", .headerSet(name: "X-Empty", value: "")),
        ("header X-Url: http://h:8080/x", .headerSet(name: "X-Url", value: "http://h:8080/x")),
        ("header add Accept: text/html", .headerAdd(name: "Accept", value: "text/html")),
        ("header rm Accept", .headerRemove("Accept")),
        ("header rm Accept:", .headerRemove("Accept")),
        ("header clear", .headerClear),
        ("header", .showHeaders),
        ("body hello world", .body(.text("hello world"))),
        ("body   \"quoted\" and  spaced  ", .body(.text("  \"quoted\" and  spaced  "))),
        ("body clear now", .body(.text("clear now"))),
        ("body json {\"a\": [1, 2], \"b\": \"x y\"}", .body(.json("{\"a\": [1, 2], \"b\": \"x y\"}"))),
        ("body json {\"id\": {{id}}}", .body(.json("{\"id\": {{id}}}"))),
        (
            "body form name=ana \"msg=hi there\" empty=",
            .body(
                .form([
                    FormField(name: "name", value: "ana"), FormField(name: "msg", value: "hi there"),
                    FormField(name: "empty", value: ""),
                ]))
        ),
        ("body @data/login.json", .body(.file("data/login.json"))),
        ("body @{{dir}}/x.bin", .body(.file("{{dir}}/x.bin"))),
        ("body clear", .bodyClear),
        ("body", .showBody),
        ("show", .show),
        ("show --secrets", .showWithSecrets),
        ("curl", .curl(secrets: false)),
        ("curl --secrets", .curl(secrets: true)),
        ("reset", .reset),
        // Sending
        ("send", .send(method: nil, path: nil, output: nil)),
        ("send > out.json", .send(method: nil, path: nil, output: "out.json")),
        ("send >out.json", .send(method: nil, path: nil, output: "out.json")),
        ("get", .send(method: "GET", path: nil, output: nil)),
        ("get /api/character/1", .send(method: "GET", path: "/api/character/1", output: nil)),
        ("get https://h.example/x?y=1", .send(method: "GET", path: "https://h.example/x?y=1", output: nil)),
        ("head /", .send(method: "HEAD", path: "/", output: nil)),
        ("post /login > token.json", .send(method: "POST", path: "/login", output: "token.json")),
        ("put /users/1", .send(method: "PUT", path: "/users/1", output: nil)),
        ("patch /users/1", .send(method: "PATCH", path: "/users/1", output: nil)),
        ("delete /users/1", .send(method: "DELETE", path: "/users/1", output: nil)),
        ("options", .send(method: "OPTIONS", path: nil, output: nil)),
        ("GET /x", .send(method: "GET", path: "/x", output: nil)),
        ("timing", .timing),
        // Variables
        ("set key 0123abcd", .set(name: "key", value: "0123abcd", secret: false)),
        ("set msg 'hello world'", .set(name: "msg", value: "hello world", secret: false)),
        ("set --secret password s3cret", .set(name: "password", value: "s3cret", secret: true)),
        ("set --secret password", .set(name: "password", value: nil, secret: true)),
        ("capture --secret token $.token", .capture(name: "token", source: .json(try! JSONPath(parsing: "$.token")), secret: true)),
        ("set api.v-2_x 1", .set(name: "api.v-2_x", value: "1", secret: false)),
        ("unset key", .unset("key")),
        ("vars", .vars),
        // Captures, expectations, sessions
        ("capture code status", .capture(name: "code", source: .status)),
        ("capture rid header X-Request-Id", .capture(name: "rid", source: .header("X-Request-Id"))),
        ("expect status 200", .expect(.status(.code(200)))),
        ("expect status 2xx", .expect(.status(.range(2)))),
        ("expect header Content-Type contains json", .expect(.headerContains(name: "Content-Type", text: "json"))),
        ("expect time < 500", .expect(.timeBelow(milliseconds: 500))),
        ("save", .save(nil, requests: [])),
        ("save Sessions/login.json", .save("Sessions/login.json", requests: [])),
        ("save part.json 3 1-2 2", .save("part.json", requests: [3, 1, 2])),
        ("load Sessions/login.json", .load("Sessions/login.json")),
        ("restore", .restore),
        ("history", .history),
        ("replay all", .replay(.all)),
        ("replay 3", .replay(.number(3))),
        ("diff 1 3", .diff(old: 1, new: 3, options: ResponseDiff.Options())),
        ("diff 2", .diff(old: 2, new: nil, options: ResponseDiff.Options())),
        (
            "diff 2 --ignore $.a --header ETag",
            .diff(
                old: 2, new: nil,
                options: try! ResponseDiff.Options(headers: ["ETag"], ignore: ["$.a"]))
        ),
        // Settings
        ("follow on", .follow(true)),
        ("follow OFF", .follow(false)),
        ("timeout 5", .timeout(5)),
        ("timeout 0.25", .timeout(0.25)),
        ("timeout 0", .timeout(0)),
        ("insecure on", .insecure(true)),
        ("insecure off", .insecure(false)),
        ("color auto", .color(.auto)),
        ("color ON", .color(.on)),
        ("color off", .color(.off)),
        ("color always", .color(.on)),
        ("color Never", .color(.off)),
        ("maxbody 64M", .maxBody(64 * 1024 * 1024)),
        ("maxbody 1024", .maxBody(1024)),
        ("maxbody 512kb", .maxBody(512 * 1024)),
        ("settings", .showSettings),
        ("help", .help(nil)),
        ("help QUERY", .help("query")),
        ("exit", .exit),
        ("quit", .exit),
        ("  SHOW  ", .show),
        ("\tshow", .show),
    ])
    func parsesCommand(line: String, expected: Command) throws {
        #expect(try CommandParser.parse(line) == .command(expected))
    }

    @Test func parsesJSONPathCommands() throws {
        let token = try JSONPath(parsing: "$.data.token")
        #expect(
            try CommandParser.parse("capture token $.data.token")
                == .command(.capture(name: "token", source: .json(token))))
        #expect(
            try CommandParser.parse("expect json $.data.token == \"abc\"")
                == .command(.expect(.jsonEquals(path: token, value: "\"abc\""))))
        #expect(try CommandParser.parse("expect json $.data.token exists") == .command(.expect(.jsonExists(token))))
    }

    @Test(arguments: [
        ("last", Command.last(part: nil, destination: .screen)),
        ("last headers", .last(part: .headers, destination: .screen)),
        ("last BODY", .last(part: .body, destination: .screen)),
        ("last > out.json", .last(part: nil, destination: .file("out.json"))),
        ("last body >out.bin", .last(part: .body, destination: .file("out.bin"))),
        ("last | jq .name", .last(part: nil, destination: .pipe("jq .name"))),
        ("last headers | grep -i 'content-type'", .last(part: .headers, destination: .pipe("grep -i 'content-type'"))),
        ("last |jq '.a | .b'", .last(part: nil, destination: .pipe("jq '.a | .b'"))),
        ("print headers", .print(.headers)),
        ("print Status", .print(.status)),
        ("pager off", .pager(false)),
        ("pager auto", .pager(true)),
        ("pager on", .pager(true)),
        ("history rm 2", .historyRemove(2...2)),
        ("history rm 2-4", .historyRemove(2...4)),
        ("history clear", .historyClear),
        ("expect", .expectList),
        ("expect rm 1", .expectRemove(1)),
        ("expect clear", .expectClear),
        ("capture rm token", .captureRemove("token")),
        ("use 3", .use(3)),
        ("run login.wb", .run("login.wb")),
        ("path ..", .pathUp),
        ("body json @payload.json", .body(.jsonFile("payload.json"))),
        ("body json '{\"a\": 1}'", .body(.json("{\"a\": 1}"))),
        ("body json {\"a\": 1}", .body(.json("{\"a\": 1}"))),
        ("body json '[1, 2]'", .body(.json("[1, 2]"))),
        ("expect body contains ok", .expect(.bodyContains("ok"))),
        ("expect body contains \"a b\"", .expect(.bodyContains("a b"))),
    ])
    func parsesLivingInTheREPLCommands(line: String, expected: Command) throws {
        #expect(try CommandParser.parse(line) == .command(expected))
    }

    @Test(arguments: [
        ("last nope", "last: unknown part 'nope': expected all, headers, body or status; see `help last`"),
        ("last |", "last: expected a command after '|', as in `last | jq .`; see `help last`"),
        ("last body headers", "last: unexpected argument 'headers'; see `help last`"),
        ("last >", "last: expected a file name after '>'; see `help last`"),
        ("last > a b", "last: unexpected argument after the file name; see `help last`"),
        ("last a b | wc", "last: unexpected argument 'b' before '|'; see `help last`"),
        ("print everything", "print: expected all, headers, body or status; see `help print`"),
        ("pager", "pager: expected auto or off; see `help pager`"),
        ("history rm", "history: expected one number after `history rm`; see `help history`"),
        ("history rm 0", "history: expected N or N-M (see `history`), got '0'; see `help history`"),
        ("history rm 3-2", "history: expected N or N-M (see `history`), got '3-2'; see `help history`"),
        ("history rm x", "history: expected N or N-M (see `history`), got 'x'; see `help history`"),
        ("history clear all", "history: `history clear` takes no arguments; see `help history`"),
        ("expect rm", "expect: expected one number after `expect rm`; see `help expect`"),
        ("expect rm -1", "expect: expected the number of a check (see `expect`), got '-1'; see `help expect`"),
        ("capture rm", "capture: expected one NAME after `capture rm`; see `help capture`"),
        ("use", "use: expected one request number (see `history`); see `help use`"),
        ("use 0", "use: expected one request number (see `history`); see `help use`"),
        ("run", "run: expected one script file (and `--env NAME` for a .http file); see `help run`"),
        (
            "replay",
            "replay: say which: `replay N` (see `history`) or `replay all`, which sends every request again, POSTs included; see `help replay`"
        ),
        ("body json @", "body: expected a file name after '@'; see `help body`"),
        (
            "expect json $.title == popcorn",
            "expect: invalid expected value: unexpected 'p': expected a JSON value at line 1, column 1 (byte 0); strings need double quotes: \"popcorn\"; see `help expect`"
        ),
        ("expect json $.n < \"a\"", "expect: `<` compares numbers: expected a number, got a string; see `help expect`"),
        ("expect json $.n matches 5", "expect: `matches` takes a regular expression in double quotes, as in \"^ana\"; see `help expect`"),
        ("expect body contains", "expect: expected `body contains TEXT`; see `help expect`"),
        (
            "expect json $.a ~ 1",
            "expect: expected `json PATH OP VALUE` (OP one of == != < <= > >= contains matches) or `json PATH exists`; see `help expect`"
        ),
    ])
    func rejectsLivingInTheREPLMistakes(line: String, message: String) {
        let error = thrownError { () throws(WorkbenchError) in try CommandParser.parse(line) }
        #expect(error?.message == message)
    }

    @Test func parsesNewJSONOperators() throws {
        let path = try JSONPath(parsing: "$.n")
        for op in JSONComparison.allCases {
            let value = op == .matches ? "\"^a\"" : op == .contains ? "\"x\"" : "3"
            let parsed = try CommandParser.parse("expect json $.n \(op.rawValue) \(value)")
            #expect(parsed == .command(.expect(.jsonCompare(path: path, operator: op, value: value))))
            // The text a session file keeps reads back as the same check.
            if case .command(.expect(let check)) = parsed {
                #expect(try Expectation.parse(check.text) == check)
            }
        }
        let body = Expectation.bodyContains("  spaced \"quote\" ")
        #expect(try Expectation.parse(body.text) == body)
    }

    @Test(arguments: ["", "   ", "\t", "# a comment", "   # indented comment", "#show"])
    func blankAndCommentLinesAreEmpty(line: String) throws {
        #expect(try CommandParser.parse(line) == .empty)
    }

    @Test func heredocStarts() throws {
        #expect(try CommandParser.parse("body <<END") == .heredoc(json: false, terminator: "END"))
        #expect(try CommandParser.parse("body json <<EOF") == .heredoc(json: true, terminator: "EOF"))
        #expect(try CommandParser.parse("body <<'END'") == .heredoc(json: false, terminator: "END"))
    }

    // MARK: - Every error path

    static let baseUsage = "see `help base`"
    static let pathUsage = "see `help path`"
    static let queryUsage = "see `help query`"
    static let headerUsage = "see `help header`"
    static let captureUsage = "see `help capture`"
    static let expectUsage = "see `help expect`"
    static let bodyUsage = "see `help body`"

    @Test(arguments: [
        // Unknown commands
        ("sned", "unknown command 'sned': did you mean send?"),
        ("hepl", "unknown command 'hepl': did you mean help?"),
        ("qurey add a 1", "unknown command 'qurey': did you mean query?"),
        ("Heder X: 1", "unknown command 'heder': did you mean header?"),
        ("frobnicate", "unknown command 'frobnicate': type `help` for the list of commands"),
        // Base URLs
        ("base ftp://x", "unsupported scheme 'ftp' in base URL 'ftp://x': use http or https"),
        ("base http://", "base URL 'http://' has no host: use `base http://HOST[:PORT][/PREFIX]`"),
        ("base https:///path", "base URL 'https:///path' has no host: use `base http://HOST[:PORT][/PREFIX]`"),
        ("base ''", "empty base URL: use `base http://HOST[:PORT][/PREFIX]`"),
        ("base 'http://a b'", "invalid base URL 'http://a b': a space is not allowed in a URL"),
        ("base http://a b", "base: expected one URL, got 2 words (quote a URL with spaces); \(baseUsage)"),
        ("base http://h:0", "invalid port '0' in base URL 'http://h:0': use a number from 1 to 65535"),
        ("base http://h:65536", "invalid port '65536' in base URL 'http://h:65536': use a number from 1 to 65535"),
        ("base http://h:abc", "invalid port 'abc' in base URL 'http://h:abc': use a number from 1 to 65535"),
        ("base http://h:", "invalid port '' in base URL 'http://h:': use a number from 1 to 65535"),
        ("base http://h:-1", "invalid port '-1' in base URL 'http://h:-1': use a number from 1 to 65535"),
        ("base http://h:000080", "invalid port '000080' in base URL 'http://h:000080': use a number from 1 to 65535"),
        ("base http://[::1", "invalid base URL 'http://[::1': unclosed '[' in IPv6 address"),
        ("base http://[::1]x", "invalid base URL 'http://[::1]x': unexpected 'x' after IPv6 address"),
        ("base http://[::1]:0", "invalid port '0' in base URL 'http://[::1]:0': use a number from 1 to 65535"),
        ("base http://::1", "invalid base URL 'http://::1': an IPv6 address goes in brackets, as in http://[::1]:8080"),
        (
            "base http://2001:db8::1:8080/v1",
            "invalid base URL 'http://2001:db8::1:8080/v1': an IPv6 address goes in brackets, as in http://[::1]:8080"
        ),
        ("base http://h:80:81", "invalid host 'h:80' in base URL 'http://h:80:81': ':' is not allowed in a host name"),
        ("base http://[]", "invalid IPv6 address '[]' in base URL 'http://[]'"),
        ("base http://[fe80::1%eth0]", "invalid IPv6 address '[fe80::1%eth0]' in base URL 'http://[fe80::1%eth0]'"),
        ("base http://[zz::1]", "invalid IPv6 address '[zz::1]' in base URL 'http://[zz::1]'"),
        // The userinfo becomes `auth basic`; the rest of the URL is checked as any base.
        ("base http://user:pw@h?x=1", "base URL 'http://h?x=1' has a query: put query items in with `query add NAME VALUE`"),
        ("base http://h?x=1", "base URL 'http://h?x=1' has a query: put query items in with `query add NAME VALUE`"),
        ("base http://h#top", "base URL 'http://h#top' has a fragment: fragments are never sent to the server"),
        ("base http://h/p?x=1#top", "base URL 'http://h/p?x=1#top' has a query: put query items in with `query add NAME VALUE`"),
        (
            "base http://münchen.de",
            "invalid host 'münchen.de' in base URL 'http://münchen.de': non-ASCII host names are not supported; use the punycode (xn--) form"
        ),
        ("base http://a!b", "invalid host 'a!b' in base URL 'http://a!b': '!' is not allowed in a host name"),
        ("base http://-h.example", "invalid host '-h.example' in base URL 'http://-h.example'"),
        ("base http://h..example", "invalid host 'h..example' in base URL 'http://h..example'"),
        ("base {{host", "unclosed '{{' in '{{host': close it with '}}'"),
        // Paths
        ("path a b", "path: expected one PATH, got 2 words (quote a path with spaces); \(pathUsage)"),
        ("path /a#b", "path '/a#b' has a fragment ('#b'): fragments are never sent to the server"),
        ("path \"/a\rb\"", "invalid path '/a\\rb': a carriage return (CR) is not allowed in a path"),
        ("path \"/a\u{1B}b\"", "invalid path '/a\\u{1B}b': the control character U+1B is not allowed in a path"),
        ("path \"/a\r#b\"", "path '/a\\r#b' has a fragment ('#b'): fragments are never sent to the server"),
        ("path add", "path: expected at least one segment after `path add`; \(pathUsage)"),
        ("path add a ''", "path: a path segment cannot be empty; \(pathUsage)"),
        ("path /{{", "unclosed '{{' in '/{{': close it with '}}'"),
        ("path /{{}}", "empty variable reference '{{}}' in '/{{}}'"),
        ("path '/{{bad name}}'", "invalid variable name 'bad name' in {{bad name}}: use letters, digits, '_', '-' and '.'"),
        ("path /{{env.}}", "invalid environment variable name '' in {{env.}}"),
        ("path /{{env.1X}}", "invalid environment variable name '1X' in {{env.1X}}"),
        ("path add {{1x}}", "invalid variable name '1x' in {{1x}}: use letters, digits, '_', '-' and '.'"),
        // Methods
        ("method 'GE T'", "invalid method 'GE T': a method is a token such as GET, POST or PURGE"),
        ("method G(T", "invalid method 'G(T': a method is a token such as GET, POST or PURGE"),
        ("method ''", "invalid method '': a method is a token such as GET, POST or PURGE"),
        ("method GÉT", "invalid method 'GÉT': a method is a token such as GET, POST or PURGE"),
        ("method GET POST", "method: expected one method; see `help method`"),
        // Query
        ("query add a", "query: expected NAME VALUE; \(queryUsage)"),
        ("query add a b c", "query: expected NAME VALUE; \(queryUsage)"),
        ("query set", "query: expected NAME VALUE; \(queryUsage)"),
        ("query add =1", "query: the query name is empty; \(queryUsage)"),
        ("query add '' 1", "query: the query name is empty; \(queryUsage)"),
        ("query add a {{", "unclosed '{{' in '{{': close it with '}}'"),
        ("query rm", "query: expected one NAME after `query rm`; \(queryUsage)"),
        ("query rm a b", "query: expected one NAME after `query rm`; \(queryUsage)"),
        ("query clear all", "query: `query clear` takes no arguments; \(queryUsage)"),
        ("query ad a 1", "query: unknown subcommand 'ad': did you mean add?; \(queryUsage)"),
        ("query frob", "query: unknown subcommand 'frob'; \(queryUsage)"),
        // Headers
        ("header Accept application/json", "header: expected NAME: VALUE, with a colon after the name; \(headerUsage)"),
        ("header add", "header add: expected NAME: VALUE; \(headerUsage)"),
        ("header : x", "empty header name: use `header NAME: VALUE`"),
        ("header Bad Name: x", "invalid header name 'Bad Name': a space is not allowed in a header name"),
        ("header 'Bad Name: x'", "invalid header name 'Bad Name': a space is not allowed in a header name"),
        ("header X(y): 1", "invalid header name 'X(y)': '(' is not allowed in a header name"),
        ("header Ünicode: 1", "invalid header name 'Ünicode': 'Ü' is not allowed in a header name"),
        ("header X: a\u{01}b", "invalid value for header X: the control character U+1 is not allowed in a header value"),
        ("header X: a\u{7F}", "invalid value for header X: the control character U+7F is not allowed in a header value"),
        ("header X: \"a\rb\"", "invalid value for header X: a carriage return (CR) is not allowed in a header value"),
        ("header X: \"a\nb\"", "invalid value for header X: a line feed (LF) is not allowed in a header value"),
        ("header X: {{bad name}}", "invalid variable name 'bad name' in {{bad name}}: use letters, digits, '_', '-' and '.'"),
        ("header rm", "header: expected one NAME after `header rm`; \(headerUsage)"),
        ("header rm 'a b'", "invalid header name 'a b': a space is not allowed in a header name"),
        ("header clear now", "header: `header clear` takes no arguments; \(headerUsage)"),
        // Bodies
        ("body @", "body: expected a file name after '@'; \(bodyUsage)"),
        ("body json", "body: expected JSON after `body json`; \(bodyUsage)"),
        ("body form", "body: expected at least one NAME=VALUE after `body form`; \(bodyUsage)"),
        ("body form =x", "body: expected NAME=VALUE, got '=x'; \(bodyUsage)"),
        ("body form a=1 novalue", "body: expected NAME=VALUE, got 'novalue'; \(bodyUsage)"),
        ("body <<", "body: expected a terminator after '<<', as in `body <<END`; \(bodyUsage)"),
        ("body <<END extra", "body: unexpected text after `<<END`; \(bodyUsage)"),
        ("body json <<END extra", "body: unexpected text after `<<END`; \(bodyUsage)"),
        ("body {{x", "unclosed '{{' in '{{x': close it with '}}'"),
        ("body form a={{", "unclosed '{{' in '{{': close it with '}}'"),
        // No-argument commands
        ("show extra", "show: unexpected argument 'extra'; see `help show`"),
        ("curl x", "curl: expected nothing, or --secrets (to bring a curl command in, type `import` before it); see `help curl`"),
        ("reset now", "reset: unexpected argument 'now'; see `help reset`"),
        ("timing x", "timing: unexpected argument 'x'; see `help timing`"),
        ("vars x", "vars: unexpected argument 'x'; see `help vars`"),
        ("settings x", "settings: unexpected argument 'x'; see `help settings`"),
        ("exit now", "exit: unexpected argument 'now'; see `help exit`"),
        ("quit now", "quit: unexpected argument 'now'; see `help quit`"),
        // Sending
        ("send /x", "send: unexpected argument '/x'; see `help send`"),
        ("send >", "send: expected a file name after '>'; see `help send`"),
        ("get /a /b", "get: unexpected argument '/b'; see `help get`"),
        ("post /a > out extra", "post: unexpected argument 'extra'; see `help post`"),
        ("get /a#frag", "path '/a#frag' has a fragment ('#frag'): fragments are never sent to the server"),
        // Variables
        ("set a", "set: expected NAME VALUE; see `help set`"),
        ("set", "set: expected NAME VALUE; see `help set`"),
        ("set a --secret x y", "set: expected NAME VALUE (quote a value with spaces); see `help set`"),
        ("set a b c", "set: expected NAME VALUE (quote a value with spaces); see `help set`"),
        ("set 1a b", "set: invalid variable name '1a': start with a letter or '_', then letters, digits, '_', '-' or '.'; see `help set`"),
        (
            "set env.HOME x",
            "set: invalid variable name 'env.HOME': start with a letter or '_', then letters, digits, '_', '-' or '.'; see `help set`"
        ),
        ("unset", "unset: expected one variable name; see `help unset`"),
        ("unset a b", "unset: expected one variable name; see `help unset`"),
        // Captures, expectations, sessions
        ("capture", "capture: expected NAME and where to capture from; \(captureUsage)"),
        ("capture t", "capture: expected NAME and where to capture from; \(captureUsage)"),
        ("capture 1x status", "capture: invalid variable name '1x'; \(captureUsage)"),
        (
            "capture t nowhere",
            "capture: cannot capture from 'nowhere': use status, header NAME, or a JSON path such as $.data.token; \(captureUsage)"
        ),
        ("capture t header", "capture: expected one header name after `header`; \(captureUsage)"),
        ("expect status 999", "expect: invalid status '999': use a code from 100 to 599, or a class such as 2xx; \(expectUsage)"),
        ("expect time > 5", "expect: expected `time < MS`, as in `expect time < 500`; \(expectUsage)"),
        ("save a b", "save: expected request numbers (N or N-M, see `history`) after the file name, got 'b'; see `help save`"),
        ("save 2", "save: '2' looks like a request number: name the file first, as in `save FILE 2`; see `help save`"),
        ("save a 3-1", "save: expected request numbers (N or N-M, see `history`) after the file name, got '3-1'; see `help save`"),
        ("load", "load: expected one file name (and `--env NAME` for a .http file); see `help load`"),
        ("load ''", "load: expected one file name (and `--env NAME` for a .http file); see `help load`"),
        ("restore x", "restore: unexpected argument 'x'; see `help restore`"),
        ("history x", "history: unexpected argument 'x'; see `help history`"),
        ("diff 1 2 3", "diff: expected request numbers (see `history`), --header NAME or --ignore PATH, got '3'; see `help diff`"),
        ("diff 1 --ignore", "diff: --ignore needs a value; see `help diff`"),
        ("replay 0", "replay: expected a request number (see `history`) or `all`, got '0'; see `help replay`"),
        ("replay last", "replay: expected a request number (see `history`) or `all`, got 'last'; see `help replay`"),
        ("replay 1 2", "replay: expected a request number or `all`; see `help replay`"),
        // Settings
        ("follow", "follow: expected on or off; see `help follow`"),
        ("follow maybe", "follow: expected on or off, got 'maybe'; see `help follow`"),
        ("insecure yes", "insecure: expected on or off, got 'yes'; see `help insecure`"),
        ("timeout", "timeout: expected a number of seconds; see `help timeout`"),
        ("timeout -1", "timeout: expected a number of seconds from 0 (no limit) to 86400, got '-1'; see `help timeout`"),
        ("timeout abc", "timeout: expected a number of seconds from 0 (no limit) to 86400, got 'abc'; see `help timeout`"),
        ("timeout 86401", "timeout: expected a number of seconds from 0 (no limit) to 86400, got '86401'; see `help timeout`"),
        ("timeout inf", "timeout: expected a number of seconds from 0 (no limit) to 86400, got 'inf'; see `help timeout`"),
        ("timeout nan", "timeout: expected a number of seconds from 0 (no limit) to 86400, got 'nan'; see `help timeout`"),
        ("color blue", "color: expected auto, always or never; see `help color`"),
        ("color", "color: expected auto, always or never; see `help color`"),
        ("maxbody", "maxbody: expected a size from 1K to 1T, such as 64M or 512K; see `help maxbody`"),
        ("maxbody 1000", "maxbody: expected a size from 1K to 1T, such as 64M or 512K; see `help maxbody`"),
        ("maxbody lots", "maxbody: expected a size from 1K to 1T, such as 64M or 512K; see `help maxbody`"),
        ("help a b", "help: expected at most one command name; see `help help`"),
        // Quoting
        ("set a \"unclosed", "unterminated double quote at column 7"),
    ])
    func rejects(line: String, message: String) {
        let error = thrownError { () throws(WorkbenchError) in try CommandParser.parse(line) }
        #expect(error?.message == message)
        #expect(error?.message.contains("\n") == false, "an error is one line")
    }

    @Test(arguments: [
        ("body json {\"a\": }", 1, 7),
        ("body json {\"a\": 1,}", 1, 9),
        ("body json [1, 2", 1, 6),
        ("body json {'a': 1}", 1, 2),
        ("body json {\"id\": {{id}} x}", 1, 15),
    ])
    func invalidJSONBodyNamesLineAndColumn(line: String, errorLine: Int, column: Int) {
        let error = thrownError { () throws(WorkbenchError) in try CommandParser.parse(line) }
        let message = error?.message ?? ""
        #expect(message.hasPrefix("invalid JSON body: "))
        #expect(message.contains("at line \(errorLine), column \(column)"), "\(message)")
        #expect(!message.contains("\n"))
    }

    @Test func jsonBodyWithVariablesStandsInForValues() throws {
        try JSONTemplate.check(#"{"id": {{id}}, "tags": [{{a}}, "{{b}}"], "n": {{env.N}}}"#)
        let error = thrownError { () throws(WorkbenchError) in try JSONTemplate.check("{{a}} {{b}}") }
        #expect(error?.message.hasPrefix("invalid JSON body: ") == true)
        // The column is that of the second reference as typed, not of its stand-in.
        #expect(error?.message.contains("at line 1, column 7 (byte 6)") == true)

        let multiLine = "{\n  \"id\": {{id}},\n  \"x\": {{ y }} z\n}"
        let later = thrownError { () throws(WorkbenchError) in try JSONTemplate.check(multiLine) }
        #expect(later?.message.hasSuffix("at line 3, column 16 (byte 33)") == true, "\(later?.message ?? "")")
        let atEnd = thrownError { () throws(WorkbenchError) in try JSONTemplate.check("{\"a\": {{x}}") }
        #expect(atEnd?.message.hasSuffix("at line 1, column 12 (byte 11)") == true, "\(atEnd?.message ?? "")")
        let what = thrownError { () throws(WorkbenchError) in try JSONTemplate.check("{{x}} 1", what: "expected value") }
        #expect(what?.message.hasPrefix("invalid expected value: ") == true)
        #expect(what?.message.hasSuffix("at line 1, column 7 (byte 6)") == true)
    }

    /// docs/design.md: `body TEXT` is "the rest of the line, verbatim", so an apostrophe or an
    /// unbalanced quote in it is text, not a shell quoting error.
    @Test(arguments: [
        ("body it's done", "it's done"),
        ("body say \"hi", "say \"hi"),
        ("body a\\b", "a\\b"),
        ("body   don't   trim inside  ", "  don't   trim inside  "),
        ("body 'jsn {}'", "jsn {}"),
    ])
    func rawBodyIsVerbatim(line: String, text: String) throws {
        #expect(try CommandParser.parse(line) == .command(.body(.text(text))))
    }

    @Test func catalogueCommandsAreAllKnownToTheParser() {
        for name in CommandCatalog.names {
            do {
                _ = try CommandParser.parse(name)
            } catch {
                #expect(!error.message.hasPrefix("unknown command"), "\(name): \(error.message)")
                #expect(error.message.hasPrefix("\(name): "), "\(name): \(error.message)")
            }
        }
    }

    @Test func everyCatalogueExampleParses() throws {
        for spec in CommandCatalog.all {
            let parsed = try CommandParser.parse(spec.example)
            guard case .command = parsed else {
                Issue.record("example of \(spec.name) parsed as \(parsed)")
                continue
            }
            #expect(spec.example.split(separator: " ").first.map(String.init) == spec.name)
            for usage in spec.usage {
                #expect(usage.split(separator: " ").first.map(String.init) == spec.name, "\(usage)")
            }
        }
    }

    // MARK: - Shell words

    @Test func shellWordsSplitLikeAShell() throws {
        let words = try ShellWords.split(#"a 'b c' "d \"e\" \\ \$ \` f" g\ h  i"j"'k'  "#)
        #expect(words.map(\.text) == ["a", "b c", #"d "e" \ $ ` f"#, "g h", "ijk"])
    }

    @Test func shellWordsKeepOtherBackslashesInDoubleQuotes() throws {
        #expect(try ShellWords.split(#""a\nb" 'c\d' e\"#).map(\.text) == [#"a\nb"#, #"c\d"#, "e"])
    }

    @Test func shellWordsOffsetsAreUTF8Bytes() throws {
        let words = try ShellWords.split("é  'ü x' \"\" z")
        #expect(
            words == [
                ShellWord(text: "é", start: 0, end: 2),
                ShellWord(text: "ü x", start: 4, end: 10),
                ShellWord(text: "", start: 11, end: 13),
                ShellWord(text: "z", start: 14, end: 15),
            ])
    }

    @Test func shellWordsOfBlankLine() throws {
        #expect(try ShellWords.split("").isEmpty)
        #expect(try ShellWords.split(" \t ").isEmpty)
    }

    @Test func shellWordsUnterminatedQuotes() {
        #expect(
            thrownError { () throws(WorkbenchError) in try ShellWords.split("a 'b") }?.message
                == "unterminated single quote at column 3")
        #expect(
            thrownError { () throws(WorkbenchError) in try ShellWords.split("ab \"c\\\"") }?.message
                == "unterminated double quote at column 4")
    }

    @Test(arguments: ["abc", "a b", "it's", "", "{{x}}", "a\"b", "tab\there", "$HOME", "back\\slash", "é ü", "a=b,c:d@e/f%20"])
    func quoteRoundTrips(text: String) throws {
        #expect(try ShellWords.split(ShellWords.quote(text)).map(\.text) == [text])
    }

    @Test func quoteLeavesPlainWordsAlone() {
        #expect(ShellWords.quote("https://h.example/a%20b") == "https://h.example/a%20b")
        // Braces are quoted too: a real shell would brace-expand them.
        #expect(ShellWords.quote("{{token}}") == "'{{token}}'")
        #expect(ShellWords.quote("a{b,c}") == "'a{b,c}'")
        #expect(ShellWords.quote("a b") == "'a b'")
        #expect(ShellWords.quote("it's") == #"'it'\''s'"#)
        #expect(ShellWords.quote("") == "''")
    }

    // MARK: - Suggestions

    @Test(arguments: [
        ("sned", "send"), ("SNED", "send"), ("hepl", "help"), ("qurey", "query"), ("bse", "base"),
        ("heaer", "header"), ("sest", "set"), ("rset", "reset"), ("tming", "timing"), ("exti", "exit"),
    ])
    func suggestsNearestCommand(typo: String, suggestion: String) {
        #expect(Suggestion.nearest(typo, among: CommandCatalog.names) == suggestion)
    }

    @Test(arguments: ["xyz", "frobnicate", "ab", "completely"])
    func noSuggestionForFarWords(word: String) {
        #expect(Suggestion.nearest(word, among: CommandCatalog.names) == nil)
        #expect(Suggestion.didYouMean(word, among: CommandCatalog.names) == "")
    }

    @Test func editDistance() {
        func distance(_ a: String, _ b: String) -> Int { Suggestion.editDistance(Array(a), Array(b)) }
        #expect(distance("sned", "send") == 1)
        #expect(distance("kitten", "sitting") == 3)
        #expect(distance("", "abc") == 3)
        #expect(distance("abc", "") == 3)
        #expect(distance("same", "same") == 0)
        #expect(distance("ca", "abc") == 3)
        #expect(Suggestion.didYouMean("sned", among: ["send"]) == ": did you mean send?")
    }

    // MARK: - Help catalogue

    @Test func helpForOneCommand() throws {
        #expect(
            try CommandCatalog.help(for: "query") == """
                query: Append a query item (names may repeat, order is kept; typed items stay
                  for every path until removed), replace all items of a name, remove (typed or
                  pasted with the path), or list.
                usage:
                  query add NAME VALUE
                  query set NAME VALUE
                  query rm NAME
                  query clear
                  query
                example:
                  query add updateMask.fieldPaths nickName
                """)
        #expect(
            try CommandCatalog.help(for: "reset") == """
                reset: Start a fresh request (GET, no path, query, headers or body); base,
                  variables and settings stay.
                usage:
                  reset
                example:
                  reset
                """)
    }

    /// Every help text fits 80 columns without cutting a word, and `help` fits 24 rows.
    @Test func helpFitsAStandardTerminal() throws {
        let overview = CommandCatalog.overview().split(separator: "\n", omittingEmptySubsequences: false)
        #expect(overview.count <= 22, "help must leave room for the prompt on 24 rows")
        var texts = [CommandCatalog.overview(), CommandCatalog.everyCommand()]
        for name in CommandCatalog.names { texts.append(try CommandCatalog.help(for: name)) }
        for text in texts {
            for line in text.split(separator: "\n") {
                #expect(line.count <= CommandCatalog.width, "too wide: \(line)")
            }
        }
        // Every word of every summary survives wrapping whole.
        let all = CommandCatalog.everyCommand()
        for spec in CommandCatalog.all {
            for word in spec.summary.split(separator: " ") {
                #expect(all.contains(word), "\(spec.name): '\(word)' was cut")
            }
        }
    }

    @Test func everyCommandIsInOneHelpGroup() throws {
        let grouped = CommandCatalog.groups.flatMap(\.names)
        #expect(grouped.sorted() == CommandCatalog.names.sorted())
        #expect(Set(grouped).count == grouped.count)
        for name in CommandCatalog.names {
            #expect(CommandCatalog.overview().contains(" \(name)"), "\(name) missing from help")
        }
        #expect(try CommandCatalog.help(for: "all") == CommandCatalog.everyCommand())
    }

    @Test func helpForUnknownCommand() {
        #expect(
            thrownError { () throws(WorkbenchError) in try CommandCatalog.help(for: "sedn") }?.message
                == "no help for unknown command 'sedn': did you mean send?")
        #expect(
            thrownError { () throws(WorkbenchError) in try CommandCatalog.help(for: "zzzzzz") }?.message
                == "no help for unknown command 'zzzzzz'")
    }

    @Test func catalogueTables() {
        #expect(
            CommandCatalog.usage(of: "header")
                == "usage: header NAME: VALUE | header add NAME: VALUE | header rm NAME | header clear | header")
        #expect(CommandCatalog.usage(of: "nope") == "")
        #expect(CommandCatalog.spec(named: "query")?.subcommands == ["add", "set", "rm", "clear"])
        #expect(Set(CommandCatalog.names).count == CommandCatalog.names.count, "no duplicate command names")
        for verb in CommandCatalog.sendVerbs {
            #expect(CommandCatalog.spec(named: verb) != nil, "\(verb)")
            #expect(CommandCatalog.methods.contains(verb.uppercased()))
        }
    }

    @Test func sendingCommandsTakeAPipe() throws {
        #expect(try CommandParser.parse("get /users | jq .") == .command(.send(method: "GET", path: "/users", output: nil, pipe: "jq .")))
        #expect(
            try CommandParser.parse("send --body | wc -c")
                == .command(.send(method: nil, path: nil, output: nil, withBody: true, pipe: "wc -c")))
        // A `|` inside a quoted URL is part of it.
        #expect(try CommandParser.parse("get '/a?b=1|2'") == .command(.send(method: "GET", path: "/a?b=1|2", output: nil)))
        #expect(
            thrownError { () throws(WorkbenchError) in _ = try CommandParser.parse("send > f | jq") }?.message
                == "send: `> FILE` and `| COMMAND` cannot both take the body")
        #expect(try CommandParser.parse("clear") == .command(.clear))
    }
}

/// Typo suggestions stay cheap on huge input.
extension CommandParserTests {
    @Test func suggestionsSkipWordsFarLongerThanAnyCommand() {
        #expect(Suggestion.nearest("sned", among: CommandCatalog.names) == "send")
        #expect(Suggestion.nearest(String(repeating: "x", count: 4_000_000), among: CommandCatalog.names) == nil)
        let error = thrownError { () throws(WorkbenchError) in try CommandParser.parse(String(repeating: "y", count: 100_000)) }
        #expect(error?.message.hasPrefix("unknown command '" + String(repeating: "y", count: 40) + "…' (97.7 KB)") == true)
        #expect((error?.message.count ?? .max) < 200, "the error line stays short")
    }
}

/// A long line is parsed whole, and commands that read a line their own way (`last | CMD`,
/// `header`, `import`) look at its first word before anything else.
extension CommandParserTests {
    @Test func aLongLineIsParsedWhole() throws {
        let value = String(repeating: "A", count: 2_000_000)
        #expect(try CommandParser.parse("set x \(value)") == .command(.set(name: "x", value: value, secret: false)))
        let body = "{\"a\": \"\(String(repeating: "|", count: 1_000_000))\"}"
        guard case .command(.body(let parsed)) = try CommandParser.parse("body \(body)") else {
            Issue.record("not a body")
            return
        }
        switch parsed {
        case .json(let text), .text(let text): #expect(text == body)
        default: Issue.record("body of another kind: \(parsed)")
        }
    }

    /// Only the first word decides whether a line is `last | CMD`, `header ...` or `import ...`.
    @Test func theFirstWordDecidesAsBefore() throws {
        #expect(try CommandParser.parse("LAST|wc -c") == .command(.last(part: nil, destination: .pipe("wc -c"))))
        #expect(try CommandParser.parse("Last\tbody | wc") == .command(.last(part: .body, destination: .pipe("wc"))))
        #expect(CommandParser.startsWithWord("header X-A: 1", "header"))
        #expect(CommandParser.startsWithWord("HEADER", "header"))
        #expect(!CommandParser.startsWithWord("headers X-A: 1", "header"))
        #expect(!CommandParser.startsWithWord("head", "header"))
        #expect(CommandParser.startsWithWord("last|x", "last", orBefore: "|"))
        #expect(!CommandParser.startsWithWord("lastly | x", "last", orBefore: "|"))
        #expect(!CommandParser.startsWithWord("body last | x", "last", orBefore: "|"))
        #expect(CommandParser.startsImport("  import curl http://a.test \\"))
        #expect(!CommandParser.startsImport("imports"))
        #expect(try CommandParser.parse("Header X-J: {\"a\": 1}") == .command(.headerSet(name: "X-J", value: "{\"a\": 1}")))
    }
}
