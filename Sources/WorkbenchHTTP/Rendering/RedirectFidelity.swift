import WorkbenchBasics

/// Whether another tool, told to follow redirects, follows them as the
/// workbench does (`RedirectPolicy`): same methods, and no credential carried to
/// another origin. An export asks this before it writes `-L`, `--follow` or
/// Hurl's `location: true`; where the tool would differ, the command does not
/// follow, and the export says why in a warning.
///
/// What the tools do was measured against a recording server (test_request_model.py):
/// curl 7.88 and Hurl (libcurl) keep a `-X` method through a 303 (the workbench
/// sends GET) and send every custom header but Authorization and Cookie to any
/// host a redirect names; HTTPie (requests) turns any method but HEAD into GET
/// on a 302, drops a typed Cookie header on every redirect, and also sends
/// custom headers on.
public enum RedirectFidelity {
    public enum Tool: Sendable {
        case curl, httpie, hurl
    }

    /// Why `tool` cannot follow `request`'s redirects as the workbench would, or
    /// nil when it can (or redirects are not followed at all).
    public static func reason(_ request: PreparedRequest, settings: Settings, tool: Tool) -> String? {
        guard settings.followRedirects else { return nil }
        var problems: [String] = []
        // Methods the tool changes on a redirect exactly as RedirectPolicy does.
        let faithfulMethods: Set<String> = ["GET", "HEAD", "POST"]
        if !faithfulMethods.contains(request.method) {
            problems.append(tool == .httpie
                ? "HTTPie turns \(request.method) into GET after a 302"
                : "\(tool == .curl ? "curl" : "Hurl") keeps \(request.method) after a 303, where the workbench sends GET")
        }
        // Headers the tool drops itself on a cross-origin hop.
        let droppedByTool: Set<String> = tool == .httpie ? ["authorization"] : ["authorization", "cookie"]
        var carried = request.headers.filter { field in
            let name = field.name.lowercased()
            guard !droppedByTool.contains(name) else { return false }
            return request.secretHeaderNames.contains(name) || HeaderField.isCredentialName(field.name)
        }.map(\.name)
        if tool == .httpie, request.headers.contains(name: "Cookie"), !carried.contains(where: { $0.lowercased() == "cookie" }) {
            carried.append("Cookie")
        }
        if !carried.isEmpty {
            problems.append("\(tool == .httpie ? "HTTPie" : tool == .curl ? "curl" : "Hurl") would send \(carried.joined(separator: ", ")) to any host a redirect names")
        }
        guard !problems.isEmpty else { return nil }
        return problems.joined(separator: "; ") + ": the command does not follow redirects (the workbench does, by its rules)"
    }

    /// Whether the export writes the tool's follow option.
    package static func follows(_ request: PreparedRequest, settings: Settings, tool: Tool) -> Bool {
        settings.followRedirects && reason(request, settings: settings, tool: tool) == nil
    }
}
