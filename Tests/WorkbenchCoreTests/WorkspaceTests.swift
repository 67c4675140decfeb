import Foundation
import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// Applying commands to a workspace, the Interpreter (with an in-memory sink),
/// heredoc bodies, atomic failures, settings and the prompt.
@Suite struct WorkspaceTests {
    // MARK: - Applying commands

    @Test func commandsEditTheEndpoint() throws {
        let h = InterpreterHarness()
        try h.run(
            """
            base https://api.example.com/v2
            path /users
            path add 7 posts
            method patch
            query add a 1
            query add b 2
            query add a 3
            query set a 9
            header X-A: 1
            header add X-A: 2
            body json {"x": true}
            """)
        #expect(
            h.endpoint
                == Endpoint(
                    base: "https://api.example.com/v2", path: "/users", segments: ["7", "posts"], method: "PATCH",
                    query: [QueryItem(name: "a", value: "9"), QueryItem(name: "b", value: "2")],
                    headers: [HeaderField(name: "X-A", value: "1"), HeaderField(name: "X-A", value: "2")],
                    body: .json(#"{"x": true}"#)))

        try h.run("query rm a\nheader rm x-a\nbody clear")
        #expect(h.endpoint.query == [QueryItem(name: "b", value: "2")])
        #expect(h.endpoint.headers.isEmpty)
        #expect(h.endpoint.body == nil)

        try h.run("query clear\nheader A: 1\nheader clear")
        #expect(h.endpoint.query.isEmpty)
        #expect(h.endpoint.headers.isEmpty)
    }

    @Test func showFormsPrintState() throws {
        let h = InterpreterHarness()
        #expect(try h.printed("base") == "(no base URL: set one with `base URL`)")
        #expect(try h.printed("method") == "GET")
        #expect(try h.printed("query") == "(no query items)")
        #expect(try h.printed("header") == "(no headers; `show` lists the defaults too)")
        #expect(try h.printed("body") == "(no body)")
        #expect(try h.printed("vars") == "(no variables)")
        #expect(
            try h.printed("settings")
                == "follow   off\ntimeout  30 s\ninsecure off\ncolor    auto\nmaxbody  64.0 MB\nprint    all\npager    auto")
        #expect(
            h.failure("path")?.message
                == "no base URL: set one with `base URL` (for example `base https://api.example.com`)")

        try h.run(
            """
            base https://h.example/api/
            path users/{{id}}
            set id 7
            set --secret key abc
            query add q "a b"
            query add q2 {{key}}
            header Accept: application/json
            header add X-Many: 1
            body form a=1 b=x
            method options
            """)
        #expect(try h.printed("base") == "https://h.example/api/")
        #expect(try h.printed("path") == "https://h.example/api/users/7?q=a%20b&q2=******")
        #expect(try h.printed("method") == "OPTIONS")
        #expect(try h.printed("query") == "q=a b\nq2={{key}}")
        #expect(try h.printed("header") == "Accept: application/json\nX-Many: 1")
        #expect(try h.printed("body") == "a=1\nb=x")
        #expect(try h.printed("vars") == "id = 7\nkey = ****** (secret)")

        try h.run("body @payload.json")
        #expect(try h.printed("body") == "@payload.json (read when the request is sent)")
        try h.run("body raw {{id}} text")
        #expect(try h.printed("body") == "raw {{id}} text")
        try h.run("body json [1]")
        #expect(try h.printed("body") == "[1]")
    }

