#if canImport(Glibc)
import Glibc
#endif

/// The file of `send > FILE`.
///
/// A regular file (or a new one) is written to a temporary file made with
/// `mkstemp` (O_EXCL: never a planted file or link) in the same folder and
/// renamed into place only when the transfer succeeded, so a failed send never
/// clobbers it. A character device or a FIFO (`/dev/null`, a named pipe) is
/// written into directly, as `curl -o` does: renaming over it would replace it.
/// A symbolic link or a directory is refused.
struct OutputFile {
    let path: String
    /// nil when writing straight into a device or FIFO.
    let temporaryPath: String?
    let descriptor: Int32

    init(path: String) throws(WorkbenchError) {
        let target = FileSystem.expandTilde(path)
        self.path = target
        var info = stat()
        if lstat(target, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                break
            case S_IFCHR, S_IFIFO:
                descriptor = open(target, O_WRONLY | O_CLOEXEC | O_NOFOLLOW)
                guard descriptor >= 0 else { throw FileSystem.failure("cannot write '\(path)'") }
                temporaryPath = nil
                return
            case S_IFLNK:
                throw WorkbenchError("cannot write '\(path)': it is a symbolic link (name the file it points to)")
            default:
                throw WorkbenchError("cannot write '\(path)': it exists and is not a regular file")
            }
        }
        let folder = target.lastIndex(of: "/").map { String(target[..<$0]) } ?? "."
        let name = target.lastIndex(of: "/").map { String(target[target.index(after: $0)...]) } ?? target
        var template = Array("\(folder.isEmpty ? "" : folder)/.\(name).part-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard made >= 0 else { throw FileSystem.failure("cannot write '\(path)'") }
        descriptor = made
        temporaryPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        fchmod(made, 0o644)
    }

    func commit() throws(WorkbenchError) {
        let closed = close(descriptor)
        guard let temporaryPath else {
            if closed != 0 { throw FileSystem.failure("cannot write '\(path)'") }
            return
        }
        guard closed == 0, rename(temporaryPath, path) == 0 else {
            let failure = FileSystem.failure("cannot write '\(path)'")
            unlink(temporaryPath)
            throw failure
        }
    }

    func discard() {
        close(descriptor)
        if let temporaryPath { unlink(temporaryPath) }
    }
}
