import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// `.http` files in and out, Hurl out: the text each format gets, and errors with positions.
@Suite struct InteropFilesTests {
    func read(_ text: String, files: [String: [UInt8]] = [:], environment: String? = nil) throws(WorkbenchError) -> HTTPFileImport {
        try HTTPFileImport.read(
            text, file: "api.http", environment: environment,
            readFile: { path throws(WorkbenchError) in
                guard let bytes = files[path] else { throw WorkbenchError("cannot read \(path)") }
                return bytes
            }, fileExists: { files[$0] != nil })
    }

    // MARK: - .http in

    @Test func requestsVariablesAndReferences() throws {
        let imported = try read(
            """
            @host = http://h.test
            @api = {{host}}/v1

            ### Log in
            # @name login
            POST {{api}}/login HTTP/1.1
            Content-Type: application/json

            {"user": "ana"}

            ### Me
            GET {{api}}/me
                ?a=1
                &b=2
            Authorization: Bearer {{login.response.body.$.token}}
            X-Type: {{login.response.headers.Content-Type}}
            X-Env: {{$processEnv HOME}}
            """)
        let requests = imported.document.requests
        #expect(requests.count == 2)
        #expect(imported.document.variables["api"] == "http://h.test/v1", "a file variable holds the values it was built from")
        #expect(requests[0].endpoint.base == "{{api}}" && requests[0].endpoint.path == "/login")
        #expect(requests[0].endpoint.body == .json("{\"user\": \"ana\"}"))
        #expect(requests[0].captures.map(\.name) == ["login_body_token", "login_header_Content_Type"])
        let me = requests[1].endpoint
        #expect(me.allQueryItems.map(\.typedText) == ["a=1", "b=2"])
        #expect(
            me.headers == [
                HeaderField(name: "Authorization", value: "Bearer {{login_body_token}}", origin: "{{api}}"),
                HeaderField(name: "X-Type", value: "{{login_header_Content_Type}}"),
                HeaderField(name: "X-Env", value: "{{env.HOME}}"),
            ])
    }

    @Test func environmentsAndSecrets() throws {
        let files = [
            "http-client.env.json": Array(#"{"$shared": {"a": "s", "n": 1}, "dev": {"n": 2}}"#.utf8),
            "http-client.private.env.json": Array(#"{"dev": {"pw": "p4ss"}}"#.utf8),
        ]
        // The env files are looked up beside the .http file (here: the current folder).
        let text = "POST http://h/{{a}}/{{n}}\n\n{{pw}}\n"
        let imported = try read(text, files: files, environment: "dev")
        #expect(imported.document.variables["n"] == "2" && imported.document.variables["a"] == "s")
        #expect(imported.secrets == ["pw": "p4ss"] && imported.document.secretNames == ["pw"])
        #expect(imported.document.variables["pw"] == nil, "a private value is never a plain variable")
    }

    @Test func whatCannotRunIsReportedNotDropped() throws {
        let imported = try read(
            """
            GET http://h/a

            > {%
              client.log("hi");
            %}
            >> ./out.json

            ###
            GET http://h/{{$random.beer.name}}
            """)
        #expect(imported.document.requests.count == 1)
        #expect(
            imported.notes == [
                "api.http:3: response handler skipped (JavaScript does not run in the workbench)",
                "api.http:6: output redirect `>> ./out.json` skipped (the workbench writes files with `send > FILE`)",
                "api.http:9: request skipped: it uses {{$random.beer.name}}, which the workbench cannot generate",
            ])
    }

    /// A request that cannot be read is skipped with one note naming its line and why, and the
    /// rest of the file imports (issue 38: httpyac's gRPC, MQTT and WebSocket requests, a JavaScript
    /// value, an unknown variable); a file with nothing readable is refused by its first reason.
    @Test func aRequestThatCannotBeReadIsSkippedAndTheRestImports() throws {
        let imported = try read(
            """
            proto < ./hello.proto
            @flag = {{false}}
            GET http://h/{{missing}}

            ###
            GRPC /HelloService/sayHello
            {"greeting": "world"}

            ###
            wss://h.test/socket
            ["hello"]
            ===
            ["again"]

            ###
            # @keepStreaming
            MQTT tcp://broker.test
            Topic: a/1

            ###
            GET http://h/ok
            """)
        #expect(imported.document.requests.map(\.endpoint.path) == ["/{{missing}}", "/socket", "/ok"])
        #expect(imported.notes.count == 5)
        #expect(imported.notes[0].hasPrefix("api.http:1: `proto < ./hello.proto` skipped (a gRPC call's schema comes from"))
        #expect(
            imported.notes[1].hasPrefix("api.http: line 2, column 9: unknown variable {{false}}")
                && imported.notes[1].hasSuffix("; @flag skipped"))
        #expect(imported.notes[2].hasPrefix("api.http: line 3, column 14: {{missing}} is defined nowhere here"))
        #expect(imported.notes[2].hasSuffix("give it with `set missing VALUE` or --var missing=VALUE before sending"))
        // A relative gRPC target with no `host`; the WebSocket request imports (HTTPFileLiveRequestsTests).
        #expect(imported.notes[3].hasPrefix("api.http: line 6, column 6: '/HelloService/sayHello' is relative and no `host` variable"))
        #expect(imported.notes[4].hasPrefix("api.http:17: request skipped: httpyac's MQTT request"))
        let onlyMQTT = thrownError { () throws(WorkbenchError) in _ = try read("MQTT tcp://broker.test\nTopic: a/1\n") }
        #expect(
            onlyMQTT?.message.hasPrefix("api.http: no request it holds can be sent here (api.http:1: request skipped: httpyac's MQTT")
                == true)
    }

    /// httpyac's spellings of a named request's response: `{{nameResponse.headers.x}}` and
    /// `{{name.headers["X-Foo"]}}` are captures, as `{{name.response.headers.x}}` is.
    @Test func httpyacResponseSpellingsBecomeCaptures() throws {
        let imported = try read(
            """
            # @name json
            GET http://h/json

            ###
            POST http://h/anything
            A: {{jsonResponse.headers.server}}
            B: {{json.headers["X-Foo"]}}
            C: {{jsonResponse.parsedBody.slideshow.author}}
            """)
        let requests = imported.document.requests
        #expect(requests[0].captures.map(\.name) == ["json_header_server", "json_header_X_Foo", "json_body_slideshow_author"])
        #expect(
            requests[1].endpoint.headers.map(\.value) == [
                "{{json_header_server}}", "{{json_header_X_Foo}}", "{{json_body_slideshow_author}}",
            ])
    }

    /// Issue 38 goal 4: a variable nothing in reach defines (a script or a plugin of another client
    /// may) is kept as a reference with one note a name, to be given before sending; a line the
    /// workbench cannot read (`@xpath_ns p=URI`, `@1bad = x`) is skipped with one note. Before,
    /// either refused the request, and with it a file of one request.
    @Test func unknownVariablesStayReferencesAndUnreadableLinesAreSkipped() throws {
        let imported = try read(
            "@xpath_ns hello=http://h/ns\n@1bad = x\nGET http://h/{{who}}?a={{who}}\nX: {{other}}\n")
        #expect(imported.document.requests.map(\.endpoint.path) == ["/{{who}}"])
        #expect(imported.document.requests[0].endpoint.headers.map(\.value) == ["{{other}}"])
        #expect(imported.notes.count == 4, "\(imported.notes)")
        #expect(imported.notes[0].hasPrefix("api.http: line 1, column 2: invalid variable name 'xpath_ns hello'"))
        #expect(imported.notes[0].hasSuffix("; the line skipped"))
        #expect(imported.notes[1].hasSuffix("; the line skipped"))
        #expect(imported.notes[2].hasPrefix("api.http: line 3, column 14: {{who}} is defined nowhere here"))
        #expect(imported.notes[3].hasPrefix("api.http: line 4, column 4: {{other}} is defined nowhere here"))
    }

    @Test func requestLinesInEveryForm() throws {
        let imported = try read("http://h/a\n###\nDELETE http://h/b HTTP/2\n###\nGET /c\nHost: h.test:8080\n")
            .document.requests
        #expect(imported.map(\.endpoint.method) == ["GET", "DELETE", "GET"])
        #expect(imported[2].endpoint.base == "http://h.test:8080" && imported[2].endpoint.headers.isEmpty)
    }

    @Test(arguments: [
        ("GET http://h/\nX: {{a.response.body.$.x}}", "api.http: line 2, column 4: 'a.response.body.$.x' refers to a request named 'a'"),
        ("< ./file", "api.http: line 1, column 1: invalid method '<'"),
        ("@1bad = x\n", "api.http: line 1, column 2: invalid variable name '1bad'"),
        ("GET http://h/\nno colon here", "api.http: line 2, column 1: expected a header NAME: VALUE"),
        ("", "api.http: no request in it"),
    ])
    func errorsNameTheLineAndColumn(text: String, message: String) {
        let error = thrownError { () throws(WorkbenchError) in _ = try read(text) }
        #expect(error?.message.hasPrefix(message) == true, "\(error?.message ?? "no error")")
    }

    // MARK: - out

    func records() throws(WorkbenchError) -> (records: [RequestRecord], variables: Variables) {
        var variables = Variables()
        variables.set("base", to: "http://h.test")
        variables.set("pw", to: "p4ss", secret: true)
        let login = RequestRecord(
            endpoint: Endpoint(
                base: "{{base}}", path: "/login", method: "POST", query: [QueryItem(name: "lang", value: "en gb")],
                body: .json(#"{"user": "ana", "password": "{{pw}}"}"#)),
            settings: Settings(),
            captures: [Capture(name: "token", source: .json(try JSONPath(parsing: "$.token")), isSecret: true)],
            expectations: [
                .status(.code(200)), .jsonEquals(path: try JSONPath(parsing: "$.ok"), value: "true"),
                .jsonEquals(path: try JSONPath(parsing: "$.user"), value: #"{"a": 1}"#),
            ])
        var settings = Settings()
        settings.followRedirects = true
        let me = RequestRecord(
            endpoint: Endpoint(base: "{{base}}", path: "/me", headers: [HeaderField(name: "Authorization", value: "Bearer {{token}}")]),
            settings: settings,
            expectations: [
                .status(.range(2)), .headerContains(name: "Content-Type", text: "json"),
                .timeBelow(milliseconds: 500),
            ])
        return ([login, me], variables)
    }

    @Test func hurlKeepsReferencesCapturesAndAsserts() throws {
        let (records, variables) = try records()
        #expect(
            try HurlExport.text(records: records, variables: variables) == """
                # Exported by workbench \(WorkbenchVersion.current): run with `hurl --test FILE`.
                # Variables: --variable base=http://h.test --variable pw=... (secrets are not written here)

                POST {{base}}/login?lang=en%20gb
                Content-Type: application/json
                {"user": "ana", "password": "{{pw}}"}
                HTTP 200
                [Captures]
                token: jsonpath "$.token"
                [Asserts]
                jsonpath "$.ok" == true
                # not expressible in Hurl: expect json $.user == {"a": 1}

                GET {{base}}/me
                Authorization: Bearer {{token}}
                [Options]
                location: true
                HTTP *
                [Asserts]
                status >= 200
                status < 300
                header "Content-Type" contains "json"
                duration < 500

                """)
    }

    @Test func httpFileChainsCapturesAsRequestReferences() throws {
        let (records, variables) = try records()
        let text = try HTTPFileExport.text(records: records, variables: variables)
        #expect(text.contains("@base = http://h.test\n# Not written here: pw; give them in http-client.private.env.json."))
        #expect(text.contains("# @name r1\n# @no-redirect\n# @workbench expect status 200\n"))
        #expect(
            text.contains(
                "POST {{base}}/login?lang=en%20gb\nContent-Type: application/json\n\n{\"user\": \"ana\", \"password\": \"{{pw}}\"}"))
        #expect(text.contains("GET {{base}}/me\nAuthorization: Bearer {{r1.response.body.$.token}}"))
        #expect(!text.contains("p4ss"))
        // And it reads back: the same requests, the capture restored.
        let back = try read(text.replacing("@base = http://h.test", with: "@base = http://h.test\n@pw = x"))
        #expect(back.document.requests.map(\.endpoint.path) == ["/login", "/me"])
        #expect(back.document.requests[0].captures.map(\.name) == ["r1_body_token"])
        #expect(back.document.requests[0].expectations.first == .status(.code(200)))
    }

    @Test func shortCurlNamesOnlyWhatDiffersFromCurl() throws {
        let h = InterpreterHarness()
        try h.run("base http://h.test\nmethod POST\npath /x\nheader X-A: 1\nheader rm User-Agent\nbody json {\"a\": 1}\nfollow on")
        #expect(
            try h.printed("export curl") == #"""
                curl -L http://h.test/x \
                  -H 'X-A: 1' \
                  -H 'Content-Type: application/json' \
                  -H User-Agent: \
                  --data-raw '{"a": 1}'
                """#)
        try h.run("method GET\nbody clear")
        #expect(try h.printed("export curl") == "curl -L http://h.test/x -H 'X-A: 1' -H User-Agent:")
    }

    @Test func exportNeedsHistoryForSessionAndSaysWhere() throws {
        let h = InterpreterHarness()
        try h.run("base http://h.test")
        #expect(h.failure("export hurl --session")?.message.hasPrefix("nothing to export") == true)
        #expect(try h.printed("export hurl > api.hurl") == "exported 1 request to api.hurl")
        #expect(h.files.contents["api.hurl"].map { String(decoding: $0, as: UTF8.self) }?.contains("GET http://h.test/") == true)
        #expect(h.failure("export yaml")?.message.hasPrefix("export: expected a format: curl, httpie, http, hurl") == true)
    }

    @Test func aPostmanHeaderValueWithAControlIsRefusedAtTheImport() throws {
        let collection =
            #"{"info": {"name": "c", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"}, "#
            + #""item": [{"name": "r", "request": {"method": "GET", "url": "http://127.0.0.1:1/x", "#
            + #""header": [{"key": "X-A", "value": "v\u001b[2J"}]}}]}"#
        let h = InterpreterHarness(files: ["col.json": Array(collection.utf8)])
        let before = h.workspace
        #expect(
            h.failure("import col.json")?.message
                == "col.json: request 1 'r': invalid value for header X-A: the control character U+1B is not allowed in a header value")
        #expect(h.workspace == before)
    }

    @Test func theNewChecksExportToHurlAsserts() throws {
        let checks = try [
            "json $.n >= 1", "json $.name matches \"^R\"", "json $.name contains \"ic\"", "json $.tags contains 3",
            "json $.n != null", "body contains species",
        ].map { (text: String) throws(WorkbenchError) in try Expectation.parse(text) }
        let record = RequestRecord(endpoint: Endpoint(base: "http://h"), settings: Settings(), expectations: checks)
        let lines = HurlExport.response(record)
        #expect(lines.contains("jsonpath \"$.n\" >= 1"))
        #expect(lines.contains("jsonpath \"$.name\" matches \"^R\""))
        #expect(lines.contains("jsonpath \"$.name\" contains \"ic\""))
        #expect(lines.contains("jsonpath \"$.tags\" includes 3"))
        #expect(lines.contains("jsonpath \"$.n\" != null"))
        #expect(lines.contains("body contains \"species\""))
    }

    @Test func doublingFileVariablesStopAtTheBound() {
        var lines = ["@v0 = ab"]
        for index in 1...40 { lines.append("@v\(index) = {{v\(index - 1)}}{{v\(index - 1)}}") }
        lines.append("GET http://127.0.0.1:1/{{v40}}")
        let text = lines.joined(separator: "\n")
        let error = thrownError { () throws(WorkbenchError) in
            _ = try HTTPFileImport.load(
                "double.http", environment: nil, readFile: { _ throws(WorkbenchError) in Array(text.utf8) },
                fileExists: { $0 == "double.http" })
        }
        // v20 is the first past 1 MB: 2^20 * 2 bytes, found at its second reference.
        #expect(
            error?.message == "double.http: line 21, column 15: the variable expands to more than 1.0 MB "
                + "(the bound for a file variable's value), 2.0 MB so far")
    }

    @Test func manyLargeFileVariablesStopAtTheTotal() {
        var lines = ["@v0 = " + String(repeating: "x", count: 1000)]
        lines.append("@v1 = " + String(repeating: "{{v0}}", count: 1000))
        for index in 2...20 { lines.append("@v\(index) = {{v1}}") }
        lines.append("GET http://127.0.0.1:1/")
        let text = lines.joined(separator: "\n")
        let error = thrownError { () throws(WorkbenchError) in
            _ = try HTTPFileImport.load(
                "many.http", environment: nil, readFile: { _ throws(WorkbenchError) in Array(text.utf8) },
                fileExists: { $0 == "many.http" })
        }
        #expect(
            error?.message == "many.http: line 18, column 1: the file's variables expand to more than 16.0 MB in all "
                + "(the bound, passed at @v17)")
    }
}

/// `export swift`: names, parameters and the expressions of one case.
@Suite struct SwiftExportTests {
    @Test func casesAreNamedByMethodAndPathAndTakeTheirVariables() throws {
        let login = Endpoint(base: "{{base}}", path: "/v1/login", method: "POST", body: .json(#"{"p": "{{pass-word}}"}"#))
        let first = try SwiftCase(login, taken: [])
        #expect(first.declaration == "postV1Login(passWord: String)", "the base is urlRequest's argument, not a parameter")
        #expect(first.bodyExpression == #"Data("{\"p\": \"\(passWord)\"}".utf8)"#)
        let again = try SwiftCase(Endpoint(base: "http://h", path: "/v1/login", method: "POST"), taken: [first.name])
        #expect(again.name == "postV1Login2" && again.bodyExpression == "Data()")
        let root = try SwiftCase(Endpoint(base: "http://h", headers: [HeaderField(name: "X-K", value: "{{env.API_KEY}}")]), taken: [])
        #expect(root.declaration == "getRoot(API_KEY: String)")
        #expect(root.headersExpression.contains(#"(name: "X-K", value: "\(API_KEY)")"#))
        #expect(SwiftCase.identifier("class") == "class_" && SwiftCase.identifier("2x") == "_2x")
    }

    @Test func pathsAndQueriesEncodeTheirValuesAtRunTime() throws {
        var endpoint = Endpoint(base: "http://h", path: "/a b/{{id}}")
        endpoint.segments = ["x/{{id}}"]
        endpoint.query = [QueryItem(name: "q", value: "{{term}} & more"), QueryItem(name: "sig", value: "a%2Bb", isEncoded: true)]
        let swiftCase = try SwiftCase(endpoint, taken: [])
        // A variable in a `path add` segment is encoded as one segment (here it is in the path too:
        // the stricter encoding wins, which differs only for a value holding `/`).
        #expect(swiftCase.pathExpression == #""/a%20b/\(Encode.segment(id))/x%2F\(Encode.segment(id))""#)
        var plain = Endpoint(base: "http://h", path: "/files/{{name}}")
        plain.method = "DELETE"
        #expect(try SwiftCase(plain, taken: []).pathExpression == #""/files/\(Encode.path(name))""#)
        #expect(
            swiftCase.queryExpression == #"[URLQueryItem(name: "q", value: "\(term) & more"), URLQueryItem(name: "sig", value: "a+b")]"#)
        #expect(swiftCase.pattern(usedIn: swiftCase.queryExpression) == ".getABX(_, let term)")
    }

    @Test func theFileIsDeclarationsThenOptionallyAMain() throws {
        let records = [
            RequestRecord(
                endpoint: Endpoint(base: "http://h", path: "/x"), settings: Settings(),
                captures: [Capture(name: "t", source: .header("ETag"))])
        ]
        let plain = try SwiftExport.text(records: records, variables: Variables(), runnable: false)
        #expect(plain.contains("enum Endpoint {\n    case getX\n") && plain.contains("func urlRequest(baseURL: URL) -> URLRequest"))
        #expect(!plain.contains("CommandLine"))
        let runnable = try SwiftExport.text(records: records, variables: Variables(), runnable: true)
        #expect(runnable.contains("let response1 = send(.getX, to: baseURL)\nprint(\"1 GET \\(response1.status)\")"))
        #expect(runnable.contains(#"let captured_t = response1.headers["etag"] ?? """#))
    }
}

