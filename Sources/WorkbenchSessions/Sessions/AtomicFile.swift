import SystemPackage
import Platform
import WorkbenchBasics

/// Writes a file so that, whatever happens, it holds either the old content or
/// the new, never a mix: a temporary file in the same folder, fsync, rename,
/// then fsync of the folder so the rename itself survives a crash.
public enum AtomicFile {
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o600, sync: Bool = true) throws(WorkbenchError) {
        try write(chunks: [bytes], to: path, mode: mode, sync: sync)
    }

    /// Writes the chunks one after the other, as one file: a large file made of
    /// pieces (the autosave) is never copied into one buffer first.
    public static func write(chunks: [[UInt8]], to path: String, mode: mode_t = 0o600, sync: Bool = true) throws(WorkbenchError) {
        let target = FileSystem.expandTilde(path)
        // Renaming over a device, a directory, a link or a read-only file would replace it.
        try WriteTarget.check(path, verb: "cannot save")
        let directory = target.lastIndex(of: "/").map { String(target[..<$0]) } ?? "."
        let name = target.lastIndex(of: "/").map { String(target[target.index(after: $0)...]) } ?? target
        var template = Array("\(directory.isEmpty ? "" : directory)/.\(name).tmp-XXXXXX".utf8CString)
        // The name mkstemp filled in is read inside the closure, while the buffer is valid.
        let (made, temporary) = template.withUnsafeMutableBufferPointer { buffer in
            let made = mkstemp(buffer.baseAddress!)
            return (made, String(cString: buffer.baseAddress!))
        }
        guard made >= 0 else { throw FileSystem.failure("cannot save '\(path)'") }
        let descriptor = FileDescriptor(rawValue: made)
        var failure: WorkbenchError?
        if fchmod(made, mode) != 0 {
            failure = FileSystem.failure("cannot save '\(path)'")
        }
        if failure == nil {
            do {
                for chunk in chunks where !chunk.isEmpty { try descriptor.writeAll(chunk) }
            } catch {
                failure = FileSystem.failure("cannot save '\(path)'", error)
            }
        }
        if failure == nil && sync && !retryingInterrupted({ fsync(made) }) {
            failure = FileSystem.failure("cannot save '\(path)'")
        }
        do {
            try descriptor.close()
        } catch {
            if failure == nil { failure = FileSystem.failure("cannot save '\(path)'", error) }
        }
        if failure == nil && rename(temporary, target) != 0 {
            failure = FileSystem.failure("cannot save '\(path)'")
        }
        if let failure {
            unlink(temporary)
            throw failure
        }
        if sync {
            if let folder = try? FileDescriptor.open(
                directory.isEmpty ? "/" : directory, .readOnly,
                options: [.directory, .closeOnExec])
            {
                _ = retryingInterrupted { fsync(folder.rawValue) }
                try? folder.close()
            }
        }
    }

    /// Appends `bytes` with one write to a regular file that exists, then syncs its data: a crash
    /// leaves the file as it was or with a prefix of `bytes` after it (the autosave's journal).
    public static func appendSynced(_ bytes: [UInt8], to path: String) throws(WorkbenchError) {
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(FileSystem.expandTilde(path), .writeOnly, options: [.append, .closeOnExec, .noFollow])
        } catch {
            throw FileSystem.failure("cannot write '\(path)'", error)
        }
        defer { try? descriptor.close() }
        guard FileStatus.of(descriptor: descriptor.rawValue)?.kind == .regular else {
            throw WorkbenchError("cannot write '\(path)': not a regular file")
        }
        do {
            _ = try descriptor.writeAll(bytes)
        } catch {
            throw FileSystem.failure("cannot write '\(path)'", error)
        }
        if !retryingInterrupted({ fdatasync(descriptor.rawValue) }) {
            throw FileSystem.failure("cannot write '\(path)'")
        }
    }

    /// Runs a call that returns -1 and sets errno, again while a signal interrupts it;
    /// true when it succeeded. (swift-system has no fsync.)
    private static func retryingInterrupted(_ call: () -> Int32) -> Bool {
        while true {
            if call() == 0 { return true }
            if errno != EINTR { return false }
        }
    }

    /// Whether something exists at `path`.
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(FileSystem.expandTilde(path), &info) == 0
    }
}
