import Foundation

/// Real files for the tests that need the file system (modes, links, another process's save):
/// a fresh folder under /tmp per test, files written with a mode.
public enum ScratchFiles {
    /// A new empty folder; the test removes it.
    public static func folder() -> String {
        var template = Array("/tmp/workbench-test-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    /// Removes `folder` and what it holds (files, links and empty folders; links not followed).
    public static func remove(_ folder: String) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            unlink(folder + "/" + name)
            rmdir(folder + "/" + name)
        }
        rmdir(folder)
    }

    /// The kind of file at `path` (`S_IFREG`, `S_IFLNK`, ...), a link not followed; 0 when there is none.
    public static func kind(_ path: String) -> mode_t {
        var info = stat()
        guard lstat(path, &info) == 0 else { return 0 }
        return info.st_mode & S_IFMT
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
