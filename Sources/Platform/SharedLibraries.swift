/// The names a shared library goes by on each platform, in the order `dlopen` tries them.
public enum SharedLibraries {
    /// libedit (the REPL's line editor, loaded when the REPL starts): the soname Debian's
    /// libedit2 installs and the development link on Linux; the system's copy on macOS.
    public static let lineEditor: [String] = {
        #if canImport(Darwin)
        ["libedit.3.dylib", "libedit.dylib", "/usr/lib/libedit.3.dylib"]
        #else
        ["libedit.so.2", "libedit.so"]
        #endif
    }()
}
