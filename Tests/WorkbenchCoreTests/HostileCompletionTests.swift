import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions

/// Issue 25: Tab never offers a name that holds terminal controls (from an
/// API description, or a file name): libedit would write it raw.
@Suite struct HostileCompletionTests {
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
