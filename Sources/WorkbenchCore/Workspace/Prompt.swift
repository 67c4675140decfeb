/// The REPL prompt: the method, the URL being built and what rides along,
/// shortened to fit.
///
/// `GET https://api.example.com/v2/users [json 46 B]> `: the scheme stays
/// (whether TLS is on is worth seeing), secrets are masked, a body is
/// announced (and marked `not sent` when the method leaves it out), and
/// `[insecure]` comes first when TLS checks are off.
public enum Prompt {
    public static func text(for workspace: Workspace, environment: [String: String], width: Int = 80) -> String {
        let endpoint = workspace.endpoint
        var location: String
        if let url = try? endpoint.url(in: workspace.scope(environment: environment).masked) {
            location = url
        } else {
            // Unknown variables or no base: show what was typed.
            location = (endpoint.base ?? "") + (endpoint.path.isEmpty || endpoint.path.hasPrefix("/") ? "" : "/") + endpoint.path
            if !endpoint.segments.isEmpty { location += "/" + endpoint.segments.joined(separator: "/") }
            if location.isEmpty { location = "(no base)" }
        }
        let prefix = (workspace.settings.insecure ? "[insecure] " : "") + endpoint.method + " "
        let suffix = bodyNote(endpoint).map { " [\($0)]" } ?? ""
        let room = max(20, width / 2 - prefix.count - suffix.count)
        return prefix + shorten(location, to: room) + suffix + "> "
    }

    /// `json 46 B`, `form 2 fields`, `file data.bin`, `text 12 B`, with `, not sent` for GET, HEAD and OPTIONS.
    static func bodyNote(_ endpoint: Endpoint) -> String? {
        guard let body = endpoint.body else { return nil }
        let note: String
        switch body {
        case .json(let text): note = "json \(Quantities.size(text.utf8.count))"
        case .text(let text): note = "text \(Quantities.size(text.utf8.count))"
        case .form(let fields): note = "form \(fields.count) field\(fields.count == 1 ? "" : "s")"
        case .file(let path): note = "file \(path.split(separator: "/").last.map(String.init) ?? path)"
        case .jsonFile(let path): note = "json file \(path.split(separator: "/").last.map(String.init) ?? path)"
        case .multipart(let parts): note = "multipart \(parts.count) part\(parts.count == 1 ? "" : "s")"
        }
        return endpoint.bodyIsHeldBack ? note + ", not sent" : note
    }

    /// Keeps the start (the host) and the end (the last path segments), eliding the middle.
    static func shorten(_ text: String, to width: Int) -> String {
        guard text.count > width else { return text }
        let head = width / 3
        let tail = width - head - 1
        return String(text.prefix(head)) + "…" + String(text.suffix(tail))
    }
}
