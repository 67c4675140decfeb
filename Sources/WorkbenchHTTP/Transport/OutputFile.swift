import CSupport
import SystemPackage
import Platform
import WorkbenchBasics

/// The file of `send > FILE`.
///
/// A regular file (or a new one) is written to a temporary file made with
/// `mkstemp` (O_EXCL: never a planted file or link) in the same folder and
/// renamed into place only when the transfer succeeded, so a failed send never
/// clobbers it; SIGTERM or SIGHUP on the way removes the temporary file (a
/// handler in CSupport). A character device or a FIFO (`/dev/null`, a named
/// pipe) is written into directly, as `curl -o` does: renaming over it would
/// replace it. What `WriteTarget` refuses (a link, a directory, a read-only file) is refused.
package struct OutputFile {
    /// As typed, for messages.
    let path: String
    /// With `~/` expanded: the file written.
    let target: String
    /// nil when writing straight into a device or FIFO.
    let temporaryPath: String?
    package let descriptor: FileDescriptor

    /// A new file gets rw-r--r--, like a file curl or the shell creates under the usual umask.
    static let newFileMode: mode_t = 0o644

    package init(path: String) throws(WorkbenchError) {
        let target = FileSystem.expandTilde(path)
        self.path = path
        self.target = target
        var mode = Self.newFileMode
        switch try WriteTarget.check(path, allowingDevices: true) {
        case .none:
            break
        case .regular(let existing):
            // The file keeps its permissions, as it would if written in place.
            mode = mode_t(existing)
        case .device:
            descriptor = try Self.openSpecial(target, shownAs: path)
            temporaryPath = nil
            return
        }
        let slash = target.lastIndex(of: "/")
        let folder = slash.map { String(target[..<$0]) } ?? "."
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        var template = Array("\(folder)/.\(name).part-XXXXXX".utf8CString)
        let (made, madePath) = template.withUnsafeMutableBufferPointer { buffer in
            let made = mkstemp(buffer.baseAddress!)
            return (made, String(cString: buffer.baseAddress!))
        }
        guard made >= 0 else { throw FileSystem.failure("cannot write '\(path)'") }
        descriptor = FileDescriptor(rawValue: made)
        temporaryPath = madePath
        _ = wb_temporary_file_register(madePath)
        guard fchmod(made, mode) == 0 else {
            let failure = FileSystem.failure("cannot write '\(path)'")
            discard()
            throw failure
        }
    }

    /// Opens a device or FIFO for writing. O_NONBLOCK so that a FIFO nobody
    /// reads is one error at once instead of a hang; blocking writes after.
    private static func openSpecial(_ target: String, shownAs path: String) throws(WorkbenchError) -> FileDescriptor {
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(target, .writeOnly, options: [.noFollow, .closeOnExec, .nonBlocking])
        } catch Errno.noSuchAddressOrDevice {
            throw WorkbenchError("cannot write '\(path)': it is a FIFO and nothing is reading it")
        } catch {
            throw FileSystem.failure("cannot write '\(path)'", error)
        }
        let flags = fcntl(descriptor.rawValue, F_GETFL)
        guard flags >= 0, fcntl(descriptor.rawValue, F_SETFL, flags & ~O_NONBLOCK) == 0 else {
            let failure = FileSystem.failure("cannot write '\(path)'")
            try? descriptor.close()
            throw failure
        }
        return descriptor
    }

    /// Puts the written body in place (closing a device or FIFO).
    package func commit() throws(WorkbenchError) {
        do {
            try descriptor.close()
        } catch {
            discard(closing: false)
            throw FileSystem.failure("cannot write '\(path)'", error)
        }
        guard let temporaryPath else { return }
        guard rename(temporaryPath, target) == 0 else {
            let failure = FileSystem.failure("cannot write '\(path)'")
            discard(closing: false)
            throw failure
        }
        wb_temporary_file_clear()
    }

    /// Leaves the target as it was: the temporary file is removed.
    package func discard() {
        discard(closing: true)
    }

    private func discard(closing: Bool) {
        if closing { try? descriptor.close() }
        if let temporaryPath {
            unlink(temporaryPath)
            wb_temporary_file_clear()
        }
    }
}
