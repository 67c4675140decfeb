extension Workspace {
    /// Applies one command. On error, the workspace is unchanged.
    public mutating func apply(_ command: Command, context: CommandContext) throws(WorkbenchError) -> Outcome {
        var next = self
        let outcome = try next.applyInPlace(command, context: context)
        self = next
        return outcome
    }

    private mutating func applyInPlace(_ command: Command, context: CommandContext) throws(WorkbenchError) -> Outcome {
        let scope = scope(environment: context.environment)
        switch command {
        case .base(let url):
            endpoint.base = url
        case .showBase:
            return .output(endpoint.base ?? "(no base URL: set one with `base URL`)")
        case .path(let path):
            try endpoint.setPath(path)
        case .pathAdd(let segments):
            endpoint.segments += segments
        case .showURL:
            return .output(try endpoint.url(in: scope))
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
        case .showQuery:
            return .output(endpoint.query.isEmpty ? "(no query items)"
                : endpoint.query.map { "\($0.name)=\($0.value)" }.joined(separator: "\n"))
        case .headerSet(let name, let value):
            endpoint.setHeader(name, value)
        case .headerAdd(let name, let value):
            endpoint.addHeader(name, value)
        case .headerRemove(let name):
            guard endpoint.removeHeader(name) else { throw WorkbenchError("no header named '\(name)'") }
        case .headerClear:
            endpoint.headers = []
        case .showHeaders:
            return .output(endpoint.headers.isEmpty ? "(no headers; `show` lists the defaults too)"
                : endpoint.headers.map { "\($0.name): \($0.value)" }.joined(separator: "\n"))
        case .body(let body):
            endpoint.body = body
        case .bodyClear:
            endpoint.body = nil
        case .showBody:
            return .output(Self.describe(endpoint.body))
        case .show:
            return .output(variables.masking(try endpoint.prepare(in: scope, readFile: context.readFile).displayText))
        case .curl(let secrets):
            let request = try endpoint.prepare(in: scope, readFile: context.readFile)
            let command = try CurlCommand.text(for: request, body: endpoint.body, settings: settings)
            return .output(secrets ? command : variables.masking(command))
        case .showWithSecrets:
            return .output(try endpoint.prepare(in: scope, readFile: context.readFile).displayText)
        case .reset:
            endpoint = Endpoint(base: endpoint.base)
        case .send(let method, let path, let output):
            if let method { endpoint.method = method }
            if let path { try setTarget(path) }
            return .send(output: output)
        case .timing:
            return .timing
        case .capture(let name, let source):
            let (response, index) = try lastExchange()
            let capture = Capture(name: name, source: source)
            let value = try capture.value(from: response)
            let secret = variables.isSecret(name)
            variables.set(name, to: value, secret: secret)
            history[index].captures.removeAll { $0.name == name }
            history[index].captures.append(capture)
            return .output("\(name) = \(secret ? Variables.mask : value)")
        case .expect(let expectation):
            let (response, index) = try lastExchange()
            history[index].expectations.append(expectation)
            let result = expectation.check(response, in: scope)
            return result.passed ? .output("PASS \(result.message)") : .checkFailed("FAIL \(result.message)")
        case .save(let file):
            return try save(to: file, context: context)
        case .load(let file):
            try load(from: file, context: context)
            sessionFile = file
            return .output("loaded \(file): \(history.count) request\(history.count == 1 ? "" : "s")")
        case .restore:
            guard let path = context.autosavePath, AtomicFile.exists(path) else {
                throw WorkbenchError("nothing to restore: no autosaved session yet")
            }
            try load(from: path, context: context)
            return .output("restored the autosaved session: \(history.count) request\(history.count == 1 ? "" : "s")")
        case .history:
            return .output(describeHistory())
        case .replay(let target):
            if history.isEmpty { throw WorkbenchError("nothing to replay: no request has been sent yet") }
            if case .number(let number) = target, number > history.count {
                throw WorkbenchError("no request \(number): the history has \(history.count) (see `history`)")
            }
            return .replay(target)
        case .set(let name, let value, let secret):
            variables.set(name, to: value, secret: secret)
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
            return .output(settings.summary)
        case .help(let name):
            return .output(try name.map { name throws(WorkbenchError) in try CommandCatalog.help(for: name) }
                ?? CommandCatalog.overview())
        case .exit:
            return .exit
        }
        return .done
    }

    /// `get PATH` names the whole target, as a URL given to curl does: the path,
    /// and the query items (none unless PATH has `?`). A full URL also sets the
    /// base to its origin.
    /// (`apply` works on a copy, so a bad target leaves the workspace as it was.)
    private mutating func setTarget(_ target: String) throws(WorkbenchError) {
        var path = Substring(target)
        let lowered = target.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://"),
           let afterScheme = target.firstRange(of: "://").map({ target[$0.upperBound...] }) {
            let pathStart = afterScheme.firstIndex { $0 == "/" || $0 == "?" } ?? afterScheme.endIndex
            endpoint.base = try BaseURL.parse(String(target[..<pathStart])).origin
            path = afterScheme[pathStart...]
        }
        endpoint.query = []
        try endpoint.setPath(String(path))
    }

    private func describeVariables() -> String {
        guard !variables.entries.isEmpty else { return "(no variables)" }
        return variables.names.compactMap { name in
            variables.entries[name].map { "\(name) = \($0.isSecret ? Variables.mask + " (secret)" : $0.value)" }
        }.joined(separator: "\n")
    }

    static func describe(_ body: Body?) -> String {
        switch body {
        case nil: return "(no body)"
        case .text(let text): return text
        case .json(let text): return text
        case .form(let fields): return fields.map { "\($0.name)=\($0.value)" }.joined(separator: "\n")
        case .file(let path): return "@\(path) (read when the request is sent)"
        }
    }
}
