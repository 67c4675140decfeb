import Testing
import Platform
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchHTTP
@testable import WorkbenchSessions

/// A fresh folder under /tmp for one test, removed by the caller.
private func makeFolder() -> String {
    var template = Array("/tmp/workbench-files-XXXXXX".utf8CString)
    return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
}

private func removeFolder(_ folder: String) {
    for entry in FileSystem.listDirectory(folder) {
        unlink(folder + "/" + entry.name)
        rmdir(folder + "/" + entry.name)
    }
    rmdir(folder)
}

private func fileType(_ path: String) -> mode_t {
    var info = stat()
    guard lstat(path, &info) == 0 else { return 0 }
    return info.st_mode & S_IFMT
}

/// Reads refuse what is not a regular file before reading, and cap the size.
@Suite struct FileSystemReadTests {
    @Test func readsARegularFileWhole() throws {
        let folder = makeFolder()
        defer { removeFolder(folder) }
        try AtomicFile.write(Array("hello".utf8), to: folder + "/a.txt", sync: false)
        #expect(try FileSystem.read(folder + "/a.txt") == Array("hello".utf8))
    }

    @Test func refusesDevicesFIFOsAndDirectoriesWithoutBlocking() throws {
        let folder = makeFolder()
        defer { removeFolder(folder) }
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
        let folder = makeFolder()
        defer { removeFolder(folder) }
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

/// `send > FILE`: a temporary file renamed into place, devices written into, links refused.
@Suite struct OutputFileTests {
    func write(_ text: String, into file: OutputFile) {
        let bytes = Array(text.utf8)
        #expect(Platform.write(file.descriptor.rawValue, bytes, bytes.count) == bytes.count)
    }

    @Test func aCommittedFileHoldsTheBodyAndNoTemporaryFileStays() throws {
        let folder = makeFolder()
        defer { removeFolder(folder) }
        let file = try OutputFile(path: folder + "/out.json")
        #expect(file.temporaryPath?.hasPrefix(folder + "/.out.json.part-") == true)
        write("{}", into: file)
        try file.commit()
        #expect(try FileSystem.read(folder + "/out.json") == Array("{}".utf8))
        #expect(FileSystem.listDirectory(folder).map(\.name) == ["out.json"])
    }

    @Test func aDiscardedFileLeavesTheOldContent() throws {
        let folder = makeFolder()
        defer { removeFolder(folder) }
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
        #expect(fileType("/dev/null") == S_IFCHR)
    }

    @Test func aLinkOrADirectoryIsRefused() throws {
        let folder = makeFolder()
        defer { removeFolder(folder) }
        try AtomicFile.write(Array("keep".utf8), to: folder + "/target", sync: false)
        #expect(symlink(folder + "/target", folder + "/link") == 0)
        mkdir(folder + "/sub", 0o700)
        #expect(throws: WorkbenchError("cannot write '\(folder)/link': it is a symbolic link (name the file it points to)")) {
            _ = try OutputFile(path: folder + "/link")
        }
        #expect(throws: WorkbenchError("cannot write '\(folder)/sub': it is a directory")) {
            _ = try OutputFile(path: folder + "/sub")
        }
        #expect(fileType(folder + "/link") == S_IFLNK)
        #expect(try FileSystem.read(folder + "/target") == Array("keep".utf8))
    }

    @Test func aFIFONobodyReadsIsAnErrorNotAHang() throws {
        let folder = makeFolder()
        defer { removeFolder(folder) }
        #expect(mkfifo(folder + "/fifo", 0o600) == 0)
        #expect(throws: WorkbenchError("cannot write '\(folder)/fifo': it is a FIFO and nothing is reading it")) {
            _ = try OutputFile(path: folder + "/fifo")
        }
    }
}

/// Saves are whole or not at all, and never replace what is not a regular file.
@Suite struct AtomicFileTests {
    @Test func replacesTheContentWithTheGivenMode() throws {
        let folder = makeFolder()
        defer { removeFolder(folder) }
        try AtomicFile.write(Array("one".utf8), to: folder + "/s.json")
        try AtomicFile.write(Array("two".utf8), to: folder + "/s.json", mode: 0o640)
        #expect(try FileSystem.read(folder + "/s.json") == Array("two".utf8))
        var info = stat()
        #expect(stat(folder + "/s.json", &info) == 0 && info.st_mode & 0o777 == 0o640)
        #expect(FileSystem.listDirectory(folder).map(\.name) == ["s.json"])
    }

    @Test func refusesToReplaceADeviceOrALink() throws {
        let folder = makeFolder()
        defer { removeFolder(folder) }
        #expect(symlink("/dev/null", folder + "/link") == 0)
        #expect(throws: WorkbenchError("cannot save '/dev/null': it exists and is not a regular file")) {
            try AtomicFile.write(Array("x".utf8), to: "/dev/null", sync: false)
        }
        #expect(throws: WorkbenchError("cannot save '\(folder)/link': it is a symbolic link (name the file it points to)")) {
            try AtomicFile.write(Array("x".utf8), to: folder + "/link", sync: false)
        }
        #expect(fileType("/dev/null") == S_IFCHR && fileType(folder + "/link") == S_IFLNK)
    }
}
