import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// The declaration walk: every command argument declared as a credential
/// (`CommandDeclaration.Credentials`, curl's `CurlImport.credentialOptions`),
/// typed with a value, never reaches the screen, the history entry, the prompt,
/// the autosave, a saved session or any export, to the screen or to a file.
@Suite struct SecretDeclarationTests {
    static let value = "Wq7-walk-secret-91"

    /// What each declaration says carries a credential, from the declarations themselves.
    static let examples: [String] = CommandTable.all.flatMap { $0.credentials?.examples ?? [] }

    /// Every export, to the screen and to a file, of the request and of the session.
    static let exportLines: [String] =
        Export.Format.allCases.flatMap { format in
            [
                "export \(format.rawValue)", "export \(format.rawValue) > one.\(format.rawValue)",
                "export \(format.rawValue) --session > all.\(format.rawValue)",
            ]
        } + ["export curl --exact", "export curl --exact > exact.sh"]

    @Test func theWalkCoversTheDeclaredCommands() {
        let declaring = Set(CommandTable.all.filter { $0.credentials != nil }.map(\.name))
        #expect(declaring.isSuperset(of: ["set", "header", "auth", "import", "proxy"]))
        // Each curl option declared as a credential that the import reads has a case.
        for option in ["-u", "-H", "-b", "--oauth2-bearer"] {
            #expect(Self.examples.contains { $0.contains("import curl \(option) ") }, "\(option)")
        }
    }

