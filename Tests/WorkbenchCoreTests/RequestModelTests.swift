import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// DESIGN, "What a request carries": queries by path, credentials by origin, bodies by
/// method, exports that follow redirects as the workbench does. The wire-level checks are
/// in Tests/EndToEnd/test_request_model.py; these pin the rules on values.
@Suite struct RequestModelTests {
    @Test func aPastedQueryIsSentByteForByteAndTypedItemsFollowIt() throws {
        var endpoint = Endpoint(base: "http://h")
        for (typed, target) in [
            ("/p?a=%zz", "/p?a=%zz"), ("/p?a&b=&=c&&", "/p?a&b=&=c&&"), ("/p?", "/p?"),
            ("/p?x=a b", "/p?x=a%20b"), ("/p?é=1", "/p?%C3%A9=1"),
        ] {
            try endpoint.setPath(typed)
            #expect(try endpoint.prepare(in: VariableScope()).target == target)
        }
        endpoint.query.append(QueryItem(name: "k", value: "v w"))
        try endpoint.setPath("/p?a=1&&")
        #expect(try endpoint.prepare(in: VariableScope()).target == "/p?a=1&&k=v%20w")
        try endpoint.setPath("/p?")
        #expect(try endpoint.prepare(in: VariableScope()).target == "/p?k=v%20w")
        try endpoint.setPath("/q")
        #expect(endpoint.pathQuery == nil)
        #expect(try endpoint.prepare(in: VariableScope()).target == "/q?k=v%20w")
    }

    @Test func queryRmAndSetReachPastedItems() throws {
        let h = InterpreterHarness()
        try h.run("base http://h\npath /p?a=1&b=2&a=3\nquery set b 9")
        #expect(try h.prepared().target == "/p?a=1&a=3&b=9")
        try h.run("query rm a")
        #expect(try h.prepared().target == "/p?b=9")
        #expect(try h.printed("query") == "b=9")
        try h.run("path /p?z=1")
        #expect(try h.printed("query") == "?z=1 (pasted with the path: it goes when the path changes)\nb=9")
        try h.run("query clear")
        #expect(try h.prepared().target == "/p")
    }

