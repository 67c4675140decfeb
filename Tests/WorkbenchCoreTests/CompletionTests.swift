import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions

/// Tab completion, with a fake directory lister so no real files are read.
@Suite struct CompletionTests {
    /// A fake file system: directory path (as passed to the lister) to entries.
    static let tree: [String: [(name: String, isDirectory: Bool)]] = [
        "": [("Sessions", true), ("data.json", false), ("data2.json", false), (".hidden", false), ("notes.txt", false)],
        "Sessions/": [("login.json", false), ("movies.json", false), ("old", true)],
        "../": [("elsewhere.json", false)],
        "~/": [("home.json", false)],
    ]

    /// Makes a Completion over a workspace with some state, recording the directories listed.
    final class Lister {
        var asked: [String] = []
        func list(_ path: String) -> [(name: String, isDirectory: Bool)] {
            asked.append(path)
            return CompletionTests.tree[path] ?? []
        }
    }

    static func workspace() -> Workspace {
        var workspace = Workspace()
        workspace.endpoint.base = "https://api.example.com"
        workspace.endpoint.query = [
            QueryItem(name: "page", value: "1"), QueryItem(name: "fields", value: "a"), QueryItem(name: "page", value: "2"),
        ]
        workspace.endpoint.headers = [
            HeaderField(name: "Authorization", value: "x"), HeaderField(name: "X-Trace", value: "1"),
            HeaderField(name: "Authorization", value: "y"),
        ]
        workspace.variables.set("token", to: "t")
        workspace.variables.set("base", to: "b")
        workspace.variables.set("tenant", to: "acme", secret: true)
        return workspace
    }

    func complete(_ prefix: String, workspace: Workspace = CompletionTests.workspace(), lister: Lister = Lister()) -> [String] {
        Completion(workspace: workspace, listDirectory: lister.list).candidates(forLinePrefix: prefix)
    }

    // MARK: - Command words

    @Test func emptyLineOffersEveryCommand() {
        #expect(complete("") == CommandCatalog.names)
        #expect(complete("   ") == CommandCatalog.names)
    }

    @Test(arguments: [
        ("se", ["send", "set", "settings"]),
        ("he", ["header", "head", "help"]),
        ("q", ["query", "quit"]),
        ("pa", ["path", "patch", "pager"]),
        ("ti", ["timing", "timeout"]),
        ("bod", ["body"]),
        ("zz", []),
    ])
    func commandWords(prefix: String, expected: [String]) {
        #expect(complete(prefix) == expected)
    }

    // MARK: - Sub-commands

    @Test(arguments: [
        ("query a", ["add"]),
        ("query ", ["add", "set", "rm", "clear"]),
        ("QUERY r", ["rm"]),
        ("path a", ["add"]),
        ("body ", ["json", "form", "multipart", "graphql", "edit", "example", "clear", "@", "<<END"]),
        ("body j", ["json"]),
        ("follow ", ["on", "off"]),
        ("insecure of", ["off"]),
        ("color ", ["auto", "always", "never"]),
        ("color a", ["auto", "always"]),
        ("last ", ["all", "headers", "body", "status", ">", "|"]),
        ("last h", ["headers"]),
        ("print ", ["all", "headers", "body", "status"]),
        ("pager ", ["auto", "off"]),
        ("history ", ["rm", "clear"]),
        ("expect ", ["status", "header", "body", "json", "time", "schema", "frame", "event", "rm", "clear"]),
        ("expect event ", ["last"]),
        ("expect event last ", ["type", "id", "json", "data"]),
        ("expect event 2 d", ["data"]),
        ("capture n event last ", ["id", "type", "data"]),
        ("capture ", ["--secret", "rm"]),
        ("path ", ["add", ".."]),
        ("help a", ["all", "allow-files", "auth"]),
        ("set -", ["--secret"]),
        ("help q", ["query", "quit"]),
        ("help ", ["all"] + CommandCatalog.names),
        ("show ", ["--secrets"]),
        ("reset ", []),
        ("timeout ", []),
        ("query add x ", []),
    ])
    func subcommands(prefix: String, expected: [String]) {
        #expect(complete(prefix) == expected)
    }

    @Test(arguments: [
        ("method ", CommandCatalog.methods),
        ("method p", ["POST", "PUT", "PATCH"]),
        ("method PA", ["PATCH"]),
        ("method de", ["DELETE"]),
        ("method x", []),
    ])
    func methods(prefix: String, expected: [String]) {
        #expect(complete(prefix) == expected)
    }

    // MARK: - Names from the workspace

    @Test func queryNamesForRmAndSetAreUniqueInOrder() {
        #expect(complete("query rm ") == ["page", "fields"])
        #expect(complete("query set f") == ["fields"])
        #expect(complete("query add ") == [])
    }

