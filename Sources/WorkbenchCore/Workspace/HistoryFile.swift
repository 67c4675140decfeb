import SystemPackage
import Platform
import WorkbenchBasics
import WorkbenchSessions

/// The history file every REPL of a user shares, in libedit's format (a
/// `_HiStOrY_V2_` line, then one entry a line, encoded as `strvis` does).
///
/// Two REPLs at once must not erase each other's lines, so nothing here
/// rewrites the file from one process's memory: a new entry is appended with
/// one `write` under an exclusive `flock` on a lock file beside it, and when
/// the file holds more than `limit` entries it is cut to the newest `limit`
/// under the same lock, through a temporary file and a rename (a crash leaves
/// the old file or the new one). The lock file is never replaced, so every
/// process locks the same inode.
public final class HistoryFile {
    public let path: String
    public let limit: Int
    /// The first line libedit writes and expects.
    public static let header = "_HiStOrY_V2_"
    /// Appends between two checks of the size; the file holds at most about
    /// `limit` plus this many entries for each REPL that is running.
    static let trimInterval = 100
    private var appendsSinceTrim = 0

    public init(path: String, limit: Int = 1000) {
        self.path = path
        self.limit = limit
    }

    /// Appends `entry` (already free of secrets: `HistoryEntry`).
    public func append(_ entry: String) throws(WorkbenchError) {
        try locked { () throws(WorkbenchError) in
            let descriptor: FileDescriptor
            do {
                descriptor = try FileDescriptor.open(
                    path, .writeOnly, options: [.append, .create, .closeOnExec, .noFollow],
                    permissions: [.ownerReadWrite])
            } catch {
                throw FileSystem.failure("cannot write the history file '\(path)'", error)
            }
            defer { try? descriptor.close() }
            guard let info = FileStatus.of(descriptor: descriptor.rawValue), info.kind == .regular else {
                throw WorkbenchError("cannot write the history file '\(path)': not a regular file")
            }
            var bytes: [UInt8] = info.size == 0 ? Array((Self.header + "\n").utf8) : []
            bytes += Self.encode(entry) + [UInt8(ascii: "\n")]
            do {
                _ = try descriptor.writeAll(bytes)
            } catch {
                throw FileSystem.failure("cannot write the history file '\(path)'", error)
            }
            appendsSinceTrim += 1
            if appendsSinceTrim >= Self.trimInterval {
                appendsSinceTrim = 0
                try trimHoldingLock()
            }
        }
    }

    /// Cuts the file to the newest `limit` entries if it holds more (at start-up, then now and then).
    public func trim() throws(WorkbenchError) {
        try locked { () throws(WorkbenchError) in try trimHoldingLock() }
    }

    private func trimHoldingLock() throws(WorkbenchError) {
        guard AtomicFile.exists(path) else { return }
        let bytes = try FileSystem.read(path)
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
        let headerBytes = Array(Self.header.utf8)
        if let first = lines.first, Array(first) == headerBytes { lines.removeFirst() }
        guard lines.count > limit else { return }
        var kept = headerBytes + [UInt8(ascii: "\n")]
        for line in lines.suffix(limit) {
            kept += line
            kept.append(UInt8(ascii: "\n"))
        }
        try AtomicFile.write(kept, to: path, mode: 0o600)
    }

    /// Runs `body` holding an exclusive lock on `PATH.lock`.
    private func locked(_ body: () throws(WorkbenchError) -> Void) throws(WorkbenchError) {
        let lockPath = path + ".lock"
        let lock = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard lock >= 0 else { throw FileSystem.failure("cannot lock the history file '\(lockPath)'") }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else { throw FileSystem.failure("cannot lock the history file '\(lockPath)'") }
        }
        defer { flock(lock, LOCK_UN) }
        try body()
    }

    /// One entry as libedit writes it (`strvis` with `VIS_WHITE`), so that
    /// `read_history` gives it back: printable ASCII as is, everything else
    /// (blanks, backslash, control bytes, each byte of UTF-8) as a `\ooo`
    /// octal escape, which libedit's `strunvis` reads for any byte.
    public static func encode(_ entry: String) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(entry.utf8.count)
        for byte in entry.utf8 {
            if byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "\\") {
                output.append(byte)
            } else {
                output += [UInt8(ascii: "\\"), 0x30 + (byte >> 6), 0x30 + ((byte >> 3) & 7), 0x30 + (byte & 7)]
            }
        }
        return output
    }
}
