import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// The edges of building a request that users trip over: removable default
/// headers, wire order, trailing slashes, lines that are not UTF-8, the proxy
/// `show` names, and typo suggestions that stay cheap on huge input.
@Suite struct RequestEdgesTests {
    // MARK: - Default headers

    @Test func headerRmStopsADefaultAndHeaderClearBringsItBack() throws {
        let h = InterpreterHarness()
        try h.run(
            """
            base http://h.example
            header rm Accept
            header rm user-agent
            """)
        #expect(headerLines(try h.prepared()) == ["Host: h.example", "Accept-Encoding: \(AcceptEncoding.supported)"])
        #expect(h.endpoint.omittedDefaults == ["Accept", "User-Agent"])
        #expect(try h.printed("header").contains("(not sent: Accept, User-Agent"))
        try h.run("header clear")
        #expect(headerLines(try h.prepared()) == defaultHeaderLines(host: "h.example"))
    }

    @Test func headerRmRemovesTheTypedOneFirstAndSaysTheDefaultReturns() throws {
        let h = InterpreterHarness()
        try h.run("base http://h.example\nheader Accept: application/json")
        #expect(try h.printed("header rm Accept").contains("the default Accept is sent again"))
        #expect(headerLines(try h.prepared()).contains("Accept: */*"))
        try h.run("header rm Accept")
        #expect(!headerLines(try h.prepared()).contains { $0.hasPrefix("Accept:") })
    }

    @Test func hostCannotBeRemovedAndUnknownNamesAreErrors() {
        let h = InterpreterHarness()
        try? h.run("base http://h.example")
        let before = WorkspaceSnapshot(h.workspace)
        #expect(h.failure("header rm Host")?.message.contains("HTTP/1.1 requires it") == true)
        #expect(h.failure("header rm X-Nothing")?.message == "no header named 'X-Nothing'")
        try? h.run("header rm Accept")
        #expect(h.failure("header rm Accept")?.message.contains("already left out") == true)
        #expect(WorkspaceSnapshot(h.workspace).workspace.endpoint.omittedDefaults == ["Accept"])
        _ = before
    }

    @Test func removedDefaultsAreSuppressedOnTheWireAndInTheCurlExport() throws {
        let h = InterpreterHarness()
        try h.run("base http://h.example\nheader rm Accept-Encoding")
        let request = try h.prepared()
        #expect(CurlTransport.headerLines(for: request).contains("Accept-Encoding:"))
        let command = try CurlCommand.text(for: request, body: nil, settings: Settings())
        #expect(command.contains(" -H Accept-Encoding:"))
    }

