import Platform
import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// The autosave's file and journal (`Autosave`, `AutosaveJournal`): what they
/// restore is what writing the whole file would have said, a command costs
/// what it changed, and a journal cut anywhere or left from another file loses
/// nothing else.
@Suite struct AutosaveJournalTests {
    /// Files in memory: what the autosave wrote, appended and removed.
    final class MemoryFiles {
        var contents: [String: [UInt8]] = [:]
        var wholeWrites = 0
        var appends = 0
        var bytesWritten = 0
        var failNext = false

        var storage: Autosave.Storage {
            Autosave.Storage(
                write: { chunks, path throws(WorkbenchError) in
                    if self.failNext { self.failNext = false; throw WorkbenchError("disk full") }
                    self.contents[path] = chunks.flatMap { $0 }
                    self.bytesWritten += chunks.reduce(0) { $0 + $1.count }
                    if !path.hasSuffix(AutosaveJournal.suffix) { self.wholeWrites += 1 }
                },
                append: { bytes, path throws(WorkbenchError) in
                    if self.failNext {
                        // Half the line reached the disk.
                        self.failNext = false
                        self.contents[path, default: []] += bytes.prefix(bytes.count / 2)
                        throw WorkbenchError("disk full")
                    }
                    guard self.contents[path] != nil else { throw WorkbenchError("no such file") }
                    self.contents[path]! += bytes
                    self.bytesWritten += bytes.count
                    self.appends += 1
                },
                remove: { path in self.contents[path] = nil })
        }
    }

    static let path = "/state/autosave-1-1.json"

    /// An interpreter, files in memory and an autosave to them.
    static func started() -> (InterpreterHarness, MemoryFiles, Autosave) {
        let files = MemoryFiles()
        return (InterpreterHarness(), files, Autosave(path: path, storage: files.storage))
    }

    /// Runs the lines, autosaving after each (as the REPL does).
    static func runSaving(_ lines: String, _ harness: InterpreterHarness, _ autosave: Autosave) throws {
        for line in lines.split(separator: "\n") {
            try harness.run(String(line))
            #expect(autosave.save(harness.workspace) == nil)
        }
    }

    /// What `restore` reads back from the files.
    static func restored(_ files: MemoryFiles) throws -> SessionDocument {
        try AutosaveJournal.document(
            base: files.contents[path] ?? [], journal: files.contents[AutosaveJournal.path(for: path)],
            file: path)
    }

    /// What writing the whole file would read back.
    static func whole(_ workspace: Workspace) throws -> SessionDocument {
        try SessionDecoding.decode(workspace.sessionFileText(), file: "whole.json")
    }

