import Foundation
import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// `FileImport`: HAR and Postman in, HAR out, and the `.http` dialects' variables, read
/// directly (the wire is in Tests/EndToEnd/test_formats_*.py).
@Suite struct FileImportTests {
    func importing(_ text: String) throws(WorkbenchError) -> FileImport {
        try FileImport.read(
            text, named: "f.json", settings: Settings(),
            readFile: { path throws(WorkbenchError) in
                throw WorkbenchError("cannot read \(path)")
            })
    }

    func http(_ text: String, overrides: Set<String> = []) throws(WorkbenchError) -> HTTPFileImport {
        try HTTPFileImport.read(
            text, file: "api.http", environment: nil, overrides: overrides,
            readFile: { path throws(WorkbenchError) in
                throw WorkbenchError("cannot read \(path)")
            }, fileExists: { _ in false })
    }

    // MARK: - HAR

    @Test func harEntriesBecomeRecordsWithRecordings() throws {
        let imported = try importing(
            """
            {"log": {"version": "1.2", "entries": [{
              "request": {"method": "post", "url": "http://h.test:8080/a?x=%zz&y",
                          "headers": [{"name": ":path", "value": "/a"}, {"name": "Host", "value": "h.test:8080"},
                                      {"name": "User-Agent", "value": "workbench/\(WorkbenchVersion.current)"},
                                      {"name": "X-A", "value": "{{1}}"}, {"name": "Content-Length", "value": "2"}],
                          "postData": {"mimeType": "application/json", "text": "{}"}},
              "response": {"status": 201, "statusText": "Created", "httpVersion": "h2",
                           "headers": [{"name": "Set-Cookie", "value": "s=1"}],
                           "content": {"size": 2, "text": "aGk=", "encoding": "base64"}},
              "time": 7.5}]}}
            """)
        #expect(imported.kind == "a HAR log")
        let record = try #require(imported.records.first)
        #expect(record.endpoint.method == "POST" && record.endpoint.base == "http://h.test:8080")
        #expect(record.endpoint.path == "/a" && record.endpoint.pathQuery == "x=%zz&y")
        // The default User-Agent is left to the workbench; Accept and Accept-Encoding the log lacks are left out.
        #expect(record.endpoint.headers == [HeaderField(name: "X-A", value: "{{open_braces}}1}}")])
        #expect(record.endpoint.omittedDefaults == ["Accept", "Accept-Encoding"])
        #expect(record.endpoint.body == .json("{}"))
        #expect(imported.variables == [FileImport.Variable(name: "open_braces", value: "{{")])
        let response = try #require(record.response)
        #expect(response.statusLine == "HTTP/2 201 Created" && response.body == "hi" && response.elapsedMilliseconds == 7.5)
        #expect(response.headers == [HeaderField(name: "Set-Cookie", value: Variables.mask)])
    }

