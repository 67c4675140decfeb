import Foundation
import Testing
@testable import WorkbenchBasics
@testable import WorkbenchHTTP
@testable import WorkbenchSessions

/// httpyac's `# @import ./other.http` (issue 38): the other file's requests and variables before
/// the ones that follow, each file once, within a depth bound, never in a cycle, under the
/// local-file rule. Before, the line was a comment and the requests that used the other file's
/// names were skipped.
@Suite struct HTTPFileImportDirectiveTests {
    /// The files written in a folder of their own (the local-file rule looks at real paths), then main.http read there.
    func read(_ text: String, files: [String: String]) throws -> HTTPFileImport {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("http-import-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        for (path, content) in files.merging(["api/main.http": text], uniquingKeysWith: { _, main in main }) {
            let full = root + "/" + path
            try FileManager.default.createDirectory(
                atPath: String(full[..<full.lastIndex(of: "/")!]), withIntermediateDirectories: true)
            try content.write(toFile: full, atomically: true, encoding: .utf8)
        }
        var imported = try HTTPFileImport.load(
            root + "/api/main.http", environment: nil, readFile: { path throws(WorkbenchError) in try FileSystem.read(path) },
            fileExists: { _ in false })
        imported.notes = imported.notes.map { $0.replacingOccurrences(of: root + "/", with: "") }
        return imported
    }

    @Test func anImportedFilesRequestsAndNamesComeFirstAndOnce() throws {
        let files = [
            "api/a.http": "@origin = http://h\n# @name login\nPOST {{origin}}/login\n",
            "api/b.http": "# @import ./a.http\n###\n# @name me\nGET {{origin}}/me\nX-Token: {{login.response.body.$.token}}\n",
        ]
        let imported = try read(
            "# @import ./a.http\n# @import ./b.http\n###\nGET {{origin}}/c\nX-Me: {{me.response.headers.X-Id}}\n", files: files)
        #expect(imported.document.requests.map(\.endpoint.path) == ["/login", "/me", "/c"])
        #expect(imported.document.requests[0].captures.map(\.name) == ["login_body_token"])
        #expect(imported.document.requests[1].captures.map(\.name) == ["me_header_X_Id"])
        #expect(imported.notes.isEmpty, "\(imported.notes)")
    }

    @Test func aCycleIsNamedAndSkipped() throws {
        let files = ["api/a.http": "# @import ./main.http\nGET http://h/a\n"]
        let imported = try read("# @import ./a.http\nGET http://h/main\n", files: files)
        #expect(imported.document.requests.map(\.endpoint.path) == ["/a", "/main"])
        #expect(imported.notes.count == 1)
        #expect(
            imported.notes[0].contains(
                "api/a.http: line 1, column 1: @import './main.http': a cycle of imports (main.http -> a.http -> main.http); skipped"))
    }

    @Test func importsNestAtMostTheBound() throws {
        var files: [String: String] = [:]
        for level in 1...10 { files["api/f\(level).http"] = "# @import ./f\(level + 1).http\nGET http://h/\(level)\n" }
        let imported = try read("# @import ./f1.http\nGET http://h/main\n", files: files)
        #expect(imported.document.requests.count == HTTPFileParser.maximumImportDepth)
        #expect(imported.notes.contains { $0.contains("imports nest more than 8 files deep (the bound of @import)") }, "\(imported.notes)")
    }

    @Test func aFileOutsideTheFolderIsNotRead() throws {
        let imported = try read("# @import ../../etc/other.http\nGET http://h/main\n", files: ["etc/other.http": "GET http://h/x\n"])
        #expect(imported.document.requests.map(\.endpoint.path) == ["/main"])
        #expect(imported.notes.first?.contains("outside its folder") == true, "\(imported.notes)")
    }
}
