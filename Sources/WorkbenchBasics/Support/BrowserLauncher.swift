#if canImport(Glibc)
import Glibc
#endif

/// Opens a URL in the user's browser: `$BROWSER URL` (as `sensible-browser`
/// reads it), else `xdg-open URL`, through `/bin/sh` with the URL as an
/// argument (never pasted into the command line). It is not waited for: the
/// caller waits for what the browser does (`LoopbackRedirect`), then reaps it.
public enum BrowserLauncher {
    /// The child's pid, or nil when it could not be started (the URL is printed anyway).
    public static func open(_ url: String, environment: [String: String]) -> pid_t? {
        let browser = environment["BROWSER"].flatMap { $0.trimmingSpaces().isEmpty ? nil : $0 } ?? "xdg-open"
        // `$BROWSER` may hold a command with `%s` where the URL goes (the old convention).
        let command = browser.contains("%s") ? browser.replacing("%s", with: "\"$1\"") : browser + " \"$1\""
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // The browser's chatter stays off the workbench's output; its errors go to stderr.
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        var child: pid_t = 0
        let arguments = ["/bin/sh", "-c", command, "sh", url]
        let pointers = arguments.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        let names = environment.map { "\($0.key)=\($0.value)" }
        let environmentPointers = names.map { strdup($0) } + [nil]
        defer { environmentPointers.forEach { free($0) } }
        guard posix_spawn(&child, "/bin/sh", &actions, nil, pointers, environmentPointers) == 0 else { return nil }
        return child
    }

    /// Reaps the browser command if it has ended, waiting up to `seconds` for it.
    public static func reap(_ child: pid_t, seconds: Double) {
        var status: Int32 = 0
        for _ in 0..<max(1, Int(seconds * 20)) {
            let result = waitpid(child, &status, WNOHANG)
            if result == child || (result < 0 && errno != EINTR) { return }
            usleep(50_000)
        }
    }
}
