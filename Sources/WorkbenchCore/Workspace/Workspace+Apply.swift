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

    /// Each command's effect, reached by one switch without `default`: a `Command` case
    /// without an effect does not compile, and no effect is handed a command it does not
    /// take. The effects sit beside their declarations (Workspace/Declarations/), each given
    /// its command's values; `Command.declaration` is the same switch for help, parsing and
    /// completion.
    private mutating func applyInPlace(_ command: Command, context: CommandContext) throws(WorkbenchError) -> CommandOutcome {
        switch command {
        case .base(let url): return try BuildCommands.setBase(url, in: &self, context: context)
        case .showBase: return BuildCommands.showBase(self)
        case .path(let path): return try BuildCommands.setPath(path, in: &self)
        case .pathAdd(let segments): return try BuildCommands.addPathSegments(segments, in: &self)
        case .pathUp: return try BuildCommands.pathUp(in: &self)
        case .showURL: return try BuildCommands.showURL(self, context: context)
        case .method(let method): return BuildCommands.setMethod(method, in: &self)
        case .showMethod: return BuildCommands.showMethod(self)
        case .queryAdd(let name, let value): return BuildCommands.addQuery(name, value, in: &self)
        case .querySet(let name, let value): return BuildCommands.setQuery(name, value, in: &self)
        case .queryRemove(let name): return try BuildCommands.removeQuery(name, in: &self)
        case .queryClear: return BuildCommands.clearQuery(in: &self)
        case .showQuery: return BuildCommands.showQuery(self)
        case .headerSet(let name, let value): return BuildCommands.setHeader(name, value, adding: false, in: &self)
        case .headerAdd(let name, let value): return BuildCommands.setHeader(name, value, adding: true, in: &self)
        case .headerRemove(let name): return try BuildCommands.removeHeader(name, in: &self)
        case .headerClear: return BuildCommands.clearHeaders(in: &self)
        case .showHeaders: return BuildCommands.showHeaders(self)
        case .body(let body): return try BuildCommands.setBody(body, in: &self, context: context)
        case .bodyEdit: return try BuildCommands.editBody(self)
        case .bodyExample: return try setExampleBody()
        case .showBody: return BuildCommands.showBody(self)
        case .bodyClear: return BuildCommands.clearBody(in: &self)
        case .graphqlBody(let change): return try applyGraphQLBody(change)
        case .graphql(let graphql): return try applyGraphQL(graphql, context: context)
        case .grpc(let grpc): return try applyGRPC(grpc)
        case .show: return try BuildCommands.show(self, revealing: false, context: context)
        case .showWithSecrets: return try BuildCommands.show(self, revealing: true, context: context)
        case .curl(let secrets): return try BuildCommands.curl(self, secrets: secrets, context: context)
        case .importCurl(let words): return try ToolCommands.importCurl(words, in: &self, context: context)
        case .importFile(let path): return try importFile(path, context: context)
        case .export(let export): return try ToolCommands.export(export, self, context: context)
        case .allowFiles(let folder): return try ToolCommands.allowFiles(folder, in: &self)
        case .reset: return BuildCommands.reset(&self)
        case .clear: return .clearScreen
        case .send(let method, let path, let output, let withBody, let pathAsIs, let pipe, let repetition):
            return try SendCommands.send(
                method: method, path: path, output: output, withBody: withBody, pathAsIs: pathAsIs, pipe: pipe,
                repetition: repetition, in: &self)
        case .timing: return .timing
        case .sendResume: return try SendCommands.resume(in: &self)
        case .events(let number): return try LiveCommands.events(number, self)
        case .last(let part, let destination): return try SendCommands.last(part: part, destination: destination, self)
        case .set(let name, let value, let secret): return try VariableCommands.set(name, to: value, secret: secret, in: &self)
        case .setSecretSource(let name, let source): return VariableCommands.setSecretSource(name, from: source, in: &self)
        case .unset(let name): return try VariableCommands.unset(name, in: &self)
        case .vars: return .output(describeVariables())
        case .environments(let file): return try EnvironmentCommands.listEnvironments(file: file, in: &self, context: context)
        case .environmentUse(let name, let file):
            return try EnvironmentCommands.useEnvironment(name, file: file, in: &self, context: context)
        case .environmentOff: return try EnvironmentCommands.environmentOff(in: &self)
        case .capture(let name, let source, let secret): return try VariableCommands.capture(name, from: source, secret: secret, in: &self)
        case .captureRemove(let name): return try VariableCommands.removeCapture(name, in: &self)
        case .expect(let expectation): return try CheckCommands.expect(expectation, in: &self, context: context)
        case .expectList: return try CheckCommands.listExpectations(self)
        case .expectRemove(let number): return try CheckCommands.removeExpectation(number, in: &self)
        case .expectClear: return try CheckCommands.removeExpectation(nil, in: &self)
        case .save(let file, let requests, let force):
            return try CheckCommands.save(file, requests: requests, force: force, in: &self, context: context)
        case .load(let file): return try CheckCommands.load(file, in: &self, context: context)
        case .loadHTTPFile(let file, let environment):
            return try CheckCommands.loadHTTPFile(file, environment: environment, in: &self, context: context)
        case .restore: return try CheckCommands.restore(&self, context: context)
        case .history: return .output(describeHistory())
        case .historyRemove(let range): return try CheckCommands.removeHistory(range, in: &self)
        case .historyClear: return CheckCommands.clearHistory(&self)
        case .replay(let target, let keepGoing, let environment):
            return try CheckCommands.replay(target, keepGoing: keepGoing, environment: environment, self)
        case .compare(let first, let second, let options, let ignored, let save):
            return try CheckCommands.compare(first, second, options: options, ignored: ignored, save: save, self, context: context)
        case .diff(let old, let new, let options): return try CheckCommands.diff(old, new, options: options, self, context: context)
        case .use(let number): return try CheckCommands.use(number, in: &self, context: context)
        case .run(let file): return .run(file)
        case .runHTTPFile(let file, let environment, let keepGoing):
            return .runHTTPFile(file, environment: environment, keepGoing: keepGoing)
        case .sleep(let seconds): return .sleep(seconds: seconds)
        case .bench(let plan, let json): return .bench(plan, json: json)
        case .scriptBlock(let keyword): throw RunCommands.outsideAScript(keyword)
        case .follow(let on): return SettingsCommands.setFollow(on, in: &self)
        case .timeout(let seconds): return SettingsCommands.setTimeout(seconds, in: &self)
        case .insecure(let on): return SettingsCommands.setInsecure(on, in: &self)
        case .color(let setting): return SettingsCommands.setColor(setting, in: &self)
        case .maxBody(let bytes): return SettingsCommands.setMaxBody(bytes, in: &self)
        case .showSettings: return SettingsCommands.showSettings(self)
        case .print(let parts): return SettingsCommands.setPrint(parts, in: &self)
        case .pager(let on): return SettingsCommands.setPager(on, in: &self)
        case .cookies(let action): return try NetworkCommands.cookies(action, in: &self)
        case .auth(let action): return try NetworkCommands.auth(action, in: &self)
        case .network(let action): return try NetworkCommands.network(action, in: &self)
        case .openapi(let location): return try loadDescription(location, context: context)
        case .openapiShow: return .output(describeLoadedDescription())
        case .openapiOff: return forgetDescription()
        case .ls(let path): return try listPaths(path)
        case .cd(let path):
            try changePath(path)
            return .done
        case .describe(let method, let path): return try describeOperation(method: method, path: path)
        case .help(let name): return try HelpCommands.help(name)
        case .exit: return .exit
        // The connection is the interpreter's: it outlives the command.
        case .webSocket(let action): return .webSocket(action)
        }
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
            if let userInfo = parts.userInfo { try setBasicAuth(fromUserInfo: userInfo) }
            path = parts.target
        } else if let origin = urlReferenceOrigin(of: target) {
            // `get {{host}}/item`, `{{host}}` an environment's URL: the base follows the variable.
            note = moveBase(to: origin)
            path = path.dropFirst(origin.count)
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

    /// `user:password` taken from a typed URL (`get URL`, `base URL`) becomes `auth basic` for
    /// the base now set, the password kept as a secret variable, as curl takes a URL's userinfo.
    mutating func setBasicAuth(fromUserInfo userInfo: String) throws(WorkbenchError) {
        let user = userInfo.firstIndex(of: ":").map { String(userInfo[..<$0]) } ?? userInfo
        let password = userInfo.firstIndex(of: ":").map { String(userInfo[userInfo.index(after: $0)...]) } ?? ""
        _ = try NetworkCommands.auth(.set(BasicAuth.typed(user: user, password: password)), in: &self)
    }

    /// The reference a target starts with (`{{host}}` of `{{host}}/item` or `{{host}}{{api}}/item`)
    /// when it holds an http(s) URL, as JetBrains' environments write a host: it becomes the base,
    /// as typed, so the base changes with the environment. Nil for a secret's URL (its origin is
    /// not written into the base) and for a reference alone, taken apart as the whole target.
    private func urlReferenceOrigin(of target: String) -> String? {
        guard target.hasPrefix("{{"), let close = target.firstRange(of: "}}") else { return nil }
        let reference = String(target[..<close.upperBound])
        guard reference.count < target.count, let parts = try? Template.parse(reference), parts.count == 1,
            case .variable(let name) = parts[0], let entry = variables.entries[name], !entry.isSecret,
            let scheme = URLParts.scheme(of: Substring(entry.value.trimmingSpaces())), scheme == "http" || scheme == "https"
        else { return nil }
        return reference
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
        // A proxy's password, kept as a secret variable, as the transport is given it.
        switch try settings.proxy.expanded(in: scope(environment: context.environment)) {
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
            variables.entries[name].map { entry in
                let from = entry.source.map { ", from \($0.text)" + (entry.isPending ? ", not read yet" : "") } ?? ""
                return "\(name) = \(entry.isSecret ? Variables.mask + " (secret\(from))" : entry.value)"
            }
        }.joined(separator: "\n")
    }

    /// `imported POST https://host/path: 3 headers, a JSON body`: what an import made.
    static func importSummary(_ endpoint: Endpoint) -> String {
        var parts = ["\(endpoint.headers.count) header\(endpoint.headers.count == 1 ? "" : "s")"]
        switch endpoint.body {
        case nil: break
        case .json: parts.append("a JSON body")
        case .graphql: parts.append("a GraphQL body")
        case .file(let path), .jsonFile(let path), .templateFile(let path): parts.append("the body from \(path)")
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
        case .templateFile(let path): return "@@\(path) (read and its {{variables}} expanded when the request is sent)"
        case .multipart(let parts): return parts.map(\.typedText).joined(separator: "\n")
        case .graphql(let graphql): return GraphQLText.typed(graphql)
        }
    }
}
