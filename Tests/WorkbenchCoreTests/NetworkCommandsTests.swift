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
