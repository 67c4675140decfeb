import Foundation
import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// One set of rules for every writer (`save`, exports, reports, `send > FILE`): never a read-only
/// file, a link or an input being worked on.
@Suite struct WriteTargetTests {
    @Test func writeTargetRefusesReadOnlyFilesLinksAndInputs() throws {
        let folder = ScratchFiles.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        ScratchFiles.write("keep\n", to: folder + "/ro.txt", mode: 0o444)
        ScratchFiles.write("target\n", to: folder + "/t.txt")
        symlink(folder + "/t.txt", folder + "/link.txt")
        #expect(throws: WorkbenchError("cannot write '\(folder)/ro.txt': it is read-only; the file is unchanged")) {
            try WriteTarget.check(folder + "/ro.txt")
        }
        #expect(throws: WorkbenchError("cannot write '\(folder)/link.txt': it is a symbolic link (name the file it points to)")) {
            try WriteTarget.check(folder + "/link.txt")
        }
        // The same file by another spelling of its path is still the input.
        let input = WriteTarget.Input(path: folder + "/./t.txt", role: "the session being worked on")
        #expect(
            throws: WorkbenchError(
                "cannot write '\(folder)/t.txt': it is the session being worked on ('\(folder)/./t.txt'); choose another file")
        ) {
            try WriteTarget.check(folder + "/t.txt", inputs: [input])
        }
        #expect(try WriteTarget.check(folder + "/new.txt") == .none)
        #expect(try WriteTarget.check(folder + "/t.txt") == .regular(mode: 0o644))
        #expect(try WriteTarget.check("/dev/null", allowingDevices: true) == .device)
        // The atomic writer (save, export, reports) follows the rules: the read-only file keeps its mode and text.
        #expect(throws: WorkbenchError("cannot save '\(folder)/ro.txt': it is read-only; the file is unchanged")) {
            try AtomicFile.write(Array("x".utf8), to: folder + "/ro.txt", sync: false)
        }
        #expect(
            ScratchFiles.mode(folder + "/ro.txt") == 0o444 && (try? String(contentsOfFile: folder + "/ro.txt", encoding: .utf8)) == "keep\n"
        )
        // And so does `send > FILE`'s file.
        #expect(throws: WorkbenchError("cannot write '\(folder)/ro.txt': it is read-only; the file is unchanged")) {
            _ = try OutputFile(path: folder + "/ro.txt")
        }
    }
}