/// `Authorization: Basic USER PASSWORD` in a `.http` file, as its clients read it.
@Suite struct HTTPFileAuthTests {
    @Test func referencedPasswordsBecomeTheAuthHelperLiteralOnesAnEncodedHeader() {
        let (kept, auth) = HTTPFileParser.authHelper(in: [HeaderField(name: "Authorization", value: "Basic ana {{pw}}")])
        #expect(kept.isEmpty && auth == Auth(scheme: .basic, user: "ana", secret: "{{pw}}"))
        let (literal, none) = HTTPFileParser.authHelper(in: [HeaderField(name: "Authorization", value: "Basic ana:pw")])
        #expect(none == nil && literal == [HeaderField(name: "Authorization", value: "Basic YW5hOnB3")])
        let (digest, digestAuth) = HTTPFileParser.authHelper(in: [HeaderField(name: "Authorization", value: "Digest u {{p}}")])
        #expect(digest.isEmpty && digestAuth?.scheme == .digest)
        // Already encoded, a bearer token, or another auth kind's name: a header as written.
        for value in ["Basic YW5hOnB3", "Bearer {{t}}", "oauth2 ana pw", "OAuth2 u {{p}}", "aws-sigv4 AK sk", "apikey-header X k"] {
            let (same, noAuth) = HTTPFileParser.authHelper(in: [HeaderField(name: "Authorization", value: value)])
            #expect(noAuth == nil && same == [HeaderField(name: "Authorization", value: value)])
        }
    }

}
