import Platform
import WorkbenchBasics

/// Where interactive runs autosave: one file per process in the state folder
/// (`autosave-START-PID.json`), so two terminals never write over each other's
/// work. Each may have a journal beside it (`AutosaveJournal`), which counts
/// as part of it. `restore` takes the most recently written one of another
/// run; only the newest `kept` are kept, so files of finished runs do not pile up.
public struct AutosaveFolder: Sendable {
    public let directory: String
    /// This process's autosave.
    public let ownPath: String

    /// How many autosaves stay in the folder (this process's always among them).
    public static let kept = 10
    /// The single autosave of earlier workbenches: still restored, and pruned like the others.
    static let legacyName = "autosave.json"

    /// `startTime` (seconds) and the process id make the name unique even when a pid is reused.
    public init(directory: String, processID: Int32 = getpid(), startTime: Int = Int(time(nil))) {
        self.directory = directory
        ownPath = directory + "/autosave-\(startTime)-\(processID).json"
    }

    /// Every autosave in the folder, most recently written first.
    public func files() -> [String] {
        var found: [(path: String, modified: FileTime)] = []
        for entry in FileSystem.listDirectory(directory) where !entry.isDirectory && Self.isAutosaveName(entry.name) {
            let path = directory + "/" + entry.name
            guard var modified = Self.modified(path) else { continue }
            // Written last when its journal was.
            if let journal = Self.modified(AutosaveJournal.path(for: path)), journal > modified {
                modified = journal
            }
            found.append((path, modified))
        }
        return found.sorted { left, right in
            if left.modified != right.modified { return left.modified > right.modified }
            return left.path > right.path
        }.map(\.path)
    }

    /// When the regular file at `path` was last written; nil when there is none.
    private static func modified(_ path: String) -> FileTime? {
        guard let info = FileStatus.ofLink(path: path), info.kind == .regular else { return nil }
        return info.modified
    }

    /// The autosave `restore` brings back: the most recently written one of another run.
    public func newestOfAnotherRun() -> String? {
        files().first { $0 != ownPath }
    }

    /// Removes all but the newest `kept` autosaves, never this process's own,
    /// and temporary files of autosaves that a killed run left (older than
    /// `abandonedAfter` seconds: no write takes that long).
    public func prune(now: Int = Int(time(nil))) {
        var keptCount = 0
        for path in files() {
            if path == ownPath || keptCount < Self.kept - 1 {
                if path != ownPath { keptCount += 1 }
                continue
            }
            unlink(path)
            unlink(AutosaveJournal.path(for: path))
        }
        for entry in FileSystem.listDirectory(directory) where !entry.isDirectory {
            let path = directory + "/" + entry.name
            // A journal whose file is gone, or a temporary file, left by a killed run.
            let abandoned =
                Self.isTemporaryName(entry.name)
                || (Self.isJournalName(entry.name) && Self.modified(String(path.dropLast(AutosaveJournal.suffix.count))) == nil)
            if abandoned, let modified = Self.modified(path), modified.seconds < now - Self.abandonedAfter {
                unlink(path)
            }
        }
    }

    static let abandonedAfter = 600

    /// `AtomicFile`'s temporary name for an autosave or its journal: `.autosave-….json.tmp-XXXXXX`.
    static func isTemporaryName(_ name: String) -> Bool {
        guard name.hasPrefix("."), let marker = name.firstRange(of: ".tmp-") else { return false }
        let target = String(name[name.index(after: name.startIndex)..<marker.lowerBound])
        return isAutosaveName(target) || isJournalName(target)
    }

    /// An autosave's journal: `autosave-….json.journal`.
    static func isJournalName(_ name: String) -> Bool {
        name.hasSuffix(AutosaveJournal.suffix) && isAutosaveName(String(name.dropLast(AutosaveJournal.suffix.count)))
    }

    static func isAutosaveName(_ name: String) -> Bool {
        if name == legacyName { return true }
        guard name.hasPrefix("autosave-"), name.hasSuffix(".json") else { return false }
        let middle = name.dropFirst("autosave-".count).dropLast(".json".count)
        return !middle.isEmpty && middle.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "-") }
    }
}
