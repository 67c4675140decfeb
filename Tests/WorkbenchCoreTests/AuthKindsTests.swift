import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// DESIGN, "Auth flows": API keys, AWS SigV4 and OAuth 2.0 on values and a scripted
/// transport. The wire-level checks (httpbin, botocore's signer, an Authlib server) are in
/// Tests/EndToEnd/test_auth_keys_and_sigv4.py and test_oauth2.py.
@Suite struct AuthKindsTests {
    func response(_ status: Int, _ json: String, headers: [HeaderField] = []) -> Result<HTTPResponse, WorkbenchError> {
        .success(
            HTTPResponse(
                statusLine: "HTTP/1.1 \(status) X", statusCode: status,
                headers: [HeaderField(name: "Content-Type", value: "application/json")] + headers,
                body: Array(json.utf8)))
    }

    /// The auth a line sets, as its kind read it (nil when the line sets none).
    func typedAuth(_ line: String) throws -> TypedAuth? {
        guard case .command(.auth(.set(let typed))) = try CommandParser.parse(line) else { return nil }
        return typed
    }

    /// Each kind `auth KIND ...` sets is read from its own file: its usage lines are help's,
    /// its name is Tab's, each line it declares as carrying a secret parses back to it, and
    /// the line it writes back types the same auth again, the history file's masked line
    /// with the secret masked.
    @Test func everyTypedKindDeclaresItsWords() throws {
        #expect(TypedAuthKinds.all.count == 5)
        for kind in TypedAuthKinds.all {
            for line in kind.usage { #expect(NetworkCommands.auth.usage.contains(line), "\(line)") }
            #expect(NetworkCommands.auth.subcommands.contains(kind.names[0]))
            #expect(!kind.secretExamples.isEmpty)
            for example in kind.secretExamples {
                let typed = try #require(try typedAuth(example.replacingOccurrences(of: "SECRET", with: "s3cr3t")))
                #expect(ObjectIdentifier(typed.kind) == ObjectIdentifier(kind), "\(example)")
                #expect(try typedAuth(kind.line(typed)) == typed, "\(example) is written back as \(kind.line(typed))")
                let masked = try #require(typed.maskedLine)
                #expect(!masked.contains("s3cr3t") && masked.contains(Variables.mask), "\(masked)")
            }
        }
    }

    @Test func parsing() throws {
        #expect(
            try typedAuth("auth apikey header X-Key k")
                == TypedAuth(
                    auth: Auth(scheme: .apiKeyHeader, user: "X-Key", secret: "k"), secrets: [SecretField(.secret, variable: "api_key")]))
        let query = try #require(try typedAuth("auth apikey query key"))
        #expect(query.auth == Auth(scheme: .apiKeyQuery, user: "key", secret: "") && query.missing?.field == .secret)
        #expect(
            try typedAuth("auth aws-sigv4 AK:sk us-east-1 s3 --session-token t")?.auth
                == Auth(
                    scheme: .awsSigV4, user: "AK", secret: "sk",
                    aws: AWSSigV4Settings(region: "us-east-1", service: "s3", sessionToken: "t")))
        #expect(try CommandParser.parse("auth oauth2") == .command(.auth(.oauth2(.show))))
        #expect(try CommandParser.parse("auth oauth2 refresh") == .command(.auth(.oauth2(.refresh))))
        var settings = OAuth2Settings(flow: .clientCredentials, tokenURL: "http://a/token", clientID: "c", scope: "read write")
        #expect(
            try CommandParser.parse("auth oauth2 client-credentials http://a/token c s --scope 'read write'")
                == .command(.auth(.oauth2(.start(settings, clientSecret: "s")))))
        settings = OAuth2Settings(flow: .code, tokenURL: "http://a/t", authorizationURL: "http://a/auth", clientID: "c", port: 8123)
        #expect(
            try CommandParser.parse("auth oauth2 code http://a/auth http://a/t c --port 8123")
                == .command(.auth(.oauth2(.start(settings, clientSecret: nil)))))
        for (line, message) in [
            (
                "auth apikey cookie k v",
                "auth: expected `auth apikey header NAME [VALUE]` or `auth apikey query NAME [VALUE]`; see `help auth`"
            ),
            ("auth apikey header 'X Key' v", "auth: "),
            ("auth aws-sigv4 AK:sk us:east s3", "auth: REGION 'us:east' is not a region or service name"),
            ("auth aws-sigv4 AK us-east-1", "auth: expected `auth aws-sigv4 ACCESS_KEY[:SECRET] REGION SERVICE"),
            ("auth oauth2 device http://a/d http://a/t c secret", "auth: expected `auth oauth2 device DEVICE_URL TOKEN_URL CLIENT_ID"),
            ("auth oauth2 client-credential http://a/t c", "auth: unknown flow 'client-credential'"),
            ("auth oauth2 client-credentials http://a/t c --port 1", "auth: --port is for `auth oauth2 code`"),
            ("auth oauth2 code http://a/a http://a/t c --port 70000", "auth: --port expects a port from 1 to 65535"),
            ("auth oauth2 client-credentials ftp://x/t c", "ftp"),
            ("auth kerberos", "unknown scheme 'kerberos'"),
        ] {
            #expect(throws: WorkbenchError.self, "\(line)") { try CommandParser.parse(line) }
            do { _ = try CommandParser.parse(line) } catch { #expect(error.message.contains(message), "\(line): \(error.message)") }
        }
    }

    @Test func apiKeysGoAsHeaderOrQueryItemMaskedWhenShown() throws {
        let h = InterpreterHarness()
        try h.run("base http://a.test\nget /p?x=1\nauth apikey header X-Api-Key k-1")
        var request = try h.prepared()
        #expect(request.headers.values(of: "X-Api-Key") == ["k-1"])
        #expect(request.shownHeaders.values(of: "X-Api-Key") == [Variables.mask])
        #expect(request.secretHeaderNames.contains("x-api-key"))
        #expect(h.workspace.variables.isSecret("api_key"))
        try h.run("auth apikey query 'api key&=k' 2")
        request = try h.prepared()
        #expect(request.target == "/p?x=1&api%20key%26%3Dk=2")
        try h.run("auth apikey query key s/cret&")
        request = try h.prepared()
        #expect(request.target == "/p?x=1&key=s/cret%26")
        #expect(request.shownTarget == "/p?x=1&key=\(Variables.mask)")
        #expect(try h.printed("auth") == "apikey query key ******")
        // Another origin: nothing of the key goes there.
        try h.run("base http://b.test")
        request = try h.prepared()
        #expect(request.target == "/p?x=1")
        #expect(h.endpoint.heldBackNote == "auth apikey query belongs to http://a.test")
        try h.run("base http://a.test\nauth none")
        #expect(h.workspace.variables.value(of: "api_key") == nil)
        #expect(HistoryEntry.text(for: "auth apikey header X-K k-1", redactor: h.interpreter.redactor) == "auth apikey header X-K ******")
    }

    @Test func awsSigV4IsHandedToLibcurlAndMasked() throws {
        let h = InterpreterHarness()
        try h.run("base http://a.test\nauth aws-sigv4 AK:sk-1 us-east-1 s3 --session-token tok-1")
        let request = try h.prepared()
        #expect(request.awsSigV4 == AWSSigV4Credentials(provider: "aws:amz:us-east-1:s3", accessKey: "AK", secretKey: "sk-1"))
        #expect(request.shown.awsSigV4?.secretKey == Variables.mask)
        #expect(request.headers.values(of: "X-Amz-Security-Token") == ["tok-1"])
        #expect(request.shownHeaders.values(of: "X-Amz-Security-Token") == [Variables.mask])
        #expect(try h.printed("auth") == "aws-sigv4 AK:****** us-east-1 s3 (session token ******)")
        // libcurl 7.88 would sign suppression lines and mis-sort accept/accept-encoding: left to it.
        let lines = CurlTransport.headerLines(for: request)
        #expect(!lines.contains { $0.hasPrefix("Accept") || $0.hasPrefix("User-Agent") || $0.hasSuffix(":") })
        // A redirect to another origin drops the signing.
        let next = try RedirectPolicy.next(after: request, status: 302, location: "http://b.test/x")
        #expect(next.awsSigV4 == nil)
        #expect(
            HistoryEntry.text(for: "auth aws-sigv4 AK:sk-1 us-east-1 s3 --session-token tok-1", redactor: h.interpreter.redactor)
                == "auth aws-sigv4 AK:****** us-east-1 s3 --session-token ******")
        try h.run("auth none")
        #expect(h.workspace.variables.value(of: "aws_secret_key") == nil && h.workspace.variables.value(of: "aws_session_token") == nil)
    }

    @Test func sessionsKeepTheSettingsNeverTheValues() throws {
        let h = InterpreterHarness()
        h.transport.responses = [
            response(200, #"{"access_token":"at-1","token_type":"bearer","expires_in":60,"refresh_token":"rt-1","scope":"r"}"#)
        ]
        try h.run("base http://a.test\nauth oauth2 client-credentials http://a.test/token cid cs-1 --scope r")
        let text = String(decoding: SessionEncoding.encode(SessionDocument(workspace: h.workspace)), as: UTF8.self)
        for secret in ["at-1", "rt-1", "cs-1"] { #expect(!text.contains(secret)) }
        let document = try SessionDecoding.decode(Array(text.utf8), file: "s.json")
        let auth = try #require(document.endpoint.auth)
        #expect(
            auth.oauth2
                == OAuth2Settings(
                    flow: .clientCredentials, tokenURL: "http://a.test/token", clientID: "cid",
                    clientSecret: "{{oauth2_client_secret}}", scope: "r"))
        #expect(auth.secret == "{{oauth2_token}}")

        try h.run("auth aws-sigv4 AK:sk us-east-1 s3 --session-token tt")
        let aws = String(decoding: SessionEncoding.encode(SessionDocument(workspace: h.workspace)), as: UTF8.self)
        let decoded = try SessionDecoding.decode(Array(aws.utf8), file: "s.json")
        #expect(decoded.endpoint.auth?.aws == AWSSigV4Settings(region: "us-east-1", service: "s3", sessionToken: "{{aws_session_token}}"))
    }

    @Test func clientCredentialsObtainRenewAndRetryOnInvalidToken() throws {
        let h = InterpreterHarness()
        h.transport.responses = [
            // Basic refused: the credentials go in the body, as the server asks.
            response(401, #"{"error":"invalid_client"}"#),
            response(200, #"{"access_token":"at-1","token_type":"Bearer","expires_in":3600}"#),
        ]
        try h.run("base http://api.test\nauth oauth2 client-credentials http://auth.test/token cid cs-1 --scope read")
        #expect(h.transport.sent.count == 2)
        let basic = h.transport.sent[0].request
        #expect(basic.method == "POST" && basic.url == "http://auth.test/token")
        #expect(basic.headers.values(of: "Authorization") == [Auth.basicCredentials("cid:cs-1")])
        #expect(String(decoding: basic.body, as: UTF8.self) == "grant_type=client_credentials&scope=read")
        #expect(String(decoding: basic.shownBody, as: UTF8.self) == "grant_type=client_credentials&scope=read")
        let inBody = h.transport.sent[1].request
        #expect(!inBody.headers.contains(name: "Authorization"))
        #expect(String(decoding: inBody.body, as: UTF8.self) == "grant_type=client_credentials&scope=read&client_id=cid&client_secret=cs-1")
        #expect(String(decoding: inBody.shownBody, as: UTF8.self).hasSuffix("client_id=cid&client_secret=******"))
        #expect(h.endpoint.auth?.oauth2?.clientAuthInBody == true)
        #expect(try h.prepared().headers.values(of: "Authorization") == ["Bearer at-1"])
        let status = try h.printed("auth oauth2")
        #expect(status.contains("oauth2 client-credentials for http://api.test") && status.contains("access token: ******, expires in 3"))
        #expect(!status.contains("at-1") && !status.contains("cs-1"))

        // A 401 invalid_token: a new token, and the request once more.
        h.transport.responses = [
            response(401, #"{}"#, headers: [HeaderField(name: "WWW-Authenticate", value: #"Bearer error="invalid_token""#)]),
            response(200, #"{"access_token":"at-2","expires_in":3600}"#),
            response(200, #"{"ok":true}"#),
        ]
        try h.run("get /me")
        let sent = h.transport.sent.suffix(3).map(\.request)
        #expect(sent[0].headers.values(of: "Authorization") == ["Bearer at-1"])
        #expect(sent[1].url == "http://auth.test/token" && !sent[1].headers.contains(name: "Authorization"))
        #expect(sent[2].headers.values(of: "Authorization") == ["Bearer at-2"])
        #expect(h.workspace.history.count == 1 && h.workspace.lastResponse?.statusCode == 200)

        // An expired token is renewed before the send.
        var auth = try #require(h.endpoint.auth)
        auth.oauth2?.expiresAt = 0
        h.interpreter.workspace.endpoint.auth = auth
        h.transport.responses = [response(200, #"{"access_token":"at-3","expires_in":3600}"#), response(200, "{}")]
        try h.run("get /me")
        #expect(h.transport.sent.last?.request.headers.values(of: "Authorization") == ["Bearer at-3"])

        // A refusal is one line and changes nothing.
        h.transport.responses = [response(400, #"{"error":"invalid_scope","error_description":"no such scope\u001b[31m"}"#)]
        do {
            try h.run("auth oauth2 client-credentials http://auth.test/token cid cs-1 --scope admin")
            Issue.record("a refused token request succeeded")
        } catch {
            #expect(error.message.hasSuffix("oauth2: the token endpoint refused (400): invalid_scope (no such scope\\u{1B}[31m)"))
        }
        #expect(h.endpoint.auth?.oauth2?.scope == "read")
    }

    /// RFC 7636, appendix B: the example verifier and its S256 challenge.
    @Test func pkceChallengeMatchesTheRFCExample() {
        #expect(OAuth2Flow.challenge(for: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk") == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
        let verifier = OAuth2Flow.randomToken(bytes: 32)
        #expect(verifier.count == 43 && verifier.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        #expect(OAuth2Flow.randomToken(bytes: 32) != verifier)
    }

    @Test func theLoopbackRedirectReadsTheCallbacksQuery() throws {
        #expect(
            LoopbackRedirect.parameters(of: "code=a%2Fb&state=x+y&state=z&error_description=no%20way")
                == ["code": "a/b", "state": "x y", "error_description": "no way"])
        let listener = try LoopbackRedirect(port: 0)
        #expect(listener.port > 0 && listener.redirectURI == "http://127.0.0.1:\(listener.port)/callback")
        // Nothing comes back: the wait ends when told to, with nothing.
        var polls = 0
        #expect(
            listener.waitForCallback(
                seconds: 5,
                shouldAbort: {
                    polls += 1; return polls > 2
                }, page: { _ in "" }) == nil)
    }

    @Test func deviceAndTokenRepliesAreReadWithBounds() throws {
        func reply(_ status: Int, _ json: String) -> HTTPResponse {
            HTTPResponse(statusLine: "HTTP/1.1 \(status) X", statusCode: status, headers: [], body: Array(json.utf8))
        }
        let device = try OAuth2Protocol.readDeviceReply(
            reply(200, #"{"device_code":"d","user_code":"U-1","verification_uri":"http://a/device","expires_in":99999,"interval":0}"#),
            from: "http://a/d")
        #expect(device.expiresIn == 3600 && device.interval == 1)
        #expect(throws: WorkbenchError.self) { try OAuth2Protocol.readTokenReply(reply(200, "not json"), from: "http://a/t") }
        #expect(throws: WorkbenchError.self) {
            try OAuth2Protocol.readTokenReply(reply(200, #"{"access_token":"t","token_type":"mac"}"#), from: "http://a/t")
        }
        let big = "{\"access_token\":\"" + String(repeating: "a", count: 300_000) + "\"}"
        #expect(throws: WorkbenchError.self) { try OAuth2Protocol.readTokenReply(reply(200, big), from: "http://a/t") }
        #expect(
            try OAuth2Protocol.readTokenReply(reply(400, #"{"error":"invalid_grant"}"#), from: "http://a/t")
                == .error(code: "invalid_grant", description: nil, status: 400))
    }

    @Test func aDeviceFlowWaitsNoLongerThanItsCodeLives() {
        #expect(OAuth2Flow.devicePollWait(interval: 5, left: 8) == 5)
        // After `slow_down` the interval (10 s) outlives the code (3 s left): wait those 3 s, then say it expired.
        #expect(OAuth2Flow.devicePollWait(interval: 10, left: 3) == 3)
        #expect(OAuth2Flow.devicePollWait(interval: 10, left: 0) == nil)
        #expect(OAuth2Flow.devicePollWait(interval: 10, left: -1) == nil)
    }

    /// The auth a line sets, as its kind read it, and which secret it left out to be asked for.
    func parsedAuth(_ line: String) throws -> (auth: Auth, missing: AuthField?)? {
        guard case .command(.auth(.set(let typed))) = try CommandParser.parse(line) else { return nil }
        return (typed.auth, typed.missing?.field)
    }

    @Test func authCommandsParse() throws {
        #expect(try CommandParser.parse("auth") == .command(.auth(.show)))
        #expect(try CommandParser.parse("auth none") == .command(.auth(.none)))
        let basic = try #require(try parsedAuth("auth basic ana:p:w"))
        #expect(basic.auth == Auth(scheme: .basic, user: "ana", secret: "p:w") && basic.missing == nil)
        let digest = try #require(try parsedAuth("auth DIGEST ana"))
        #expect(digest.auth == Auth(scheme: .digest, user: "ana", secret: "") && digest.missing == .secret)
        let bearer = try #require(try parsedAuth("auth bearer"))
        #expect(bearer.auth == Auth(scheme: .bearer, user: "", secret: "") && bearer.missing == .secret)
        let reference = try #require(try parsedAuth("auth bearer {{env.T}}"))
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
}
