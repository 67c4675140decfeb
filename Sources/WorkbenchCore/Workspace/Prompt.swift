import Foundation
import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchSessions

/// The REPL prompt: the method, the URL being built and what rides along,
/// shortened to fit.
///
/// `GET https://api.example.com/v2/users [json 46 B]> `: the scheme stays
/// (whether TLS is on is worth seeing), secrets are masked, a body is
/// announced (and marked `not sent` when the method leaves it out), and
/// `[insecure]` comes first when TLS checks are off, after `[NAME]`, the environment in force.
public enum Prompt {
    public static func text(
        for workspace: Workspace, environment: [String: String], width: Int = 80,
        redactor: SecretRedactor? = nil
    ) -> String {
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
        if workspace.api != nil {
            // A path parameter not filled yet shows as the description writes it: `/pets/{petId}`.
            location = location.replacingOccurrences(of: "%7B", with: "{").replacingOccurrences(of: "%7D", with: "}")
        }
        if let redactor {
            // A value equal to a secret (a cookie's, typed into a pasted URL) is masked here too.
            location = redactor.redact(location)
        }
        // The prompt is always on a terminal, and a path or method may come from a file.
        location = TerminalText.escapeLine(location)
        // The environment in force first: the same request goes elsewhere in another one.
        let environment = workspace.activeEnvironment.map { "[\(TerminalText.escapeLine($0.name))] " } ?? ""
        let prefix =
            environment + (workspace.settings.insecure ? "[insecure] " : "") + TerminalText.escapeLine(endpoint.method) + " "
        var suffix = bodyNote(endpoint).map { " [\($0)]" } ?? ""
        if let held = endpoint.heldBackCredentials.first {
            // Credentials of another origin are not sent to this one.
            let host = held.origin.firstRange(of: "://").map { String(held.origin[$0.upperBound...]) } ?? held.origin
            suffix += " [credentials stay with \(TerminalText.escapeLine(host))]"
        }
        // What is typed after the prompt keeps a quarter of the line (at least 16 columns).
        let room = max(20, width - prefix.count - suffix.count - 2 - max(16, width / 4))
        return prefix + shorten(location, to: room) + suffix + "> "
    }

    /// `json 46 B`, `form 2 fields`, `file data.bin`, `text 12 B`, with `, not sent` for GET, HEAD, OPTIONS, DELETE and TRACE.
    static func bodyNote(_ endpoint: Endpoint) -> String? {
        guard let body = endpoint.body else { return nil }
        let note: String
        switch body {
        case .json(let text): note = "json \(Quantities.size(text.utf8.count))"
        case .text(let text): note = "text \(Quantities.size(text.utf8.count))"
        case .form(let fields): note = "form \(fields.count) field\(fields.count == 1 ? "" : "s")"
        case .file(let path): note = "file \(path.split(separator: "/").last.map(String.init) ?? path)"
        case .jsonFile(let path): note = "json file \(path.split(separator: "/").last.map(String.init) ?? path)"
        case .templateFile(let path): note = "template file \(path.split(separator: "/").last.map(String.init) ?? path)"
        case .multipart(let parts): note = "multipart \(parts.count) part\(parts.count == 1 ? "" : "s")"
        case .graphql(let graphql): note = "graphql " + (graphql.operationName ?? Quantities.size(graphql.query.utf8.count))
        }
        return endpoint.bodyIsHeldBack ? note + ", not sent" : note
    }

    /// Fits a URL into `width` columns: the scheme and host always stay whole;
    /// the query goes first (`?…`), then middle segments of the path (`/api/…/users/7`),
    /// keeping the first and as many of the last as fit.
    static func shorten(_ url: String, to width: Int) -> String {
        guard url.count > width else { return url }
        let afterScheme = url.firstRange(of: "://")?.upperBound ?? url.startIndex
        let pathStart = url[afterScheme...].firstIndex { $0 == "/" || $0 == "?" } ?? url.endIndex
        let origin = String(url[..<pathStart])
        let queryStart = url[pathStart...].firstIndex(of: "?") ?? url.endIndex
        let path = String(url[pathStart..<queryStart])
        let query = queryStart == url.endIndex ? "" : "?…"
        if origin.count + path.count + query.count <= width { return origin + path + query }
        let room = width - origin.count - query.count
        guard room >= 6 else { return origin + "/…" + query }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        guard segments.count > 1 else { return origin + "/" + shortenEnd(segments.first ?? "", to: room - 1) + query }
        // Keep the first segment and the longest tail that fits.
        let head = "/" + segments[0] + "/…"
        var tail = ""
        for segment in segments.dropFirst().reversed() {
            let longer = "/" + segment + tail
            if head.count + longer.count > room { break }
            tail = longer
        }
        if tail.isEmpty {
            return origin + "/…/" + shortenEnd(segments.last ?? "", to: room - 3) + query
        }
        return origin + head + tail + query
    }

    /// The end of `text` in `width` columns, `…` in front when cut.
    static func shortenEnd(_ text: String, to width: Int) -> String {
        guard text.count > width else { return text }
        return "…" + String(text.suffix(max(width - 1, 1)))
    }
}
