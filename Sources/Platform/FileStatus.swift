/// What `stat`, `lstat` and `fstat` say of a file, in the fields the workbench reads, whatever
/// the platform names them (`st_mtim` on Linux, `st_mtimespec` on macOS; `mode_t` of 32 or 16 bits).
public struct FileStatus: Sendable {
    public enum Kind: Sendable, Equatable {
        case regular, directory, symbolicLink, fifo, characterDevice, blockDevice, socket, unknown
    }

    public var kind: Kind
    public var size: Int64
    /// The permission bits (`mode & 0o7777`).
    public var permissions: UInt32
    public var modified: FileTime
    /// The device and inode: two paths with the same identity are one file.
    public var identity: FileIdentity

    /// `stat(2)`: the file `path` names, through symbolic links; nil when it cannot be read (`errno` says why).
    public static func of(path: String) -> FileStatus? {
        var info = stat()
        return stat(path, &info) == 0 ? FileStatus(info) : nil
    }

    /// `lstat(2)`: the link itself when `path` is a symbolic link.
    public static func ofLink(path: String) -> FileStatus? {
        var info = stat()
        return lstat(path, &info) == 0 ? FileStatus(info) : nil
    }

    /// `fstat(2)`: the file open as `descriptor`.
    public static func of(descriptor: Int32) -> FileStatus? {
        var info = stat()
        return fstat(descriptor, &info) == 0 ? FileStatus(info) : nil
    }

    init(_ info: stat) {
        let type = UInt32(info.st_mode) & UInt32(S_IFMT)
        switch type {
        case UInt32(S_IFREG): kind = .regular
        case UInt32(S_IFDIR): kind = .directory
        case UInt32(S_IFLNK): kind = .symbolicLink
        case UInt32(S_IFIFO): kind = .fifo
        case UInt32(S_IFCHR): kind = .characterDevice
        case UInt32(S_IFBLK): kind = .blockDevice
        case UInt32(S_IFSOCK): kind = .socket
        default: kind = .unknown
        }
        size = Int64(info.st_size)
        identity = FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        permissions = UInt32(info.st_mode) & 0o7777
        #if canImport(Darwin)
        modified = FileTime(seconds: Int(info.st_mtimespec.tv_sec), nanoseconds: Int(info.st_mtimespec.tv_nsec))
        #else
        modified = FileTime(seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec))
        #endif
    }
}

/// Which file a path names (`st_dev`, `st_ino`).
public struct FileIdentity: Equatable, Sendable {
    public var device: UInt64
    public var inode: UInt64
}

/// A file time to the nanosecond, ordered.
public struct FileTime: Comparable, Sendable {
    public var seconds: Int
    public var nanoseconds: Int

    public init(seconds: Int, nanoseconds: Int) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    public static func < (lhs: FileTime, rhs: FileTime) -> Bool {
        (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
    }
}
