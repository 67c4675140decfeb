import SystemPackage
import Platform

/// File access with errors a user can read: which file, and what the system said.
///
/// Descriptors go through swift-system (SystemPackage), which retries a call
/// interrupted by a signal (EINTR) and writes whole buffers.
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
    /// sockets and directories are refused before reading: they are looked at
    /// before opening, and the open does not block on a FIFO (O_NONBLOCK) in
    /// case one took the file's place in between.
    public static func read(_ path: String) throws(WorkbenchError) -> [UInt8] {
        try read(path, limit: defaultReadLimit)
    }

    /// The bytes of a file that must be text (a `.http` file, a file of curl commands) as UTF-8.
    public static func text(_ bytes: [UInt8], of path: String) throws(WorkbenchError) -> String {
        guard let text = String(validating: withoutByteOrderMark(bytes), as: UTF8.self) else {
            throw WorkbenchError("\(path): not UTF-8 text")
        }
        return text
    }

    /// A document's bytes without the UTF-8 byte-order mark some editors and tools (Fiddler,
    /// Notepad) write before the first character: it is no part of the JSON, YAML or text.
    public static func withoutByteOrderMark(_ bytes: [UInt8]) -> [UInt8] {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    }

    /// `holding` names the kind of file in an error about its size.
    public static func read(_ path: String, limit: Int, holding kind: String = "a file read whole") throws(WorkbenchError) -> [UInt8] {
        let expanded = expandTilde(path)
        guard let named = FileStatus.of(path: expanded) else { throw failure("cannot read '\(path)'") }
        try checkReadable(named, path: path, limit: limit, kind: kind)
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(expanded, .readOnly, options: [.nonBlocking, .closeOnExec])
        } catch {
            throw failure("cannot read '\(path)'", error)
        }
        defer { try? descriptor.close() }
        guard let info = FileStatus.of(descriptor: descriptor.rawValue) else { throw failure("cannot read '\(path)'") }
        try checkReadable(info, path: path, limit: limit, kind: kind)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.size))
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count: Int
            do {
                count = try chunk.withUnsafeMutableBytes { try descriptor.read(into: $0) }
            } catch {
                throw failure("cannot read '\(path)'", error)
            }
            if count == 0 { break }
            if bytes.count + count > limit {
                throw WorkbenchError("cannot read '\(path)': it grew past the \(Quantities.size(limit)) \(kind) may hold")
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }

    /// A file libcurl will open itself (an upload, a certificate) must be a
    /// regular file this process can read; its size does not matter (uploads are streamed).
    public static func checkReadableRegularFile(_ path: String, shownAs name: String, for verb: String) throws(WorkbenchError) {
        guard let info = FileStatus.of(path: path) else { throw failure("cannot \(verb) '\(name)'") }
        switch info.kind {
        case .regular: break
        case .directory: throw WorkbenchError("cannot \(verb) '\(name)': it is a directory")
        default: throw WorkbenchError("cannot \(verb) '\(name)': it is not a regular file (a device, FIFO or socket)")
        }
        guard access(path, R_OK) == 0 else { throw failure("cannot \(verb) '\(name)'") }
    }

    /// Only a regular file no larger than `limit` is read.
    private static func checkReadable(_ info: FileStatus, path: String, limit: Int, kind: String) throws(WorkbenchError) {
        switch info.kind {
        case .regular: break
        case .directory: throw WorkbenchError("cannot read '\(path)': it is a directory")
        default: throw WorkbenchError("cannot read '\(path)': it is not a regular file (a device, FIFO or socket)")
        }
        if Int(info.size) > limit {
            throw WorkbenchError(
                "cannot read '\(path)': it is \(Quantities.size(Int(info.size))), more than the \(Quantities.size(limit)) \(kind) may hold")
        }
    }

    /// A WorkbenchError with the system's description of `errno`.
    package static func failure(_ what: String) -> WorkbenchError {
        WorkbenchError("\(what): \(String(cString: strerror(errno)))")
    }

    /// A WorkbenchError with the system's description of an error from swift-system.
    package static func failure(_ what: String, _ error: any Error) -> WorkbenchError {
        if let errno = error as? Errno { return WorkbenchError("\(what): \(errno.description)") }
        return WorkbenchError("\(what): \(error)")
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
            let type = Int(entry.pointee.d_type)
            var isDirectory = type == Int(DT_DIR)
            if type == Int(DT_LNK) || type == Int(DT_UNKNOWN) {
                let full = (path.isEmpty ? "." : expandTilde(path)) + "/" + name
                isDirectory = FileStatus.of(path: full)?.kind == .directory
            }
            entries.append((name, isDirectory))
        }
        return entries.sorted { $0.0 < $1.0 }
    }
}
