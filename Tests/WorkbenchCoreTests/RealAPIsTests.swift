import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// Cookies, auth helpers, uploads and network settings (issue "Real APIs"), in
/// one file of their own so the parser and workspace suites stay as they are.
@Suite struct RealAPIsTests {
    /// A transport that hands back the jar it was given plus one cookie, and records every jar.
    final class CookieTransport: HTTPTransport {
        var jarsSent: [CookieJar] = []
        var setCookie: Cookie?
        var fail = false

        func send(_ request: PreparedRequest, settings: Settings, options: SendOptions) throws(WorkbenchError) -> HTTPResponse {
            jarsSent.append(options.cookies)
            if fail { throw WorkbenchError("connection refused") }
            var response = HTTPResponse(statusLine: "HTTP/1.1 200 OK", statusCode: 200, headers: [], body: [])
            var jar = options.cookies
            if let setCookie { jar.cookies.append(setCookie) }
            response.cookies = jar
            return response
        }
    }

    static let sid = Cookie(domain: "127.0.0.1", path: "/", name: "sid", value: "s3cr3t-value")

    func harness(_ transport: CookieTransport) -> (Interpreter, RecordingOutput) {
        let output = RecordingOutput()
        let interpreter = Interpreter(
            context: CommandContext(environment: [:]), output: output,
            makeTransport: { () throws(WorkbenchError) -> HTTPTransport in transport })
        return (interpreter, output)
    }

    @Test func cookieLinesRoundTripThroughCurlsFormat() throws {
        let lines = [
            "127.0.0.1\tFALSE\t/\tFALSE\t0\tsid\tabc",
            "#HttpOnly_.example.com\tTRUE\t/api\tTRUE\t1900000000\ttoken\tx=y",
        ]
        for line in lines {
            let cookie = try #require(Cookie(netscapeLine: line))
            #expect(cookie.netscapeLine == line)
        }
        let second = try #require(Cookie(netscapeLine: lines[1]))
        #expect(second.httpOnly && second.secure && second.includeSubdomains && second.host == "example.com")
        #expect(second.value == "x=y")
        #expect(Cookie(netscapeLine: "# Netscape HTTP Cookie File") == nil)
        #expect(Cookie(netscapeLine: "a\tb\tc") == nil)
    }

    @Test func setCookieValuesAreMaskedAttributesKept() {
        #expect(Cookie.maskingValue(inSetCookie: "sid=abc; Path=/; HttpOnly") == "sid=******; Path=/; HttpOnly")
        #expect(Cookie.maskingValue(inSetCookie: "b=1") == "b=******")
        #expect(Cookie.maskingValue(inSetCookie: "garbage") == "garbage")
    }

    @Test func cookiesCommandsParse() throws {
        #expect(try CommandParser.parse("cookies") == .command(.cookies(.list)))
        #expect(try CommandParser.parse("cookies clear") == .command(.cookies(.clear)))
        #expect(try CommandParser.parse("cookies rm sid") == .command(.cookies(.remove("sid"))))
        let error = thrownError { () throws(WorkbenchError) in try CommandParser.parse("cookies del sid") }
        #expect(error?.message.hasPrefix("cookies: unknown subcommand 'del'") == true)
        #expect(thrownError { () throws(WorkbenchError) in try CommandParser.parse("cookies rm") } != nil)
    }

    @Test func theJarTravelsWithEachSendAndChangesOnlyWhenTheSendSucceeds() throws {
        let transport = CookieTransport()
        transport.setCookie = Self.sid
        let (interpreter, output) = harness(transport)
        #expect(interpreter.handle(line: "base http://127.0.0.1:9") == .ok)
        #expect(interpreter.handle(line: "get /a") == .ok)
        #expect(interpreter.workspace.cookies.cookies == [Self.sid])
        #expect(interpreter.workspace.initialCookies.isEmpty)
        transport.setCookie = nil
        transport.fail = true
        if case .ok = interpreter.handle(line: "get /b") { Issue.record("the send should fail") }
        #expect(interpreter.workspace.cookies.cookies == [Self.sid])
        #expect(transport.jarsSent.last?.cookies == [Self.sid])
        #expect(interpreter.handle(line: "cookies") == .ok)
        #expect(output.lines.last == "sid=******  127.0.0.1/  (session)")
        // The value is a secret of the redaction step.
        #expect(interpreter.redactor.redact("echo s3cr3t-value") == "echo ******")
        #expect(interpreter.handle(line: "cookies rm sid") == .ok)
        #expect(interpreter.workspace.cookies.isEmpty)
        #expect(interpreter.redactor.redact("echo s3cr3t-value") == "echo ******")
    }

