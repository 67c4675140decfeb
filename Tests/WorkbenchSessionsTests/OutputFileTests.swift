import Testing
import Platform
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// `send > FILE`: a temporary file renamed into place, devices written into, links refused.
@Suite struct OutputFileTests {
    func write(_ text: String, into file: OutputFile) {
        let bytes = Array(text.utf8)
        #expect(Platform.write(file.descriptor.rawValue, bytes, bytes.count) == bytes.count)
    }

    @Test func aCommittedFileHoldsTheBodyAndNoTemporaryFileStays() throws {
        let folder = ScratchFiles.folder()
        defer { ScratchFiles.remove(folder) }
        let file = try OutputFile(path: folder + "/out.json")
        #expect(file.temporaryPath?.hasPrefix(folder + "/.out.json.part-") == true)
        write("{}", into: file)
        try file.commit()
        #expect(try FileSystem.read(folder + "/out.json") == Array("{}".utf8))
        #expect(FileSystem.listDirectory(folder).map(\.name) == ["out.json"])
    }

    @Test func aDiscardedFileLeavesTheOldContent() throws {
        let folder = ScratchFiles.folder()
        defer { ScratchFiles.remove(folder) }
        try AtomicFile.write(Array("old".utf8), to: folder + "/out", sync: false)
        let file = try OutputFile(path: folder + "/out")
        write("new", into: file)
        file.discard()
        #expect(try FileSystem.read(folder + "/out") == Array("old".utf8))
        #expect(FileSystem.listDirectory(folder).map(\.name) == ["out"])
    }

    @Test func aDeviceIsWrittenIntoNotReplaced() throws {
        let file = try OutputFile(path: "/dev/null")
        #expect(file.temporaryPath == nil)
        write("x", into: file)
        try file.commit()
        #expect(ScratchFiles.kind("/dev/null") == S_IFCHR)
    }

    @Test func aLinkOrADirectoryIsRefused() throws {
        let folder = ScratchFiles.folder()
        defer { ScratchFiles.remove(folder) }
        try AtomicFile.write(Array("keep".utf8), to: folder + "/target", sync: false)
        #expect(symlink(folder + "/target", folder + "/link") == 0)
        mkdir(folder + "/sub", 0o700)
        #expect(throws: WorkbenchError("cannot write '\(folder)/link': it is a symbolic link (name the file it points to)")) {
            _ = try OutputFile(path: folder + "/link")
        }
        #expect(throws: WorkbenchError("cannot write '\(folder)/sub': it is a directory")) {
            _ = try OutputFile(path: folder + "/sub")
        }
        #expect(ScratchFiles.kind(folder + "/link") == S_IFLNK)
        #expect(try FileSystem.read(folder + "/target") == Array("keep".utf8))
    }

    @Test func aFIFONobodyReadsIsAnErrorNotAHang() throws {
        let folder = ScratchFiles.folder()
        defer { ScratchFiles.remove(folder) }
        #expect(mkfifo(folder + "/fifo", 0o600) == 0)
        #expect(throws: WorkbenchError("cannot write '\(folder)/fifo': it is a FIFO and nothing is reading it")) {
            _ = try OutputFile(path: folder + "/fifo")
        }
    }
}
