import Testing
import Platform
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// Looking at a response again: `last`, `print`, the pager, masked wherever it goes, through
/// the interpreter with a scripted transport.
@Suite struct ResponseViewTests {
    static let secret = "pw-Unit-7731"

    /// A JSON response that echoes the secret, as a careless server would.
    static func echoing(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(
            statusLine: "HTTP/1.1 \(status) OK", statusCode: status,
            headers: [HeaderField(name: "Content-Type", value: "application/json"), HeaderField(name: "X-Echo", value: text)],
            body: Array("{\"echo\": \"\(text)\", \"n\": 5, \"tags\": [\"a\", \"b\"]}".utf8))
    }

    static func folder() -> String {
        var template = Array("/tmp/workbench-repl-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    static func remove(_ folder: String) {
        for entry in FileSystem.listDirectory(folder) { unlink(folder + "/" + entry.name) }
        rmdir(folder)
    }

    static func read(_ path: String) -> String {
        String(decoding: (try? FileSystem.read(path)) ?? [], as: UTF8.self)
    }

    func harnessWithSecretResponse() throws -> InterpreterHarness {
        let h = InterpreterHarness()
        h.transport.fallback = Self.echoing(Self.secret)
        try h.run("base http://h.test\nset --secret pw \(Self.secret)\nget /a")
        return h
    }

    @Test func lastShowsTheResponseAgainInPartsWithoutSending() throws {
        let h = try harnessWithSecretResponse()
        let before = h.output.lines.count
        try h.run("last headers")
        #expect(h.transport.sent.count == 1, "last never sends")
        let lines = Array(h.output.lines[before...])
        #expect(
            lines == ["HTTP/1.1 200 OK", "(0 µs, 59 bytes)", "Content-Type: application/json", "X-Echo: ******"]
                || lines.count == 4)
        #expect(!lines.joined().contains(Self.secret))
        try h.run("last status")
        #expect(h.output.lines.last?.hasPrefix("(") == true)
        let bytesBefore = h.output.bytes.count
        try h.run("last body")
        let body = String(decoding: h.output.bytes[bytesBefore...], as: UTF8.self)
        #expect(body.contains("\"echo\": \"******\""))
        #expect(!body.contains(Self.secret))
    }

    @Test func printChoosesWhatEveryResponseShows() throws {
        let h = InterpreterHarness()
        try h.run("base http://h.test\nprint status\nget /a")
        #expect(h.output.lines == ["HTTP/1.1 200 OK", "(0.0 ms, 2 bytes)"])
        #expect(h.output.bytes.isEmpty)
        try h.run("print body\nget /b")
        #expect(h.output.lines.count == 2)
        #expect(String(decoding: h.output.bytes, as: UTF8.self).contains("{}"))
        try h.run("last all")
        #expect(h.output.lines.contains("Content-Type: application/json"))
        #expect(h.workspace.view.parts == .body)
        #expect(try h.printed("settings").hasSuffix("print    body\npager    auto"))
    }

    @Test func lastWithoutAResponseFails() {
        let h = InterpreterHarness()
        #expect(h.failure("last")?.message == "no response yet: `send` a request first")
        #expect(h.failure("last > x.json")?.message == "no response yet: `send` a request first")
    }

    @Test func lastToAFileWritesTheMaskedBodyAtomically() throws {
        let folder = Self.folder()
        defer { Self.remove(folder) }
        let h = try harnessWithSecretResponse()
        try h.run("last > \(folder)/body.json")
        let written = Self.read("\(folder)/body.json")
        #expect(written == "{\"echo\": \"******\", \"n\": 5, \"tags\": [\"a\", \"b\"]}")
        #expect(h.output.lines.last == "[body written to \(folder)/body.json: 46 bytes]")
        try h.run("last headers > \(folder)/head.txt")
        #expect(Self.read("\(folder)/head.txt").contains("X-Echo: ******\n"))
        // Only the file itself: no temporary file is left beside it.
        #expect(FileSystem.listDirectory(folder).map(\.name).sorted() == ["body.json", "head.txt"])
        // A directory is refused and nothing changes.
        #expect(h.failure("last > \(folder)")?.message == "cannot write '\(folder)': it is a directory")
    }