    @Test func harExportIsALogOfTheExchanges() throws {
        var endpoint = Endpoint()
        _ = try endpoint.setURL("http://h.test/p?q=a%20b")
        endpoint.headers = [HeaderField(name: "X-Key", value: "{{key}}")]
        var variables = Variables()
        variables.set("key", to: "s3cret-value", secret: true)
        let response = RecordedResponse(
            statusLine: "HTTP/1.1 200 OK", statusCode: 200,
            headers: [HeaderField(name: "Content-Type", value: "text/plain")],
            body: "echo s3cret-value", bodySize: 17, elapsedMilliseconds: 12)
        let text = try HARExport.text(
            records: [RequestRecord(endpoint: endpoint, settings: Settings(), response: response)],
            variables: variables, scope: VariableScope(variables: variables),
            readFile: { path throws(WorkbenchError) in throw WorkbenchError(path) })
        #expect(!text.contains("s3cret-value"))
        let log = try JSONParser.parse(text)
        let entry = try #require(log["log"]?["entries"]?.items.first)
        #expect(entry["request"]?["url"] == .string("http://h.test/p?q=a%20b"))
        #expect(
            entry["request"]?["queryString"]
                == .array([
                    .object([
                        JSONMember(key: "name", value: .string("q")),
                        JSONMember(key: "value", value: .string("a b")),
                    ])
                ]))
        #expect(entry["time"] == .number("12") && entry["timings"]?["wait"] == .number("12"))
        #expect(entry["response"]?["content"]?["text"] == .string("echo ******"))
    }

    // MARK: - Postman

    @Test func postmanAuthIsInheritedAndVariablesScoped() throws {
        let imported = try importing(
            """
            {"info": {"name": "c", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
             "variable": [{"key": "base", "value": "http://h.test"}, {"key": "my var", "value": "1"}],
             "auth": {"type": "bearer", "bearer": [{"key": "token", "value": "tok"}]},
             "item": [
               {"name": "F", "variable": [{"key": "base", "value": "http://f.test"}],
                "auth": {"type": "noauth"},
                "item": [{"name": "a", "request": {"method": "GET", "url": "{{base}}/a?x={{my var}}"}}]},
               {"name": "b", "request": {"method": "GET", "url": "{{base}}/b"}}
             ]}
            """)
        #expect(imported.kind == "a Postman collection v2.1")
        #expect(imported.records.map { $0.endpoint.base } == ["http://f.test", "{{base}}"])
        #expect(imported.records[0].endpoint.auths.isEmpty)
        #expect(imported.records[0].endpoint.pathQuery == "x={{my_var}}")
        // The token as the file has it: `import` keeps it as a secret, as it keeps every import's (SecretDeclarationTests).
        #expect(imported.records[1].endpoint.auth == Auth(scheme: .bearer, user: "", secret: "tok", origin: "{{base}}"))
        #expect(!imported.variables.contains { $0.isSecret })
        #expect(imported.variables.contains(FileImport.Variable(name: "my_var", value: "1")))
        #expect(imported.warnings == ["f.json: variable 'my var' is {{my_var}} here (a workbench name has letters, digits, _ - .)"])
    }

    @Test func postmanEnvironmentIsVariables() throws {
        let imported = try importing(
            """
            {"name": "dev", "_postman_variable_scope": "environment",
             "values": [{"key": "a", "value": "1", "enabled": true}, {"key": "s", "value": "x", "type": "secret"},
                        {"key": "off", "value": "0", "enabled": false}]}
            """)
        #expect(imported.records.isEmpty && imported.kind == "a Postman environment")
        #expect(
            imported.variables == [FileImport.Variable(name: "a", value: "1"), FileImport.Variable(name: "s", value: "x", isSecret: true)])
    }

    // MARK: - .http variables

    @Test func variablesApplyByPositionAndOverridesStayReferences() throws {
        let imported = try http(
            """
            @h = http://a.test
            @fixed = 1
            GET {{h}}/x?f={{fixed}}

            ###
            @h = http://b.test
            GET {{h}}/y?t={{TOKEN}}
            """, overrides: ["TOKEN"])
        let requests = imported.document.requests
        #expect(requests.map(\.endpoint.base) == ["http://a.test", "http://b.test"])
        #expect(requests[0].endpoint.pathQuery == "f={{fixed}}" && requests[1].endpoint.pathQuery == "t={{TOKEN}}")
        #expect(imported.document.variables == ["fixed": "1"])
    }

    @Test func anOverrideWinsOverTheFilesDefinition() throws {
        let imported = try http("@HOST = http://file.test\n@base = {{HOST}}/api\nGET {{base}}/x\n", overrides: ["HOST"])
        #expect(imported.document.requests[0].endpoint.base == "{{HOST}}")
        #expect(imported.document.requests[0].endpoint.path == "/api/x")
    }

    @Test(arguments: ["$uuid", "$random.uuid", "$timestamp -1 d", "$isoTimestamp", "$randomInt 1 9", "$datetime iso8601"])
    func dynamicValuesStayReferencesMadeAtEachSend(name: String) throws {
        let imported = try http("GET http://h.test/a?v={{\(name)}}\n")
        #expect(imported.document.requests[0].endpoint.pathQuery == "v={{\(name)}}")
    }

    @Test func requestLineWordsKeepReferencesWhole() {
        #expect(
            HTTPFileParser.words(of: "GET http://h/{{$random.integer(1, 9)}} HTTP/1.1")
                == ["GET", "http://h/{{$random.integer(1, 9)}}", "HTTP/1.1"])
    }

    /// `<@ FILE` (JetBrains, REST Client) is a body whose {{variables}} are expanded when sent;
    /// `< FILE` is sent as it is. Both name the file from the `.http` file's folder, and the
    /// kind survives a save and load.
    @Test func fileBodiesAreReadFromTheFilesFolderAndAtSignExpands() throws {
        let text = "POST http://h/a\n\n<@ ./body.json\n\n###\nPOST http://h/b\n\n< raw.bin\n\n###\nPOST http://h/c\n\n< /abs/c.txt\n"
        let imported = try HTTPFileImport.read(
            text, file: "api/v.http", environment: nil,
            readFile: { path throws(WorkbenchError) in throw WorkbenchError("cannot read \(path)") }, fileExists: { _ in false })
        #expect(
            imported.document.requests.map(\.endpoint.body) == [.templateFile("api/body.json"), .file("api/raw.bin"), .file("/abs/c.txt")])
        #expect(try http("POST http://h/a\n\n<@ b.json\n").document.requests[0].endpoint.body == .templateFile("b.json"))
        let saved = SessionEncoding.encode(imported.document)
        let reloaded = try SessionDecoding.decode(saved, file: "saved.json")
        #expect(reloaded.requests.map(\.endpoint.body) == imported.document.requests.map(\.endpoint.body))
        #expect(try HTTPFileExport.text(records: reloaded.requests, variables: Variables()).contains("\n<@ api/body.json\n"))
    }

    /// httpyac's `# @loop`: no repeat of the workbench's maps it, so the request imports once with
    /// one warning, `{{$index}}` as 0 (the first pass). Before, `{{$index}}` skipped the request.
    @Test func aLoopImportsOnceWithAWarning() throws {
        let imported = try http("# @loop for 4\nGET http://h/anything?item={{$index}}\n\n###\n# @loop for x of list\nGET http://h/b\n")
        #expect(imported.document.requests.map(\.endpoint.pathQuery) == ["item=0", nil])
        #expect(
            imported.notes == [
                "api.http:1: `# @loop for 4` not repeated: the request is imported once, {{$index}} as 0",
                "api.http:5: `# @loop for x of list` not repeated: the request is imported once",
            ])
    }

    /// httpyac's environments as `.env` files (`dev.env`, `env/.env.dev`, shared `env/.env`):
    /// `--env dev` names them when no http-client.env.json is there. Before, `--env dev` was
    /// refused for want of http-client.env.json and `env/.env` was not read.
    @Test func httpyacDotenvEnvironmentsAreRead() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("dotenv-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/api/env", withIntermediateDirectories: true)
        try "system=shared\nregion=eu\n".write(toFile: root + "/api/env/.env", atomically: true, encoding: .utf8)
        try "system=devsystem\n".write(toFile: root + "/api/env/dev.env", atomically: true, encoding: .utf8)
        let text = "GET http://h/x?q={{system}}&r={{region}}\n"
        func load(_ environment: String?) throws -> HTTPFileImport {
            try HTTPFileImport.read(
                text, file: root + "/api/v.http", environment: environment,
                readFile: { path throws(WorkbenchError) in try FileSystem.read(path) })
        }
        #expect(try load("dev").secrets == ["system": "devsystem", "region": "eu"])
        #expect(try load(nil).secrets == ["system": "shared", "region": "eu"])
        #expect(throws: WorkbenchError.self) { try load("prod") }
    }

    @Test func httpFileSeedsSaveAndLoadAsTheSameSession() throws {
        var read = 0
        for (name, bytes) in try FuzzCorpus.seeds("http-file") {
            let imported: HTTPFileImport
            do {
                // Without its env files (as the fuzz target reads it): a refusal must name the file.
                imported = try HTTPFileImport.load(
                    name, environment: nil,
                    readFile: { path throws(WorkbenchError) in path == name ? bytes : Array("file body\n".utf8) },
                    fileExists: { $0 == name })
            } catch {
                #expect(error.message.hasPrefix(name + ":"), "\(error.message)")
                continue
            }
            read += 1
            let saved = SessionEncoding.encode(imported.document)
            let reloaded = try SessionDecoding.decode(saved, file: "saved.json")
            #expect(SessionEncoding.encode(reloaded) == saved, "\(name)")
        }
        #expect(read >= 1)
    }

    /// http-file, crash-7e9b447e: `{{$processEnv NAME}}` became `{{env.NAME}}`
    /// with any NAME, and the saved session then did not load.
    @Test func aProcessEnvNameIsCheckedAtTheImport() throws {
        for (name, good) in [("TOKEN", true), ("_a1", true), ("a{b", false), ("a b", false), ("1a", false), ("", false)] {
            let text = "### one\nPOST http://127.0.0.1:1/login\n\n{\"q\": \"{{$processEnv \(name)}}\"}\n"
            do {
                let imported = try HTTPFileImport.load(
                    "p.http", environment: nil,
                    readFile: { path throws(WorkbenchError) in Array(text.utf8) }, fileExists: { $0 == "p.http" })
                #expect(good, "\(name) was imported")
                _ = imported
            } catch {
                #expect(!good, "\(name): \(error.message)")
                #expect(error.message.hasPrefix("p.http:"), "\(error.message)")
                #expect(error.message.contains("needs an environment variable name") || name.isEmpty, "\(error.message)")
            }
        }
    }
}

