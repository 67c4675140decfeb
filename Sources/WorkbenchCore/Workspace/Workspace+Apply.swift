import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs
import WorkbenchSessions

extension Workspace {
    /// Applies one command. On error, the workspace is unchanged.
    public mutating func apply(_ command: Command, context: CommandContext) throws(WorkbenchError) -> CommandOutcome {
        var next = self
        let outcome = try next.applyInPlace(command, context: context)
        self = next
        return outcome
    }

    private mutating func applyInPlace(_ command: Command, context: CommandContext) throws(WorkbenchError) -> CommandOutcome {
        // The declaration of the command applies it (Workspace/Declarations/), found by one
        // exhaustive switch (`Command.declaration`): no table is searched.
        let declaration = command.declaration
        guard let apply = declaration.apply, let outcome = try apply(&self, command, context) else {
            assertionFailure("\(declaration.name) does not apply \(command)")
            throw WorkbenchError("internal error: \(declaration.name) does not apply \(command)")
        }
        return outcome
    }

    /// `get PATH`, `path PATH`: sets the path; a `?query` typed with it belongs
    /// to it (the next path drops it), items typed with `query add` stay. A full
    /// URL moves the base to its origin and returns the line that says so;
    /// credentials stay with the origin they were given for. `user:password@`
    /// in the URL becomes `auth basic` for that origin. A variable used as the
    /// whole target (`get {{next}}`) holding a full URL moves the base the same way
    /// (its value is taken apart again whenever the request is built).
    /// (`apply` works on a copy, so a bad target leaves the workspace as it was.)
    mutating func setTarget(_ target: String) throws(WorkbenchError) -> String? {
        var path = Substring(target)
        let lowered = target.lowercased()
        var note: String?
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            // The fragment stays in the path, which refuses it with the reason.
            let parts = URLParts(target, droppingFragment: false)
            note = moveBase(to: try BaseURL.parse(parts.base).origin)
            if let userInfo = parts.userInfo {
                let user = userInfo.firstIndex(of: ":").map { String(userInfo[..<$0]) } ?? userInfo
                let password = userInfo.firstIndex(of: ":").map { String(userInfo[userInfo.index(after: $0)...]) } ?? ""
                _ = try applyAuth(.set(.basic, user: user, secret: password))
            }
            path = parts.target
        }
        try endpoint.setPath(String(path))
        if case .variable(let name)? = endpoint.wholeTargetReference, let entry = variables.entries[name] {
            // Checked now, as a typed URL is; a secret URL's origin is not written into the base.
            let value = entry.value.trimmingSpaces()
            if let scheme = URLParts.scheme(of: Substring(value)) {
                guard scheme == "http" || scheme == "https" else { throw URLParts.unsupportedScheme(scheme, in: String(value)) }
                if !entry.isSecret { note = moveBase(to: try BaseURL.parse(URLParts(String(value)).base).origin) }
            }
        }
        return note
    }

    /// Moves the base to `origin` as a typed full URL does: the line that says so, or nil when it was there.
    private mutating func moveBase(to origin: String) -> String? {
        let before = endpoint.base
        guard before != origin else { return nil }
        endpoint.base = origin
        if before == nil { bindCredentials() }
        let shownBefore = before.map { " (was \(Template.oneLine($0)))" } ?? ""
        return "base: \(origin)\(shownBefore)" + (heldBackCredentialsLine().map { "; " + $0 } ?? "")
    }

    /// The response the current request got, when it is the request last sent as it
    /// stands now: what an export of it says about the redirects it met.
    var lastSentResponse: RecordedResponse? {
        guard let last = history.last, last.endpoint == endpoint else { return nil }
        return last.response
    }

    /// Binds the credentials typed before the first base to it.
    mutating func bindCredentials() {
        let workspace = self
        endpoint.bindUnboundCredentials { workspace.isCredential($0) }
    }

    /// `show`: the request as it would be sent, secrets masked unless revealed,
    /// and a note when the method leaves a typed body out.
    func showText(revealingSecrets: Bool, context: CommandContext) throws(WorkbenchError) -> String {
        var request = try endpoint.prepare(in: scope(environment: context.environment), readFile: context.readFile)
        let route: ProxyRoute?
        switch settings.proxy {
        case .environment:
            route = ProxyRoute.resolve(scheme: request.base.scheme, host: request.base.host, environment: context.environment)
        case .none:
            route = nil
        case .url(let url):
            route = ProxyRoute(url: url, source: ProxyRoute.settingSource)
        }
        if let route { request = route.applied(to: request) }
        var text = (revealingSecrets ? request : request.shown).displayText
        if let route { text = route.note(requestScheme: request.base.scheme) + "\n" + text }
        if !endpoint.sendsPathAsIs {
            var asIs = endpoint
            asIs.sendsPathAsIs = true
            let masked = scope(environment: context.environment).masked
            if let typed = try? asIs.url(in: masked), let sent = try? endpoint.url(in: masked), typed != sent {
                text += "\n\n(`.` and `..` segments are worked out, as curl, xh and HTTPie do; `send --path-as-is` sends \(typed))"
            }
        }
        if endpoint.bodyIsHeldBack {
            text +=
                "\n\n(a body is set but not sent with \(endpoint.method); it stays for a later POST, PUT or PATCH; `send --body` sends it)"
        }
        if let held = heldBackCredentialsLine() {
            text += "\n\n(\(held))"
        }
        if settings.httpVersion != .auto {
            text += "\n\n(asks libcurl for HTTP/\(settings.httpVersion.rawValue); the status line and `timing` show the version used)"
        }
        if let digest = request.digest {
            text += "\n\n(digest auth as \(digest.user): libcurl answers the server's challenge with the Authorization header)"
        }
        if !cookies.isEmpty {
            text += "\n\n(libcurl adds the jar's cookies that belong to this URL as a Cookie header: `cookies` lists them)"
        }
        return text
    }

    func describeVariables() -> String {
        guard !variables.entries.isEmpty else { return "(no variables)" }
        return variables.names.compactMap { name in
            variables.entries[name].map { "\(name) = \($0.isSecret ? Variables.mask + " (secret)" : $0.value)" }
        }.joined(separator: "\n")
    }

    /// `imported POST https://host/path: 3 headers, a JSON body`: what an import made.
    static func importSummary(_ endpoint: Endpoint) -> String {
        var parts = ["\(endpoint.headers.count) header\(endpoint.headers.count == 1 ? "" : "s")"]
        switch endpoint.body {
        case nil: break
        case .json: parts.append("a JSON body")
        case .graphql: parts.append("a GraphQL body")
        case .file(let path), .jsonFile(let path): parts.append("the body from \(path)")
        case .multipart(let fields): parts.append("a multipart body of \(fields.count) part\(fields.count == 1 ? "" : "s")")
        case .text, .form: parts.append("a body")
        }
        if !endpoint.omittedDefaults.isEmpty { parts.append("not sent: \(endpoint.omittedDefaults.joined(separator: ", "))") }
        return "imported \(endpoint.method) \(endpoint.base ?? "")\(endpoint.path): \(parts.joined(separator: ", "))"
    }

    static func describe(_ body: Body?) -> String {
        switch body {
        case nil: return "(no body)"
        case .text(let text): return text
        case .json(let text): return text
        case .form(let fields): return fields.map { "\($0.name)=\($0.value)" }.joined(separator: "\n")
        case .file(let path): return "@\(path) (read when the request is sent)"
        case .jsonFile(let path): return "json @\(path) (read and validated when the request is sent)"
        case .multipart(let parts): return parts.map(\.typedText).joined(separator: "\n")
        case .graphql(let graphql): return GraphQLText.typed(graphql)
        }
    }
}
