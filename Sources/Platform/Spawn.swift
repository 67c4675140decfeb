/// `posix_spawn(3)` with its file actions and attributes made and freed in one place: they
/// are structures on Linux and opaque pointers on macOS.
public enum Spawn {
    /// What the child's descriptors become before it runs.
    public enum FileAction: Sendable {
        /// `dup2(from, to)`.
        case duplicate(Int32, to: Int32)
        case close(Int32)
        /// Opens `path` with `flags` as descriptor `descriptor`.
        case open(Int32, path: String, flags: Int32)
    }

    /// Starts `path` with `arguments` (the first is its name) and `environment` (`NAME=VALUE`
    /// entries; nil: this process's), after `actions`, with `defaultSignals` at their default
    /// disposition. The child's pid, or the error number posix_spawn returned.
    public static func start(
        _ path: String, arguments: [String], environment: [String]? = nil, actions: [FileAction] = [],
        defaultSignals: [Int32] = []
    ) -> Result<pid_t, SpawnError> {
        #if canImport(Darwin)
        var fileActions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #else
        var fileActions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        for action in actions {
            switch action {
            case .duplicate(let from, let to): posix_spawn_file_actions_adddup2(&fileActions, from, to)
            case .close(let descriptor): posix_spawn_file_actions_addclose(&fileActions, descriptor)
            case .open(let descriptor, let path, let flags): posix_spawn_file_actions_addopen(&fileActions, descriptor, path, flags, 0)
            }
        }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if !defaultSignals.isEmpty {
            var defaults = sigset_t()
            sigemptyset(&defaults)
            for signal in defaultSignals { sigaddset(&defaults, signal) }
            posix_spawnattr_setsigdefault(&attributes, &defaults)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        }
        let argumentPointers = arguments.map { strdup($0) } + [nil]
        defer { argumentPointers.forEach { free($0) } }
        var child: pid_t = 0
        let status: Int32
        if let environment {
            let environmentPointers = environment.map { strdup($0) } + [nil]
            defer { environmentPointers.forEach { free($0) } }
            status = posix_spawn(&child, path, &fileActions, &attributes, argumentPointers, environmentPointers)
        } else {
            status = posix_spawn(&child, path, &fileActions, &attributes, argumentPointers, ProcessEnvironment.entries)
        }
        return status == 0 ? .success(child) : .failure(SpawnError(number: status))
    }

    /// Why a child could not be started: an `errno` value.
    public struct SpawnError: Error, Sendable {
        public var number: Int32
        /// `strerror`'s sentence for it.
        public var reason: String { String(cString: strerror(number)) }
    }
}
