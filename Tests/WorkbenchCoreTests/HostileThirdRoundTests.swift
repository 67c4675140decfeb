import Foundation
import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// Issue 40, goals 3 to 5: outputs that must not replace what they name, local
/// files named by inputs, and errors that were unclear. Inputs are made here.
@Suite struct HostileThirdRoundTests {
    static func folder() -> String {
        var template = Array("/tmp/workbench-third-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    static func write(_ text: String, to path: String, mode: mode_t = 0o644) {
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        chmod(path, mode)
    }

    static func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o777 : 0
    }

    // MARK: Goal 4: one set of rules for every writer

    @Test func writeTargetRefusesReadOnlyFilesLinksAndInputs() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        Self.write("keep\n", to: folder + "/ro.txt", mode: 0o444)
        Self.write("target\n", to: folder + "/t.txt")
        symlink(folder + "/t.txt", folder + "/link.txt")
        #expect(throws: WorkbenchError("cannot write '\(folder)/ro.txt': it is read-only; the file is unchanged")) {
            try WriteTarget.check(folder + "/ro.txt")
        }
        #expect(throws: WorkbenchError("cannot write '\(folder)/link.txt': it is a symbolic link (name the file it points to)")) {
            try WriteTarget.check(folder + "/link.txt")
        }
        // The same file by another spelling of its path is still the input.
        let input = WriteTarget.Input(path: folder + "/./t.txt", role: "the session being worked on")
        #expect(
            throws: WorkbenchError(
                "cannot write '\(folder)/t.txt': it is the session being worked on ('\(folder)/./t.txt'); choose another file")
        ) {
            try WriteTarget.check(folder + "/t.txt", inputs: [input])
        }
        #expect(try WriteTarget.check(folder + "/new.txt") == .none)
        #expect(try WriteTarget.check(folder + "/t.txt") == .regular(mode: 0o644))
        #expect(try WriteTarget.check("/dev/null", allowingDevices: true) == .device)
        // The atomic writer (save, export, reports) follows the rules: the read-only file keeps its mode and text.
        #expect(throws: WorkbenchError("cannot save '\(folder)/ro.txt': it is read-only; the file is unchanged")) {
            try AtomicFile.write(Array("x".utf8), to: folder + "/ro.txt", sync: false)
        }
        #expect(Self.mode(folder + "/ro.txt") == 0o444 && (try? String(contentsOfFile: folder + "/ro.txt", encoding: .utf8)) == "keep\n")
        // And so does `send > FILE`'s file.
        #expect(throws: WorkbenchError("cannot write '\(folder)/ro.txt': it is read-only; the file is unchanged")) {
            _ = try OutputFile(path: folder + "/ro.txt")
        }
    }

    @Test func exportsAndSendsNeverReplaceTheSessionBeingWorkedOn() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let h = InterpreterHarness()
        try h.run("base http://127.0.0.1:9")
        h.transport.responses = [
            .success(HTTPResponse(statusLine: "HTTP/1.1 200 OK", statusCode: 200, headers: [], body: Array("ok".utf8)))
        ]
        try h.run("get /a")
        let session = folder + "/s.json"
        Self.write("{}", to: session)
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

    @Test func aSaveOverAFileAnotherWorkbenchSavedIsRefusedUntilForced() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/s.json"
        let context = CommandContext(environment: [:])
        var first = Workspace()
        first.endpoint.base = "http://127.0.0.1:9"
        _ = try first.save(to: path, context: context)
        var second = Workspace()
        try second.load(from: path, context: context)
        second.sessionFile = path
        second.sessionStamp = WriteTarget.Stamp(of: path)
        // The first saves again (its own save is not someone else's) ...
        usleep(20_000)
        first.endpoint.base = "http://127.0.0.1:8"
        _ = try first.save(to: nil, context: context)
        _ = try first.save(to: nil, context: context)
        let written = try FileSystem.read(path)
        // ... so the second is told, and the file stays the first's.
        let error = thrownError { () throws(WorkbenchError) in try second.save(to: nil, context: context) }
        #expect(
            error?.message == "\(path) changed since this workbench loaded or saved it (another workbench saved it?): "
                + "not saved; `save --force` replaces it, `load \(path)` reads the other version")
        #expect(try FileSystem.read(path) == written)
        _ = try second.save(to: nil, force: true, context: context)
        #expect(try FileSystem.read(path) != written)
        #expect(try CommandParser.parse("save --force") == .command(.save(nil, requests: [], force: true)))
        #expect(try CommandParser.parse("save --force s.json 1-2") == .command(.save("s.json", requests: [1, 2], force: true)))
    }

    // MARK: Goal 3: one rule for local files an input names

    static let collection = #"""
        {"info": {"name": "c", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
         "item": [
          {"name": "passwd", "request": {"method": "POST", "url": "http://127.0.0.1:9/a", "body": {"mode": "file", "file": {"src": "/etc/passwd"}}}},
          {"name": "up", "request": {"method": "POST", "url": "http://127.0.0.1:9/b", "body": {"mode": "file", "file": {"src": "UP/etc/hostname"}}}},
          {"name": "link", "request": {"method": "POST", "url": "http://127.0.0.1:9/c", "body": {"mode": "file", "file": {"src": "DIR/out"}}}},
          {"name": "form", "request": {"method": "POST", "url": "http://127.0.0.1:9/d", "body": {"mode": "formdata", "formdata": [
             {"key": "k", "value": "v", "type": "text"}, {"key": "f", "src": "/etc/passwd", "type": "file"}]}}},
          {"name": "inside", "request": {"method": "POST", "url": "http://127.0.0.1:9/e", "body": {"mode": "file", "file": {"src": "DIR/data.bin"}}}}
         ]}
        """#

    @Test func filesOutsideTheInputsFolderAreLeftOutWithOneWarningEach() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        Self.write("inside\n", to: folder + "/data.bin")
        symlink("/etc/hostname", folder + "/out")
        let up = String(repeating: "../", count: folder.split(separator: "/").count)
        let text = Self.collection.replacingOccurrences(of: "UP/", with: folder + "/" + up).replacingOccurrences(
            of: "DIR/", with: folder + "/")
        Self.write(text, to: folder + "/c.json")
        let h = InterpreterHarness()
        h.interpreter.context.readFile = { path throws(WorkbenchError) in try FileSystem.read(path) }
        try h.run("import \(folder)/c.json")
        let warnings = (h.output.lines + h.output.errors).flatMap { $0.split(separator: "\n").map(String.init) }
            .filter { $0.hasPrefix("warning: ") }
        try #require(warnings.count == 3, "\(warnings)")
        #expect(warnings[0] == "warning: \(folder)/c.json names the file '/etc/passwd', outside its folder: \(LocalFileRule.howToAllow)")
        #expect(warnings[1].contains("names the file '\(folder)/\(up)etc/hostname'"), "\(warnings[1])")
        #expect(warnings[2].contains("names the file '\(folder)/out'"), "\(warnings[2])")
        let bodies = h.workspace.history.records.map(\.endpoint.body)
        #expect(bodies[0] == nil && bodies[1] == nil && bodies[2] == nil)
        #expect(bodies[3] == .multipart([MultipartPart(name: "k", value: "v")]))
        #expect(bodies[4] == .file(folder + "/data.bin"))
        // `show` names the file body by path and size, never its content.
        let shown = try h.printed("show")
        #expect(shown.hasSuffix("\n\n[the file \(folder)/data.bin, 7 bytes, read when sent]"), "\(shown)")
        #expect(!shown.contains("inside"))
        // Allowed, /etc's files are read.
        try h.run("allow-files /etc")
        try h.run("import \(folder)/c.json")
        #expect(h.workspace.history.records.suffix(5).map(\.endpoint.body).first == .file("/etc/passwd"))
        #expect(h.failure("allow-files \(folder)/data.bin")?.message == "allow-files: '\(folder)/data.bin' is not a folder")
    }

    @Test func theRuleJudgesWhereAFileReallyIs() {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        Self.write("x", to: folder + "/in.txt")
        symlink("/etc/passwd", folder + "/out")
        let rule = LocalFileRule()
        let input = folder + "/s.json"
        #expect(rule.refusal(of: folder + "/in.txt", namedBy: input) == nil)
        #expect(rule.refusal(of: folder + "/sub/../in.txt", namedBy: input) == nil)
        #expect(rule.refusal(of: folder + "/out", namedBy: input) != nil)
        #expect(rule.refusal(of: folder + "/../../../../etc/passwd", namedBy: input) != nil)
        #expect(rule.refusal(of: "/etc/passwd", namedBy: input) != nil)
        #expect(rule.refusal(of: "{{file}}", namedBy: input)?.contains("through a variable") == true)
        #expect(LocalFileRule(allowing: ["/etc"]).refusal(of: folder + "/out", namedBy: input) == nil)
    }

    @Test func aSessionNamingAFileElsewhereAsItsSchemaDoesNotReadIt() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let secretFile = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: secretFile) }
        Self.write("TOPSECRETTOKEN other words\n", to: secretFile + "/notes.txt")
        Self.write("TOPSECRETTOKEN other words\n", to: folder + "/notes.txt")
        for (schema, expected) in [
            (secretFile + "/notes.txt", "outside its folder"), (folder + "/notes.txt", "not a readable GraphQL schema"),
        ] {
            var workspace = Workspace()
            workspace.graphqlSchemaLocation = schema
            let path = folder + "/s.json"
            let context = CommandContext(environment: [:])
            _ = try workspace.save(to: path, context: context)
            var loading = Workspace()
            let outcome = try loading.apply(.load(path), context: context)
            guard case .outputWithWarning(_, let warning, _) = outcome else {
                Issue.record("expected a warning, got \(outcome)")
                continue
            }
            #expect(warning.contains(expected), "\(warning)")
            #expect(!warning.contains("TOPSECRETTOKEN"), "\(warning)")
        }
    }

    // MARK: Goal 5: clear errors, state unchanged

    /// A session written without blanks (as another tool may write one): `copies`
    /// requests, each about 560 bytes, twice as large once `save` indents it.
    static func compactSession(requests copies: Int) -> [UInt8] {
        let endpoint =
            #"{"base":"http://127.0.0.1:1","method":"POST","path":"/items/{{id}}","segments":[],"#
            + #""query":[{"name":"page","value":"1"},{"name":"per_page","value":"100"}],"#
            + #""headers":[{"name":"Accept","value":"application/json"},{"name":"X-Request-Id","value":"0123456789abcdef"}],"#
            + #""body":{"kind":"json","text":"{\"name\": \"widget\", \"tags\": [\"a\", \"b\"], \"count\": 12}"}}"#
        let request =
            #"{"endpoint":\#(endpoint),"settings":{"follow":false,"timeout":30,"insecure":false,"color":"auto","maxBody":67108864},"#
            + #""captures":[{"name":"id","from":"$.id","secret":false}],"expectations":["status 200"]}"#
        let requests = Array(repeating: request, count: copies).joined(separator: ",")
        return Array(
            #"{"format":"workbench-session","version":2,"endpoint":\#(endpoint),"variables":{"id":"1"},"requests":[\#(requests)]}"#.utf8)
    }

    /// Issue 40: a 113 MB session of 200,000 requests loaded, then `save` refused it (its
    /// text grows when written again, past the 128 MB `load` reads). The same at a small
    /// bound: one line naming it, nothing changed, the next command works.
    @Test func aSessionSaveCouldNotWriteBackIsRefusedByLoadNamingTheBound() throws {
        let h = InterpreterHarness()
        h.interpreter.context.sessionFileBytes = 64 * 1024
        let big = Self.compactSession(requests: 100)
        #expect(big.count > 48 * 1024 && big.count < 64 * 1024, "\(big.count)")
        h.files.contents["big.json"] = big
        try h.run("base http://127.0.0.1:2\npath /before\nset kept yes")
        let before = WorkspaceSnapshot(h.workspace)
        let error = try #require(h.failure("load big.json"))
        #expect(error.message.hasPrefix("big.json: not loaded: the session would be "), "\(error.message)")
        #expect(
            error.message.hasSuffix(
                ", more than the 64.0 KB `load` reads, even with the responses' bodies left out: `save FILE N...` saves some requests"),
            "\(error.message)")
        #expect(!error.message.contains("\n"))
        #expect(WorkspaceSnapshot(h.workspace) == before)
        try h.run("show")
        #expect(h.output.lines.joined(separator: "\n").contains("/before"))
        // A session that fits once written again loads, and saves.
        h.files.contents["small.json"] = Self.compactSession(requests: 40)
        try h.run("load small.json\nsave again.json")
        #expect(h.workspace.history.count == 40)
    }

    @Test func aHeaderOverTheBoundIsRefusedAndNotKept() throws {
        let h = InterpreterHarness()
        try h.run("base http://127.0.0.1:9")
        let before = WorkspaceSnapshot(h.workspace)
        let error = h.failure("header X-Big: " + String(repeating: "a", count: 1_048_576))
        #expect(error?.message == "the value of header 'X-Big' is 1.0 MB, over the bound of 100.0 KB for one header")
        #expect(WorkspaceSnapshot(h.workspace) == before)
        // A .http file's 10 MB header: one error naming the line.
        let big = "GET http://127.0.0.1:9/\nX-Big: " + String(repeating: "b", count: 10_000_000) + "\n"
        let imported = thrownError { () throws(WorkbenchError) in
            try HTTPFileImport.read(
                big, file: "big.http", environment: nil,
                readFile: { path throws(WorkbenchError) in
                    throw WorkbenchError("cannot read \(path)")
                }, fileExists: { _ in false })
        }
        #expect(
            imported?.message.hasPrefix("big.http") == true && imported?.message.contains("over the bound of 100.0 KB") == true,
            "\(String(describing: imported?.message.prefix(300)))")
        #expect((imported?.message.utf8.count ?? 0) < 400)
    }

    @Test func aContentLengthThatLibcurlLetsThroughIsChecked() {
        func check(_ values: [String], received: Int = 5) -> String? {
            thrownError { () throws(WorkbenchError) in
                try CurlTransport.checkReceivedContentLength(
                    values.map { HeaderField(name: "Content-Length", value: $0) },
                    from: "127.0.0.1:9", received: received)
            }?.message
        }
        #expect(
            check(["99999999999999999999"])
                == "malformed reply from 127.0.0.1:9: invalid Content-Length '99999999999999999999'; 5 bytes arrived, perhaps not all of the body"
        )
        #expect(
            check(["5", "7"])
                == "malformed reply from 127.0.0.1:9: Content-Length headers disagree (5, 7), so the body's length is unknown; 5 bytes arrived"
        )
        #expect(check(["-1"])?.contains("invalid Content-Length '-1'") == true)
        #expect(throws: Never.self) {
            try CurlTransport.checkReceivedContentLength(
                [HeaderField(name: "Content-Length", value: "5"), HeaderField(name: "content-length", value: "5, 05")],
                from: "h", received: 5)
        }
    }

    @Test func aDeviceFlowWaitsNoLongerThanItsCodeLives() {
        #expect(OAuth2Flow.devicePollWait(interval: 5, left: 8) == 5)
        // After `slow_down` the interval (10 s) outlives the code (3 s left): wait those 3 s, then say it expired.
        #expect(OAuth2Flow.devicePollWait(interval: 10, left: 3) == 3)
        #expect(OAuth2Flow.devicePollWait(interval: 10, left: 0) == nil)
        #expect(OAuth2Flow.devicePollWait(interval: 10, left: -1) == nil)
    }

    @Test func aURLOfAnotherSchemeIsNamedAsOne() {
        for (typed, scheme) in [("javascript:alert(1)", "javascript"), ("data:text/html,x", "data"), ("file:/etc/passwd", "file")] {
            let error = thrownError { () throws(WorkbenchError) in try BaseURL.parse(typed) }
            #expect(error?.message == "unsupported scheme '\(scheme)' in base URL '\(typed)': use http or https")
        }
        #expect(thrownError { () throws(WorkbenchError) in try BaseURL.parse("localhost:x") }?.message.contains("invalid port") == true)
        #expect(thrownError { () throws(WorkbenchError) in try BaseURL.parse("api.test:x") }?.message.contains("invalid port") == true)
        #expect((try? BaseURL.parse("localhost:8080"))?.port == 8080)
        let h = InterpreterHarness()
        #expect(
            h.failure("auth oauth2 code javascript:alert(1) http://127.0.0.1:9/token client")?.message.contains(
                "unsupported scheme 'javascript'") == true)
    }

    @Test func aHugeURLIsCutInEveryLine() {
        let url = "http://127.0.0.1:9/" + String(repeating: "a", count: 20_000_000)
        let outcome = Replayer.Outcome(
            number: 1, method: "GET", url: url, response: nil,
            problems: [.transport(WorkbenchError("transfer failed"))], checks: [])
        let line = Replayer.line(for: outcome, color: false)
        #expect(line.utf8.count < 3_000)
        #expect(line.contains("… (19.1 MB in all)"))
    }
}
