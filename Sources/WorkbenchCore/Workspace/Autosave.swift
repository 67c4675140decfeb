import Platform
import WorkbenchBasics
import WorkbenchSessions

/// The REPL's autosave: after every line that changed the workspace (a failed
/// `expect` and a `replay` included), the session is kept in this process's
/// file (`AutosaveFolder`), which `restore` reads back.
///
/// A command costs what it changed, not the size of the history: the file is
/// written whole (atomically) only now and then, and between those writes what
/// changed (the top level, a new or changed record) is appended to its journal
/// (`AutosaveJournal`). The file is written whole again when records went
/// away or other secrets change every record's text, when the journal has
/// grown past half the file (so each byte of the history is written a bounded
/// number of times, however long the run), and when the run ends, which leaves
/// a plain session file and no journal.
public final class Autosave {
    public let path: String
    public var journalPath: String { AutosaveJournal.path(for: path) }
    private let storage: Storage
    private let encoder = SessionEncoder()
    /// What was saved last: the workspace without its history, which is told by its revision.
    /// (Holding the history itself would make the next request copy all of it.)
    private var saved: (workspace: Workspace, historyRevision: UInt64)?
    /// Nothing written yet by this run, or the last write failed: the next one is whole.
    private var mustWriteWhole = true
    /// What the file written whole holds, and the journal (0: no journal yet).
    private var fileFingerprint = AutosaveJournal.Fingerprint(bytes: 0, sha256: "")
    private var journalBytes = 0
    /// The top level as the file and journal hold it now (compact text).
    private var frame: [UInt8] = []
    /// A journal at least this large may be written before the file is written whole again.
    static let journalAllowance = 1 << 20

    /// How the autosave reaches its files (replaced in tests).
    public struct Storage {
        /// Writes the chunks as one file, atomically.
        public var write: ([[UInt8]], String) throws(WorkbenchError) -> Void
        /// Appends the bytes to an existing file, with one write, and syncs it.
        public var append: ([UInt8], String) throws(WorkbenchError) -> Void
        public var remove: (String) -> Void

        public init(
            write: @escaping ([[UInt8]], String) throws(WorkbenchError) -> Void,
            append: @escaping ([UInt8], String) throws(WorkbenchError) -> Void,
            remove: @escaping (String) -> Void
        ) {
            self.write = write
            self.append = append
            self.remove = remove
        }

        public static var files: Storage {
            Storage(
                write: { chunks, path throws(WorkbenchError) in try AtomicFile.write(chunks: chunks, to: path) },
                append: { bytes, path throws(WorkbenchError) in try AtomicFile.appendSynced(bytes, to: path) },
                remove: { path in unlink(path) })
        }
    }

    public init(path: String, storage: Storage = .files) {
        self.path = path
        self.storage = storage
    }

    /// Saves `workspace` if it differs from what was saved last; a warning when it could not be.
    public func save(_ workspace: Workspace) -> String? {
        let withoutHistory = Self.withoutHistory(workspace)
        if let saved, saved.historyRevision == workspace.history.revision, saved.workspace == withoutHistory {
            return nil
        }
        do throws(WorkbenchError) {
            let changes = workspace.updateSessionFile(in: encoder)
            let frameChanged = changes.frame != frame || journalBytes == 0
            let line =
                frameChanged || !changes.records.isEmpty
                ? AutosaveJournal.saveLine(frame: frameChanged ? changes.frame : nil, records: changes.records) : []
            frame = changes.frame
            let journalAfter = journalBytes + line.count
            if mustWriteWhole || changes.needsWholeFile
                || journalAfter > max(fileFingerprint.bytes / 2, Self.journalAllowance)
                || fileFingerprint.bytes + journalAfter > encoder.maximumFileBytes
            {
                try writeWhole()
            } else if journalBytes == 0 {
                // The journal starts with the line that ties it to the file (and the frame, always).
                let header = AutosaveJournal.header(continuing: fileFingerprint)
                try storage.write([header, line], journalPath)
                journalBytes = header.count + line.count
            } else if !line.isEmpty {
                try storage.append(line, journalPath)
                journalBytes = journalAfter
            }
            saved = (withoutHistory, workspace.history.revision)
            return nil
        } catch {
            mustWriteWhole = true
            return "warning: autosave failed: \(error.message)"
        }
    }

    /// The run ends: what the journal holds goes into the file, and the journal goes.
    public func finish() -> String? {
        guard journalBytes > 0, !mustWriteWhole else { return nil }
        do throws(WorkbenchError) {
            try writeWhole()
            return nil
        } catch {
            return "warning: autosave failed: \(error.message)"
        }
    }

    /// Takes `workspace` as already saved (it was just loaded from this file, or started empty).
    public func markSaved(_ workspace: Workspace) {
        saved = (Self.withoutHistory(workspace), workspace.history.revision)
    }

    private static func withoutHistory(_ workspace: Workspace) -> Workspace {
        var copy = workspace
        copy.history = History()
        return copy
    }

    /// The file written whole from what the encoder holds; the journal, which
    /// now names another file, removed.
    private func writeWhole() throws(WorkbenchError) {
        let chunks = encoder.fileChunks()
        try encoder.checkLoadable(chunks)
        try storage.write(chunks, path)
        fileFingerprint = AutosaveJournal.Fingerprint(of: chunks)
        mustWriteWhole = false
        if journalBytes > 0 || !journalChecked {
            storage.remove(journalPath)
            journalChecked = true
        }
        journalBytes = 0
    }

    /// Whether a journal left at this path (a pid reused) was removed.
    private var journalChecked = false
}
