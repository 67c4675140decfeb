#if canImport(Glibc)
import Glibc
#endif
import WorkbenchCore

/// `body edit`: writes the body to a private temporary file, runs `$VISUAL`
/// (else `$EDITOR`) on it through `/bin/sh` as git does (so `code --wait` works),
/// and reads it back. An editor that fails leaves the body as it was.
enum BodyEditor {
    static func edit(_ text: String, json: Bool, environment: [String: String]) throws(WorkbenchError) -> String {
        guard let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap({ $0 }).first(where: { !$0.isEmpty }) else {
            throw WorkbenchError("`body edit` needs an editor: set $VISUAL or $EDITOR")
        }
        let folder = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let suffix = json ? ".json" : ".txt"
        var template = Array((folder + "/workbench-body-XXXXXX" + suffix).utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, Int32(suffix.utf8.count)) }
        guard descriptor >= 0 else {
            throw WorkbenchError("body edit: cannot make a temporary file in \(folder): \(String(cString: strerror(errno)))")
        }
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(path) }
        let written = FileDescriptorSink.writeAll(Array(text.utf8), to: descriptor)
        close(descriptor)
        guard written else { throw WorkbenchError("body edit: cannot write \(path): \(String(cString: strerror(errno)))") }

        let status = run(["/bin/sh", "-c", editor + " \"$1\"", "sh", path])
        guard status == 0 else {
            let what = status < 0 ? "could not be started" : "exited with status \(status)"
            throw WorkbenchError("the editor (\(editor)) \(what): the body is unchanged")
        }
        let bytes = try FileSystem.read(path)
        guard let edited = String(validating: bytes, as: UTF8.self) else {
            throw WorkbenchError("the edited body is not UTF-8 text: the body is unchanged")
        }
        return edited
    }

    /// Runs `arguments` with this process's terminal and waits; its exit status, or -1.
    private static func run(_ arguments: [String]) -> Int32 {
        var pid: pid_t = 0
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        guard posix_spawn(&pid, arguments[0], nil, nil, &argv, environ) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return -1 }
        }
        // WIFEXITED / WEXITSTATUS, which Swift does not import.
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}