    @Test func replayAllStartsFromTheFirstRecordedJar() throws {
        let transport = CookieTransport()
        let (interpreter, _) = harness(transport)
        #expect(interpreter.handle(line: "base http://127.0.0.1:9") == .ok)
        #expect(interpreter.handle(line: "get /a") == .ok)
        transport.setCookie = Self.sid
        #expect(interpreter.handle(line: "get /login") == .ok)
        transport.setCookie = nil
        transport.jarsSent = []
        #expect(interpreter.handle(line: "replay all") == .ok)
        #expect(transport.jarsSent.map(\.cookies) == [[], []])
        transport.jarsSent = []
        #expect(interpreter.handle(line: "replay 1") == .ok)
        #expect(transport.jarsSent.map(\.cookies) == [[]])
    }

    @Test func sessionFilesKeepCookiesWithoutValues() throws {
        var workspace = Workspace()
        workspace.cookies = CookieJar([Self.sid])
        let bytes = SessionEncoding.encode(SessionDocument(workspace: workspace))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.contains("s3cr3t-value"))
        #expect(text.contains("\"cookies\""))
        let document = try SessionDecoding.decode(bytes, file: "s.json")
        #expect(document.cookies.map(\.name) == ["sid"])
        #expect(document.cookies.allSatisfy { $0.value.isEmpty })
        // Loaded where the value is known, the cookie stays; elsewhere it is not sent.
        var same = workspace
        document.apply(to: &same)
        #expect(same.cookies.cookies == [Self.sid])
        var fresh = Workspace()
        document.apply(to: &fresh)
        #expect(fresh.cookies.isEmpty)
        // No jar, no member: files without cookies are as before.
        #expect(!String(decoding: SessionEncoding.encode(SessionDocument(workspace: Workspace())), as: UTF8.self).contains("cookies"))
    }

    // MARK: auth

    /// The auth a line sets, as its kind read it, and which secret it left out to be asked for.
    func typedAuth(_ line: String) throws -> (auth: Auth, missing: AuthField?)? {
        guard case .command(.auth(.set(let typed))) = try CommandParser.parse(line) else { return nil }
        return (typed.auth, typed.missing?.field)
    }

    @Test func authCommandsParse() throws {
        #expect(try CommandParser.parse("auth") == .command(.auth(.show)))
        #expect(try CommandParser.parse("auth none") == .command(.auth(.none)))
        let basic = try #require(try typedAuth("auth basic ana:p:w"))
        #expect(basic.auth == Auth(scheme: .basic, user: "ana", secret: "p:w") && basic.missing == nil)
        let digest = try #require(try typedAuth("auth DIGEST ana"))
        #expect(digest.auth == Auth(scheme: .digest, user: "ana", secret: "") && digest.missing == .secret)
        let bearer = try #require(try typedAuth("auth bearer"))
        #expect(bearer.auth == Auth(scheme: .bearer, user: "", secret: "") && bearer.missing == .secret)
        let reference = try #require(try typedAuth("auth bearer {{env.T}}"))
        #expect(reference.auth == Auth(scheme: .bearer, user: "", secret: "{{env.T}}") && reference.missing == nil)
        for bad in ["auth basic", "auth basic :pw", "auth ntlm u:p", "auth none x", "auth bearer a b"] {
            #expect(thrownError { () throws(WorkbenchError) in try CommandParser.parse(bad) } != nil, "\(bad)")
        }
    }

    @Test func basicAndBearerBuildTheHeaderAndShowItMasked() throws {
        let harness = InterpreterHarness()
        try harness.run("base http://127.0.0.1:9\nauth basic ana:pw")
        let request = try harness.prepared()
        #expect(request.headers.last == HeaderField(name: "Authorization", value: "Basic " + SecretRedactor.base64(Array("ana:pw".utf8))))
        #expect(request.shownHeaders.last == HeaderField(name: "Authorization", value: "Basic ******"))
        #expect(request.secretHeaderNames.contains("authorization"))
        #expect(harness.workspace.variables.isSecret("auth_password"))
        try harness.run("auth bearer {{tok}}\nset tok plain-token")
        // Auth values are secrets even from a plain variable.
        #expect(try harness.prepared().shownHeaders.last == HeaderField(name: "Authorization", value: "Bearer ******"))
        #expect(harness.interpreter.redactor.redact("x plain-token") == "x ******")
        // A header typed by hand wins.
        try harness.run("header Authorization: Custom 1")
        #expect(try harness.prepared().headers.filter { $0.hasName("Authorization") }.map(\.value) == ["Custom 1"])
        try harness.run("reset")
        #expect(harness.endpoint.auth?.scheme == .bearer)
        try harness.run("auth basic ana:pw\nauth none")
        #expect(harness.endpoint.auth == nil && harness.workspace.variables.value(of: "auth_password") == nil)
        #expect(harness.failure("auth basic ana:******")?.message.contains("is the mask") == true)
        // `auth basic KEY:`, as `curl -u KEY:`: an empty password, the key (the user) is the secret.
        try harness.run("auth basic sk_test_k1:")
        #expect(try harness.prepared().headers.last == HeaderField(name: "Authorization", value: Auth.basicCredentials("sk_test_k1:")))
        #expect(harness.endpoint.auth?.summary == "basic ******: (empty password)")
        #expect(harness.interpreter.redactor.redact("x sk_test_k1") == "x ******")
        #expect(HistoryEntry.text(for: "auth basic sk_test_k1:", redactor: .none) == "auth basic ******:")
        #expect(harness.failure("auth basic ******:")?.message.contains("is the mask") == true)
        #expect(harness.failure("auth bearer ''")?.message.contains("empty") == true)
        #expect(harness.failure("auth basic ana")?.message.contains("which a script cannot answer") == true)
    }

    @Test func digestGoesToLibcurlAndStaysBehindOnAnotherOrigin() throws {
        let harness = InterpreterHarness()
        try harness.run("base http://127.0.0.1:9\nauth digest ana:pw")
        let request = try harness.prepared()
        #expect(request.digest == DigestCredentials(user: "ana", password: "pw"))
        #expect(!request.headers.contains(name: "Authorization"))
        #expect(request.shown.digest == DigestCredentials(user: "ana", password: "******"))
        let same = try RedirectPolicy.next(after: request, status: 302, location: "/other")
        #expect(same.digest == request.digest)
        let other = try RedirectPolicy.next(after: request, status: 302, location: "http://localhost:9/")
        #expect(other.digest == nil)
        #expect(try harness.printed("curl").contains("--digest -u 'ana:******'"))
    }

    @Test func authIsSavedAsAReferenceAndHistoryMasksATypedSecret() throws {
        let harness = InterpreterHarness()
        try harness.run("base http://127.0.0.1:9\nauth basic ana:pw-secret")
        let bytes = SessionEncoding.encode(SessionDocument(workspace: harness.workspace))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.contains("pw-secret"))
        let document = try SessionDecoding.decode(bytes, file: "s.json")
        #expect(document.endpoint.auth == Auth(scheme: .basic, user: "ana", secret: "{{auth_password}}", origin: "http://127.0.0.1:9"))
        #expect(document.secretNames == ["auth_password"])
        #expect(HistoryEntry.text(for: "auth basic ana:pw", redactor: .none) == "auth basic ana:******")
        #expect(HistoryEntry.text(for: "auth bearer t", redactor: .none) == "auth bearer ******")
        #expect(HistoryEntry.text(for: "auth bearer {{env.T}}", redactor: .none) == "auth bearer {{env.T}}")
        #expect(
            thrownError { () throws(WorkbenchError) in
                try SessionDecoding.decode(
                    Array(#"{"format":"workbench-session","version":1,"endpoint":{"auth":{"scheme":"ntlm","secret":""}}}"#.utf8), file: "f")
            }?.message
                == "f: field 'endpoint.auth.scheme': expected basic, digest, bearer, apikey-header, apikey-query, aws-sigv4 or oauth2, found 'ntlm'"
        )
    }

    // MARK: bodies

    @Test func multipartAndJSONFileBodiesParse() throws {
        #expect(
            try CommandParser.parse("body multipart a=1 f@x.png 'g@y.bin;type=a/b' e=x@y h@a=b")
                == .command(
                    .body(
                        .multipart([
                            MultipartPart(name: "a", value: "1"), MultipartPart(name: "f", value: "x.png", isFile: true),
                            MultipartPart(name: "g", value: "y.bin", isFile: true, contentType: "a/b"),
                            MultipartPart(name: "e", value: "x@y"), MultipartPart(name: "h", value: "a=b", isFile: true),
                        ]))))
        #expect(try CommandParser.parse("body json @data.json") == .command(.body(.jsonFile("data.json"))))
        for bad in ["body multipart", "body multipart =x", "body multipart novalue", "body multipart f@", "body multipart 'f@x;type='"] {
            #expect(thrownError { () throws(WorkbenchError) in try CommandParser.parse(bad) } != nil, "\(bad)")
        }
    }

    @Test func multipartIsPreparedForLibcurlWithoutLengthAndMasked() throws {
        let harness = InterpreterHarness()
        try harness.run("base http://127.0.0.1:9\nmethod post\nset --secret k key-secret\nbody multipart a={{k}} f@pic.PNG")
        let request = try harness.prepared()
        #expect(
            request.multipart == [
                MultipartPart(name: "a", value: "key-secret"),
                MultipartPart(name: "f", value: "pic.PNG", isFile: true, contentType: "image/png"),
            ])
        #expect(request.shown.multipart?.first?.value == "******")
        #expect(!request.headers.contains(name: "Content-Length") && !request.headers.contains(name: "Content-Type"))
        // libcurl writes the multipart Content-Type: it is not suppressed.
        #expect(!CurlTransport.headerLines(for: request).contains("Content-Type:"))
        #expect(try !harness.printed("show").contains("key-secret"))
        let curl = try harness.printed("curl")
        #expect(curl.hasSuffix("--form-string 'a=******' -F 'f=@pic.PNG;type=image/png'"))
        // A 303 turns it into a GET without the parts; a 307 keeps them.
        #expect(try RedirectPolicy.next(after: request, status: 303, location: "/x").multipart == nil)
        #expect(try RedirectPolicy.next(after: request, status: 307, location: "/x").multipart == request.multipart)
        try harness.run("method get")
        #expect(try harness.prepared().multipart == nil)
    }

    @Test func fileBodiesTakeTheirTypeFromTheExtension() {
        #expect(MediaTypes.forFile("a/b.JSON") == "application/json")
        #expect(MediaTypes.forFile("x.tar.gz") == "application/gzip")
        #expect(MediaTypes.forFile(".json") == nil)
        #expect(MediaTypes.forFile("dir.d/noext") == nil)
        #expect(Body.file("x.csv").impliedContentType == "text/csv")
        #expect(Body.jsonFile("x.txt").impliedContentType == "application/json")
    }

    @Test func jsonFileIsValidatedWhenTypedAndWhenSent() throws {
        let harness = InterpreterHarness(files: ["ok.json": utf8Bytes("[1]"), "bad.json": utf8Bytes("[1,")])
        try harness.run("base http://127.0.0.1:9\nmethod post\nbody json @ok.json")
        #expect(harness.failure("body json @bad.json")?.message.hasPrefix("bad.json is not valid JSON") == true)
        #expect(harness.endpoint.body == .jsonFile("ok.json"))
        harness.files.contents["ok.json"] = utf8Bytes("{")
        #expect(harness.failure("show")?.message.hasPrefix("ok.json is not valid JSON") == true)
    }

    @Test func newBodiesRoundTripThroughSessionFiles() throws {
        var workspace = Workspace()
        for body in [
            Body.jsonFile("a.json"),
            .multipart([
                MultipartPart(name: "a", value: "{{v}}"),
                MultipartPart(name: "f", value: "x", isFile: true, contentType: "t/x"),
            ]),
        ] {
            workspace.endpoint.body = body
            let bytes = SessionEncoding.encode(SessionDocument(workspace: workspace))
            #expect(try SessionDecoding.decode(bytes, file: "s.json").endpoint.body == body)
        }
    }

    // MARK: network settings

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
            "proxy ftp://h", "proxy http://u:p@h", "proxy http://h/x", "proxy a b", "cert a b c", "cert off x", "http 3", "cacert a b",
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

    // MARK: content negotiation

    @Test func acceptEncodingFollowsLibcurlsDecoders() {
        #expect(AcceptEncoding.value(zlib: true, brotli: true) == "gzip, deflate, br")
        #expect(AcceptEncoding.value(zlib: true, brotli: false) == "gzip, deflate")
        #expect(AcceptEncoding.value(zlib: false, brotli: false) == "identity")
        #expect(AcceptEncoding.value(zlib: true, brotli: true, zstd: true) == "gzip, deflate, br, zstd")
        #expect(AcceptEncoding.value(zlib: false, brotli: false, zstd: true) == "zstd")
        #expect(Endpoint.defaultHeaders(for: try! BaseURL.parse("http://h")).last?.value == AcceptEncoding.supported)
    }

    @Test func charsetsBeyondUTF8AndLatin1GoThroughIconv() {
        #expect(TextDecoding.decode([0x80, 0x20, 0x93, 0x61, 0x94], charset: "windows-1252") == "€ “a”")
        #expect(TextDecoding.decode([0xE9], charset: "ISO-8859-1") == "é")
        #expect(TextDecoding.decode([0xFF, 0xFE, 0x41, 0x00, 0xE5, 0x65], charset: "utf-8") == "A\u{65E5}")
        #expect(TextDecoding.decode([0xFE, 0xFF, 0x00, 0x41], charset: "utf-16") == "A")
        #expect(TextDecoding.decode([0xEF, 0xBB, 0xBF, 0x61], charset: "utf-8") == "a")
        #expect(TextDecoding.decode([0x93, 0xFA, 0x96, 0x7B], charset: "shift_jis") == "日本")
        // A bad sequence is one replacement character, and decoding goes on.
        #expect(TextDecoding.decode([0x61, 0x81, 0x20, 0x62], charset: "shift_jis").hasPrefix("a\u{FFFD}"))
        // A charset iconv does not know: read as UTF-8.
        #expect(TextDecoding.decode(Array("ok".utf8), charset: "x-no-such-charset") == "ok")
        #expect(TextDecoding.decode(Array("ok".utf8), charset: "bad name\u{1}") == "ok")
    }

    // MARK: streaming

    func feed(_ renderer: StreamRenderer, _ chunks: [[UInt8]]) {
        for chunk in chunks { chunk.withUnsafeBufferPointer { renderer.receive($0) } }
        renderer.finish()
    }

    @Test func streamsAreRecognisedByTypeAndChunkedText() {
        let type = { (value: String) in [HeaderField(name: "Content-Type", value: value)] }
        #expect(StreamRenderer.kind(of: type("text/event-stream; charset=utf-8")) == .text)
        #expect(StreamRenderer.kind(of: type("application/x-ndjson")) == .jsonLines)
        #expect(StreamRenderer.kind(of: type("application/json-seq")) == .jsonSequence)
        #expect(StreamRenderer.kind(of: type("application/json")) == nil)
        #expect(StreamRenderer.kind(of: type("text/plain")) == nil)
        #expect(StreamRenderer.kind(of: type("text/plain") + [HeaderField(name: "Transfer-Encoding", value: "chunked")]) == .text)
    }

    @Test func jsonLinesAreFormattedWhateverTheChunking() {
        let output = RecordingOutput()
        let renderer = StreamRenderer(sink: output, color: false, outputIsTerminal: false)
        #expect(renderer.begin(statusLine: "HTTP/1.1 200 OK", headers: [HeaderField(name: "Content-Type", value: "application/x-ndjson")]))
        feed(renderer, [Array(#"{"a":"#.utf8), Array("1}\n\u{1E}[2]\r\n\nnope".utf8)])
        #expect(output.lines == ["HTTP/1.1 200 OK", "Content-Type: application/x-ndjson", ""])
        #expect(String(decoding: output.bytes, as: UTF8.self) == "{\n  \"a\": 1\n}\n[\n  2\n]\nnope\n")
    }

    @Test func textWaitsForACutUTF8SequenceAndIsEscapedOnATerminal() {
        let output = RecordingOutput()
        let renderer = StreamRenderer(sink: output, color: false, outputIsTerminal: true)
        #expect(renderer.begin(statusLine: "HTTP/1.1 200 OK", headers: [HeaderField(name: "Content-Type", value: "text/event-stream")]))
        let euro: [UInt8] = [0xE2, 0x82, 0xAC]
        feed(renderer, [Array("data: ".utf8) + euro.prefix(2), Array(euro.suffix(1)) + Array("\u{1B}]0;x\u{07}\n".utf8)])
        #expect(String(decoding: output.bytes, as: UTF8.self) == "data: €\\x1b]0;x\\x07\n")
        #expect(StreamRenderer.completeUTF8Prefix([0x61, 0xF0, 0x9F]) == 1)
        #expect(StreamRenderer.completeUTF8Prefix([0x61, 0xC3, 0xA9]) == 3)
        // Not a stream: the renderer declines and nothing is printed.
        let other = RecordingOutput()
        #expect(
            !StreamRenderer(sink: other, color: false, outputIsTerminal: false)
                .begin(statusLine: "HTTP/1.1 200 OK", headers: [HeaderField(name: "Content-Type", value: "application/json")]))
        #expect(other.lines.isEmpty)
    }

    @Test func theClosingLineSaysHowTheStreamEnded() {
        var response = HTTPResponse(statusLine: "HTTP/1.1 200 OK", statusCode: 200, headers: [], body: Array("abc".utf8))
        response.stream = StreamEnd(stoppedByUser: true, keptPartOnly: false)
        #expect(StreamRenderer.closingLine(for: response) == "(stream: 0.0 ms, 3 bytes; stopped by Ctrl-C, what came is kept)")
    }

    // MARK: body edit

    @Test func bodyEditValidatesJSONAndKeepsAFailedEdit() throws {
        let harness = InterpreterHarness()
        var replies = [#"{"a": "#, #"{"a": 2}"# + "\n"]
        var seen: [(String, Bool)] = []
        harness.interpreter.editText = { text, json throws(WorkbenchError) in
            seen.append((text, json))
            return replies.removeFirst()
        }
        try harness.run("base http://127.0.0.1:9\nbody json {\"a\": 1}")
        #expect(harness.failure("body edit")?.message.hasPrefix("the edited body is not valid JSON") == true)
        #expect(harness.endpoint.body == .json(#"{"a": 1}"#))
        try harness.run("body edit")
        #expect(harness.endpoint.body == .json(#"{"a": 2}"#))
        #expect(seen.map(\.0) == [#"{"a": 1}"#, #"{"a": "#] && seen.allSatisfy(\.1))
        #expect(try CommandParser.parse("body edit") == .command(.bodyEdit))
        #expect(try CommandParser.parse("body edit this") == .command(.body(.text("edit this"))))
        harness.interpreter.editText = nil
        #expect(harness.failure("body edit")?.message == "`body edit` needs an editor: set $VISUAL or $EDITOR")
    }
}
