import WorkbenchBasics

/// Whether another tool, told to follow redirects, follows them as the
/// workbench does (`RedirectPolicy`): same methods, and no credential carried to
/// another origin. An export asks this before it writes `-L`, `--follow` or
/// Hurl's `location: true`; where the tool would differ, the command does not
/// follow, and the export says why in a warning.
///
/// What the tools do was measured against a recording server (test_request_model.py,
/// test_export_fidelity.py), for a method other than GET, HEAD and POST (those three
/// all follow alike): curl 7.88 and Hurl (libcurl) keep a `-X` method through a 303
/// (the workbench sends GET) and drop its body after a 301 or 302 (the workbench sends
/// it again), and send every custom header but Authorization and Cookie to any host a
/// redirect names; HTTPie (requests) turns the method into GET on a 302 and drops its
/// body on a 301, drops a typed Cookie header on every redirect, and also sends custom
/// headers on. When the redirects a request met are known, only those are judged.
public enum RedirectFidelity {
    public enum Tool: Sendable {
        case curl, httpie, hurl
    }

    /// Why `tool` cannot follow `request`'s redirects as the workbench would, or
    /// nil when it can (or redirects are not followed at all). `redirects`: the
    /// statuses of the redirects the request met when sent (nil: not known).
    public static func reason(_ request: PreparedRequest, settings: Settings, tool: Tool, redirects: [Int]? = nil) -> String? {
        guard settings.followRedirects else { return nil }
        var problems = methodProblems(request, tool: tool, redirects: redirects)
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
            problems.append(
                "\(tool == .httpie ? "HTTPie" : tool == .curl ? "curl" : "Hurl") would send \(carried.joined(separator: ", ")) to any host a redirect names"
            )
        }
        guard !problems.isEmpty else { return nil }
        return problems.joined(separator: "; ") + ": the command does not follow redirects (the workbench does, by its rules)"
    }

    /// Whether the export writes the tool's follow option.
    package static func follows(_ request: PreparedRequest, settings: Settings, tool: Tool, redirects: [Int]? = nil) -> Bool {
        settings.followRedirects && reason(request, settings: settings, tool: tool, redirects: redirects) == nil
    }

    /// Where the tool changes the method or drops the body on a redirect where the
    /// workbench (RedirectPolicy) does not, each naming the statuses: those met, or all
    /// where it would when the redirects are not known.
    static func methodProblems(_ request: PreparedRequest, tool: Tool, redirects: [Int]?) -> [String] {
        // GET, HEAD and POST: every tool changes them exactly as RedirectPolicy does.
        guard !["GET", "HEAD", "POST"].contains(request.method) else { return [] }
        let hasBody = !request.body.isEmpty || request.multipart != nil
        let name = tool == .httpie ? "HTTPie" : tool == .curl ? "curl" : "Hurl"
        let method = request.method
        func met(_ statuses: [Int]) -> [Int] { redirects.map { seen in statuses.filter(seen.contains) } ?? statuses }
        func spoken(_ statuses: [Int]) -> String {
            statuses.count == 1 ? "a \(statuses[0])" : "a " + statuses.map(String.init).joined(separator: " or ")
        }
        var problems: [String] = []
        let changed = met(tool == .httpie ? [302] : [303])
        if !changed.isEmpty {
            problems.append(
                tool == .httpie
                    ? "\(name) turns \(method) into GET after \(spoken(changed)), where the workbench keeps it"
                    : "\(name) keeps \(method) after \(spoken(changed)), where the workbench sends GET")
        }
        let dropped = hasBody ? met(tool == .httpie ? [301] : [301, 302]) : []
        if !dropped.isEmpty {
            problems.append("\(name) drops the body of \(method) after \(spoken(dropped)), where the workbench sends it again")
        }
        return problems
    }
}
