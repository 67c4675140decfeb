/// Turns an Endpoint into the request that is sent: the one place URLs are assembled.
///
/// A pure function of the Endpoint, the variables and (for `body @FILE`) a
/// file reader, so that `show`, `send` and tests all see the same bytes.
extension Endpoint {
    /// Headers the workbench adds unless the user set a header of the same name.
    public static func defaultHeaders(for base: BaseURL) -> [HeaderField] {
        [
            HeaderField(name: "Host", value: base.authority),
            HeaderField(name: "User-Agent", value: WorkbenchVersion.userAgent),
            HeaderField(name: "Accept", value: "*/*"),
            HeaderField(name: "Accept-Encoding", value: "gzip, deflate, br"),
        ]
    }

    /// Methods that announce their body length even when it is empty, as curl does.
    static let methodsWithBody: Set<String> = ["POST", "PUT", "PATCH"]

    /// Builds the request, expanding every template in `scope`.
    public func prepare(
        in scope: VariableScope,
        readFile: (String) throws(WorkbenchError) -> [UInt8] = { path throws(WorkbenchError) in
            throw WorkbenchError("cannot read \(path): files are not available here")
        }
    ) throws(WorkbenchError) -> PreparedRequest {
        let base = try resolvedBase(in: scope)
        let target = try self.target(in: scope, prefix: base.pathPrefix)
        let bodyBytes = try bodyBytes(in: scope, readFile: readFile)

        var userHeaders: [HeaderField] = []
        for field in headers {
            let value = try Template.expand(field.value, in: scope)
            try HTTPSyntax.checkHeaderValue(value, name: field.name)
            userHeaders.append(HeaderField(name: field.name, value: value.trimmingSpaces()))
        }
        var all = Self.defaultHeaders(for: base).filter { !userHeaders.contains(name: $0.name) }
        all += userHeaders
        if let implied = body?.impliedContentType, !userHeaders.contains(name: "Content-Type") {
            all.append(HeaderField(name: "Content-Type", value: implied))
        }
        if (!bodyBytes.isEmpty || Self.methodsWithBody.contains(method)) && !userHeaders.contains(name: "Content-Length") {
            all.append(HeaderField(name: "Content-Length", value: String(bodyBytes.count)))
        }
        return PreparedRequest(method: method, base: base, target: target, headers: all, body: bodyBytes)
    }

    /// The full URL as it would be sent (for `path` and the prompt).
    public func url(in scope: VariableScope) throws(WorkbenchError) -> String {
        let base = try resolvedBase(in: scope)
        return base.origin + (try target(in: scope, prefix: base.pathPrefix))
    }

    func resolvedBase(in scope: VariableScope) throws(WorkbenchError) -> BaseURL {
        guard let base else {
            throw WorkbenchError("no base URL: set one with `base URL` (for example `base https://api.example.com`)")
        }
        return try BaseURL.parse(Template.expand(base, in: scope))
    }

    /// `/prefix/path/segment?query`, with exactly one `/` at every join.
    func target(in scope: VariableScope, prefix: String) throws(WorkbenchError) -> String {
        var result = prefix
        let typedPath = PercentEncoding.path(try Template.expand(path, in: scope))
        let trimmedPath = typedPath.drop { $0 == "/" }
        if !trimmedPath.isEmpty {
            result += "/" + trimmedPath
        } else if !typedPath.isEmpty {
            result += "/"
        }
        for segment in segments {
            while result.hasSuffix("/") { result.removeLast() }
            result += "/" + PercentEncoding.segment(try Template.expand(segment, in: scope))
        }
        if result.isEmpty { result = "/" }
        if !query.isEmpty {
            var pairs: [String] = []
            for item in query {
                let name = PercentEncoding.queryComponent(try Template.expand(item.name, in: scope))
                let value = PercentEncoding.queryComponent(try Template.expand(item.value, in: scope))
                pairs.append("\(name)=\(value)")
            }
            result += "?" + pairs.joined(separator: "&")
        }
        return result
    }

    func bodyBytes(
        in scope: VariableScope, readFile: (String) throws(WorkbenchError) -> [UInt8]
    ) throws(WorkbenchError) -> [UInt8] {
        switch body {
        case nil:
            return []
        case .text(let text):
            return Array(try Template.expand(text, in: scope).utf8)
        case .json(let text):
            let expanded = try Template.expand(text, in: scope)
            do {
                try JSONSyntax.validate(expanded)
            } catch {
                throw WorkbenchError("JSON body is not valid after expanding variables: \(error)")
            }
            return Array(expanded.utf8)
        case .form(let fields):
            var pairs: [String] = []
            for field in fields {
                let name = PercentEncoding.formComponent(try Template.expand(field.name, in: scope))
                let value = PercentEncoding.formComponent(try Template.expand(field.value, in: scope))
                pairs.append("\(name)=\(value)")
            }
            return Array(pairs.joined(separator: "&").utf8)
        case .file(let path):
            return try readFile(try Template.expand(path, in: scope))
        }
    }
}
