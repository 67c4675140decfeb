#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// File access with errors a user can read: which file, and what the system said.
public enum FileSystem {
    /// Expands a leading `~/` to the home directory.
    public static func expandTilde(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home = getenv("HOME").map({ String(cString: $0) }) else {
            return path
        }
        return home + path.dropFirst()
    }

    /// Reads a whole file.
    public static func read(_ path: String) throws(WorkbenchError) -> [UInt8] {
        let expanded = expandTilde(path)
        let descriptor = open(expanded, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("cannot read '\(path)'") }
        defer { close(descriptor) }
        var info = stat()
        if fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
            throw WorkbenchError("cannot read '\(path)': it is a directory")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("cannot read '\(path)'")
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }

    /// A WorkbenchError with the system's description of `errno`.
    static func failure(_ what: String) -> WorkbenchError {
        WorkbenchError("\(what): \(String(cString: strerror(errno)))")
    }

    /// Entries of a directory (names only), for completion; empty when it cannot be read.
    public static func listDirectory(_ path: String) -> [(name: String, isDirectory: Bool)] {
        guard let directory = opendir(expandTilde(path.isEmpty ? "." : path)) else { return [] }
        defer { closedir(directory) }
        var entries: [(String, Bool)] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name == "." || name == ".." { continue }
            var isDirectory = entry.pointee.d_type == DT_DIR
            if entry.pointee.d_type == DT_LNK || entry.pointee.d_type == DT_UNKNOWN {
                var info = stat()
                let full = (path.isEmpty ? "." : expandTilde(path)) + "/" + name
                isDirectory = stat(full, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
            }
            entries.append((name, isDirectory))
        }
        return entries.sorted { $0.0 < $1.0 }
    }
}