    @Test func credentialsAreBoundToTheOriginOfTheBaseTheyWereTypedFor() throws {
        let h = InterpreterHarness()
        try h.run(
            """
            set --secret key k-1
            auth bearer tok-A
            header X-Key: {{key}}
            header X-Plain: p
            base http://a.test:81/api
            """)
        // Typed before any base: bound to the first one.
        #expect(h.endpoint.auth?.origin == "http://a.test:81")
        #expect(h.endpoint.headers.map(\.origin) == ["http://a.test:81", nil])
        try h.run("base https://b.test")
        var request = try h.prepared()
        #expect(!request.headers.contains(name: "Authorization") && !request.headers.contains(name: "X-Key"))
        #expect(request.headers.contains(name: "X-Plain"))
        #expect(h.endpoint.heldBackNote == "auth bearer, X-Key belong to http://a.test:81")
        #expect(
            try h.printed("show").hasSuffix(
                "(not sent here: auth bearer, X-Key belong to http://a.test:81; sent again when the base is back there)"))
        let prompt = Prompt.text(for: h.workspace, environment: [:], width: 120)
        #expect(prompt.hasSuffix(" [credentials stay with a.test:81]> "))
        // A second auth for the new origin does not replace the first, nor take its variable.
        try h.run("auth bearer tok-B")
        #expect(try h.prepared().headers.values(of: "Authorization") == ["Bearer tok-B"])
        #expect(h.endpoint.auths.map(\.secret) == ["{{auth_token}}", "{{auth_token_2}}"])
        try h.run("base http://a.test:81/v2")
        request = try h.prepared()
        #expect(request.headers.values(of: "Authorization") == ["Bearer tok-A"])
        #expect(request.headers.values(of: "X-Key") == ["k-1"])
        // The default port is the same origin.
        try h.run("base http://A.test:81")
        #expect(try h.prepared().headers.contains(name: "Authorization"))
    }

    @Test func headerSetAndRmTouchOnlyTheCredentialsOfThisOrigin() throws {
        let h = InterpreterHarness()
        try h.run("base http://a\nset --secret t A\nheader Authorization: Bearer {{t}}\nbase http://b\nheader Authorization: Basic {{t}}")
        #expect(h.endpoint.headers.map(\.origin) == ["http://a", "http://b"])
        try h.run("header rm Authorization")
        #expect(h.endpoint.headers.map(\.origin) == ["http://a"])
    }

    @Test func aLiteralCredentialGoesIntoASecretVariable() throws {
        let h = InterpreterHarness()
        let note = try h.printed("header Authorization: Bearer lit-1")
        #expect(note.contains("{{authorization}}") && !note.contains("lit-1"))
        #expect(h.endpoint.headers.first?.value == "Bearer {{authorization}}")
        #expect(h.workspace.variables.isSecret("authorization"))
        try h.run("base http://h\nheader X-Api-Key: k-2\nheader X-Other: not-a-secret")
        #expect(h.endpoint.headers.map(\.value) == ["Bearer {{authorization}}", "{{x_api_key}}", "not-a-secret"])
        #expect(try h.printed("show").contains("X-Api-Key: ******"))
        #expect(try h.prepared().headers.values(of: "X-Api-Key") == ["k-2"])
        let text = String(decoding: SessionEncoding.encode(SessionDocument(workspace: h.workspace)), as: UTF8.self)
        #expect(!text.contains("lit-1") && !text.contains("k-2"))
    }

    @Test func savedSessionsKeepEveryOriginAndOldFilesBindToTheirBase() throws {
        let h = InterpreterHarness()
        try h.run("base http://a\nauth bearer x\nheader Cookie: {{c}}\nbase http://b\nauth basic u:p")
        let bytes = SessionEncoding.encode(SessionDocument(workspace: h.workspace))
        let decoded = try SessionDecoding.decode(bytes, file: "s.json")
        #expect(decoded.endpoint.auths.sorted { $0.origin! < $1.origin! } == h.endpoint.auths.sorted { $0.origin! < $1.origin! })
        #expect(decoded.endpoint.headers == h.endpoint.headers)
        #expect(SessionEncoding.encode(decoded) == bytes)
        let old =
            #"{"format": "workbench-session", "version": 2, "endpoint": {"base": "http://old:8", "headers": [{"name": "Authorization", "value": "Bearer {{t}}"}, {"name": "X-A", "value": "1"}], "auth": {"scheme": "bearer", "user": "", "secret": "{{t}}"}}}"#
        let document = try SessionDecoding.decode(Array(old.utf8), file: "old.json")
        #expect(document.endpoint.auth?.origin == "http://old:8")
        #expect(document.endpoint.headers.map(\.origin) == ["http://old:8", nil])
    }

    @Test func replayWithAnotherBaseTakesTheCredentialsAlong() throws {
        var endpoint = Endpoint(base: "http://a/api", auth: Auth(scheme: .bearer, user: "", secret: "t", origin: "http://a"))
        endpoint.headers = [HeaderField(name: "Cookie", value: "c", origin: "http://a"), HeaderField(name: "X", value: "1")]
        endpoint.retarget(to: "https://b")
        #expect(endpoint.auth?.origin == "https://b" && endpoint.headers.map(\.origin) == ["https://b", nil])
    }

    @Test func bodiesGoByMethodUnlessTheSendAsks() throws {
        let h = InterpreterHarness()
        try h.run("base http://h\nbody json {\"a\": 1}")
        for method in ["POST", "PUT", "PATCH", "PURGE"] {
            try h.run("method \(method)")
            #expect(try h.prepared().body == utf8Bytes(#"{"a": 1}"#))
        }
        try h.run("delete /x --body\ndelete /y")
        #expect(h.transport.sent.map(\.request.body.count) == [8, 0])
        #expect(h.workspace.history.map(\.endpoint.sendsBodyWithAnyMethod) == [true, false])
        #expect(!h.endpoint.sendsBodyWithAnyMethod, "the workspace's request is not changed by one send")
        #expect(Prompt.text(for: h.workspace, environment: [:]).contains("[json 8 bytes, not sent]"))
    }

    @Test func anAbsoluteURLMovesTheBaseAndSaysSo() throws {
        let h = InterpreterHarness()
        try h.run("base http://a/api\nauth bearer t")
        try h.run("get http://b:8/x")
        #expect(
            h.output.lines.contains(
                "base: http://b:8 (was http://a/api); not sent here: auth bearer belongs to http://a; sent again when the base is back there"
            ))
        let before = h.output.lines.count
        try h.run("path http://b:8/y?q=1")
        #expect(h.output.lines.count == before, "the base did not move: nothing to say")
        #expect(
            try h.printed("path http://c/z")
                == "base: http://c (was http://b:8); not sent here: auth bearer belongs to http://a; sent again when the base is back there"
        )
    }

    @Test func exportsFollowOnlyWhereTheToolFollowsAsTheWorkbenchDoes() throws {
        var settings = Settings()
        settings.followRedirects = true
        let base = BaseURL(scheme: "http", host: "h", port: nil, pathPrefix: "")
        let get = PreparedRequest(
            method: "GET", base: base, target: "/", headers: [HeaderField(name: "Authorization", value: "x")], body: [])
        #expect(RedirectFidelity.reason(get, settings: settings, tool: .curl) == nil)
        #expect(RedirectFidelity.reason(get, settings: settings, tool: .httpie) == nil)
        var keyed = get
        keyed.headers.append(HeaderField(name: "X-Token", value: "t"))
        #expect(RedirectFidelity.reason(keyed, settings: settings, tool: .curl)?.contains("send X-Token to any host") == true)
        var put = get
        put.method = "PUT"
        #expect(RedirectFidelity.reason(put, settings: settings, tool: .curl)?.contains("keeps PUT after a 303") == true)
        var cookie = get
        cookie.headers = [HeaderField(name: "Cookie", value: "c")]
        #expect(RedirectFidelity.reason(cookie, settings: settings, tool: .curl) == nil)
        #expect(RedirectFidelity.reason(cookie, settings: settings, tool: .httpie) != nil)
        settings.followRedirects = false
        #expect(RedirectFidelity.reason(keyed, settings: settings, tool: .curl) == nil)
    }

    @Test func theExactCurlCommandLeavesHostAndPOSTToCurl() throws {
        let h = InterpreterHarness()
        try h.run("base http://h:9\nfollow on\nbody json {}\nmethod POST")
        let command = try h.printed("curl")
        #expect(!command.contains("Host:") && !command.contains("-X") && command.contains("-L"))
        try h.run("method DELETE")
        #expect(try h.printed("curl").contains("-X DELETE"))
        try h.run("header Host: other")
        #expect(try h.printed("curl").contains("-H 'Host: other'"))
    }

    @Test func exportsCarryDigestAndHTTPieIgnoresStandardInput() throws {
        let h = InterpreterHarness(files: ["data.json": utf8Bytes("{}")])
        try h.run("base http://h\nauth digest ana:pw")
        #expect(try h.printed("export curl").contains("--digest -u 'ana:******'"))
        let httpie = try h.printed("export httpie")
        #expect(httpie.contains("--ignore-stdin") && httpie.contains("--auth-type=digest --auth 'ana:******'"))
        try h.run("body @data.json\nmethod POST")
        #expect(!(try h.printed("export httpie")).contains("--ignore-stdin"), "the body comes from standard input")
    }

    @Test func pathAddDotDotGoesUpAndTheTypoOfAKindIsAnError() throws {
        let h = InterpreterHarness()
        try h.run("base http://h\npath /a/b\npath add .. c . d")
        #expect(try h.prepared().target == "/a/c/d")
        #expect(h.failure("body jsn {}")?.message.contains("did you mean json?") == true)
        #expect(try CommandParser.parse("body   raw  ") == .command(.body(.text("  raw  "))))
    }
}

/// Edges users trip over: removable default headers, wire order, trailing slashes.
extension RequestModelTests {
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
}