    @Test func headerNames() {
        #expect(complete("header Con") == ["Connection:", "Content-Type:"])
        #expect(complete("header Acc") == ["Accept:", "Accept-Encoding:", "Accept-Language:"])
        #expect(complete("header add Auth") == ["Authorization:"])
        #expect(complete("header add ") == Completion.commonHeaders.map { $0 + ":" })
        #expect(complete("header rm ") == ["Authorization", "X-Trace"])
        #expect(complete("header rm X") == ["X-Trace"])
        #expect(complete("header ") == ["add", "rm", "clear"] + Completion.commonHeaders.map { $0 + ":" })
    }

    @Test func mediaTypesAfterContentTypeAndAccept() {
        #expect(
            complete("header Content-Type: app")
                == ["application/json", "application/x-www-form-urlencoded", "application/xml"])
        #expect(complete("header add content-type: text/") == ["text/plain", "text/html"])
        #expect(complete("header Accept: ") == Completion.commonMediaTypes)
        #expect(complete("header X-Other: app") == [])
    }

    @Test func variableNames() {
        #expect(complete("set ") == ["--secret", "base", "tenant", "token"])
        #expect(complete("set t") == ["tenant", "token"])
        #expect(complete("set --secret to") == ["token"])
        #expect(complete("unset ") == ["base", "tenant", "token"])
        #expect(complete("unset b") == ["base"])
    }

    // MARK: - Variables inside {{

    @Test(arguments: [
        ("path /users/{{", ["/users/{{base}}", "/users/{{tenant}}", "/users/{{token}}"]),
        ("path /users/{{t", ["/users/{{tenant}}", "/users/{{token}}"]),
        ("header Authorization: Bearer {{to", ["{{token}}"]),
        ("{{", ["{{base}}", "{{tenant}}", "{{token}}"]),
        ("query add id {{x", []),
        ("body json {\"a\":{{b", ["{\"a\":{{base}}"]),
        ("path /{{base}}/{{te", ["/{{base}}/{{tenant}}"]),
        ("method {{", ["{{base}}", "{{tenant}}", "{{token}}"]),
    ])
    func variablesInsideBraces(prefix: String, expected: [String]) {
        #expect(complete(prefix) == expected)
    }

    @Test func closedReferenceIsNotCompleted() {
        #expect(complete("path /{{token}}") == [])
    }

    @Test func noVariablesNoCandidates() {
        #expect(complete("path {{", workspace: Workspace()) == [])
    }

    // MARK: - File paths

    @Test func filesAfterAt() {
        let lister = Lister()
        #expect(complete("body @", lister: lister) == ["@Sessions/", "@data.json", "@data2.json", "@notes.txt"])
        #expect(complete("body @da", lister: lister) == ["@data.json", "@data2.json"])
        #expect(complete("body @Sessions/", lister: lister) == ["@Sessions/login.json", "@Sessions/movies.json", "@Sessions/old/"])
        #expect(complete("body @Sessions/m", lister: lister) == ["@Sessions/movies.json"])
        #expect(complete("body @.h", lister: lister) == ["@.hidden"])
        #expect(complete("body @../", lister: lister) == ["@../elsewhere.json"])
        #expect(complete("body @nowhere/", lister: lister) == [])
        #expect(lister.asked == ["", "", "Sessions/", "Sessions/", "", "../", "nowhere/"])
    }

    @Test(arguments: ["load", "save", "run"])
    func filesAfterLoadAndSave(command: String) {
        let lister = Lister()
        #expect(complete("\(command) ", lister: lister) == ["Sessions/", "data.json", "data2.json", "notes.txt"])
        #expect(complete("\(command) Sess", lister: lister) == ["Sessions/"])
        #expect(complete("\(command) Sessions/l", lister: lister) == ["Sessions/login.json"])
        #expect(complete("\(command) ~/h", lister: lister) == ["~/home.json"])
        #expect(complete("\(command) Sessions/login.json ", lister: lister) == [])
        #expect(lister.asked == ["", "", "Sessions/", "~/"])
    }

    @Test func filesAfterRedirect() {
        #expect(complete("send >d") == [">data.json", ">data2.json"])
        #expect(complete("get /x >Sessions/") == [">Sessions/login.json", ">Sessions/movies.json", ">Sessions/old/"])
    }

    @Test func noFilesListedWhereNoneAreWanted() {
        let lister = Lister()
        _ = complete("", lister: lister)
        _ = complete("query add a ", lister: lister)
        _ = complete("path /x", lister: lister)
        _ = complete("body json ", lister: lister)
        #expect(lister.asked == [])
    }
}

