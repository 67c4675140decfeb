/// The REPL prompt: the method and the URL being built, shortened to fit.
///
/// `GET api.example.com/v2/users> ` (no scheme: `path` prints the full URL);
/// `[insecure]` in front when TLS checks are off.
public enum Prompt {
    public static func text(for workspace: Workspace, environment: [String: String], width: Int = 80) -> String {
        let endpoint = workspace.endpoint
        let scope = workspace.scope(environment: environment)
        var location: String
        if let url = try? endpoint.url(in: scope) {
            location = url.hasPrefix("http://") ? String(url.dropFirst(7))
                : url.hasPrefix("https://") ? String(url.dropFirst(8)) : url
        } else {
            // Unknown variables or no base: show what was typed.
            location = (endpoint.base ?? "") + (endpoint.path.isEmpty || endpoint.path.hasPrefix("/") ? "" : "/") + endpoint.path
            if !endpoint.segments.isEmpty { location += "/" + endpoint.segments.joined(separator: "/") }
            if location.isEmpty { location = "(no base)" }
        }
        let prefix = (workspace.settings.insecure ? "[insecure] " : "") + endpoint.method + " "
        let room = max(20, width / 2 - prefix.count)
        return prefix + shorten(location, to: room) + "> "
    }

    /// Keeps the start (the host) and the end (the last path segments), eliding the middle.
    static func shorten(_ text: String, to width: Int) -> String {
        guard text.count > width else { return text }
        let head = width / 3
        let tail = width - head - 1
        return String(text.prefix(head)) + "…" + String(text.suffix(tail))
    }
}