    /// Files that carry a credential in each field an importer reads one from (a credential
    /// header, an auth block, a credential query item), one file a field, `SECRET` standing
    /// for the value: `import FILE` takes the path `import curl` and a typed header take.
    static let importedFiles: [String: String] = [
        "bearer.har": har(headers: #"{"name": "Authorization", "value": "Bearer SECRET"}"#),
        "cookie.har": har(headers: #"{"name": "Cookie", "value": "sid=SECRET"}"#),
        "proxy.har": har(headers: #"{"name": "Proxy-Authorization", "value": "Basic SECRET"}"#),
        "query.har": har(url: "http://127.0.0.1:9/a?access_token=SECRET&page=2"),
        "basic.postman.json": postman(
            auth: #"{"type": "basic", "basic": [{"key": "username", "value": "ana"}, {"key": "password", "value": "SECRET"}]}"#),
        "digest.postman.json": postman(
            auth: #"{"type": "digest", "digest": [{"key": "username", "value": "ana"}, {"key": "password", "value": "SECRET"}]}"#),
        "bearer.postman.json": postman(auth: #"{"type": "bearer", "bearer": [{"key": "token", "value": "SECRET"}]}"#),
        "apikey-query.postman.json": postman(
            auth:
                #"{"type": "apikey", "apikey": [{"key": "key", "value": "k"}, {"key": "value", "value": "SECRET"}, {"key": "in", "value": "query"}]}"#
        ),
        "apikey-header.postman.json": postman(
            auth: #"{"type": "apikey", "apikey": [{"key": "key", "value": "X-Key"}, {"key": "value", "value": "SECRET"}]}"#),
        "query.postman.json": postman(auth: #"{"type": "noauth"}"#, url: "http://127.0.0.1:9/a?api_key=SECRET"),
        "bearer.http": "GET http://127.0.0.1:9/a\nAuthorization: Bearer SECRET\n",
        "basic.http": "GET http://127.0.0.1:9/a\nAuthorization: Basic ana SECRET\n",
        "digest.http": "GET http://127.0.0.1:9/a\nAuthorization: Digest ana SECRET\n",
        "query.http": "GET http://127.0.0.1:9/a?token=SECRET\n",
        "user.curl": "curl -u ana:SECRET http://127.0.0.1:9/a\n",
    ]

    static func har(headers: String = "", url: String = "http://127.0.0.1:9/a") -> String {
        #"{"log": {"version": "1.2", "entries": [{"request": {"method": "GET", "url": "\#(url)", "headers": [\#(headers)]}}]}}"#
    }

    static func postman(auth: String, url: String = "http://127.0.0.1:9/a") -> String {
        #"{"info": {"name": "c", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"}, "#
            + #""item": [{"name": "r", "request": {"method": "GET", "url": "\#(url)", "auth": \#(auth)}}]}"#
    }

    @Test(arguments: examples)
    func aDeclaredCredentialIsMaskedInEveryOutputAndFile(_ example: String) throws {
        try Self.walk(example.replacing("SECRET", with: Self.value), files: [:], shownAs: example)
    }

    @Test(arguments: importedFiles.keys.sorted())
    func anImportedCredentialIsMaskedInEveryOutputAndFile(_ file: String) throws {
        let text = try #require(Self.importedFiles[file]).replacing("SECRET", with: Self.value)
        // A `.http` file is loaded (`import` takes the other formats).
        let command = file.hasSuffix(".http") ? "load" : "import"
        let harness = try Self.walk("\(command) \(file)", files: [file: Array(text.utf8)], shownAs: file)
        // The value is still what goes on the wire, to the file's origin.
        let sent = try #require(harness.transport.sent.last)
        let wire = headerLines(sent.request).joined(separator: "\n") + "\n" + sent.request.url
        let basic = SecretRedactor.base64(Array("ana:\(Self.value)".utf8))
        #expect(
            wire.contains(Self.value) || wire.contains(basic) || sent.request.digest?.password == Self.value, "\(file): \(wire)")
    }

    /// Runs `line` after a base, sends, shows, exports and saves, and looks for the value in every
    /// output and file.
    @discardableResult
    static func walk(_ line: String, files: [String: [UInt8]], shownAs example: String) throws -> InterpreterHarness {
        let harness = InterpreterHarness(files: files)
        var autosaved: [UInt8] = []
        let autosave = Autosave(
            path: "auto.json",
            storage: Autosave.Storage(
                write: { chunks, _ in autosaved = chunks.flatMap { $0 } },
                append: { bytes, _ in autosaved += bytes },
                remove: { _ in }))
        try harness.run("base http://127.0.0.1:9")
        try harness.run(line)
        #expect(harness.transport.sent.isEmpty)
        _ = autosave.save(harness.workspace)
        try harness.run("send")
        try harness.run("show\nauth\nheader\nvars\ncurl\nhistory\nsave s.json")
        // An export a format cannot write (digest in Swift, SigV4 in HTTPie and Swift) fails with one line: checked too.
        var refusals: [String] = []
        for command in Self.exportLines {
            if case .failed(let error) = harness.interpreter.handle(line: command) { refusals.append(error.message) }
        }
        #expect(refusals.count <= 6, "\(refusals)")
        _ = autosave.save(harness.workspace)
        _ = autosave.finish()

        var places: [(String, String)] = [
            ("the screen", (harness.output.lines + harness.output.errors + refusals).joined(separator: "\n")),
            ("the history entry", HistoryEntry.text(for: line, redactor: harness.interpreter.redactor)),
            ("the prompt", Prompt.text(for: harness.workspace, environment: [:], width: 200, redactor: harness.interpreter.redactor)),
            ("the autosave", String(decoding: autosaved, as: UTF8.self)),
        ]
        // Every file written (the file imported is the one place the value may be).
        for (path, bytes) in harness.files.contents where files[path] == nil {
            places.append((path, String(decoding: bytes, as: UTF8.self)))
        }
        #expect(harness.files.contents.count >= 2 * Export.Format.allCases.count - 4)
        for (place, text) in places {
            #expect(!text.contains(Self.value), "`\(example)`: the value reached \(place): \(text)")
        }
        #expect(!autosaved.isEmpty)
        return harness
    }

    /// A credential line typed wrong (a stray word, a quote left open, the colon forgotten)
    /// fails, and its entry in the history file still holds no value: the declaration that
    /// carries the credential masks what it cannot parse.
    static let mistypedLines: [String] =
        examples.flatMap { [$0 + " extra", $0 + " 'open"] } + [
            "header Authorization Bearer SECRET", "header add Cookie sid=SECRET", "header X-Api-Key SECRET extra",
            "auth bearer SECRET x y", "auth basic ana:SECRET extra", "auth digest ana SECRET zzz",
            "auth apikey header X-Key SECRET extra", "set --secret tok SECRET extra", "set --secret",
            "import curl -u ana:SECRET 'http://127.0.0.1:9/a", "auth\tbearer\tSECRET\tx", "proxy http://ana:SECRET@127.0.0.1:9 extra",
        ]

    @Test(arguments: mistypedLines)
    func aMistypedCredentialLineKeepsNoValueInTheHistory(_ example: String) throws {
        let line = example.replacing("SECRET", with: Self.value)
        let harness = InterpreterHarness()
        try harness.run("base http://127.0.0.1:9")
        _ = harness.interpreter.handle(line: line)
        let entry = HistoryEntry.text(for: line, redactor: harness.interpreter.redactor)
        #expect(!entry.contains(Self.value), "`\(example)` was kept as `\(entry)`")
        // What names the command stays, so the entry still says what was typed.
        #expect(entry.hasPrefix(String(example.prefix { $0 != " " && $0 != "\t" })), "\(entry)")
    }

    /// `import curl -u` is `auth basic` as typed: bound to the URL's origin, its password a secret.
    @Test func curlsUserIsTheBasicAuthOfTheOrigin() throws {
        let harness = InterpreterHarness()
        try harness.run("import curl -u ana:\(Self.value) http://127.0.0.1:9/a")
        let auth = try #require(harness.endpoint.auth)
        #expect(auth.scheme == .basic && auth.user == "ana" && auth.origin == "http://127.0.0.1:9")
        #expect(auth.secret == "{{auth_password}}" && harness.workspace.variables.isSecret("auth_password"))
        #expect(try harness.printed("auth") == "basic ana:\(Variables.mask)")
        try harness.run("base http://127.0.0.1:8")
        #expect(try harness.prepared().headers.contains { $0.name == "Authorization" } == false, "not sent to another origin")
    }

    /// `proxy http://ana:PASSWORD@host`: the password is a secret variable the setting refers to.
    @Test func aProxysPasswordIsASecretVariable() throws {
        let harness = InterpreterHarness()
        try harness.run("base http://127.0.0.1:9\nproxy http://ana:\(Self.value)@127.0.0.1:3128")
        #expect(harness.workspace.settings.proxy == .url("http://ana:{{proxy_password}}@127.0.0.1:3128"))
        #expect(try harness.printed("proxy") == "http://ana:\(Variables.mask)@127.0.0.1:3128")
        try harness.run("get /a\nsave s.json")
        #expect(harness.transport.sent.last?.settings.proxy == .url("http://ana:\(Self.value)@127.0.0.1:3128"))
        let saved = String(decoding: try #require(harness.files.contents["s.json"]), as: UTF8.self)
        #expect(saved.contains("http://ana:{{proxy_password}}@127.0.0.1:3128"))
        #expect(harness.failure("proxy http://ana:\(Variables.mask)@127.0.0.1:3128") != nil)
        #expect(harness.failure("proxy http://:pw@127.0.0.1:3128")?.message.contains("no user") == true)
    }
}
