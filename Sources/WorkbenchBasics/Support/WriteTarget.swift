import Platform

/// The rules every file the workbench writes follows (`save`, `send > FILE`,
/// `last > FILE`, `export ... > FILE`, `import --output`, replay reports),
/// checked before anything is written:
///
/// - never through a symbolic link (the file it points to could be anything;
///   a shell's `>` would follow it, `curl -o` too, but a rename would replace
///   the link itself, so the user names the file instead);
/// - never over a directory or another file that is not regular (devices and
///   FIFOs only for a writer that writes into them, `send > /dev/null`);
/// - never over a read-only file (no write permission bit, or none for this
///   user): it stays as it is, as a shell's `>` refuses it, where renaming over
///   it would have replaced it with a 0600 file;
/// - never onto a file the run reads (the session being worked on, a file imported or replayed).
///
/// The writes themselves are atomic (`AtomicFile`, `OutputFile`): a temporary file renamed into place.
public enum WriteTarget {
    /// What is at a path, for the checks.
    public enum Existing: Equatable, Sendable {
        case none
        case regular(mode: UInt32)
        /// A character device or a FIFO.
        case device
    }

    /// A file the run reads, named for the refusal: `the session being worked on`, `an input of this replay`.
    public struct Input: Sendable {
        public var path: String
        public var role: String

        public init(path: String, role: String) {
            self.path = path
            self.role = role
        }
    }

    /// Throws when `path` must not be written (see above); says what is there otherwise.
    /// `verb` starts the message (`cannot write`, `cannot save`).
    @discardableResult
    public static func check(
        _ path: String, inputs: [Input] = [], allowingDevices: Bool = false, verb: String = "cannot write"
    ) throws(WorkbenchError) -> Existing {
        let target = FileSystem.expandTilde(path)
        guard let info = FileStatus.ofLink(path: target) else { return .none }
        let existing: Existing
        switch info.kind {
        case .regular:
            existing = .regular(mode: info.permissions)
        case .characterDevice where allowingDevices, .fifo where allowingDevices:
            existing = .device
        case .symbolicLink:
            throw WorkbenchError("\(verb) '\(path)': it is a symbolic link (name the file it points to)")
        case .directory:
            throw WorkbenchError("\(verb) '\(path)': it is a directory")
        default:
            throw WorkbenchError("\(verb) '\(path)': it exists and is not a regular file")
        }
        if let input = inputs.first(where: { FileStatus.of(path: FileSystem.expandTilde($0.path))?.identity == info.identity }) {
            let named = input.path == path ? "" : " ('\(input.path)')"
            throw WorkbenchError("\(verb) '\(path)': it is \(input.role)\(named); choose another file")
        }
        // No write permission bit counts even for root, whom `access` lets write anything: the file was made read-only.
        if case .regular(let mode) = existing, mode & 0o222 == 0 || access(target, W_OK) != 0 {
            throw WorkbenchError("\(verb) '\(path)': it is read-only; the file is unchanged")
        }
        return existing
    }

    /// Whether two paths name one existing file (a hard link, another spelling of the path).
    public static func isSameFile(_ path: String, _ other: String) -> Bool {
        guard let one = FileStatus.of(path: FileSystem.expandTilde(path)),
            let two = FileStatus.of(path: FileSystem.expandTilde(other))
        else { return false }
        return one.identity == two.identity
    }

    /// The file's identity and last change, to tell whether someone else wrote it
    /// since it was last read or written here (two REPLs saving one session).
    public struct Stamp: Equatable, Sendable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var seconds: Int
        var nanoseconds: Int

        /// The stamp of the file at `path` now; nil when there is none.
        public init?(of path: String) {
            guard let info = FileStatus.of(path: FileSystem.expandTilde(path)) else { return nil }
            device = info.identity.device
            inode = info.identity.inode
            size = info.size
            seconds = info.modified.seconds
            nanoseconds = info.modified.nanoseconds
        }
    }
}