extension CompletionTests {
    @Test func requestNumbersAndCaptureNamesComeFromTheHistory() {
        var workspace = Workspace()
        let record = RequestRecord(
            endpoint: Endpoint(base: "http://h"), settings: Settings(),
            captures: [Capture(name: "token", source: .status)],
            expectations: [.status(.code(200)), .status(.code(201))])
        workspace.history = [record, record, record]
        workspace.lastRecordIndex = 2
        #expect(complete("use ", workspace: workspace) == ["1", "2", "3"])
        #expect(complete("replay ", workspace: workspace) == ["all", "1", "2", "3"])
        #expect(complete("history rm ", workspace: workspace) == ["1", "2", "3"])
        #expect(complete("diff 1 ", workspace: workspace) == ["1", "2", "3"])
        #expect(complete("diff 1 --i", workspace: workspace) == ["--ignore"])
        #expect(complete("expect rm ", workspace: workspace) == ["1", "2"])
        #expect(complete("capture rm t", workspace: workspace) == ["token"])
        #expect(complete("use ") == [], "nothing sent, nothing to offer")
    }
}

/// Tab never offers a name that holds terminal controls (from an
/// API description, or a file name): libedit would write it raw.
@Suite struct CompletionOfTerminalControlsTests {
    /// Paths, a parameter and enum values with a window title (OSC 0), a
    /// clipboard write (OSC 52), a bidi override and a DEL.
    static let hostileCompletionDescription = #"""
        {"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {
          "/ok": {"get": {"responses": {"200": {"description": "ok"}}}},
          "/o\u001b]0;PWNED\u0007": {"get": {"responses": {"200": {"description": "ok"}}}},
          "/oc\u001b]52;c;cHduZWQ=\u0007": {"get": {"responses": {"200": {"description": "ok"}}}},
          "/o\u202eevil": {"get": {"responses": {"200": {"description": "ok"}}}},
          "/items/{id}": {"get": {"operationId": "get\u001b[2Jitem", "parameters": [
            {"name": "id", "in": "path", "required": true, "schema": {"type": "string", "enum": ["one", "t\u001b]0;PWNED\u0007", "r\u202etl", "d\u007fel"]}},
            {"name": "kind", "in": "query", "schema": {"type": "string", "enum": ["plain", "k\u009b31m", "k\tab"]}},
            {"name": "q\u001b[1m", "in": "query", "schema": {"type": "string"}},
            {"name": "X-H\u202e", "in": "header", "schema": {"type": "string"}},
            {"name": "X-Ok", "in": "header", "schema": {"type": "string", "enum": ["v", "v\u001b]52;c;eA==\u0007"]}}],
            "responses": {"200": {"description": "ok"}}}}}}
        """#

    @Test func candidatesWithTerminalControlsAreLeftOut() throws {
        let h = InterpreterHarness(files: ["h.json": Array(Self.hostileCompletionDescription.utf8)])
        try h.run("openapi h.json")
        func complete(_ line: String) -> [String] {
            Completion(workspace: h.workspace, listDirectory: { _ in [] }).candidates(forLinePrefix: line)
        }
        #expect(complete("get /o") == ["/ok"])
        #expect(complete("cd ") == ["items/", "ok"])
        #expect(complete("get /items/") == ["/items/{id}", "/items/one"])
        try h.run("cd /items/{id}")
        #expect(complete("query add ") == ["kind"])
        #expect(complete("query add kind ") == ["plain"])
        #expect(complete("header X-") == ["X-Ok:", "X-Api-Key:", "X-Request-Id:"])
        #expect(complete("header X-Ok: ") == ["v"])
        for line in ["get /o", "cd ", "get /items/", "query add ", "query add kind ", "header ", "header X-Ok: ", "describe "] {
            for candidate in complete(line) { #expect(Completion.isTypeable(candidate), "\(line): \(candidate)") }
        }
    }

    @Test func theUnfilteredCandidatesHeldTheHostileNames() throws {
        // Without the filter the description's names would be offered: the test above can fail.
        let h = InterpreterHarness(files: ["h.json": Array(Self.hostileCompletionDescription.utf8)])
        try h.run("openapi h.json")
        let all = Completion(workspace: h.workspace, listDirectory: { _ in [] }).allCandidates(forLinePrefix: "get /o")
        #expect(all.count == 4)
        #expect(all.filter(Completion.isTypeable) == ["/ok"])
    }

    @Test func typeableIsWhatTheTerminalShowsAsIs() {
        for good in ["/pets", "{id}", "naïve", "日本", "a b", "e\u{301}"] { #expect(Completion.isTypeable(good), "\(good)") }
        for bad in ["a\u{1B}[2J", "\u{7}", "a\u{7F}", "\u{9B}1m", "r\u{202E}l", "\u{2066}x", "a\tb", "a\nb", "a\rb", "\u{0}"] {
            #expect(!Completion.isTypeable(bad), "\(bad.debugDescription)")
        }
    }

    @Test func fileNamesWithControlsAreNotOfferedEither() {
        let completion = Completion(
            workspace: Workspace(),
            listDirectory: { _ in
                [("ok.json", false), ("x\u{1B}]0;PWNED\u{7}.json", false), ("d\u{202E}ir", true)]
            })
        #expect(completion.candidates(forLinePrefix: "load ") == ["ok.json"])
    }
}
