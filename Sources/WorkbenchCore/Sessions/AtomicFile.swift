#if canImport(Glibc)
import Glibc
#endif

/// Writes a file so that, whatever happens, it holds either the old content or
/// the new, never a mix: a temporary file in the same folder, fsync, rename,
/// then fsync of the folder so the rename itself survives a crash.
public enum AtomicFile {
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o600, sync: Bool = true) throws(WorkbenchError) {
        let target = FileSystem.expandTilde(path)
        var existing = stat()
        if lstat(target, &existing) == 0 && (existing.st_mode & S_IFMT) != S_IFREG {
            // Renaming over a device, a directory or a link would replace it, not write into it.
            throw WorkbenchError("cannot save '\(path)': it exists and is not a regular file")
        }
        let directory = target.lastIndex(of: "/").map { String(target[..<$0]) } ?? "."
        let name = target.lastIndex(of: "/").map { String(target[target.index(after: $0)...]) } ?? target
        var template = Array("\(directory.isEmpty ? "/" : directory)/.\(name).tmp-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw FileSystem.failure("cannot save '\(path)'") }
        let temporary = String(cString: template.withUnsafeBufferPointer { $0.baseAddress! })
        var failure: WorkbenchError?
        if fchmod(descriptor, mode) != 0 {
            failure = FileSystem.failure("cannot save '\(path)'")
        }
        if failure == nil {
            bytes.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        failure = FileSystem.failure("cannot save '\(path)'")
                        return
                    }
                    offset += written
                }
            }
        }
        if failure == nil && sync && fsync(descriptor) != 0 {
            failure = FileSystem.failure("cannot save '\(path)'")
        }
        if close(descriptor) != 0 && failure == nil {
            failure = FileSystem.failure("cannot save '\(path)'")
        }
        if failure == nil && rename(temporary, target) != 0 {
            failure = FileSystem.failure("cannot save '\(path)'")
        }
        if let failure {
            unlink(temporary)
            throw failure
        }
        if sync {
            let folder = open(directory.isEmpty ? "/" : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if folder >= 0 {
                fsync(folder)
                close(folder)
            }
        }
    }

    /// Whether something exists at `path`.
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(FileSystem.expandTilde(path), &info) == 0
    }
}
