#if canImport(Glibc)
import Glibc
#endif

/// The file of `send > FILE`, written beside its final name and renamed into
/// place only when the transfer succeeded, so a failed send never clobbers it.
struct OutputFile {
    let path: String
    let temporaryPath: String
    let descriptor: Int32

    init(path: String) throws(WorkbenchError) {
        self.path = FileSystem.expandTilde(path)
        temporaryPath = self.path + ".part-\(getpid())"
        descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileSystem.failure("cannot write '\(path)'") }
    }

    func commit() throws(WorkbenchError) {
        let closed = close(descriptor)
        guard closed == 0, rename(temporaryPath, path) == 0 else {
            let failure = FileSystem.failure("cannot write '\(path)'")
            unlink(temporaryPath)
            throw failure
        }
    }

    func discard() {
        close(descriptor)
        unlink(temporaryPath)
    }
}
