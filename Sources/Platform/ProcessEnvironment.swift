/// This process's environment and exit, as each platform reaches them: Linux's C library
/// exports `environ`; on macOS a program reaches it through `_NSGetEnviron()`.
public enum ProcessEnvironment {
    /// The `NAME=VALUE` entries, ending with a null pointer, as `posix_spawn` takes them.
    public static var entries: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> {
        #if canImport(Darwin)
        _NSGetEnviron()!.pointee!
        #else
        environ
        #endif
    }

    /// The environment as a dictionary, read now (so `{{env.NAME}}` is current).
    public static func current() -> [String: String] {
        var result: [String: String] = [:]
        var pointer = entries
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }

    /// Ends the process with `status` (the C library's `exit`: buffers flushed, handlers run).
    public static func exit(_ status: Int32) -> Never {
        #if canImport(Darwin)
        Darwin.exit(status)
        #else
        Glibc.exit(status)
        #endif
    }
}