/// What the fuzz targets of issue 40 found (Fuzz/README.md), each input kept as a seed.
@Suite struct FileImportFuzzRegressionTests {
    /// har-import, after 29 s: a file that is not JSON is read as curl commands, and a
    /// word holding a carriage return made an error of two lines.
    @Test func aControlCharacterInAWordThatIsNotCurlStaysOnOneLine() {
        let text = String(decoding: [0x0D, 0x0A, 0x0A, 0x0A, 0xA4, 0xDE, 0x0A, 0x0A] as [UInt8], as: UTF8.self)
        let error = thrownError { () throws(WorkbenchError) in
            try FileImport.read(
                text, named: "fuzz.har", settings: Settings(),
                readFile: { path throws(WorkbenchError) in
                    throw WorkbenchError("cannot read \(path)")
                })
        }
        #expect(error?.message.contains("\n") == false, "\(String(describing: error?.message))")
        #expect(error?.message.hasPrefix("fuzz.har") == true)
    }

    /// har-import, after 68 s (seed `open-del-in-mime-type.har`): a DEL in
    /// `postData.mimeType` became the Content-Type header unchecked, and the
    /// saved session did not load. The MIME type is checked as a header now.
    @Test func aControlInAHARMimeTypeIsCheckedAsAHeader() throws {
        func har(_ mimeType: String) -> String {
            let entry = { (url: String, mime: String) in
                #"{"request": {"method": "POST", "url": "\#(url)", "headers": [], "#
                    + #""postData": {"mimeType": "\#(mime)", "text": "a=1"}}, "response": {"status": 0}}"#
            }
            return #"{"log": {"version": "1.2", "entries": ["#
                + entry("http://h.test/one", mimeType) + ", " + entry("http://h.test/two", "text/plain") + "]}}"
        }
        let imported = try FileImport.read(
            har("text/pl\u{7F}ain"), named: "del.har", settings: Settings(),
            readFile: { path throws(WorkbenchError) in throw WorkbenchError("cannot read \(path)") })
        // The entry is left out, with one line naming the control; the other comes in and saves.
        #expect(imported.records.map(\.endpoint.path) == ["/two"])
        let warning = try #require(imported.warnings.first { $0.contains("Content-Type") })
        #expect(warning.contains("the control character U+7F") && !warning.contains("\u{7F}"), "\(warning)")
        let saved = SessionEncoding.encode(SessionDocument(requests: imported.records))
        #expect(throws: Never.self) { try SessionDecoding.decode(saved, file: "saved.json") }
        // A MIME type with `{{` is kept literally, as the log's headers are.
        let braces = try FileImport.read(
            har("text/{{x}}"), named: "braces.har", settings: Settings(),
            readFile: { path throws(WorkbenchError) in throw WorkbenchError("cannot read \(path)") })
        let header = try #require(braces.records.first?.endpoint.headers.first { $0.hasName("Content-Type") })
        #expect(header.value == LiteralText.escaped("text/{{x}}"))
    }

    /// postman-import, after 72 s (seed `open-curl-glob-error-two-lines.txt`): a URL
    /// with nested braces and a line break was quoted raw in curl's glob error.
    @Test func aCurlGlobErrorQuotesItsURLOnOneLine() {
        let text = "curl 'http://h.test/{{a\r\nb}}'\n"
        let error = thrownError { () throws(WorkbenchError) in
            try FileImport.read(
                text, named: "glob.txt", settings: Settings(),
                readFile: { path throws(WorkbenchError) in throw WorkbenchError("cannot read \(path)") })
        }
        #expect(error?.message.contains("nested braces in the URL") == true, "\(String(describing: error?.message))")
        #expect(error?.message.contains("\n") == false && error?.message.contains("\r") == false)
        #expect(error?.message.contains(#"{{a\r\nb}}"#) == true, "\(String(describing: error?.message))")
        // Every quoted word: controls as escapes, the size of the whole when cut.
        #expect(Excerpt.quoted("a\nb") == #"'a\nb'"#)
        #expect(Excerpt.quoted(String(repeating: "\u{7F}", count: 50), limit: 2) == #"'\u{7F}\u{7F}…' (50 bytes)"#)
    }
}
