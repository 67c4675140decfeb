import Foundation

/// Real files for the tests that need the file system (modes, links, another process's save):
/// a fresh folder under /tmp per test, files written with a mode.
public enum ScratchFiles {
    /// A new empty folder; the test removes it.
    public static func folder() -> String {
        var template = Array("/tmp/workbench-test-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    public static func write(_ text: String, to path: String, mode: mode_t = 0o644) {
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        chmod(path, mode)
    }

    /// The permission bits of the file at `path` (0 when there is none).
    public static func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o777 : 0
    }
}
