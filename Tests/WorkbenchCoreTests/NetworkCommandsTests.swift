import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// Network settings (proxy, timeouts, TLS, Unix sockets): parsed, saved, exported, checked.
@Suite struct NetworkCommandsTests {
    @Test func networkCommandsParse() throws {
        #expect(try CommandParser.parse("proxy") == .command(.network(.proxy(nil))))
        #expect(try CommandParser.parse("proxy off") == .command(.network(.proxy(.environment))))
        #expect(try CommandParser.parse("proxy none") == .command(.network(.proxy(ProxySetting.none))))
        #expect(try CommandParser.parse("proxy 127.0.0.1:3128") == .command(.network(.proxy(.url("http://127.0.0.1:3128")))))
        #expect(
            try CommandParser.parse("proxy SOCKS5H://Proxy.local:1080/") == .command(.network(.proxy(.url("socks5h://proxy.local:1080")))))
        #expect(try CommandParser.parse("cacert off") == .command(.network(.caCertificate(.some(nil)))))
        #expect(try CommandParser.parse("cacert ca.pem") == .command(.network(.caCertificate(.some("ca.pem")))))
        #expect(
            try CommandParser.parse("cert c.pem k.pem")
                == .command(.network(.clientCertificate(.some(ClientCertificate(certificate: "c.pem", key: "k.pem"))))))
        #expect(try CommandParser.parse("cert off") == .command(.network(.clientCertificate(.some(nil)))))
        #expect(try CommandParser.parse("http 2.0") == .command(.network(.httpVersion(.http2))))
        #expect(try CommandParser.parse("http") == .command(.network(.httpVersion(nil))))
        for bad in [
            "proxy ftp://h", "proxy http://:p@h", "proxy http://h/x", "proxy a b", "cert a b c", "cert off x", "http 3", "cacert a b",
        ] {
            #expect(thrownError { () throws(WorkbenchError) in try CommandParser.parse(bad) } != nil, "\(bad)")
        }
    }

    @Test func unixSocketBases() throws {
        let plain = try BaseURL.parse("unix:/run/docker.sock")
        #expect(plain.unixSocket == "/run/docker.sock" && plain.origin == "http://localhost" && plain.pathPrefix == "")
        let named = try BaseURL.parse("unix:/tmp/a:b.sock:http://api.local/v1.43")
        #expect(named.unixSocket == "/tmp/a:b.sock" && named.authority == "api.local" && named.pathPrefix == "/v1.43")
        #expect(thrownError { () throws(WorkbenchError) in try BaseURL.parse("unix:") } != nil)
        // A relative redirect stays on the socket; one to another origin leaves it, credentials with it.
        let request = PreparedRequest(
            method: "GET", base: named, target: "/x", headers: [HeaderField(name: "Authorization", value: "a")], body: [])
        #expect(try RedirectPolicy.next(after: request, status: 302, location: "/y").base.unixSocket == "/tmp/a:b.sock")
        #expect(try RedirectPolicy.next(after: request, status: 302, location: "http://api.local/y").headers.count == 1)
        let elsewhere = try RedirectPolicy.next(after: request, status: 302, location: "http://other/y")
        #expect(elsewhere.base.unixSocket == nil && elsewhere.headers.isEmpty)
    }

    @Test func networkSettingsAreSavedExportedAndChecked() throws {
        let harness = InterpreterHarness()
        #expect(harness.failure("cacert /nonexistent/ca.pem")?.message == "cannot use '/nonexistent/ca.pem': No such file or directory")
        #expect(harness.workspace.settings.caCertificate == nil)
        try harness.run("base unix:/run/x.sock\nproxy socks5://127.0.0.1:1080\nhttp 1.1")
        var workspace = harness.workspace
        workspace.settings.caCertificate = "ca.pem"
        workspace.settings.clientCertificate = "c.pem"
        workspace.settings.clientKey = "k.pem"
        let bytes = SessionEncoding.encode(SessionDocument(workspace: workspace))
        #expect(try SessionDecoding.decode(bytes, file: "s.json").settings == workspace.settings)
        // Defaults write nothing new: older files and diffs stay as they were.
        let plain = String(decoding: SessionEncoding.encode(SessionDocument(workspace: Workspace())), as: UTF8.self)
        for key in ["proxy", "cacert", "\"cert\"", "\"key\"", "\"http\""] { #expect(!plain.contains(key)) }
        let request = try harness.prepared()
        let curl = try CurlCommand.text(for: request, body: nil, settings: workspace.settings)
        for part in [
            "-x socks5://127.0.0.1:1080 --noproxy ''", "--cacert ca.pem", "--cert c.pem", "--key k.pem", "--http1.1",
            "--unix-socket /run/x.sock",
        ] {
            #expect(curl.contains(part), "\(part) in \(curl)")
        }
        #expect(
            thrownError { () throws(WorkbenchError) in
                try SessionDecoding.decode(
                    Array(#"{"format":"workbench-session","version":1,"endpoint":{},"settings":{"key":"k.pem"}}"#.utf8), file: "f")
            }?.message == "f: field 'settings.key': a key without a certificate (`cert`)")
    }
}

/// The proxy a request goes through, as `show` names it.
extension NetworkCommandsTests {
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
}
