import Foundation
import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// One rule for the local files an input (a collection, a session) names: those outside its
/// folder are left out with a warning, unless `allow-files` allows their folder.
@Suite struct LocalFileRuleTests {
    /// A collection naming files inside and outside its folder, by path, through `..` and by a link.
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
        let folder = ScratchFiles.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        ScratchFiles.write("inside\n", to: folder + "/data.bin")
        symlink("/etc/hostname", folder + "/out")
        let up = String(repeating: "../", count: folder.split(separator: "/").count)
        let text = LocalFileRuleTests.collection.replacingOccurrences(of: "UP/", with: folder + "/" + up).replacingOccurrences(
            of: "DIR/", with: folder + "/")
        ScratchFiles.write(text, to: folder + "/c.json")
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
        let folder = ScratchFiles.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        ScratchFiles.write("x", to: folder + "/in.txt")
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
}