    @Test func removedDefaultsSurviveASessionRoundTrip() throws {
        var endpoint = Endpoint(base: "http://h.example")
        endpoint.omittedDefaults = ["User-Agent"]
        let text = String(decoding: SessionEncoding.encode(SessionDocument(endpoint: endpoint)), as: UTF8.self)
        #expect(text.contains("\"omittedHeaders\""))
        #expect(try SessionDecoding.decode(Array(text.utf8), file: "s.json").endpoint.omittedDefaults == ["User-Agent"])
        let bad = Array(text.replacing("\"User-Agent\"", with: "\"Host\"").utf8)
        #expect(
            thrownError { () throws(WorkbenchError) in try SessionDecoding.decode(bad, file: "s.json") }?
                .message.contains("omittedHeaders[0]") == true)
        // Files without removed defaults do not grow the member.
        let plain = String(decoding: SessionEncoding.encode(SessionDocument(endpoint: Endpoint(base: "http://h"))), as: UTF8.self)
        #expect(!plain.contains("omittedHeaders"))
    }

    // MARK: - Wire order

    @Test func aTypedHostLeadsAsCurlWritesIt() throws {
        let h = InterpreterHarness()
        try h.run("base http://h.example\nheader X-A: 1\nheader Host: other.example\nheader add Host: second")
        let lines = headerLines(try h.prepared())
        #expect(lines.first == "Host: other.example")
        #expect(lines.last == "Host: second")
    }

    // MARK: - Trailing slash

    @Test(arguments: [
        ("http://h/api/", "", "http://h/api/"),
        ("http://h/api/", "users", "http://h/api/users"),
        ("http://h/api/", "/users/", "http://h/api/users/"),
        ("http://h/api", "", "http://h/api"),
        ("http://h/api//", "", "http://h/api/"),
        ("http://h/", "", "http://h/"),
        ("http://h", "", "http://h/"),
    ])
    func theBasesTrailingSlashIsKeptWhenNoPathFollows(base: String, path: String, url: String) throws {
        let h = InterpreterHarness()
        try h.run("base \(base)")
        if !path.isEmpty { try h.run("path \(path)") }
        #expect(try h.endpoint.url(in: h.scope) == url)
    }

    @Test func aTrailingSlashStaysBeforeTheQuery() throws {
        let h = InterpreterHarness()
        try h.run("base http://h/api/\nquery add a 1")
        #expect(try h.prepared().target == "/api/?a=1")
    }

    // MARK: - UTF-8

    @Test func invalidUTF8IsRefusedNamingTheByte() {
        let error = thrownError { () throws(WorkbenchError) in try UTF8Line.decode(Array("header X: caf".utf8) + [0xE9]) }
        #expect(error?.message.contains("byte 0xE9 at column 14") == true)
        #expect(
            thrownError { () throws(WorkbenchError) in try UTF8Line.decode([0x61, 0xC0, 0x80]) }?
                .message.contains("byte 0xC0 at column 2") == true, "overlong encodings are not UTF-8")
        #expect(
            thrownError { () throws(WorkbenchError) in try UTF8Line.decode([0xED, 0xA0, 0x80]) }?
                .message.contains("byte 0xED at column 1") == true, "surrogates are not UTF-8")
        #expect(
            thrownError { () throws(WorkbenchError) in try UTF8Line.decode([0x61, 0xE2, 0x82]) }?
                .message.contains("byte 0xE2 at column 2") == true, "a cut sequence names its lead byte")
        #expect((try? UTF8Line.decode(Array("café \u{FFFD} 🚀".utf8))) == "café \u{FFFD} 🚀")
    }

    // MARK: - Proxy in `show`

    @Test func proxyResolutionFollowsCurlsRules() {
        let env = ["http_proxy": "http://p:3128", "HTTPS_PROXY": "p:8443", "no_proxy": "internal.test, .corp.test,10.0.0.0/8,::1"]
        #expect(ProxyRoute.resolve(scheme: "http", host: "api.test", environment: env)?.url == "http://p:3128")
        #expect(
            ProxyRoute.resolve(scheme: "https", host: "api.test", environment: env)
                == ProxyRoute(url: "http://p:8443", source: "HTTPS_PROXY"))
        for direct in ["internal.test", "a.internal.test", "corp.test", "x.corp.test", "10.1.2.3", "[::1]", "INTERNAL.TEST."] {
            #expect(ProxyRoute.resolve(scheme: "http", host: direct, environment: env) == nil, "\(direct)")
        }
        #expect(ProxyRoute.resolve(scheme: "http", host: "notinternal.test", environment: env) != nil)
        #expect(ProxyRoute.resolve(scheme: "http", host: "11.0.0.1", environment: env) != nil)
        // curl ignores HTTP_PROXY (upper case) for http, and empty values.
        #expect(ProxyRoute.resolve(scheme: "http", host: "a", environment: ["HTTP_PROXY": "http://p"]) == nil)
        #expect(
            ProxyRoute.resolve(scheme: "http", host: "a", environment: ["http_proxy": "", "ALL_PROXY": "socks5://s:1080"])?.source
                == "ALL_PROXY")
        #expect(ProxyRoute.resolve(scheme: "https", host: "a", environment: ["all_proxy": "http://p", "NO_PROXY": "*"]) == nil)
    }

    @Test func showNamesTheProxyAndTheRequestAsItReceivesIt() throws {
        let h = InterpreterHarness(environment: ["http_proxy": "http://user:pa%3Ass@127.0.0.1:3128"])
        try h.run("base http://api.test\npath /v1")
        let shown = try h.printed("show")
        let lines = shown.split(separator: "\n").map(String.init)
        #expect(lines[0] == "(through proxy http://******@127.0.0.1:3128, from http_proxy; `no_proxy` lists hosts that go direct)")
        #expect(lines[1] == "GET http://api.test/v1 HTTP/1.1")
        #expect(Array(lines[2...4]) == ["Host: api.test", "Proxy-Authorization: ******", "Proxy-Connection: Keep-Alive"])
        #expect(!shown.contains("pa%3Ass") && !shown.contains("user:pa"))
        // curl decodes the URL's credentials before Basic-encoding them.
        #expect(try h.printed("show --secrets").contains("Proxy-Authorization: Basic " + SecretRedactor.base64(Array("user:pa:ss".utf8))))
    }

    @Test func anHTTPSRequestThroughAProxyIsTunnelled() throws {
        let h = InterpreterHarness(environment: ["https_proxy": "http://127.0.0.1:3128"])
        try h.run("base https://api.test")
        let shown = try h.printed("show")
        #expect(shown.hasPrefix("(through proxy http://127.0.0.1:3128, from https_proxy, through a CONNECT tunnel;"))
        #expect(shown.contains("\nGET / HTTP/1.1\nHost: api.test\n"))
        #expect(!shown.contains("Proxy-Connection"))
    }

    @Test func withoutAProxyShowIsUnchanged() throws {
        let h = InterpreterHarness(environment: ["no_proxy": "*", "http_proxy": "http://p:1"])
        try h.run("base http://api.test")
        #expect(try h.printed("show").hasPrefix("GET / HTTP/1.1\n"))
    }

    // MARK: - Suggestions

    @Test func suggestionsSkipWordsFarLongerThanAnyCommand() {
        #expect(Suggestion.nearest("sned", among: CommandCatalog.names) == "send")
        #expect(Suggestion.nearest(String(repeating: "x", count: 4_000_000), among: CommandCatalog.names) == nil)
        let error = thrownError { () throws(WorkbenchError) in try CommandParser.parse(String(repeating: "y", count: 100_000)) }
        #expect(error?.message.hasPrefix("unknown command '" + String(repeating: "y", count: 40) + "…' (97.7 KB)") == true)
        #expect((error?.message.count ?? .max) < 200, "the error line stays short")
    }
}
