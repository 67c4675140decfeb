import Testing
import Platform
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// `expect` on the last response, each kind of check passing and failing.
@Suite struct CheckCommandsTests {
    @Test(arguments: [
        ("json $.n != 4", true), ("json $.n != 5", false),
        ("json $.n < 6", true), ("json $.n <= 5", true), ("json $.n > 5", false), ("json $.n >= 5", true),
        ("json $.echo contains \"a\"", true), ("json $.tags contains \"b\"", true), ("json $.tags contains \"z\"", false),
        ("json $.echo matches \"^v.l\"", true), ("json $.echo matches \"^x\"", false), ("json $.n matches \"5\"", false),
        ("json $.echo < 3", false),
        ("body contains \"n\": 5", true), ("body contains nowhere", false),
    ])
    func newChecks(check: String, passes: Bool) throws {
        let h = InterpreterHarness()
        h.transport.fallback = ResponseViewTests.echoing("val")
        try h.run("base http://h.test\nget /a")
        switch h.interpreter.handle(line: "expect " + check) {
        case .ok: #expect(passes, "\(check) passed")
        case .failed(let error): #expect(!passes, "\(check): \(error.message)")
        case .exit: Issue.record("exit")
        }
    }
}
