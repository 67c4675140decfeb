import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// `body edit`: the body in $EDITOR, validated, a failed edit kept.
@Suite struct BodyEditorTests {
    @Test func bodyEditValidatesJSONAndKeepsAFailedEdit() throws {
        let harness = InterpreterHarness()
        var replies = [#"{"a": "#, #"{"a": 2}"# + "\n"]
        var seen: [(String, Bool)] = []
        harness.interpreter.editText = { text, json throws(WorkbenchError) in
            seen.append((text, json))
            return replies.removeFirst()
        }
        try harness.run("base http://127.0.0.1:9\nbody json {\"a\": 1}")
        #expect(harness.failure("body edit")?.message.hasPrefix("the edited body is not valid JSON") == true)
        #expect(harness.endpoint.body == .json(#"{"a": 1}"#))
        try harness.run("body edit")
        #expect(harness.endpoint.body == .json(#"{"a": 2}"#))
        #expect(seen.map(\.0) == [#"{"a": 1}"#, #"{"a": "#] && seen.allSatisfy(\.1))
        #expect(try CommandParser.parse("body edit") == .command(.bodyEdit))
        #expect(try CommandParser.parse("body edit this") == .command(.body(.text("edit this"))))
        harness.interpreter.editText = nil
        #expect(harness.failure("body edit")?.message == "`body edit` needs an editor: set $VISUAL or $EDITOR")
    }
}
