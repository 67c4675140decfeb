import Foundation
import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// Files made to hurt (issue 25): every reader bounded and named in its error,
/// reports that overwrite nothing, secrets masked however typed, text from
/// files escaped. The hostile inputs are made here, not kept in git.
@Suite struct HostileInputTests {
    // MARK: Descriptions

    /// Ten anchors, each a list of ten aliases of the one before: 10^10 values expanded.
    static let billionLaughs: String = {
        var lines = [
            "openapi: 3.0.0", "info: {title: t, version: \"1\"}", "paths: {}",
            "x-a0: &a0 [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]",
        ]
        for level in 1..<10 {
            lines.append("x-a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ",") + "]")
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    static func deepJSON(_ depth: Int) -> [UInt8] {
        Array(
            ("{\"openapi\":\"3.0.0\",\"info\":{\"title\":\"t\",\"version\":\"1\"},\"paths\":{},\"x-deep\":"
                + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}").utf8)
    }

    static func deepYAML(_ depth: Int) -> [UInt8] {
        Array(
            ("openapi: 3.0.0\ninfo: {title: t, version: \"1\"}\npaths: {}\nx-deep: "
                + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "\n").utf8)
    }

    @Test func billionLaughsIsRefusedNamingTheBound() {
        let error = thrownError { () throws(WorkbenchError) in
            _ = try APIDescription.load(Array(Self.billionLaughs.utf8), location: "laughs.yaml")
        }
        #expect(
            error?.message == "laughs.yaml expands to more than 1000596 values: its YAML aliases repeat what they name too often "
                + "(the bound is 1000000 values beyond one per byte of the file)")
    }

    @Test func aFewAliasesAreStillRead() throws {
        let text = """
            openapi: 3.0.0
            info: {title: t, version: "1"}
            paths:
              /a:
                get:
                  responses: &ok {"200": {description: ok}}
              /b:
                get:
                  responses: *ok
            """
        let api = try APIDescription.load(Array(text.utf8), location: "a.yaml")
        #expect(api.routes.reduce(0) { $0 + $1.methods.count } == 2)
    }

    @Test func deepJSONAndYAMLAreRefusedWithoutACrash() {
        // 70,000 levels crashed the process (SIGSEGV); 1,500 pass libyaml's own bound of 1,000.
        for (name, bytes) in [
            ("deep.json", Self.deepJSON(70_000)), ("deep.yaml", Self.deepYAML(500)),
            ("deeper.yaml", Self.deepYAML(1_500)),
        ] {
            let error = thrownError { () throws(WorkbenchError) in _ = try APIDescription.load(bytes, location: name) }
            #expect(error?.message == "\(name) nests more than 200 levels deep (the bound for an API description)")
        }
    }

    @Test func aDescriptionJustWithinTheDepthBoundLoads() throws {
        // Nested object schemas, decoded by OpenAPIKit on a worker thread: the bound leaves it stack to spare.
        var schema = #"{"type":"string"}"#
        for _ in 0..<97 { schema = #"{"type":"object","properties":{"a":"# + schema + "}}" }
        let text =
            #"{"openapi":"3.0.0","info":{"title":"t","version":"1"},"paths":{"/x":{"get":{"responses":{"200":"#
            + ##"{"description":"ok","content":{"application/json":{"schema":{"$ref":"#/components/schemas/S"}}}}}}}},"##
            + #""components":{"schemas":{"S":"# + schema + "}}}"
        let api = try APIDescription.load(Array(text.utf8), location: "deep-ok.json")
        #expect(api.routes.reduce(0) { $0 + $1.methods.count } == 1)
    }

    @Test func nestingDepthStopsPastItsLimit() throws {
        #expect(JSONValue.number("1").nestingDepth() == 0)
        #expect(try JSONParser.parse("[[{\"a\":[1]}],[]]").nestingDepth() == 4)
        #expect(
            try JSONParser.parse(String(repeating: "[", count: 500) + String(repeating: "]", count: 500))
                .nestingDepth(stoppingAbove: 10) == 11)
    }

    // MARK: .http variables and templates

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

    @Test func aTemplateExpandsToAtMostTheReadLimit() {
        var variables = Variables()
        variables.set("big", to: String(repeating: "x", count: 1 << 20))
        let text = String(repeating: "{{big}}", count: 65)
        let error = thrownError { () throws(WorkbenchError) in _ = try Template.expand(text, in: VariableScope(variables: variables)) }
        #expect(error?.message.hasSuffix("expands to more than 64.0 MB (the bound for a value with {{...}} references)") == true)
    }

    // MARK: Reports

    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func aReportIsNeverWrittenOntoAnInputOrAnotherKindOfFile() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = folder.appendingPathComponent("s.json").path
        let notes = folder.appendingPathComponent("notes.txt").path
        try Data("{\"format\": \"workbench-session\"}".utf8).write(to: URL(fileURLWithPath: session))
        try Data("my notes\n".utf8).write(to: URL(fileURLWithPath: notes))
        let onInput = thrownError { () throws(WorkbenchError) in
            try ReportTarget.checkAll([ReportTarget(format: .junit, path: session)], inputs: [session])
        }
        #expect(
            onInput?.message
                == "the junit report '\(session)' is an input of this replay ('\(session)'): choose another file for the report")
        for format in ReportFormat.allCases {
            let overOther = thrownError { () throws(WorkbenchError) in
                try ReportTarget.checkAll([ReportTarget(format: format, path: notes)], inputs: [session])
            }
            #expect(overOther?.message.hasPrefix("'\(notes)' exists and is not a \(format.title) report") == true)
        }
        // A report of the same format, and an empty file, may be replaced.
        let report = ReplayReport(runs: [], interrupted: false)
        for format in ReportFormat.allCases {
            let path = folder.appendingPathComponent("r.\(format.rawValue)").path
            try Data(format.render(report).utf8).write(to: URL(fileURLWithPath: path))
            try ReportTarget.checkAll([ReportTarget(format: format, path: path)], inputs: [session])
            let others = ReportFormat.allCases.filter { $0 != format }
            for other in others {
                #expect(
                    thrownError { () throws(WorkbenchError) in
                        try ReportTarget.checkAll([ReportTarget(format: other, path: path)], inputs: [session])
                    } != nil, "\(other) over \(format)")
            }
        }
        let empty = folder.appendingPathComponent("empty.xml").path
        _ = FileManager.default.createFile(atPath: empty, contents: Data())
        try ReportTarget.checkAll([ReportTarget(format: .junit, path: empty)], inputs: [session])
        #expect(try String(contentsOfFile: notes, encoding: .utf8) == "my notes\n")
    }

    @Test func anotherToolsJUnitReportMayBeReplaced() {
        let head = Array("<?xml version=\"1.0\"?>\n<testsuite name=\"pytest\" tests=\"1\">".utf8)
        #expect(ReportFormat.junit.recognizes(head))
        #expect(!ReportFormat.junit.recognizes(Array("<?xml version=\"1.0\"?><project/>".utf8)))
        #expect(ReportFormat.tap.recognizes(Array("1..4\nok 1 - a\n".utf8)))
    }

    // MARK: Session files: what save writes, load reads

    static func workspace(records: Int, bodyBytes: Int) -> Workspace {
        var workspace = Workspace()
        let body = String(repeating: "x", count: bodyBytes)
        workspace.history = History(
            (0..<records).map { index in
                var record = RequestRecord(endpoint: Endpoint(base: "http://127.0.0.1:1", path: "/\(index)"), settings: Settings())
                record.response = RecordedResponse(
                    statusLine: "HTTP/1.1 200 OK", statusCode: 200, headers: [],
                    body: body, bodySize: bodyBytes, elapsedMilliseconds: 1)
                return record
            })
        return workspace
    }

    @Test func theOldestBodiesAreLeftOutSoTheFileStaysLoadable() throws {
        let workspace = Self.workspace(records: 20, bodyBytes: 100_000)
        let encoder = SessionEncoder()
        encoder.maximumFileBytes = 1_000_000
        let chunks = workspace.sessionFileChunks(encoder: encoder)
        let size = SessionEncoder.size(of: chunks)
        #expect(size <= 1_000_000 && size > 800_000)
        try encoder.checkLoadable(chunks)
        let document = try SessionDecoding.decode(chunks.flatMap { $0 }, file: "s.json")
        let kept = document.requests.map { $0.response?.body != nil }
        // The newest keep theirs; every record keeps its body's size.
        #expect(kept == Array(repeating: false, count: 11) + Array(repeating: true, count: 9))
        #expect(document.requests.allSatisfy { $0.response?.bodySize == 100_000 })
        // Encoded again (the autosave after the next command): the same file, the pieces reused.
        #expect(workspace.sessionFileChunks(encoder: encoder) == chunks)
        #expect(encoder.reusedCount == 20)
    }

    @Test func aSessionTooLargeEvenWithoutBodiesIsNotWritten() {
        var workspace = Self.workspace(records: 1, bodyBytes: 10)
        workspace.endpoint.body = .text(String(repeating: "y", count: 50_000))
        let encoder = SessionEncoder()
        encoder.maximumFileBytes = 20_000
        let error = thrownError { () throws(WorkbenchError) in try encoder.checkLoadable(workspace.sessionFileChunks(encoder: encoder)) }
        #expect(error?.message.hasPrefix("the session would be ") == true)
        #expect(error?.message.hasSuffix("even with the responses' bodies left out: `save FILE N...` saves some requests") == true)
    }

    // MARK: Secrets however typed

    @Test func aValueEqualToASecretIsMaskedEverywhereInTheFile() throws {
        let harness = InterpreterHarness()
        try harness.run(
            """
            set --secret pw S3CR3T-value
            set plain S3CR3T-value
            base http://127.0.0.1:1
            header X-Lit: S3CR3T-value
            get /x?q=S3CR3T-value
            """)
        // Fails (the body is `{}`), and stays on the request as typed.
        _ = harness.interpreter.handle(line: "expect body contains S3CR3T-value")
        try harness.run("save s.json")
        let saved = String(decoding: harness.files.contents["s.json"] ?? [], as: UTF8.self)
        #expect(!saved.isEmpty && !saved.contains("S3CR3T"), "\(saved)")
        #expect(saved.contains("\"body contains ******\""))
        let autosaved = String(decoding: harness.workspace.sessionFileText(), as: UTF8.self)
        #expect(!autosaved.contains("S3CR3T"))
    }

    @Test func aFailedExpectationIsMasked() throws {
        let harness = InterpreterHarness()
        try harness.run("set --secret pw S3CR3T-value\nbase http://127.0.0.1:1\nget /x")
        let error = harness.failure("expect body contains S3CR3T-value")
        #expect(
            error?.message
                == "expectation failed: body contains ******: not in the body (2 bytes) (kept on request 1: `expect rm 1` takes it back)")
    }

    @Test func urlPasswordsAreMaskedInErrors() throws {
        let harness = InterpreterHarness()
        #expect(harness.failure("base http://u:pw1234@127.0.0.1:9")?.message.contains("'http://u:******@127.0.0.1:9'") == true)
        #expect(harness.failure("proxy http://pu:ppw5678@127.0.0.1:9")?.message.contains("'http://pu:******@127.0.0.1:9'") == true)
        #expect(URLPasswordMask.apply("a http://u:p@h/x?y=http://v:q@i b") == "a http://u:******@h/x?y=http://v:******@i b")
        #expect(
            URLPasswordMask.apply("mailto:x@y and http://user@host/ and https://h/a@b")
                == "mailto:x@y and http://user@host/ and https://h/a@b")
    }

    @Test func crAndLFNeverSplitAnErrorLine() throws {
        var workspace = Workspace()
        try SessionDecoding.decode(
            Array(
                #"{"format":"workbench-session","version":2,"variables":{"a":"x"},"endpoint":{"base":"http://h","path":"/{{bad\r\nname}}"}}"#
                    .utf8),
            file: "s.json"
        ).apply(to: &workspace)
        let harness = InterpreterHarness()
        harness.interpreter.workspace = workspace
        let error = harness.failure("get")
        #expect(error.map { !$0.message.contains("\n") && !$0.message.contains("\r") } == true, "\(String(describing: error))")
        #expect(error?.message.contains("\\r\\n") == true)
    }

    // MARK: The fuzz targets' properties on their seeds

    static let fuzzCorpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fuzz/Corpus").standardized

    static func seeds(_ target: String) throws -> [(String, [UInt8])] {
        let folder = fuzzCorpus.appendingPathComponent(target)
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { name in
            (name, Array(try Data(contentsOf: folder.appendingPathComponent(name))))
        }
    }

    @Test func openAPILoaderSeedsLoadOrRefuseOnOneLine() throws {
        let seeds =
            try Self.seeds("openapi-loader") + [("laughs.yaml", Array(Self.billionLaughs.utf8)), ("deep.json", Self.deepJSON(5_000))]
        #expect(seeds.count >= 12)
        for (name, bytes) in seeds {
            do {
                let api = try APIDescription.load(bytes, location: name)
                _ = APIListing.text(api, below: "/")
                for route in api.routes {
                    for method in route.methods {
                        guard let operation = api.operation(method: method, path: route.template) else { continue }
                        _ = OperationText.text(operation, in: api)
                    }
                }
            } catch {
                #expect(!error.message.isEmpty && !error.message.contains("\n"), "\(name): \(error.message)")
            }
        }
    }

    @Test func httpFileSeedsSaveAndLoadAsTheSameSession() throws {
        var read = 0
        for (name, bytes) in try Self.seeds("http-file") {
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

    // MARK: Minor cases

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

    // MARK: Text for a terminal

    @Test func bidiControlsAreEscapedForATerminal() {
        #expect(TerminalText.escapeLine("a\u{202E}b\u{2066}c\u{2069}") == "a\\u{202e}b\\u{2066}c\\u{2069}")
        #expect(TerminalText.escape("plain é ✓") == "plain é ✓")
        let json = Array("{\"k\u{202E}\": \"x\u{202A}y\u{2069}\"}".utf8)
        var formatted: [UInt8] = []
        let failure = json.withUnsafeBufferPointer { buffer in
            JSONFormatter.formatIfValid(buffer, palette: nil, escapingControls: true) { formatted += $0 }
        }
        #expect(failure == nil)
        #expect(String(decoding: formatted, as: UTF8.self) == "{\n  \"k\\u202e\": \"x\\u202ay\\u2069\"\n}\n")
    }

    @Test func descriptionTextIsEscapedOnATerminal() throws {
        // The description's JSON escapes make raw controls in its strings.
        let text =
            #"{"openapi":"3.0.0","info":{"title":"T\u001b]0;owned\u0007","version":"1\u001b[2J"},"#
            + #""paths":{"/p\u001b[2Jx":{"get":{"operationId":"op\u001b]52;c;aGk=\u0007","summary":"s\u202eum","#
            + #""responses":{"200":{"description":"ok\u001b[2J"}}}}}}"#
        let escape = "\u{1B}"
        let harness = InterpreterHarness(files: ["evil.json": Array(text.utf8)])
        harness.interpreter.display = DisplayOptions(outputIsTerminal: true, noColorRequested: true)
        try harness.run("openapi evil.json\nls\ndescribe GET /p\(escape)[2Jx")
        let shown = harness.output.lines.joined(separator: "\n")
        #expect(!shown.contains(escape) && !shown.contains("\u{07}") && !shown.contains("\u{202E}"), "\(shown)")
        #expect(shown.contains("T\\x1b]0;owned\\x07") && shown.contains("s\\u{202e}um"))
        // A pipe gets the text as the description has it.
        let piped = InterpreterHarness(files: ["evil.json": Array(text.utf8)])
        try piped.run("openapi evil.json")
        #expect(piped.output.lines.joined().contains("T\(escape)]0;owned\u{07}"))
    }
}
