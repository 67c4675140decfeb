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

    /// Files read whole (bodies, sessions, scripts) are capped: a mistaken
    /// `body @/dev/zero` or a huge file must not take the machine's memory.
    public static let defaultReadLimit = 64 * 1024 * 1024

    /// Reads a whole regular file of at most `limit` bytes. Devices, FIFOs,
    /// sockets and directories are refused before reading; the open does not
    /// block on a FIFO.
    public static func read(_ path: String) throws(WorkbenchError) -> [UInt8] {
        try read(path, limit: defaultReadLimit)
    }

    public static func read(_ path: String, limit: Int) throws(WorkbenchError) -> [UInt8] {
        let expanded = expandTilde(path)
        let descriptor = open(expanded, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw failure("cannot read '\(path)'") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw failure("cannot read '\(path)'") }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw WorkbenchError("cannot read '\(path)': it is a directory")
        default: throw WorkbenchError("cannot read '\(path)': it is not a regular file (a device, FIFO or socket)")
        }
        if Int(info.st_size) > limit {
            throw WorkbenchError("cannot read '\(path)': it is \(Quantities.size(Int(info.st_size))), more than the \(Quantities.size(limit)) a file read whole may hold")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("cannot read '\(path)'")
            }
            if count == 0 { break }
            if bytes.count + count > limit {
                throw WorkbenchError("cannot read '\(path)': it grew past the \(Quantities.size(limit)) a file read whole may hold")
            }
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
