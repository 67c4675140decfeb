import Testing
import Platform
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// Saves are whole or not at all, and never replace what is not a regular file.
@Suite struct AtomicFileTests {
    @Test func replacesTheContentWithTheGivenMode() throws {
        let folder = ScratchFiles.folder()
        defer { ScratchFiles.remove(folder) }
        try AtomicFile.write(Array("one".utf8), to: folder + "/s.json")
        try AtomicFile.write(Array("two".utf8), to: folder + "/s.json", mode: 0o640)
        #expect(try FileSystem.read(folder + "/s.json") == Array("two".utf8))
        var info = stat()
        #expect(stat(folder + "/s.json", &info) == 0 && info.st_mode & 0o777 == 0o640)
        #expect(FileSystem.listDirectory(folder).map(\.name) == ["s.json"])
    }

    @Test func refusesToReplaceADeviceOrALink() throws {
        let folder = ScratchFiles.folder()
        defer { ScratchFiles.remove(folder) }
        #expect(symlink("/dev/null", folder + "/link") == 0)
        #expect(throws: WorkbenchError("cannot save '/dev/null': it exists and is not a regular file")) {
            try AtomicFile.write(Array("x".utf8), to: "/dev/null", sync: false)
        }
        #expect(throws: WorkbenchError("cannot save '\(folder)/link': it is a symbolic link (name the file it points to)")) {
            try AtomicFile.write(Array("x".utf8), to: folder + "/link", sync: false)
        }
        #expect(ScratchFiles.kind("/dev/null") == S_IFCHR && ScratchFiles.kind(folder + "/link") == S_IFLNK)
    }
}
