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
        let scope = scope(environment: context.environment)
        switch command {
        case .base(let url):
            let first = endpoint.base == nil
            let changed = endpoint.base != nil && endpoint.base != url
            endpoint.base = url
            if first { bindCredentials() }
            var lines: [String] = []
            if changed && (!["", "/"].contains(endpoint.path) || !endpoint.segments.isEmpty) {
                let shown = (try? endpoint.url(in: scope.masked)) ?? url
                lines.append("kept the path: \(shown) (`path /` starts at the base)")
            }
            if changed, let held = heldBackCredentialsLine() { lines.append(held) }
            if !lines.isEmpty { return .output(lines.joined(separator: "\n")) }
        case .showBase:
            return .output(endpoint.base ?? "(no base URL: set one with `base URL`)")
        case .path(let path):
            if let note = try setTarget(path) { return .output(note) }
        case .pathAdd(let segments):
            // `..` goes one segment up and `.` stays, as in a path: neither is ever sent.
            for segment in segments {
                switch segment {
                case "..": try endpoint.goUp()
                case ".": continue
                default: endpoint.segments.append(segment)
                }
            }
        case .pathUp:
            try endpoint.goUp()
        case .showURL:
            return .output(try endpoint.url(in: scope.masked))
        case .method(let method):
            endpoint.method = method
        case .showMethod:
            return .output(endpoint.method)
        case .queryAdd(let name, let value):
            endpoint.query.append(QueryItem(name: name, value: value))
        case .querySet(let name, let value):
            endpoint.setQuery(name, value)
        case .queryRemove(let name):
            guard endpoint.removeQuery(name) else { throw WorkbenchError("no query item named '\(name)'") }
        case .queryClear:
            endpoint.query = []
            if endpoint.pathQuery != nil { endpoint.pathQuery = nil }
        case .showQuery:
            var lines = endpoint.query.map(\.typedText)
            if let pasted = endpoint.pathQuery {
                lines.insert("?\(pasted) (pasted with the path: it goes when the path changes)", at: 0)
            }
            return .output(lines.isEmpty ? "(no query items)" : lines.joined(separator: "\n"))
        case .headerSet(let name, let value), .headerAdd(let name, let value):
            let kept = keepingLiteralCredential(name: name, value: value)
            let field = HeaderField(name: name, value: kept?.value ?? value)
            if case .headerSet = command {
                endpoint.setHeader(name, field.value, credential: isCredential(field))
            } else {
                endpoint.addHeader(name, field.value, credential: isCredential(field))
            }
            if let kept { return .output(kept.note) }
        case .headerRemove(let name):
            if try endpoint.removeHeader(name) == .typedRemovedDefaultReturns {
                return .output("the default \(name) is sent again; `header rm \(name)` once more sends none")
            }
        case .headerClear:
            endpoint.headers = []
            endpoint.omittedDefaults = []
        case .showHeaders:
            var lines = endpoint.headers.map { "\($0.name): \($0.value)" }
            if lines.isEmpty { lines.append("(no headers; `show` lists the defaults too)") }
            if !endpoint.omittedDefaults.isEmpty {
                lines.append("(not sent: \(endpoint.omittedDefaults.joined(separator: ", ")); `header clear` sends them again)")
            }
            return .output(lines.joined(separator: "\n"))
        case .body(let body):
            if case .jsonFile(let path) = body, !Template.hasReferences(path) {
                // Checked now, so a typo is caught when typed; read again when sent.
                let bytes = try context.readFile(path)
                do { try JSONSyntax.validate(bytes) } catch { throw WorkbenchError("\(path) is not valid JSON: \(error)") }
            }
            endpoint.body = body
        case .bodyEdit:
            switch endpoint.body {
            case nil: return .editBody("", json: false)
            case .text(let text): return .editBody(text, json: false)
            case .json(let text): return .editBody(text, json: true)
            case .form, .file, .jsonFile, .multipart, .graphql:
                throw WorkbenchError("`body edit` edits a text or JSON body; this one is \(Prompt.bodyNote(endpoint) ?? "set"): type it again with `body ...`")
            }
        case .bodyExample:
            return try setExampleBody()
        case .bodyClear:
            endpoint.body = nil
        case .showBody:
            return .output(Self.describe(endpoint.body))
        case .show:
            let text = try showText(revealingSecrets: false, context: context)
            let warnings = parameterWarnings(in: scope)
            return warnings.isEmpty ? .output(text) : .outputWithWarning(text, warning: warnings.joined(separator: "\n"))
        case .curl(let secrets):
            let request = try endpoint.prepare(in: scope, readFile: context.readFile)
            let command = try CurlCommand.text(for: secrets ? request : request.shown, body: endpoint.body, settings: settings,
                                               typedHost: endpoint.headersInForce.contains(name: "Host"))
            if let reason = RedirectFidelity.reason(request, settings: settings, tool: .curl) {
                return .outputWithWarning(command, warning: "warning: " + reason, revealed: secrets)
            }
            return secrets ? .revealed(command) : .output(command)
        case .importCurl(let words):
            let imported = try CurlImport.parse(words, readFile: context.readFile)
            endpoint = imported.endpoint
            if let follow = imported.followRedirects { settings.followRedirects = follow }
            if let insecure = imported.insecure { settings.insecure = insecure }
            if let timeout = imported.timeout { settings.timeout = timeout }
            return .output(([Self.importSummary(endpoint)] + imported.warnings.map { "warning: " + $0 }).joined(separator: "\n"))
        case .importFile(let path):
            return try importFile(path, context: context)
        case .export(let export):
            var records = [RequestRecord(endpoint: endpoint, settings: settings)]
            // HAR is about exchanges: the current request, with its response when it was the last sent.
            if export.format == .har, let last = history.last, last.endpoint == endpoint { records = [last] }
            if export.session {
                guard !history.isEmpty else { throw WorkbenchError("nothing to export: no request has been sent yet (`export \(export.format.rawValue)` exports the current one)") }
                records = history.records
            }
            let text = try export.text(records: records, variables: variables, scope: scope, readFile: context.readFile)
            let warnings = try export.warnings(records: records, variables: variables, scope: scope, readFile: context.readFile)
            let warning: String? = warnings.isEmpty ? nil : warnings.map { "warning: " + $0 }.joined(separator: "\n")
            if let file = export.outputFile {
                try context.writeFile(Array(text.utf8), file)
                let done = "exported \(records.count) request\(records.count == 1 ? "" : "s") to \(file)"
                return warning.map { .outputWithWarning(done, warning: $0) } ?? .output(done)
            }
            let trimmed = String(text.dropLast())
            if let warning { return .outputWithWarning(trimmed, warning: warning, revealed: export.revealSecrets) }
            return export.revealSecrets ? .revealed(trimmed) : .output(trimmed)
        case .showWithSecrets:
            return .revealed(try showText(revealingSecrets: true, context: context))
        case .reset:
            var fresh = Endpoint(base: endpoint.base)
            fresh.auths = endpoint.auths
            endpoint = fresh
        case .send(let method, let path, let output, let withBody, let pipe):
            if let method { endpoint.method = method }
            let note = try path.flatMap { path throws(WorkbenchError) in try setTarget(path) }
            if let parameter = unfilledParameter() {
                throw WorkbenchError("the path \(currentPath) still has \(parameter) to fill: `cd ..` then `cd VALUE`, or `path` with the value")
            }
            if withBody && endpoint.body == nil {
                throw WorkbenchError("--body: no body is set (`body ...` sets one)")
            }
            return .send(output: output, note: note, withBody: withBody, pipe: pipe)
        case .timing:
            return .timing
        case .last(let part, let destination):
            guard lastResponse != nil else { throw WorkbenchError("no response yet: `send` a request first") }
            return .last(part: part, destination: destination)
        case .capture(let name, let source, let markSecret):
            let (response, index) = try lastExchange()
            let capture = Capture(name: name, source: source, isSecret: markSecret)
            let value = try capture.value(from: response)
            let secret = markSecret || variables.isSecret(name)
            variables.set(name, to: value, secret: secret)
            history[index].captures.removeAll { $0.name == name }
            history[index].captures.append(capture)
            if secret {
                // The response it came from is kept: the secret is masked there too.
                history[index].response = history[index].response?.redacted(by: SecretRedactor(secrets: [value]))
            }
            return .output("\(name) = \(secret ? Variables.mask : value)")
        case .expect(let expectation):
            let (response, index) = try lastExchange()
            let schema = try schemaSource(for: expectation, request: history[index].endpoint, scope: scope)
            history[index].expectations.append(expectation)
            let result = expectation.check(response, in: scope, schema: schema)
            let number = history[index].expectations.count
            // The note goes on the first line: a schema check lists its violations below it.
            let lines = result.message.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
            let kept = "\(lines[0]) (kept on request \(index + 1): `expect rm \(number)` takes it back)"
            return result.passed ? .output("PASS \(result.message)")
                : .checkFailed(summary: kept, details: lines.dropFirst().map(String.init))
        case .save(let file, let numbers):
            return try save(to: file, requests: numbers, context: context)
        case .load(let file):
            try load(from: file, context: context)
            sessionFile = file
            var note = "loaded \(file): \(history.count) request\(history.count == 1 ? "" : "s")"
            if let secrets = secretsToGiveAgainLine() { note += "\n" + secrets }
            return reloadGraphQLSchema(after: reloadDescription(after: note, context: context), context: context)
        case .loadHTTPFile(let file, let environment):
            // Variables already `set` win over the file's and its env files' values, and stay.
            let given = variables
            let userNames = Set(given.names).subtracting(httpFileVariableNames)
            let imported = try HTTPFileImport.load(file, environment: environment, overrides: userNames, readFile: context.readFile)
            imported.document.apply(to: &self)
            for name in userNames { variables.set(name, to: given.value(of: name) ?? "", secret: given.isSecret(name)) }
            httpFileVariableNames = Set(imported.document.variables.keys).union(imported.secrets.keys).subtracting(userNames)
            for (name, value) in imported.secrets { variables.set(name, to: value, secret: true) }
            declaredSecrets = []
            lastRecordIndex = nil
            // Not a session file: `save` must not write JSON over it.
            sessionFile = nil
            let summary = "loaded \(file): \(history.count) request\(history.count == 1 ? "" : "s") (not sent; `replay all` sends them in order)"
            return .output(([summary] + imported.notes.map { "warning: " + $0 }).joined(separator: "\n"))
        case .restore:
            guard let path = context.autosaves?.newestOfAnotherRun() else {
                throw WorkbenchError("nothing to restore: no autosaved session yet")
            }
            try load(from: path, context: context)
            // The last response comes back as it was kept (status, headers, a text body).
            if let index = history.indices.last, let kept = history[index].response {
                lastResponse = kept.response
                lastRecordIndex = index
            }
            var note = "restored the autosaved session: \(history.count) request\(history.count == 1 ? "" : "s")"
            if let secrets = secretsToGiveAgainLine() { note += "\n" + secrets }
            return reloadGraphQLSchema(after: reloadDescription(after: note, context: context), context: context)
        case .history:
            return .output(describeHistory())
        case .replay(let target):
            if history.isEmpty { throw WorkbenchError("nothing to replay: no request has been sent yet") }
            if case .number(let number) = target, number > history.count { throw noRequest(number) }
            return .replay(target)
        case .diff(let old, let new, let options):
            return try diff(old, new, options: options, redactor: redactor(environment: context.environment))
        case .historyRemove(let range):
            return .output(try removeHistory(range))
        case .historyClear:
            return .output(clearHistory())
        case .expectList:
            return .output(try describeExpectations())
        case .expectRemove(let number):
            return .output(try removeExpectation(number))
        case .expectClear:
            return .output(try removeExpectation(nil))
        case .captureRemove(let name):
            return .output(try removeCapture(name))
        case .use(let number):
            guard history.indices.contains(number - 1) else { throw noRequest(number) }
            endpoint = history[number - 1].endpoint
            return .output("editing request \(number): \(endpoint.method) \((try? endpoint.url(in: scope.masked)) ?? endpoint.path)")
        case .run(let file):
            return .run(file)
        case .runHTTPFile(let file, let environment):
            return .runHTTPFile(file, environment: environment)
        case .set(let name, let value?, let secret):
            if secret && value == Variables.mask {
                throw WorkbenchError("'\(Variables.mask)' is the mask shown in place of a secret, not its value: "
                    + "type the value, or `set --secret \(name)` to be asked for it")
            }
            variables.set(name, to: value, secret: secret)
            declaredSecrets.removeAll { $0 == name }
            httpFileVariableNames.remove(name)
        case .set(let name, nil, _):
            return .askSecret(name)
        case .unset(let name):
            let declared = declaredSecrets.contains(name)
            declaredSecrets.removeAll { $0 == name }
            guard variables.remove(name) != nil || declared else { throw WorkbenchError("no variable named '\(name)'") }
        case .vars:
            return .output(describeVariables())
        case .follow(let on):
            settings.followRedirects = on
        case .timeout(let seconds):
            settings.timeout = seconds
        case .insecure(let on):
            settings.insecure = on
        case .color(let setting):
            settings.color = setting
        case .maxBody(let bytes):
            settings.maxBodyBytes = bytes
        case .showSettings:
            return .output(settings.summary + "\n" + view.summary)
        case .cookies(let action):
            return try applyCookies(action)
        case .auth(let action):
            return try applyAuth(action)
        case .network(let action):
            return try applyNetwork(action)
        case .print(let parts):
            view.parts = parts
        case .pager(let on):
            view.pager = on
        case .openapi(let location):
            return try loadDescription(location, context: context)
        case .graphqlBody(let change):
            return try applyGraphQLBody(change)
        case .graphql(let command):
            return try applyGraphQL(command, context: context)
        case .openapiShow:
            return .output(describeLoadedDescription())
        case .openapiOff:
            return forgetDescription()
        case .ls(let path):
            return try listPaths(path)
        case .cd(let path):
            try changePath(path)
        case .describe(let method, let path):
            return try describeOperation(method: method, path: path)
        case .help(let name):
            return .paged(try name.map { name throws(WorkbenchError) in try CommandCatalog.help(for: name) }
                ?? CommandCatalog.overview())
        case .clear:
            return .clearScreen
        case .exit:
            return .exit
        }
        return .done
    }

    /// `auth ...`. A literal password or token goes into a secret variable
    /// (`auth_password`, `auth_token`) and the Endpoint refers to it, so it is
    /// masked, never saved, and given to a replay like any secret.
    private mutating func applyAuth(_ action: AuthCommand) throws(WorkbenchError) -> CommandOutcome {
        switch action {
        case .show:
            return .output(endpoint.auth?.summary ?? "(no auth)")
        case .none:
            if let auth = endpoint.auth { removeVariables(madeFor: auth) }
            endpoint.auth = nil
        case .awsSigV4, .oauth2:
            return try applyAuthKind(action)
        case .set(let scheme, let user, nil):
            return .askCredential(scheme, user: user)
        case .set(let scheme, let user, let secret?):
            if secret == Variables.mask {
                throw WorkbenchError("'\(Variables.mask)' is the mask shown in place of a secret, not its value: "
                    + "type the value, or leave it out to be asked for it")
            }
            guard !secret.isEmpty else { throw WorkbenchError("the \(scheme == .bearer ? "token" : "password") is empty") }
            endpoint.auth = Auth(scheme: scheme, user: user, secret: keptAsSecret(secret, base: scheme.variableName))
        }
        return .done
    }

    /// `proxy`, `cacert`, `cert`, `http`: a file named must be a readable
    /// regular file now (it is read again by libcurl on every send).
    private mutating func applyNetwork(_ action: NetworkCommand) throws(WorkbenchError) -> CommandOutcome {
        switch action {
        case .proxy(nil): return .output(settings.proxy.summary)
        case .proxy(let proxy?): settings.proxy = proxy
        case .caCertificate(nil): return .output(settings.caCertificate ?? "(the system's CA certificates)")
        case .caCertificate(let file?):
            if let file { try FileSystem.checkReadableRegularFile(FileSystem.expandTilde(file), shownAs: file, for: "use") }
            settings.caCertificate = file
        case .clientCertificate(nil):
            return .output(settings.clientCertificate.map { $0 + (settings.clientKey.map { " (key \($0))" } ?? "") } ?? "(no client certificate)")
        case .clientCertificate(let choice?):
            if let choice {
                for file in [choice.certificate] + (choice.key.map { [$0] } ?? []) {
                    try FileSystem.checkReadableRegularFile(FileSystem.expandTilde(file), shownAs: file, for: "use")
                }
            }
            settings.clientCertificate = choice?.certificate
            settings.clientKey = choice?.key
        case .httpVersion(nil): return .output(settings.httpVersion.rawValue)
        case .httpVersion(let version?): settings.httpVersion = version
        }
        return .done
    }

    /// `cookies`, `cookies rm NAME`, `cookies clear`. Removed values stay known
    /// to the redaction step.
    private mutating func applyCookies(_ action: CookieCommand) throws(WorkbenchError) -> CommandOutcome {
        switch action {
        case .list:
            return .output(cookies.listing(now: CookieJar.now))
        case .clear:
            let count = cookies.cookies.count
            removedCookieValues += cookies.values
            cookies = CookieJar()
            return .output("removed \(count) cookie\(count == 1 ? "" : "s")")
        case .remove(let name):
            let values = cookies.cookies.filter { $0.name == name }.map(\.value)
            guard cookies.remove(named: name) > 0 else { throw WorkbenchError("no cookie named '\(name)' (see `cookies`)") }
            removedCookieValues += values
            return .done
        }
    }

    /// `get PATH`, `path PATH`: sets the path; a `?query` typed with it belongs
    /// to it (the next path drops it), items typed with `query add` stay. A full
    /// URL moves the base to its origin and returns the line that says so;
    /// credentials stay with the origin they were given for. `user:password@`
    /// in the URL becomes `auth basic` for that origin.
    /// (`apply` works on a copy, so a bad target leaves the workspace as it was.)
    private mutating func setTarget(_ target: String) throws(WorkbenchError) -> String? {
        var path = Substring(target)
        let lowered = target.lowercased()
        var note: String?
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://"),
           let afterScheme = target.firstRange(of: "://").map({ target[$0.upperBound...] }) {
            let pathStart = afterScheme.firstIndex { $0 == "/" || $0 == "?" } ?? afterScheme.endIndex
            var authority = afterScheme[..<pathStart]
            var userInfo: String?
            if let at = authority.lastIndex(of: "@") {
                userInfo = PercentEncoding.decode(String(authority[..<at]))
                authority = authority[authority.index(after: at)...]
            }
            let scheme = target[..<afterScheme.startIndex]
            let origin = try BaseURL.parse(String(scheme + authority)).origin
            let before = endpoint.base
            if before != origin {
                endpoint.base = origin
                if before == nil { bindCredentials() }
                let shownBefore = before.map { " (was \(Template.oneLine($0)))" } ?? ""
                note = "base: \(origin)\(shownBefore)" + (heldBackCredentialsLine().map { "; " + $0 } ?? "")
            }
            if let userInfo {
                let user = userInfo.firstIndex(of: ":").map { String(userInfo[..<$0]) } ?? userInfo
                let password = userInfo.firstIndex(of: ":").map { String(userInfo[userInfo.index(after: $0)...]) } ?? ""
                _ = try applyAuth(.set(.basic, user: user, secret: password))
            }
            path = afterScheme[pathStart...]
        }
        try endpoint.setPath(String(path))
        return note
    }

    /// Binds the credentials typed before the first base to it.
    private mutating func bindCredentials() {
        let workspace = self
        endpoint.bindUnboundCredentials { workspace.isCredential($0) }
    }

    /// `show`: the request as it would be sent, secrets masked unless revealed,
    /// and a note when the method leaves a typed body out.
    private func showText(revealingSecrets: Bool, context: CommandContext) throws(WorkbenchError) -> String {
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
        if endpoint.bodyIsHeldBack {
            text += "\n\n(a body is set but not sent with \(endpoint.method); it stays for a later POST, PUT or PATCH; `send --body` sends it)"
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

    private func describeVariables() -> String {
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
