import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// `import curl`: bash's quoting as pasted, and curl's options mapped onto an Endpoint.
@Suite struct CurlImportTests {
    func words(_ text: String) throws(WorkbenchError) -> [String] {
        try ShellWords.split(text, dialect: .bash).map(\.text)
    }

    func imported(_ command: String, files: [String: [UInt8]] = [:]) throws(WorkbenchError) -> CurlImport {
        var all = try words(command)
        if all.first == "curl" { all.removeFirst() }
        return try CurlImport.parse(
            all,
            readFile: { path throws(WorkbenchError) in
                guard let bytes = files[path] else { throw WorkbenchError("cannot read \(path)") }
                return bytes
            })
    }

    func prepared(_ imported: CurlImport) throws(WorkbenchError) -> PreparedRequest {
        try imported.endpoint.prepare(in: VariableScope(variables: Variables(), environment: [:]))
    }

    // MARK: - bash words

    @Test func bashQuotingAsBrowsersWriteIt() throws {
        #expect(try words("curl 'a b' \"c \\\"d\\\"\" e\\ f") == ["curl", "a b", "c \"d\"", "e f"])
        #expect(try words("curl $'it\\'s\\n\\t\\x41\\u00e9\\101' x") == ["curl", "it's\n\tAé" + "A", "x"])
        #expect(try words("curl \\\n  -H 'A: 1' \\\r\n  http://h") == ["curl", "-H", "A: 1", "http://h"])
        #expect(try words("curl 'http://h' # a comment\n") == ["curl", "http://h"])
        #expect(try words("a\"b\"'c'$'d'") == ["abcd"])
    }

