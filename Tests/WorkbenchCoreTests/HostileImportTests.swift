import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions

/// Issue 25, found walking its list again: a collection's header value with a
/// control character was imported, then every `show`, `send` and export of
/// the request failed; it is refused at the import, as HAR files are.
@Suite struct HostileImportTests {
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
}
