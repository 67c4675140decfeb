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
            return .output(try endpoint.prepare(in: scope, readFile: context.readFile).displayText)
        case .reset:
            endpoint = Endpoint(base: endpoint.base)
        case .send(let method, let path, let output):
            if let method { endpoint.method = method }
            if let path { try setTarget(path) }
            return .send(output: output)
        case .timing:
            return .timing
        case .set(let name, let value, let secret):
            variables.set(name, to: value, secret: secret)
        case .unset(let name):
            guard variables.remove(name) != nil else { throw WorkbenchError("no variable named '\(name)'") }
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

    /// `get PATH`: a full URL sets the base to its origin and the path to the rest.
    private mutating func setTarget(_ target: String) throws(WorkbenchError) {
        let lowered = target.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else {
            try endpoint.setPath(target)
            return
        }
        let afterScheme = target.firstRange(of: "://").map { target[$0.upperBound...] } ?? Substring(target)
        let pathStart = afterScheme.firstIndex { $0 == "/" || $0 == "?" } ?? afterScheme.endIndex
        let origin = String(target[..<pathStart])
        let base = try BaseURL.parse(origin)
        var updated = endpoint
        updated.base = base.origin
        try updated.setPath(String(afterScheme[pathStart...]))
        endpoint = updated
    }

    private func describeVariables() -> String {
        guard !variables.entries.isEmpty else { return "(no variables)" }
        return variables.names.compactMap { name in
            variables.entries[name].map { "\(name) = \($0.isSecret ? "•••••• (secret)" : $0.value)" }
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
