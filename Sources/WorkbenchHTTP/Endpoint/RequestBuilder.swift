import WorkbenchBasics

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
            HeaderField(name: "Accept-Encoding", value: AcceptEncoding.supported),
        ]
    }

    /// Methods that announce their body length even when it is empty, as curl does.
    package static let methodsWithBody: Set<String> = ["POST", "PUT", "PATCH"]

    /// Methods that hold a body back: a body typed for an earlier POST stays in
    /// the workspace for a later one, but does not ride along (seed 5's point)
    /// unless the send asks for it (`send --body`, `delete PATH --body`).
    public static let methodsWithoutBody: Set<String> = ["GET", "HEAD", "OPTIONS", "DELETE", "TRACE"]

    /// Whether this request sends its body (if one is set): by the method, or because the send asked.
    public var sendsBody: Bool {
        sendsBodyWithAnyMethod || !Self.methodsWithoutBody.contains(method)
    }

    /// Whether the body, if one is set, is left out because of the method.
    public var bodyIsHeldBack: Bool {
        body != nil && !sendsBody
    }

    /// Builds the request, expanding every template in `scope`.
    ///
    /// When a secret went in, the request is built a second time in the masked
    /// scope for the shown form: masking before encoding is what keeps the
    /// encoded forms of a secret off the screen, and a one-character secret
    /// masks only where it stands.
    public func prepare(
        in scope: VariableScope,
        readFile: (String) throws(WorkbenchError) -> [UInt8] = { path throws(WorkbenchError) in
            throw WorkbenchError("cannot read \(path): files are not available here")
        }
    ) throws(WorkbenchError) -> PreparedRequest {
        if sendsBody, case .templateFile(let path) = body {
            // Read once, then built as an inline body is: the same variables, dynamic values and masking.
            return try readingTemplateFile(path, in: scope, readFile: readFile).prepare(in: scope, readFile: readFile)
        }
        let scope = try withDynamicValues(scope)
        let sent = try takingApartWholeTarget(in: scope.revealed)
        var request = try sent.build(in: scope, fileBody: nil, readFile: readFile)
        guard hasReferences else { return request }
        let shownEndpoint = try takingApartWholeTarget(in: scope.masked)
        let shown = try shownEndpoint.build(in: scope.masked, fileBody: request.body, readFile: readFile)
        request.shownMultipart = shown.multipart
        guard shown.target != request.target || shown.headers != request.headers || shown.body != request.body else {
            return request
        }
        request.shownTarget = shown.target
        request.shownHeaders = shown.headers
        request.shownBody = shown.body
        for (real, masked) in zip(request.headers, shown.headers) where real.value != masked.value {
            request.secretHeaderNames.insert(real.name.lowercased())
            if real.hasName("Content-Length") {
                // The shown body may differ in length; the header says what is sent.
                request.shownHeaders[request.shownHeaders.firstIndex { $0.hasName("Content-Length") }!] = real
                request.secretHeaderNames.remove("content-length")
            }
        }
        return request
    }

    /// `scope` with a fresh value for each `{{$uuid}}`-like name the request refers to, made
    /// once so the request sent and the one shown agree (a name set as a variable wins).
    func withDynamicValues(_ scope: VariableScope) throws(WorkbenchError) -> VariableScope {
        guard hasReferences else { return scope }
        let names = referencedVariables.filter { $0.hasPrefix("$") && scope.variables.entries[$0] == nil }
        guard !names.isEmpty else { return scope }
        var scope = scope
        for name in names {
            guard let value = DynamicValues.value(name) else {
                throw WorkbenchError("unknown dynamic value {{\(name)}}: the workbench makes \(DynamicValues.known)")
            }
            scope.variables.set(name, to: value)
        }
        return scope
    }

    /// Whether any value refers to a variable: without one, nothing secret can go in.
    var hasReferences: Bool {
        if auth != nil { return true }
        if let base, Template.hasReferences(base) { return true }
        if Template.hasReferences(path) || segments.contains(where: Template.hasReferences) { return true }
        if let pathQuery, Template.hasReferences(pathQuery) { return true }
        if query.contains(where: { Template.hasReferences($0.name) || Template.hasReferences($0.value) }) { return true }
        if headers.contains(where: { Template.hasReferences($0.value) }) { return true }
        switch body {
        case nil: return false
        case .text(let text), .json(let text): return Template.hasReferences(text)
        case .form(let fields): return fields.contains { Template.hasReferences($0.name) || Template.hasReferences($0.value) }
        case .file(let path), .jsonFile(let path): return Template.hasReferences(path)
        case .templateFile: return true
        case .multipart(let parts): return parts.contains { Template.hasReferences($0.name) || Template.hasReferences($0.value) }
        case .graphql(let graphql): return graphql.texts.contains(where: Template.hasReferences)
        }
    }

    /// One build of the request. `fileBody` is the body already read for the
    /// real request, so the shown one does not read a file twice.
    private func build(
        in scope: VariableScope, fileBody: [UInt8]?, readFile: (String) throws(WorkbenchError) -> [UInt8]
    ) throws(WorkbenchError) -> PreparedRequest {
        let base = try resolvedBase(in: scope)
        let target = try self.target(in: scope, base: base)
        let sendsBody = self.sendsBody
        var bodyBytes: [UInt8] = []
        if sendsBody {
            switch body {
            case .file, .jsonFile:
                if let fileBody { bodyBytes = fileBody } else { bodyBytes = try self.bodyBytes(in: scope, readFile: readFile) }
            default:
                bodyBytes = try self.bodyBytes(in: scope, readFile: readFile)
            }
        }

        var userHeaders: [HeaderField] = []
        // Credentials bound to another origin stay behind (`heldBackCredentials`).
        for field in headersInForce {
            let value = try Template.expand(field.value, in: scope)
            try HTTPSyntax.checkHeaderValue(value, name: field.name)
            userHeaders.append(HeaderField(name: field.name, value: value.trimmingSpaces()))
        }
        // Host leads, typed or not: curl always writes it first, and `show`
        // lists the headers in the order they go on the wire.
        let defaults = Self.defaultHeaders(for: base).filter { field in
            !userHeaders.contains(name: field.name) && !omittedDefaults.contains { field.hasName($0) }
        }
        var typed = userHeaders
        let typedHost = typed.firstIndex { $0.hasName("Host") }.map { typed.remove(at: $0) }
        // A header typed by hand wins over the auth helper's, as `-H` wins over `-u` in curl.
        let effect = try auth?.effect(in: scope) ?? AuthEffect()
        let authHeaders = effect.headers.filter { !userHeaders.contains(name: $0.name) }
        var all: [HeaderField] = []
        all.reserveCapacity(defaults.count + authHeaders.count + typed.count + 3)
        if let typedHost { all.append(typedHost) }
        all += defaults
        all += authHeaders
        all += typed
        if sendsBody, let implied = body?.impliedContentType, !userHeaders.contains(name: "Content-Type") {
            all.append(HeaderField(name: "Content-Type", value: implied))
        }
        var multipart: [MultipartPart]?
        if sendsBody, case .multipart(let parts) = body {
            multipart = try parts.map { part throws(WorkbenchError) in
                MultipartPart(
                    name: try Template.expand(part.name, in: scope), value: try Template.expand(part.value, in: scope),
                    isFile: part.isFile, contentType: part.effectiveType,
                    filename: try part.filename.map { name throws(WorkbenchError) in try Template.expand(name, in: scope) })
            }
        }
        // An empty body is announced by POST, PUT and PATCH unless `header rm Content-Length` said not to.
        let announcesEmpty = Self.methodsWithBody.contains(method) && !omittedDefaults.contains(Self.emptyBodyLength)
        if multipart == nil, (!bodyBytes.isEmpty || announcesEmpty) && !userHeaders.contains(name: "Content-Length") {
            all.append(HeaderField(name: "Content-Length", value: String(bodyBytes.count)))
        }
        var request = PreparedRequest(method: method, base: base, target: target, headers: all, body: bodyBytes)
        request.multipart = multipart
        request.shownMultipart = multipart
        request.take(effect)
        if sendsBody, case .file(let path) = body {
            request.bodyFile = try Template.expand(path, in: scope)
        } else if sendsBody, case .jsonFile(let path) = body {
            request.bodyFile = try Template.expand(path, in: scope)
        }
        return request
    }

    /// The full URL as it would be sent (for `path` and the prompt).
    public func url(in scope: VariableScope) throws(WorkbenchError) -> String {
        let endpoint = try takingApartWholeTarget(in: scope)
        let base = try endpoint.resolvedBase(in: scope)
        return base.origin + (try endpoint.target(in: scope, base: base))
    }

    package func resolvedBase(in scope: VariableScope) throws(WorkbenchError) -> BaseURL {
        guard let base else {
            throw WorkbenchError("no base URL: set one with `base URL` (for example `base https://api.example.com`)")
        }
        guard scope.masksSecrets, Template.hasReferences(base) else {
            return try BaseURL.parse(Template.expand(base, in: scope))
        }
        // A base that holds a secret is shown as the scheme and the mask: the
        // mask itself is no host, and which part was secret is not known.
        let real = try BaseURL.parse(Template.expand(base, in: scope.revealed))
        guard try Template.expand(base, in: scope) != (try Template.expand(base, in: scope.revealed)) else { return real }
        return BaseURL(scheme: real.scheme, host: Variables.mask, port: nil, pathPrefix: "")
    }

    /// `/prefix/path/segment?query`, with exactly one `/` at every join.
    package func target(in scope: VariableScope, base: BaseURL) throws(WorkbenchError) -> String {
        var result = base.pathPrefix
        let typedPath = PercentEncoding.path(try Template.expand(path, in: scope))
        // Exactly one `/` where a path joins a base that names one (`/v2/` and `//users`); below a bare
        // origin the path is the URL's own, its slashes kept (`https://h//get` sends `//get`, as curl does).
        let joinsBasePath = !base.pathPrefix.isEmpty || base.hasTrailingSlash
        let trimmedPath = joinsBasePath ? typedPath.drop { $0 == "/" } : typedPath.hasPrefix("/") ? typedPath.dropFirst() : typedPath[...]
        if !trimmedPath.isEmpty {
            // String, not the Substring: `+` with a Substring is a generic the runtime looks up at first use.
            result += "/" + String(trimmedPath)
        } else if !typedPath.isEmpty {
            result += "/"
        }
        for segment in segments {
            while result.hasSuffix("/") { result.removeLast() }
            let encoded = PercentEncoding.segment(try Template.expand(segment, in: scope))
            // A segment is one opaque value: `.` and `..` as data, not as steps up.
            result += "/" + (encoded == "." ? "%2E" : encoded == ".." ? "%2E%2E" : encoded)
        }
        if typedPath.isEmpty && segments.isEmpty && base.hasTrailingSlash { result += "/" }
        if result.isEmpty { result = "/" }
        if !sendsPathAsIs { result = DotSegments.removing(result) }
        if let pathQuery {
            result += "?" + PercentEncoding.pastedQuery(try Template.expand(pathQuery, in: scope))
        }
        var pairs: [String] = []
        for item in query {
            let name = try Template.expand(item.name, in: scope)
            let value = try Template.expand(item.value, in: scope)
            if item.isEncoded {
                // Pasted with a URL: byte for byte, as curl sends it.
                pairs.append(PercentEncoding.typedQuery(name) + (item.isBare ? "" : "=" + PercentEncoding.typedQuery(value)))
            } else {
                pairs.append(PercentEncoding.queryComponent(name) + "=" + PercentEncoding.queryComponent(value))
            }
        }
        // `auth apikey query NAME`: the key goes last, to the auth's origin only (`auth` is the one in force).
        if let auth, auth.scheme.kind.addsQueryItem(auth), let item = try auth.effect(in: scope).queryItem {
            pairs.append(PercentEncoding.queryComponent(item.name) + "=" + PercentEncoding.queryComponent(item.value))
        }
        if !pairs.isEmpty {
            let joined = pairs.joined(separator: "&")
            switch pathQuery {
            case nil: result += "?" + joined
            case let pasted? where pasted.isEmpty || pasted.hasSuffix("&"): result += joined
            default: result += "&" + joined
            }
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
        case .jsonFile(let path):
            let expanded = try Template.expand(path, in: scope)
            let bytes = try readFile(expanded)
            do {
                try JSONSyntax.validate(bytes)
            } catch {
                throw WorkbenchError("\(expanded) is not valid JSON: \(error)")
            }
            return bytes
        case .templateFile(let path):
            return try readingTemplateFile(path, in: scope, readFile: readFile).bodyBytes(in: scope, readFile: readFile)
        case .multipart:
            return []
        case .graphql(let graphql):
            return try graphql.payload(in: scope)
        }
    }

    /// This request with its `<@ FILE` body read into an inline text body (to be expanded as
    /// one), and the Content-Type the file's extension names when none is typed. The file is
    /// UTF-8 text of at most `Body.maximumTemplateFileBytes`, and its `{{...}}` well formed.
    func readingTemplateFile(
        _ path: String, in scope: VariableScope, readFile: (String) throws(WorkbenchError) -> [UInt8]
    ) throws(WorkbenchError) -> Endpoint {
        let named = try Template.expand(path, in: scope.revealed)
        let bytes = try readFile(named)
        guard bytes.count <= Body.maximumTemplateFileBytes else {
            throw WorkbenchError(
                "\(named): \(Quantities.size(bytes.count)) is more than the \(Quantities.size(Body.maximumTemplateFileBytes)) "
                    + "a body file whose {{variables}} are expanded may hold (`body @FILE` sends a file of any size as it is)")
        }
        let text = try FileSystem.text(bytes, of: named)
        do { try Template.validate(text) } catch { throw error.prefixed("\(named): ") }
        var endpoint = self
        endpoint.body = .text(text)
        if let implied = MediaTypes.forFile(path), !headersInForce.contains(name: "Content-Type") {
            endpoint.headers.append(HeaderField(name: "Content-Type", value: implied))
        }
        return endpoint
    }
}