    @Test func whatIsRestoredIsWhatTheWholeFileSaysAfterEveryCommand() throws {
        let harness = InterpreterHarness(environment: ["TOKEN": "env-secret-value"])
        let files = MemoryFiles()
        let autosave = Autosave(path: Self.path, storage: files.storage)
        var generator = FuzzGenerator(seed: 27)
        let lines = [
            "get /items/{n}", "post /items/{n}", "header X-Trace t{n}", "query add page {n}", "set v{n} value{n}",
            "capture seen{n} $.id", "expect status 200", "body {\"n\": {n}}", "path /other/{n}", "history rm 1",
            "set --secret pw s3cr3t{n}", "header Authorization: Bearer {{env.TOKEN}}", "unset v{n}", "base http://127.0.0.1:{n}",
        ]
        try harness.run("base http://127.0.0.1:9")
        harness.transport.fallback.body = Array(#"{"id": 7}"#.utf8)
        for step in 0..<300 {
            let line = lines[Int.random(in: 0..<lines.count, using: &generator)].replacingOccurrences(of: "{n}", with: "\(step % 17 + 1)")
            _ = try? harness.run(line)
            #expect(autosave.save(harness.workspace) == nil)
            let restored = try Self.restored(files)
            let expected = try Self.whole(harness.workspace)
            #expect(restored == expected, "after \(step): \(line)")
            if restored != expected { return }
        }
        #expect(files.appends > 100, "the journal took most commands")
        // Neither file holds a secret's value.
        for (_, bytes) in files.contents {
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(!text.contains("env-secret-value"))
            #expect(!text.contains("s3cr3t"))
        }
        // The end of the run: one plain session file, no journal.
        #expect(autosave.finish() == nil)
        #expect(files.contents[AutosaveJournal.path(for: Self.path)] == nil)
        #expect(try SessionDecoding.decode(files.contents[Self.path]!, file: Self.path) == Self.whole(harness.workspace))
    }

    @Test func aRequestAfterThousandsAppendsWhatItChangedAndTheTotalStaysLinear() throws {
        let (harness, files, autosave) = Self.started()
        try harness.run("base http://127.0.0.1:9")
        var appendedForLast = 0
        for index in 0..<3_000 {
            try harness.run("get /items/\(index)")
            let before = files.bytesWritten
            #expect(autosave.save(harness.workspace) == nil)
            appendedForLast = files.bytesWritten - before
        }
        let file = files.contents[Self.path]!.count
        let whole = harness.workspace.sessionFileText().count
        // The last request wrote about one record and the frame, not the 3,000 records.
        #expect(appendedForLast < 2_000, "\(appendedForLast) bytes for one request")
        #expect(whole > 500_000)
        // Each byte of the history is written a bounded number of times: the file is written
        // whole when the journal passes half of it (a geometric series), plus the journal itself.
        #expect(files.bytesWritten < 6 * whole, "\(files.bytesWritten) bytes written for a \(whole)-byte session")
        #expect(files.wholeWrites < 20)
        #expect(file <= whole)
        #expect(try Self.restored(files) == Self.whole(harness.workspace))
    }

    @Test func aJournalCutAnywhereInItsLastLineRestoresTheCommandBefore() throws {
        let (harness, files, autosave) = Self.started()
        try Self.runSaving("base http://127.0.0.1:9\nget /first\nget /second", harness, autosave)
        let before = try Self.whole(harness.workspace)
        let journalPath = AutosaveJournal.path(for: Self.path)
        let journalBefore = files.contents[journalPath]!
        try Self.runSaving("get /third", harness, autosave)
        let journal = files.contents[journalPath]!
        #expect(journal.count > journalBefore.count)
        for cut in journalBefore.count..<journal.count {
            files.contents[journalPath] = Array(journal.prefix(cut))
            #expect(try Self.restored(files) == before, "cut at \(cut)")
        }
        files.contents[journalPath] = journal
        #expect(try Self.restored(files).requests.map(\.endpoint.path) == ["/first", "/second", "/third"])
    }

    @Test func aJournalOfAnotherFileIsIgnored() throws {
        let (harness, files, autosave) = Self.started()
        try Self.runSaving("base http://127.0.0.1:9\nget /first\nget /second", harness, autosave)
        let journalPath = AutosaveJournal.path(for: Self.path)
        let staleJournal = files.contents[journalPath]!
        // The file written whole again (a crash before its new journal replaced the old one).
        try Self.runSaving("history rm 1", harness, autosave)
        files.contents[journalPath] = staleJournal
        #expect(try Self.restored(files) == Self.whole(harness.workspace))
        #expect(try Self.restored(files).requests.map(\.endpoint.path) == ["/second"])
    }

    @Test func aFailedAppendWritesTheWholeFileNext() throws {
        let (harness, files, autosave) = Self.started()
        try harness.run("base http://127.0.0.1:9\nget /first\nget /second")
        #expect(autosave.save(harness.workspace) == nil)
        try harness.run("get /third")
        #expect(autosave.save(harness.workspace) == nil)
        try harness.run("get /fourth")
        files.failNext = true
        #expect(autosave.save(harness.workspace) == "warning: autosave failed: disk full")
        // The half-written line is ignored; the next save writes the whole file.
        #expect(try Self.restored(files).requests.count == 3)
        let wholeWrites = files.wholeWrites
        try harness.run("get /fifth")
        #expect(autosave.save(harness.workspace) == nil)
        #expect(files.wholeWrites == wholeWrites + 1)
        #expect(try Self.restored(files) == Self.whole(harness.workspace))
    }

    @Test func restoreReadsTheJournalFromDisk() throws {
        let directory = StateFilesTests.temporaryDirectory()
        defer { StateFilesTests.remove(directory) }
        let folder = AutosaveFolder(directory: directory, processID: 7, startTime: 7)
        let harness = InterpreterHarness()
        let autosave = Autosave(path: folder.ownPath)
        try harness.run("base http://127.0.0.1:9\nget /first")
        #expect(autosave.save(harness.workspace) == nil)
        try harness.run("get /second\nset colour blue")
        #expect(autosave.save(harness.workspace) == nil)
        #expect(AtomicFile.exists(autosave.journalPath))
        // Another run restores it: the file and the journal together.
        let other = InterpreterHarness()
        other.interpreter.context.autosaves = AutosaveFolder(directory: directory, processID: 8, startTime: 8)
        other.interpreter.context.readSessionFile = SessionFileBounds.read
        try other.run("restore")
        #expect(other.workspace.history.map(\.endpoint.path) == ["/first", "/second"])
        #expect(other.workspace.variables.value(of: "colour") == "blue")
        #expect(autosave.finish() == nil)
        #expect(!AtomicFile.exists(autosave.journalPath))
    }

    @Test func theJournalCountsAsWrittenAndGoesWithItsFile() throws {
        let directory = StateFilesTests.temporaryDirectory()
        defer { StateFilesTests.remove(directory) }
        let older = directory + "/autosave-1-1.json"
        let newer = directory + "/autosave-2-2.json"
        for (path, second) in [(older, 1_000), (newer, 2_000)] {
            try AtomicFile.write(Array("{}".utf8), to: path, sync: false)
            var times = [timespec(tv_sec: second, tv_nsec: 0), timespec(tv_sec: second, tv_nsec: 0)]
            #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        }
        // The older file's journal was written last: that run wrote last.
        try AtomicFile.write(Array("{}\n".utf8), to: AutosaveJournal.path(for: older), sync: false)
        let folder = AutosaveFolder(directory: directory, processID: 3, startTime: 3)
        #expect(folder.files() == [older, newer])
        // A journal whose file is gone is removed once old; one whose file is pruned goes with it.
        let orphan = directory + "/autosave-9-9.json.journal"
        try AtomicFile.write(Array("{}\n".utf8), to: orphan, sync: false)
        var old = [timespec(tv_sec: 1_000, tv_nsec: 0), timespec(tv_sec: 1_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, orphan, &old, 0) == 0)
        for index in 10..<(10 + AutosaveFolder.kept) {
            try AtomicFile.write(Array("{}".utf8), to: directory + "/autosave-\(index)-\(index).json", sync: false)
        }
        folder.prune()
        #expect(!AtomicFile.exists(orphan))
        #expect(!AtomicFile.exists(older) && !AtomicFile.exists(AutosaveJournal.path(for: older)))
        #expect(AutosaveFolder.isTemporaryName(".autosave-1-1.json.journal.tmp-AbC123"))
    }
}