    @Test func lastThroughAPipeFeedsTheMaskedBody() throws {
        let folder = Self.folder()
        defer { Self.remove(folder) }
        let h = try harnessWithSecretResponse()
        try h.run("last | cat > '\(folder)/piped'")
        #expect(Self.read("\(folder)/piped") == "{\"echo\": \"******\", \"n\": 5, \"tags\": [\"a\", \"b\"]}")
        try h.run("last headers | grep -c X-Echo > '\(folder)/count'")
        #expect(Self.read("\(folder)/count") == "1\n")
        #expect(h.failure("last | exit 3")?.message == "`exit 3` exited with status 3")
        // A reader that stops early is not an error, and does not kill the workbench.
        try h.run("last | head -c 1 > /dev/null")
    }

    @Test func aLongResponseGoesThroughThePagerOnATerminal() throws {
        let folder = Self.folder()
        defer { Self.remove(folder) }
        let h = InterpreterHarness(environment: ["PAGER": "cat > '\(folder)/paged'"])
        h.interpreter.screenSize = { (rows: 3, columns: 80) }
        h.transport.fallback = Self.echoing(Self.secret)
        try h.run("base http://h.test\nset --secret pw \(Self.secret)\nget /a")
        let paged = Self.read("\(folder)/paged")
        #expect(paged.hasPrefix("HTTP/1.1 200 OK\n"))
        #expect(paged.contains("X-Echo: ******"))
        #expect(!paged.contains(Self.secret))
        #expect(h.output.lines.isEmpty && h.output.bytes.isEmpty, "the pager showed it, not the output")
        // `pager off`, or a response that fits, prints directly.
        try h.run("pager off\nlast")
        #expect(h.output.lines.first == "HTTP/1.1 200 OK")
    }

    @Test func aBodyFarLongerThanTheScreenStreamsIntoThePagerMasked() throws {
        let folder = Self.folder()
        defer { Self.remove(folder) }
        let h = InterpreterHarness(environment: ["PAGER": "cat > '\(folder)/paged'"])
        h.interpreter.screenSize = { (rows: 2, columns: 10) }
        let items = (0..<200).map { "\"\(Self.secret)-\($0)\"" }.joined(separator: ", ")
        h.transport.fallback = HTTPResponse(
            statusLine: "HTTP/1.1 200 OK", statusCode: 200,
            headers: [HeaderField(name: "Content-Type", value: "application/json")],
            body: Array("[\(items)]".utf8))
        try h.run("base http://h.test\nset --secret pw \(Self.secret)\nget /a")
        let paged = Self.read("\(folder)/paged")
        #expect(paged.hasPrefix("HTTP/1.1 200 OK\n"))
        #expect(paged.contains("\"******-199\""))
        #expect(!paged.contains(Self.secret))
        #expect(h.output.lines.isEmpty && h.output.bytes.isEmpty)
    }

    @Test func aMissingPagerStillShowsTheResponse() throws {
        let h = InterpreterHarness(environment: ["PAGER": "no-such-pager-workbench"])
        h.interpreter.screenSize = { (rows: 2, columns: 80) }
        try h.run("base http://h.test\nget /a")
        #expect(h.output.errors.first?.contains("the pager `no-such-pager-workbench` was not found") == true)
        #expect(String(decoding: h.output.bytes, as: UTF8.self).hasPrefix("HTTP/1.1 200 OK"))
    }

    @Test func screenLinesCountWrappedLinesAndSkipEscapes() {
        let buffer = OutputBuffer()
        buffer.printLine("\u{1B}[1;32mshort\u{1B}[0m")
        buffer.printLine(String(repeating: "x", count: 25))
        buffer.printLine("é")
        #expect(buffer.screenLines(columns: 10) == 1 + 3 + 1)
        buffer.writeBytes(Array("tail".utf8))
        #expect(buffer.screenLines(columns: 10) == 6)
    }
}
