import Testing
import Platform
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// Reads refuse what is not a regular file before reading, and cap the size.
@Suite struct FileSystemTests {
    @Test func readsARegularFileWhole() throws {
        let folder = ScratchFiles.folder()
        defer { ScratchFiles.remove(folder) }
        try AtomicFile.write(Array("hello".utf8), to: folder + "/a.txt", sync: false)
        #expect(try FileSystem.read(folder + "/a.txt") == Array("hello".utf8))
    }

    @Test func refusesDevicesFIFOsAndDirectoriesWithoutBlocking() throws {
        let folder = ScratchFiles.folder()
        defer { ScratchFiles.remove(folder) }
        #expect(mkfifo(folder + "/fifo", 0o600) == 0)
        for (path, reason) in [
            ("/dev/zero", "not a regular file"), (folder + "/fifo", "not a regular file"),
            (folder, "is a directory"),
        ] {
            do {
                _ = try FileSystem.read(path)
                Issue.record("\(path) was read")
            } catch {
                #expect(error.message.contains(reason), "\(path): \(error.message)")
                #expect(error.message.contains("'\(path)'"))
            }
        }
    }

    @Test func aFileOverTheLimitIsRefusedNamingTheLimit() throws {
        let folder = ScratchFiles.folder()
        defer { ScratchFiles.remove(folder) }
        try AtomicFile.write([UInt8](repeating: 7, count: 2048), to: folder + "/big", sync: false)
        #expect(try FileSystem.read(folder + "/big", limit: 2048).count == 2048)
        do {
            _ = try FileSystem.read(folder + "/big", limit: 1024)
            Issue.record("a file over the limit was read")
        } catch {
            #expect(error.message == "cannot read '\(folder)/big': it is 2.0 KB, more than the 1.0 KB a file read whole may hold")
        }
    }

    @Test func aMissingFileSaysWhatTheSystemSaid() {
        #expect(throws: WorkbenchError("cannot read '/nonexistent/x': No such file or directory")) {
            _ = try FileSystem.read("/nonexistent/x")
        }
    }
}
