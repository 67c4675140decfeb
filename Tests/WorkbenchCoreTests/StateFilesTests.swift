import Platform
import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// The files interactive runs keep in the state folder: the shared history
/// file (appended under a lock, trimmed atomically) and one autosave per run.
@Suite struct StateFilesTests {
    static func temporaryDirectory() -> String {
        var template = Array("/tmp/workbench-state-tests-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    /// Removes a flat test folder (its files, then itself).
    static func remove(_ directory: String) {
        for entry in FileSystem.listDirectory(directory) {
            if entry.isDirectory { rmdir(directory + "/" + entry.name) } else { unlink(directory + "/" + entry.name) }
        }
        rmdir(directory)
    }

    static func text(_ path: String) throws -> String {
        String(decoding: try FileSystem.read(path), as: UTF8.self)
    }

    // MARK: History

    @Test func entriesAreEncodedAsLibeditWritesThem() {
        #expect(HistoryFile.encode("a b\\c") == Array(#"a\040b\134c"#.utf8))
        #expect(HistoryFile.encode("query add x {{v}}") == Array(#"query\040add\040x\040{{v}}"#.utf8))
        #expect(HistoryFile.encode("é\t\n") == Array(#"\303\251\011\012"#.utf8))
    }

    @Test func twoWritersAppendWithoutErasingEachOther() throws {
        let directory = Self.temporaryDirectory()
        defer { Self.remove(directory) }
        let path = directory + "/history"
        let first = HistoryFile(path: path)
        let second = HistoryFile(path: path)
        for index in 0..<5 {
            try first.append("path /first/\(index)")
            try second.append("path /second/\(index)")
        }
        let lines = try Self.text(path).split(separator: "\n").map(String.init)
        #expect(lines.first == HistoryFile.header)
        #expect(lines.count == 11)
        #expect(lines.filter { $0.contains("first") } == (0..<5).map { #"path\040/first/"# + "\($0)" })
        #expect(lines.filter { $0.contains("second") } == (0..<5).map { #"path\040/second/"# + "\($0)" })
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)
    }

    @Test func trimmingKeepsTheNewestEntriesAndTheHeader() throws {
        let directory = Self.temporaryDirectory()
        defer { Self.remove(directory) }
        let path = directory + "/history"
        let file = HistoryFile(path: path, limit: 30)
        for index in 0..<250 { try file.append("entry \(index)") }
        // Trimmed every 100 appends: at most the limit plus that many.
        var lines = try Self.text(path).split(separator: "\n").map(String.init)
        #expect(lines.first == HistoryFile.header)
        #expect(lines.count - 1 <= 30 + 100)
        #expect(lines.last == #"entry\040249"#)
        try file.trim()
        lines = try Self.text(path).split(separator: "\n").map(String.init)
        #expect(lines == [HistoryFile.header] + (220..<250).map { #"entry\040"# + "\($0)" })
        // No temporary file is left beside it; the lock file stays.
        #expect(FileSystem.listDirectory(directory).map(\.name) == ["history", "history.lock"])
    }

    @Test func aHistoryPathThatIsNotAFileIsOneError() throws {
        let directory = Self.temporaryDirectory()
        defer { Self.remove(directory) }
        mkdir(directory + "/history", 0o700)
        let error = thrownError { () throws(WorkbenchError) in try HistoryFile(path: directory + "/history").append("x") }
        #expect(error?.message.hasPrefix("cannot write the history file") == true)
    }

    // MARK: Autosave

    @Test func eachRunHasItsOwnAutosaveAndRestoreTakesAnotherRunsNewest() throws {
        let directory = Self.temporaryDirectory()
        defer { Self.remove(directory) }
        let first = AutosaveFolder(directory: directory, processID: 100, startTime: 1)
        let second = AutosaveFolder(directory: directory, processID: 200, startTime: 2)
        #expect(first.ownPath != second.ownPath)
        #expect(first.newestOfAnotherRun() == nil)
        var workspace = Workspace()
        workspace.endpoint.base = "http://first.example"
        #expect(Autosave(path: first.ownPath).save(workspace) == nil)
        #expect(first.newestOfAnotherRun() == nil)
        #expect(second.newestOfAnotherRun() == first.ownPath)
        workspace.endpoint.base = "http://second.example"
        #expect(Autosave(path: second.ownPath).save(workspace) == nil)
        #expect(first.newestOfAnotherRun() == second.ownPath)
        // Files that are not autosaves are neither restored nor removed.
        try AtomicFile.write(Array("x".utf8), to: directory + "/autosave-notes.txt")
        #expect(Set(first.files()) == [first.ownPath, second.ownPath])
    }

    @Test func pruningKeepsTheNewestAndTheOwnFile() throws {
        let directory = Self.temporaryDirectory()
        defer { Self.remove(directory) }
        var paths: [String] = []
        for index in 0..<14 {
            let path = directory + "/autosave-\(index)-\(index).json"
            try AtomicFile.write(Array("{}".utf8), to: path, sync: false)
            var times = [timespec(tv_sec: 1_000_000 + index, tv_nsec: 0), timespec(tv_sec: 1_000_000 + index, tv_nsec: 0)]
            #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
            paths.append(path)
        }
        // The oldest file is this run's own: it stays whatever its age.
        let own = AutosaveFolder(directory: directory, processID: 0, startTime: 0)
        #expect(own.ownPath == paths[0])
        own.prune()
        let left = Set(own.files())
        #expect(left.count == AutosaveFolder.kept)
        #expect(left == Set([paths[0]] + paths.suffix(AutosaveFolder.kept - 1)))
    }

    @Test func temporaryFilesOfKilledAutosavesAreRemovedWhenOld() throws {
        let directory = Self.temporaryDirectory()
        defer { Self.remove(directory) }
        let old = directory + "/.autosave-5-5.json.tmp-AbC123"
        let fresh = directory + "/.autosave-6-6.json.tmp-XyZ789"
        let other = directory + "/.history.tmp-AbC123"
        for path in [old, fresh, other] { try AtomicFile.write(Array("{".utf8), to: path, sync: false) }
        var times = [timespec(tv_sec: 1_000, tv_nsec: 0), timespec(tv_sec: 1_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, old, &times, 0) == 0)
        #expect(utimensat(AT_FDCWD, other, &times, 0) == 0)
        AutosaveFolder(directory: directory, processID: 1, startTime: 1).prune()
        #expect(!AtomicFile.exists(old))
        #expect(AtomicFile.exists(fresh) && AtomicFile.exists(other))
    }

    @Test func aFailingExpectIsAutosaved() throws {
        let harness = InterpreterHarness()
        var written: [[UInt8]] = []
        let autosave = Autosave(
            path: "auto.json",
            storage: Autosave.Storage(
                write: { chunks, _ throws(WorkbenchError) in written.append(chunks.flatMap { $0 }) },
                append: { bytes, _ throws(WorkbenchError) in written.append(bytes) },
                remove: { _ in }))
        autosave.markSaved(harness.workspace)
        try harness.run("base http://127.0.0.1:9\nget /a")
        #expect(autosave.save(harness.workspace) == nil)
        #expect(written.count == 1)
        _ = harness.failure("expect status 500")
        #expect(autosave.save(harness.workspace) == nil)
        #expect(written.count == 2)
        #expect(String(decoding: written[1], as: UTF8.self).contains("\"status 500\""))
        // Nothing changed: nothing written.
        _ = harness.failure("path add")
        #expect(autosave.save(harness.workspace) == nil)
        #expect(written.count == 2)
    }
}
