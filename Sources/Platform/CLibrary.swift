// The C library, named once. Every other target reaches POSIX through this module: the
// calls that read the same on Linux (Glibc) and macOS (Darwin) are re-exported as they are,
// and where the two differ (file status fields, socket types and SIGPIPE, thread and spawn
// handles, the environment, library names) the types beside this file hold both branches,
// so no other file needs `#if canImport(...)`. macOS is written for, not yet built or tested.
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Darwin)
@_exported import Darwin
#else
#error("Platform: written for Linux (Glibc) and macOS (Darwin) only")
#endif
