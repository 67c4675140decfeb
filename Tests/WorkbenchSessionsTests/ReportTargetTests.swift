import Foundation
import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// Replay reports never written onto an input or a file of another kind.
@Suite struct ReportTargetTests {
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func aReportIsNeverWrittenOntoAnInputOrAnotherKindOfFile() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = folder.appendingPathComponent("s.json").path
        let notes = folder.appendingPathComponent("notes.txt").path
        try Data("{\"format\": \"workbench-session\"}".utf8).write(to: URL(fileURLWithPath: session))
        try Data("my notes\n".utf8).write(to: URL(fileURLWithPath: notes))
        let onInput = thrownError { () throws(WorkbenchError) in
            try ReportTarget.checkAll([ReportTarget(format: .junit, path: session)], inputs: [session])
        }
        #expect(
            onInput?.message
                == "the junit report '\(session)' is an input of this replay ('\(session)'): choose another file for the report")
        for format in ReportFormat.allCases {
            let overOther = thrownError { () throws(WorkbenchError) in
                try ReportTarget.checkAll([ReportTarget(format: format, path: notes)], inputs: [session])
            }
            #expect(overOther?.message.hasPrefix("'\(notes)' exists and is not a \(format.title) report") == true)
        }
        // A report of the same format, and an empty file, may be replaced.
        let report = ReplayReport(runs: [], interrupted: false)
        for format in ReportFormat.allCases {
            let path = folder.appendingPathComponent("r.\(format.rawValue)").path
            try Data(format.render(report).utf8).write(to: URL(fileURLWithPath: path))
            try ReportTarget.checkAll([ReportTarget(format: format, path: path)], inputs: [session])
            let others = ReportFormat.allCases.filter { $0 != format }
            for other in others {
                #expect(
                    thrownError { () throws(WorkbenchError) in
                        try ReportTarget.checkAll([ReportTarget(format: other, path: path)], inputs: [session])
                    } != nil, "\(other) over \(format)")
            }
        }
        let empty = folder.appendingPathComponent("empty.xml").path
        _ = FileManager.default.createFile(atPath: empty, contents: Data())
        try ReportTarget.checkAll([ReportTarget(format: .junit, path: empty)], inputs: [session])
        #expect(try String(contentsOfFile: notes, encoding: .utf8) == "my notes\n")
    }

    @Test func anotherToolsJUnitReportMayBeReplaced() {
        let head = Array("<?xml version=\"1.0\"?>\n<testsuite name=\"pytest\" tests=\"1\">".utf8)
        #expect(ReportFormat.junit.recognizes(head))
        #expect(!ReportFormat.junit.recognizes(Array("<?xml version=\"1.0\"?><project/>".utf8)))
        #expect(ReportFormat.tap.recognizes(Array("1..4\nok 1 - a\n".utf8)))
    }
}