    @Test func showPrintsTheRequestExactly() throws {
        let h = InterpreterHarness(environment: ["TOKEN": "t0k"])
        try h.run(
            """
            base http://localhost:8080/api
            set --secret password s3cret
            method post
            path /login
            query add next /home
            header Authorization: Bearer {{env.TOKEN}}
            body json {"username": "ana", "password": "{{password}}"}
            """)
        #expect(
            try h.printed("show --secrets") == """
                POST /api/login?next=/home HTTP/1.1
                Host: localhost:8080
                User-Agent: workbench/\(WorkbenchVersion.current)
                Accept: */*
                Accept-Encoding: \(AcceptEncoding.supported)
                Authorization: Bearer t0k
                Content-Type: application/json
                Content-Length: 41

                {"username": "ana", "password": "s3cret"}
                """)
        // Plain `show` masks the values of secret variables wherever they appear.
        #expect(
            try h.printed("show").hasSuffix(
                """
                Content-Length: 41

                {"username": "ana", "password": "******"}
                """))
        // `show` expands, the workspace keeps what was typed.
        #expect(
            h.endpoint.headers == [HeaderField(name: "Authorization", value: "Bearer {{env.TOKEN}}", origin: h.endpoint.credentialOrigin)])
    }

    @Test func variablesAreExpandedAtShowTimeNotWhenStored() throws {
        let h = InterpreterHarness()
        try h.run("base http://h\npath /users/{{id}}")
        #expect(h.endpoint.path == "/users/{{id}}")
        #expect(h.failure("show")?.message == "undefined variable {{id}}: set it with `set id VALUE`")
        #expect(h.failure("path")?.message == "undefined variable {{id}}: set it with `set id VALUE`")
        try h.run("set id 1")
        #expect(try h.printed("path") == "http://h/users/1")
        try h.run("set id 2")
        #expect(try h.printed("path") == "http://h/users/2")
        try h.run("unset id")
        #expect(h.failure("show")?.message == "undefined variable {{id}}: set it with `set id VALUE`")
    }

    @Test func environmentIsReadFromTheContext() throws {
        let h = InterpreterHarness(environment: ["API_HOST": "env.example"])
        try h.run("base http://{{env.API_HOST}}\nheader X-Home: {{env.HOME}}")
        #expect(h.failure("show")?.message == "environment variable HOME is not set (used as {{env.HOME}})")
        try h.run("header rm X-Home")
        // `{{env.*}}` values are secrets: shown masked unless asked for.
        #expect(try h.printed("path") == "http://******/")
        #expect(try h.printed("show --secrets").contains("Host: env.example"))
    }

    @Test func secretsAreFlagged() throws {
        let h = InterpreterHarness()
        try h.run("set --secret token abc\nset user ana")
        #expect(h.workspace.variables.isSecret("token"))
        #expect(!h.workspace.variables.isSecret("user"))
        #expect(try h.printed("vars") == "token = ****** (secret)\nuser = ana")
        // Setting it again without --secret makes it an ordinary variable.
        try h.run("set token abc")
        #expect(!h.workspace.variables.isSecret("token"))
    }

    @Test func settingsCommands() throws {
        let h = InterpreterHarness()
        try h.run("follow on\ntimeout 2.5\ninsecure on\ncolor off\nmaxbody 512K")
        var expected = Settings()
        expected.followRedirects = true
        expected.timeout = 2.5
        expected.insecure = true
        expected.color = .off
        expected.maxBodyBytes = 512 * 1024
        #expect(h.workspace.settings == expected)
        #expect(
            try h.printed("settings")
                == "follow   on\ntimeout  2.5 s\ninsecure on\ncolor    never\nmaxbody  512.0 KB\nprint    all\npager    auto")
        try h.run("timeout 0\nfollow off")
        #expect(
            try h.printed("settings")
                == "follow   off\ntimeout  none\ninsecure on\ncolor    never\nmaxbody  512.0 KB\nprint    all\npager    auto")
    }

    @Test func resetKeepsBaseVariablesAndSettings() throws {
        let h = InterpreterHarness()
        try h.run(
            """
            base http://h
            set v 1
            insecure on
            method PUT
            path /p
            query add a 1
            header A: 1
            body x
            reset
            """)
        #expect(h.endpoint == Endpoint(base: "http://h"))
        #expect(h.workspace.variables.value(of: "v") == "1")
        #expect(h.workspace.settings.insecure)
    }

    @Test func helpGoesToOutput() throws {
        let h = InterpreterHarness()
        #expect(try h.printed("help") == CommandCatalog.overview())
        #expect(try h.printed("help show") == CommandCatalog.help(for: "show"))
        #expect(h.failure("help sned")?.message == "no help for unknown command 'sned': did you mean send?")
    }

    // MARK: - Sending and exiting

    @Test func sendVerbsGoThroughTheTransport() throws {
        let h = InterpreterHarness()
        try h.run(
            """
            base http://h
            send
            send > out.json
            delete /users/1
            get
            timing
            """)
        #expect(h.sentOutputFiles == [nil, "out.json", nil, nil])
        #expect(h.transport.sent.map(\.request.method) == ["GET", "GET", "DELETE", "GET"])
        #expect(h.output.lines.last?.contains("DNS lookup") == true)
        #expect(h.endpoint.method == "GET")
        #expect(h.endpoint.path == "/users/1")
    }

    @Test func getWithAFullURLSetsBaseAndPath() throws {
        let h = InterpreterHarness()
        try h.run("base https://old.example/v1\nget https://API.example.com:8443/v2/users?page=2&q=a+b")
        #expect(h.endpoint.base == "https://api.example.com:8443")
        #expect(h.endpoint.path == "/v2/users")
        // A pasted query goes out as typed.
        #expect(h.endpoint.query.isEmpty && h.endpoint.pathQuery == "page=2&q=a+b")
        #expect(try h.prepared().url == "https://api.example.com:8443/v2/users?page=2&q=a+b")

        try h.run("get http://other.example")
        #expect(h.endpoint.base == "http://other.example")
        #expect(h.endpoint.path == "")
    }

    /// Seed 1: `query add api_key ...` then `get /3/movie/popular` keeps the key; a query
    /// pasted with a path goes with that path only (DESIGN, "What a request carries").
    @Test func getPathKeepsTypedQueryUnlessItHasItsOwn() throws {
        let h = InterpreterHarness()
        try h.run("base https://api.themoviedb.org\nquery add api_key k1\nheader X-A: 1\nget /3/movie/popular")
        #expect(h.transport.sent.last?.request.target == "/3/movie/popular?api_key=k1")
        try h.run("get /3/movie/top?page=2")
        #expect(h.transport.sent.last?.request.target == "/3/movie/top?page=2&api_key=k1")
        try h.run("get /3/movie/latest")
        #expect(h.transport.sent.last?.request.target == "/3/movie/latest?api_key=k1")
        #expect(h.transport.sent.last?.request.headers.contains(HeaderField(name: "X-A", value: "1")) == true)
    }

    @Test func sendWithoutATransportIsAnErrorAndChangesNothing() throws {
        let h = InterpreterHarness(transport: false)
        try h.run("base http://h")
        let before = WorkspaceSnapshot(h.workspace)
        let error = h.failure("send")
        #expect(error?.message == "cannot start the HTTP engine (libcurl failed to initialise)")
        #expect(WorkspaceSnapshot(h.workspace) == before)
    }

    @Test func exitAndQuitEndTheSession() {
        let h = InterpreterHarness()
        #expect(h.interpreter.handle(line: "exit") == .exit)
        #expect(h.interpreter.handle(line: "quit") == .exit)
        #expect(h.interpreter.handle(line: "# comment") == .ok)
        #expect(h.interpreter.handle(line: "") == .ok)
    }

    // MARK: - Heredoc bodies

    @Test func heredocCollectsLinesVerbatim() throws {
        let h = InterpreterHarness()
        try h.run("base http://h\nmethod POST")
        #expect(h.interpreter.handle(line: "body <<END") == .ok)
        #expect(h.interpreter.isCollectingBody)
        #expect(h.interpreter.pendingTerminator == "END")
        for line in ["first line", "  # not a comment", "", "show", "it's {{name}}", "ENDING", " END x"] {
            #expect(h.interpreter.handle(line: line) == .ok)
        }
        #expect(h.endpoint.body == nil, "nothing is set before the terminator")
        #expect(h.output.lines.isEmpty, "lines inside the block are not commands")
        #expect(h.interpreter.handle(line: "  END  ") == .ok)
        #expect(!h.interpreter.isCollectingBody)
        #expect(h.interpreter.pendingTerminator == nil)
        #expect(h.endpoint.body == .text("first line\n  # not a comment\n\nshow\nit's {{name}}\nENDING\n END x"))

        try h.run("set name ana")
        #expect(try h.prepared().body == utf8Bytes("first line\n  # not a comment\n\nshow\nit's ana\nENDING\n END x"))
        // Back to commands after the block.
        #expect(try h.printed("method") == "POST")
    }

    @Test func jsonHeredocIsValidatedAndSetsContentType() throws {
        let h = InterpreterHarness()
        try h.run(
            """
            base http://h
            method POST
            set id 5
            body json <<EOF
            {
              "id": {{id}},
              "name": "ana"
            }
            EOF
            """)
        #expect(h.endpoint.body == .json("{\n  \"id\": {{id}},\n  \"name\": \"ana\"\n}"))
        let request = try h.prepared()
        #expect(request.body == utf8Bytes("{\n  \"id\": 5,\n  \"name\": \"ana\"\n}"))
        #expect(headerLines(request).suffix(2) == ["Content-Type: application/json", "Content-Length: 30"])
    }

    @Test func emptyHeredocGivesAnEmptyBody() throws {
        let h = InterpreterHarness()
        try h.run("base http://h\nbody <<X\nX")
        #expect(h.endpoint.body == .text(""))
    }

    @Test func invalidJSONHeredocIsRejectedWithLineAndColumn() throws {
        let h = InterpreterHarness()
        try h.run("base http://h\nbody previous")
        let before = WorkspaceSnapshot(h.workspace)
        try h.run("body json <<END\n{\n  \"a\": 1,\n  \"b\": ]\n}")
        let error = h.failure("END")
        let message = error?.message ?? ""
        #expect(message.hasPrefix("invalid JSON body: "))
        #expect(message.contains("at line 3, column 8"), "\(message)")
        #expect(!message.contains("\n"))
        #expect(WorkspaceSnapshot(h.workspace) == before)
        #expect(!h.interpreter.isCollectingBody, "the block is over even when it was rejected")
        #expect(try h.printed("body") == "previous")
    }

    @Test func heredocWithAMalformedReferenceIsRejected() throws {
        let h = InterpreterHarness()
        try h.run("body <<END\nhello {{name\n")
        // The text is quoted on one line: the line feed is shown as `\n`.
        #expect(h.failure("END")?.message == "unclosed '{{' in 'hello {{name\\n': close it with '}}'")
        #expect(h.endpoint.body == nil)
    }

    @Test func unterminatedHeredocAtEndOfInputIsAnError() throws {
        let h = InterpreterHarness()
        try h.run("body <<END\nline")
        #expect(h.interpreter.finishInput() == .failed(WorkbenchError("end of input inside `body <<END`: the body was not set")))
        #expect(h.endpoint.body == nil)
        #expect(!h.interpreter.isCollectingBody)
        #expect(h.interpreter.finishInput() == .ok)
    }

    @Test func cancelDropsAHalfTypedHeredoc() throws {
        let h = InterpreterHarness()
        try h.run("body <<END\nline")
        h.interpreter.cancelPendingInput()
        #expect(!h.interpreter.isCollectingBody)
        // `END` is now an ordinary command line: `end`, which closes a block only in a script.
        #expect(h.failure("END")?.message.hasPrefix("end: blocks") == true)
        #expect(h.endpoint.body == nil)
    }

    // MARK: - Errors leave the workspace unchanged

    static let setupScript = """
        base https://api.example.com/v2
        path /users
        path add 1
        method PUT
        query add a 1
        header X-A: 1
        body json {"a": 1}
        set v 1
        set --secret s 2
        follow on
        timeout 7
        """

    @Test(arguments: [
        "base ftp://x", "base http://h:0", "base 'http://a b'", "path /a#b", "path /{{", "path add",
        "method 'G T'", "query add a", "query rm nope", "query add a {{", "header Bad Name: 1", "header rm Nope",
        "header X: {{bad name}}", "body json {\"a\": }", "body @", "body form", "set 1x y", "unset nope",
        "follow maybe", "timeout -5", "color blue", "sned", "show extra", "help nope", "get /a#b",
        "post http://h:0/x", "patch https://[::1/x", "show", "path",
        "capture t status", "expect status 200", "replay", "replay 2", "save", "restore", "load missing.json",
        "capture", "expect nothing", "load",
    ])
    func errorsLeaveTheWorkspaceUnchanged(line: String) throws {
        let h = InterpreterHarness()
        try h.run(Self.setupScript)
        // `show` and `path` fail here because of an undefined variable.
        try h.run("query add u {{undefined}}")
        let before = WorkspaceSnapshot(h.workspace)
        let error = h.failure(line)
        #expect(error != nil)
        #expect(error?.message.isEmpty == false)
        #expect(error?.message.contains("\n") == false, "an error is one line: \(error?.message ?? "")")
        #expect(WorkspaceSnapshot(h.workspace) == before)
        #expect(h.transport.sent.isEmpty)
        #expect(h.output.lines.isEmpty)
    }

    @Test func sessionCommandsWithNothingToWorkOn() throws {
        let h = InterpreterHarness()
        #expect(try h.printed("history") == "(no requests sent yet)")
        #expect(h.failure("capture t status")?.message == "no response yet: `send` a request first")
        #expect(h.failure("expect status 200")?.message == "no response yet: `send` a request first")
        #expect(h.failure("replay all")?.message == "nothing to replay: no request has been sent yet")
        #expect(h.failure("save")?.message == "no session file yet: use `save FILE`")
        #expect(h.failure("restore")?.message == "nothing to restore: no autosaved session yet")
        #expect(h.failure("load missing.json")?.message == "cannot read 'missing.json': No such file or directory")
        #expect(h.transport.sent.isEmpty)
    }

    @Test func saveAndLoadKeepTheEndpointAsTyped() throws {
        let path = "/nonexistent-workbench-unit-tests/session.json"
        let h = InterpreterHarness()
        try h.run(
            """
            base https://api.example.com/v2
            path /users/{{id}}
            path add posts
            method PATCH
            query add updateMask.fieldPaths a
            query add updateMask.fieldPaths b
            header Authorization: Bearer {{token}}
            body json {"id": {{id}}}
            set id 7
            set --secret token hunter2
            timeout 5
            """)
        let saved = h.endpoint
        try h.run("save \(path)")
        let file = String(decoding: h.files.contents[path] ?? [], as: UTF8.self)
        #expect(file.contains("{{token}}"))
        #expect(!file.contains("hunter2"), "a secret value is never saved")

        try h.run("reset\nbase http://other\ntimeout 9")
        try h.run("load \(path)")
        #expect(h.endpoint == saved)
        #expect(h.workspace.variables.value(of: "id") == "7")
        #expect(h.workspace.settings.timeout == 5)
    }

    @Test func failedSendVerbDoesNotChangeTheMethod() throws {
        let h = InterpreterHarness()
        try h.run("base http://h\npath /keep")
        #expect(
            h.failure("post http://h:0/x")?.message
                == "invalid port '0' in base URL 'http://h:0': use a number from 1 to 65535")
        #expect(h.endpoint.method == "GET")
        #expect(h.endpoint.path == "/keep")
        #expect(h.endpoint.base == "http://h")
    }

    @Test func applyIsAtomic() {
        var workspace = Workspace()
        workspace.endpoint.base = "http://h"
        let before = WorkspaceSnapshot(workspace)
        let context = CommandContext(
            environment: [:],
            readFile: { path throws(WorkbenchError) in
                throw WorkbenchError("no file \(path)")
            })
        #expect(
            thrownError { () throws(WorkbenchError) in
                try workspace.apply(.send(method: "POST", path: "/a#b", output: nil), context: context)
            }?
            .message == "path '/a#b' has a fragment ('#b'): fragments are never sent to the server")
        #expect(WorkspaceSnapshot(workspace) == before)
        #expect(
            thrownError { () throws(WorkbenchError) in try workspace.apply(.queryRemove("x"), context: context) }?
                .message == "no query item named 'x'")
        #expect(
            thrownError { () throws(WorkbenchError) in try workspace.apply(.headerRemove("X"), context: context) }?
                .message == "no header named 'X'")
        #expect(
            thrownError { () throws(WorkbenchError) in try workspace.apply(.unset("x"), context: context) }?
                .message == "no variable named 'x'")
        #expect(WorkspaceSnapshot(workspace) == before)
        #expect((try? workspace.apply(.method("PUT"), context: context)) == .done)
        #expect(workspace.endpoint.method == "PUT")
    }

    // MARK: - Prompt

    @Test func promptShowsMethodAndURL() throws {
        let h = InterpreterHarness()
        #expect(Prompt.text(for: h.workspace, environment: [:]) == "GET (no base)> ")
        try h.run("base http://api.example.com/v2\npath users")
        #expect(Prompt.text(for: h.workspace, environment: [:]) == "GET http://api.example.com/v2/users> ")
        try h.run("base http://api.example.com\nmethod patch\ninsecure on")
        #expect(Prompt.text(for: h.workspace, environment: [:], width: 120) == "[insecure] PATCH http://api.example.com/users> ")
    }

    /// The prompt keeps the scheme, so the user can see whether the request is encrypted.
    @Test func promptKeepsTheScheme() throws {
        let h = InterpreterHarness()
        try h.run("base https://api.example.com/v2\npath /users")
        #expect(Prompt.text(for: h.workspace, environment: [:]) == "GET https://api.example.com/v2/users> ")
    }

    /// A body shows in the prompt, marked when the method leaves it out.
    @Test func promptShowsTheBody() throws {
        let h = InterpreterHarness()
        try h.run("base https://h\nmethod post\nbody json {\"a\": 1}")
        #expect(Prompt.text(for: h.workspace, environment: [:]) == "POST https://h/ [json 8 bytes]> ")
        try h.run("method get")
        #expect(Prompt.text(for: h.workspace, environment: [:]) == "GET https://h/ [json 8 bytes, not sent]> ")
    }

    /// Secrets are masked in the prompt, `{{env.*}}` values included.
    @Test func promptMasksSecrets() throws {
        let h = InterpreterHarness(environment: ["K": "envsecret"])
        try h.run("base https://h\nset --secret key s3cr3tvalue\npath /a/{{key}}\nquery add k {{env.K}}")
        let prompt = Prompt.text(for: h.workspace, environment: ["K": "envsecret"], width: 200)
        #expect(prompt == "GET https://h/a/******?k=******> ")
    }

    @Test func promptShowsWhatWasTypedWhenVariablesAreMissing() throws {
        let h = InterpreterHarness()
        try h.run("base {{host}}\npath users\npath add {{id}}")
        #expect(Prompt.text(for: h.workspace, environment: [:]) == "GET {{host}}/users/{{id}}> ")
        try h.run("set host http://h.example\nset id 9")
        #expect(Prompt.text(for: h.workspace, environment: [:]) == "GET http://h.example/users/9> ")
    }

    @Test func promptUsesTheEnvironmentItIsGiven() throws {
        let h = InterpreterHarness()
        try h.run("base http://{{env.HOST}}")
        // An environment value is a secret: the host it gives is masked.
        #expect(Prompt.text(for: h.workspace, environment: ["HOST": "e.example"]) == "GET http://******/> ")
        // Unresolved, the base is shown as typed.
        #expect(Prompt.text(for: h.workspace, environment: [:]) == "GET http://{{env.HOST}}> ")
    }

    @Test func longURLsAreShortenedInTheMiddle() throws {
        let h = InterpreterHarness()
        try h.run("base http://api.example.com/v2\npath /organisations/acme/projects/workbench/issues/12345")
        // 80 columns: 80 - "GET ".count - "> ".count - 20 for typing = 54 for the URL; the host stays whole.
        let prompt = Prompt.text(for: h.workspace, environment: [:])
        #expect(prompt == "GET http://api.example.com/v2/…/workbench/issues/12345> ")
        #expect(
            Prompt.text(for: h.workspace, environment: [:], width: 200)
                == "GET http://api.example.com/v2/organisations/acme/projects/workbench/issues/12345> ")
        // However narrow the terminal, the scheme and host stay and the end of the path shows.
        #expect(Prompt.text(for: h.workspace, environment: [:], width: 10) == "GET http://api.example.com/…> ")
    }

    @Test func shorten() {
        #expect(Prompt.shorten("http://h/abcdef", to: 15) == "http://h/abcdef")
        #expect(Prompt.shorten("http://h/a/b/c/d?x=1", to: 16) == "http://h/a/…/d?…")
        #expect(Prompt.shorten("http://h/a/b?x=1&y=2", to: 14) == "http://h/a/b?…")
        #expect(Prompt.shorten("http://h/abcdefghij", to: 14) == "http://h/…ghij")
        #expect(Prompt.shorten("http://h/a/bcdefghij", to: 14) == "http://h/…/…ij")
        #expect(Prompt.shorten("http://h/abcdefghij", to: 12) == "http://h/…")
    }

    @Test func aCheckAfterAFailedSendNamesTheFailure() throws {
        let h = InterpreterHarness()
        try h.run("base http://h\nget /ok")
        h.transport.responses = [.failure(WorkbenchError("empty reply from server"))]
        #expect(h.failure("get /broken") != nil)
        let failure = h.failure("expect status 200")
        #expect(failure?.message == "the last send failed (empty reply from server): there is no response to check; send again first")
        #expect(h.workspace.history[0].expectations.isEmpty, "nothing recorded on the older request")
        try h.run("get /ok")
        try h.run("expect status 200")
    }

    @Test func quittingSaysHowToGetUnsavedRequestsBack() throws {
        let h = InterpreterHarness()
        #expect(h.workspace.quitHint(autosaved: true) == nil)
        try h.run("base http://h\nget /a\nget /b")
        #expect(
            h.workspace.quitHint(autosaved: true)
                == "(2 requests were not saved: `workbench --restore` brings them back, or `restore` in the next run)")
        try h.run("save s.json")
        #expect(h.workspace.quitHint(autosaved: true) == nil)
        try h.run("get /c")
        #expect(h.workspace.quitHint(autosaved: false) == "(1 request was not saved, and this run keeps no autosave)")
    }

    @Test func exportsAndSendsNeverReplaceTheSessionBeingWorkedOn() throws {
        let folder = ScratchFiles.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let h = InterpreterHarness()
        try h.run("base http://127.0.0.1:9")
        h.transport.responses = [
            .success(HTTPResponse(statusLine: "HTTP/1.1 200 OK", statusCode: 200, headers: [], body: Array("ok".utf8)))
        ]
        try h.run("get /a")
        let session = folder + "/s.json"
        ScratchFiles.write("{}", to: session)
        h.interpreter.workspace.sessionFile = session
        let before = WorkspaceSnapshot(h.workspace)
        for line in [
            "export curl --session > \(session)", "export har > \(folder)/../\(folder.split(separator: "/").last ?? "")/s.json",
            "send > \(session)", "last > \(session)",
        ] {
            let message = h.failure(line)?.message ?? ""
            #expect(message.contains("': it is the session being worked on"), "\(line): \(message)")
        }
        #expect(WorkspaceSnapshot(h.workspace) == before)
        #expect((try? String(contentsOfFile: session, encoding: .utf8)) == "{}")
        #expect(h.transport.sent.count == 1)
    }

    @Test func promptKeepsHostAndPathAndShortensTheQueryFirst() throws {
        let h = InterpreterHarness()
        try h.run("base http://127.0.0.1:43210\npath /api/character/1?name=rick&status=alive&page=2&sort=name")
        let wide = Prompt.text(for: h.workspace, environment: [:], width: 120)
        #expect(wide == "GET http://127.0.0.1:43210/api/character/1?name=rick&status=alive&page=2&sort=name> ")
        let narrow = Prompt.text(for: h.workspace, environment: [:], width: 60)
        #expect(narrow == "GET http://127.0.0.1:43210/api/…/1?…> ")
        try h.run("path /" + (0..<20).map { "segment\($0)" }.joined(separator: "/") + "?a=1")
        for width in [60, 120] {
            let prompt = Prompt.text(for: h.workspace, environment: [:], width: width)
            #expect(prompt.count < width, "\(prompt)")
            #expect(
                prompt.hasPrefix(width == 120 ? "GET http://127.0.0.1:43210/segment0/…/" : "GET http://127.0.0.1:43210/…/"),
                "\(prompt)")
            #expect(prompt.hasSuffix("/segment19?…> "), "\(prompt)")
        }
    }
}
