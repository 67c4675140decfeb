import Platform

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
        // The browser's chatter stays off the workbench's output; its errors go to stderr.
        let started = Spawn.start(
            "/bin/sh", arguments: ["/bin/sh", "-c", command, "sh", url],
            environment: environment.map { "\($0.key)=\($0.value)" },
            actions: [.open(0, path: "/dev/null", flags: O_RDONLY), .open(1, path: "/dev/null", flags: O_WRONLY)])
        return try? started.get()
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
