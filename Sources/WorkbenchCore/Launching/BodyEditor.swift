import Platform
import WorkbenchBasics

/// `body edit`: writes the body to a private temporary file, runs `$VISUAL`
/// (else `$EDITOR`, else the first of `editor`, `nano` and `vi` on the PATH, as git
/// falls back) on it through `/bin/sh` as git does (so `code --wait` works), and reads
/// it back. An editor that fails leaves the body as it was.
public enum BodyEditor {
    /// Tried in order when neither $VISUAL nor $EDITOR names one: Debian's `editor`
    /// (the alternatives system's choice), then the two found nearly everywhere.
    static let fallbacks = ["editor", "nano", "vi"]

    /// The editor command to run, or nil when none is set or found.
    static func editor(in environment: [String: String]) -> String? {
        if let named = [environment["VISUAL"], environment["EDITOR"]].compactMap({ $0 }).first(where: { !$0.isEmpty }) {
            return named
        }
        let folders = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
        for name in fallbacks {
            for folder in folders where !folder.isEmpty && access(folder + "/" + name, X_OK) == 0 {
                return ShellWords.quote(folder + "/" + name)
            }
        }
        return nil
    }

    public static func edit(_ text: String, json: Bool, environment: [String: String]) throws(WorkbenchError) -> String {
        guard let editor = editor(in: environment) else {
            throw WorkbenchError(
                "`body edit` needs an editor: set $VISUAL or $EDITOR (none of \(fallbacks.joined(separator: ", ")) is on the PATH)")
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

        let status: Int32
        do throws(WorkbenchError) {
            status = try ShellCommand.runOnTerminal(editor + " \"$1\"", arguments: [path])
        } catch {
            throw error.mapMessage { "the editor (\(editor)) could not be started (\($0)): the body is unchanged" }
        }
        guard status == 0 else {
            throw WorkbenchError("the editor (\(editor)) exited with status \(status): the body is unchanged")
        }
        let bytes = try FileSystem.read(path)
        guard let edited = String(validating: bytes, as: UTF8.self) else {
            throw WorkbenchError("the edited body is not UTF-8 text: the body is unchanged")
        }
        return edited
    }
}
