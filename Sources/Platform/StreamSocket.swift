/// TCP sockets as both platforms make them: Linux takes `SOCK_CLOEXEC` at creation and
/// `MSG_NOSIGNAL` at each send; macOS has neither, and sets close-on-exec with `fcntl` and
/// `SO_NOSIGPIPE` once per socket. A peer that went away never raises SIGPIPE either way.
public enum StreamSocket {
    /// `SOCK_STREAM` as `socket(2)` and `getaddrinfo`'s hints take it.
    public static var type: Int32 {
        #if canImport(Darwin)
        SOCK_STREAM
        #else
        Int32(SOCK_STREAM.rawValue)
        #endif
    }

    /// A new stream socket of `family`, close-on-exec, with SO_REUSEADDR; -1 with `errno` set on failure.
    public static func open(family: Int32) -> Int32 {
        #if canImport(Darwin)
        let socket = Darwin.socket(family, SOCK_STREAM, 0)
        guard socket >= 0 else { return socket }
        prepare(socket)
        #else
        let socket = Glibc.socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { return socket }
        #endif
        var on: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        return socket
    }

    /// Makes an accepted connection close-on-exec (and, on macOS, free of SIGPIPE).
    public static func prepare(_ socket: Int32) {
        _ = fcntl(socket, F_SETFD, FD_CLOEXEC)
        #if canImport(Darwin)
        var on: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// `send(2)` of `bytes` that never raises SIGPIPE: the count sent, or -1 with `errno` set.
    public static func send(_ socket: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
        #if canImport(Darwin)
        Darwin.send(socket, bytes.baseAddress, bytes.count, 0)
        #else
        Glibc.send(socket, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
        #endif
    }

    /// 127.0.0.1:`port` as `bind(2)` takes it (macOS also wants the structure's length in it).
    public static func loopbackIPv4(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }
}
