import Platform

/// Where the workbench keeps its own files (XDG base directories).
public enum StateDirectory {
    /// `$XDG_STATE_HOME/workbench`, falling back to `~/.local/state/workbench`.
    public static func path(environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return state + "/workbench"
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.local/state/workbench"
    }

    /// Creates `path` and its parents (mode 0700); false if that failed.
    public static func makeDirectory(_ path: String) -> Bool {
        var current = ""
        for component in path.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o700) != 0 && errno != EEXIST { return false }
        }
        return true
    }
}

/// The process environment as a dictionary, read when it is needed so `{{env.NAME}}` is current.
public func currentEnvironment() -> [String: String] {
    ProcessEnvironment.current()
}