    @Test func unbalancedQuotesNameTheLineAndColumn() {
        let error = thrownError { () throws(WorkbenchError) in try ShellWords.split("curl \\\n -H 'A: 1", dialect: .bash) }
        #expect(error?.message == "unterminated single quote at line 2, column 5")
        #expect(
            thrownError { () throws(WorkbenchError) in try ShellWords.split("curl $'abc", dialect: .bash) }?
                .message == "unterminated $'...' quote at column 6")
    }

    @Test func theCommandLanguageDoesNotReadDollarQuotes() throws {
        #expect(try ShellWords.split("set a $'b'").map(\.text) == ["set", "a", "$b"])
    }

    // MARK: - options

    @Test func aBrowsersCopyAsCurl() throws {
        let result = try imported(
            """
            curl 'https://api.example.test/v1/items?sig=a%2Bb&x=1+2' \\
              -H 'accept: application/json' \\
              -H 'content-type: application/json' \\
              -H $'x-note: it\\'s' \\
              --data-raw '{"name":"ana"}' \\
              --compressed
            """)
        #expect(result.warnings.isEmpty)
        let endpoint = result.endpoint
        #expect(endpoint.base == "https://api.example.test" && endpoint.method == "POST")
        #expect(endpoint.body == .json("{\"name\":\"ana\"}"))
        let request = try prepared(result)
        #expect(request.target == "/v1/items?sig=a%2Bb&x=1+2", "a pasted query goes out byte for byte")
        #expect(headerLines(request).contains("x-note: it's"))
    }

    @Test func dataDefaultsToAFormPostAndJoinsWithAmpersands() throws {
        let result = try imported("curl http://h/login -d user=ana -d 'pw=a b' --data-urlencode 'note=x&y z'")
        let request = try prepared(result)
        #expect(request.method == "POST")
        #expect(String(decoding: request.body, as: UTF8.self) == "user=ana&pw=a b&note=x%26y+z")
        #expect(headerLines(request).contains("Content-Type: application/x-www-form-urlencoded"))
    }

    @Test func getMovesDataIntoTheQuery() throws {
        let request = try prepared(try imported("curl -G https://h/search -d q=1 --data-urlencode 'n=a b'"))
        #expect(request.method == "GET" && request.target == "/search?q=1&n=a+b" && request.body.isEmpty)
    }

    @Test func clustersAttachedValuesAndFlags() throws {
        let result = try imported("curl -sSLkXPUT -HX-A:1 -m 5 http://h/x -A agent -e 'http://ref/;auto' -b 'a=1; b=2'")
        #expect(result.followRedirects == true && result.insecure == true && result.timeout == 5)
        #expect(result.endpoint.method == "PUT")
        #expect(
            result.endpoint.headers == [
                HeaderField(name: "X-A", value: "1"), HeaderField(name: "User-Agent", value: "agent"),
                HeaderField(name: "Referer", value: "http://ref/"), HeaderField(name: "Cookie", value: "a=1; b=2", origin: "http://h"),
            ], "a credential belongs to the URL's origin")
    }

    @Test func userAndURLCredentialsBecomeBasicAuth() throws {
        // `auth basic` as typed, bound to the URL's origin; the same header on the wire.
        let fromOption = try imported("curl -u ana:s3cret http://h/")
        #expect(fromOption.endpoint.auth == Auth(scheme: .basic, user: "ana", secret: "s3cret", origin: "http://h"))
        #expect(headerLines(try prepared(fromOption)).contains("Authorization: Basic YW5hOnMzY3JldA=="))
        let fromURL = try imported("curl https://ana:s3cret@h.test/x")
        #expect(fromURL.endpoint.base == "https://h.test")
        #expect(fromURL.endpoint.auth == Auth(scheme: .basic, user: "ana", secret: "s3cret", origin: "https://h.test"))
        #expect(headerLines(try prepared(fromURL)).contains("Authorization: Basic YW5hOnMzY3JldA=="))
        // `-u KEY:`: the key is the user, as `auth basic KEY:`.
        #expect(try imported("curl -u sk_test_1: http://h/").endpoint.auth?.keyIsTheUser == true)
        #expect(try imported("curl -u ana http://h/").warnings.first?.contains("without a password") == true)
    }

    @Test func headerRemovalAndEmptyValuesFollowCurl() throws {
        let result = try imported("curl http://h/ -H 'Accept:' -H 'X-Empty;' -H 'User-Agent:'")
        #expect(result.endpoint.omittedDefaults == ["Accept", "User-Agent"])
        #expect(result.endpoint.headers == [HeaderField(name: "X-Empty", value: "")])
    }

    /// `curl -X POST URL` hands libcurl no data, so it sends no `Content-Length`; `-d ''` sends
    /// `Content-Length: 0` (issue 38: 23 of 27 doc commands that differed from curl).
    @Test(arguments: [
        ("curl -X POST http://h/x", false), ("curl -X PUT http://h/x", false), ("curl -X PATCH -G -d a=1 http://h/x", false),
        ("curl -X POST -d '' http://h/x", true), ("curl -d a=1 http://h/x", true), ("curl -X DELETE http://h/x", false),
    ])
    func postWithoutDataSendsNoLengthAsCurl(command: String, announces: Bool) throws {
        let request = try prepared(try imported(command))
        #expect(request.headers.contains(name: "Content-Length") == announces)
        #expect(request.announcesBody == announces)
        #expect(CurlTransport.sendsBody(request) == announces)
    }

    @Test func formFieldsBecomeAMultipartBody() throws {
        let result = try imported(
            "curl -F name=ana -F 'photo=@me.png;type=image/png' -F note='<n.txt' --form-string 'raw=@kept' http://h/up",
            files: ["n.txt": Array("from a file".utf8)])
        #expect(result.endpoint.method == "POST")
        #expect(
            result.endpoint.body
                == .multipart([
                    MultipartPart(name: "name", value: "ana"),
                    MultipartPart(name: "photo", value: "me.png", isFile: true, contentType: "image/png"),
                    MultipartPart(name: "note", value: "from a file"),
                    MultipartPart(name: "raw", value: "@kept"),
                ]))
        #expect(
            thrownError { () throws(WorkbenchError) in _ = try imported("curl -F a=1 -d b=2 http://h/") }?
                .message.hasPrefix("curl: -F with -d") == true)
    }

    @Test func headAndJSONAndFiles() throws {
        #expect(try imported("curl -I http://h/").endpoint.method == "HEAD")
        let json = try imported("curl --json '{\"a\": 1}' http://h/")
        #expect(json.endpoint.method == "POST" && json.endpoint.body == .json("{\"a\": 1}"))
        #expect(json.endpoint.headers == [HeaderField(name: "Accept", value: "application/json")])
        let file = try imported("curl --data-binary @payload.bin -H 'Content-Type: application/octet-stream' http://h/")
        #expect(file.endpoint.body == .file("payload.bin"))
        let encoded = try imported("curl --data-urlencode msg@note.txt http://h/", files: ["note.txt": Array("a&b".utf8)])
        #expect(encoded.endpoint.body == .text("msg=a%26b"))
    }

    @Test func unknownOptionsAreNamedAndTheRestImported() throws {
        let result = try imported("curl --frobnicate -b cookies.txt http://h/a http://h/b")
        #expect(result.endpoint.path == "/a")
        #expect(result.warnings.contains { $0.contains("--frobnicate") })
        #expect(result.warnings.contains { $0.contains("cookie file") })
        #expect(result.warnings.contains { $0.contains("only the first URL") })
    }

    @Test func badCommandsAreOneClearError() {
        for (command, message) in [
            ("curl -H", "curl: -H needs a value"),
            ("curl -X POST", "curl: no URL in the command"),
            ("curl -H 'no colon' http://h/", "curl: -H 'no colon' is not a header (expected NAME: VALUE)"),
            ("curl ftp://h/", "unsupported scheme 'ftp' in base URL 'ftp://h': use http or https"),
        ] {
            let error = thrownError { () throws(WorkbenchError) in _ = try imported(command) }
            #expect(error?.message == message, "\(command)")
        }
    }

    // MARK: - files and the REPL

    @Test func aFileOfCommandsKeepsLineNumbers() throws {
        let text = "# saved\ncurl http://h/a \\\n  -H 'X: 1'\n\n$ curl -X DELETE http://h/b\n"
        let commands = try CurlImport.commands(in: text)
        #expect(commands.map(\.line) == [2, 5])
        #expect(commands[1].words == ["-X", "DELETE", "http://h/b"])
        let error = thrownError { () throws(WorkbenchError) in try CurlImport.commands(in: "curl http://h/\nwget http://h/\n") }
        #expect(error?.message == "line 2: expected a curl command, got 'wget'")
    }

    @Test func importInTheInterpreterReplacesTheRequestAndGoesOnOverLines() throws {
        let h = InterpreterHarness()
        try h.run("base http://old.example\nheader X-Old: 1")
        try h.run("import curl -X POST \\")
        #expect(h.interpreter.pendingTerminator == "...")
        try h.run("  'http://new.example/p' -H 'X-New: 2' -L")
        #expect(h.endpoint.base == "http://new.example" && h.endpoint.method == "POST")
        #expect(h.endpoint.headers == [HeaderField(name: "X-New", value: "2")])
        #expect(h.workspace.settings.followRedirects)
        #expect(h.output.lines.last?.hasPrefix("imported POST http://new.example/p: 1 header") == true)
        let before = WorkspaceSnapshot(h.workspace)
        #expect(h.failure("import curl -H 'X: 1'")?.message == "curl: no URL in the command")
        #expect(WorkspaceSnapshot(h.workspace) == before)
    }

    @Test func importFileAddsUnsentRequestsToTheHistory() throws {
        let h = InterpreterHarness(files: ["cmds.sh": Array("curl http://h/a\ncurl -X PUT http://h/b -d x\n".utf8)])
        try h.run("import cmds.sh")
        #expect(h.workspace.history.count == 2 && h.workspace.history.allSatisfy { $0.response == nil })
        #expect(h.endpoint.method == "PUT")
        // A command that cannot be read is left out, named by its line; the rest imports.
        let mixed = InterpreterHarness(files: ["mixed.sh": Array("curl http://h/a\ncurl -H\n".utf8)])
        try mixed.run("import mixed.sh")
        #expect(mixed.workspace.history.count == 1)
        #expect(mixed.output.lines.joined(separator: "\n").contains("warning: mixed.sh: line 2: skipped: curl: -H needs a value"))
        // Refused only when nothing in it can be read.
        let bad = InterpreterHarness(files: ["bad.sh": Array("curl -H\n".utf8)])
        #expect(bad.failure("import bad.sh")?.message == "bad.sh: line 1: curl: -H needs a value")
        #expect(bad.workspace.history.isEmpty, "nothing half-imported")
    }

    @Test func curlImportNamesConfigFilesAndWarnsAboutOutputFiles() throws {
        let noFiles: (String) throws(WorkbenchError) -> [UInt8] = { path throws(WorkbenchError) in throw WorkbenchError("no \(path)") }
        let error = thrownError { () throws(WorkbenchError) in _ = try CurlImport.parse(["-K", "cfg.txt"], readFile: noFiles) }
        #expect(
            error?.message == "curl: -K 'cfg.txt' reads more options from a file, which the import does not: put them on the command line")
        #expect(
            thrownError { () throws(WorkbenchError) in _ = try CurlImport.parse(["--config", "c", "http://h/"], readFile: noFiles) } != nil)
        let imported = try CurlImport.parse(["-o", "out.bin", "-O", "http://h/x"], readFile: noFiles)
        #expect(
            imported.warnings == [
                "-o 'out.bin': the response is shown, not written to a file (`send > FILE` writes it)",
                "-O: the response is shown, not written to a file (`send > FILE` writes it)",
            ])
    }
}
