import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs

/// One request of a locustfile (`LocustExport`): the `self.client.request(...)` call, then its
/// checks and captures in the `catch_response` block. What does not map is kept in `notMapped`.
struct RequestCode {
    let number: Int
    let record: RequestRecord
    let variables: Variables
    /// Variables an earlier request captures: looked up in the user's variables, never written.
    let captured: Set<String>
    /// The user class's host: a URL on it is written as a path, so `--host` moves it.
    let host: String?
    private(set) var notMapped: [String] = []
    /// Whether the URL's code calls `url_encoded` (the helpers then hold it).
    private(set) var encodesURLValues = false
    /// Whether the URL's code calls `whole_target` (`get {{next}}`).
    private(set) var usesWholeTarget = false

    init(number: Int, record: RequestRecord, variables: Variables, captured: Set<String>, host: String?) {
        self.number = number
        self.record = record
        self.variables = variables
        self.captured = captured
        self.host = host
    }

    mutating func lines(
        source: inout PythonSource, imports: inout Set<String>, fromRequests: inout Set<String>
    ) throws(WorkbenchError) -> [String] {
        var marking = source
        let portable = try PortableRequest(record.endpoint) { part in marking.marker(for: part) }
        source = marking
        func lookup(_ part: Template.Part) -> String { Self.lookup(part, imports: &imports) }
        let url = relative(portable.url, source: source)
        // Each reference's value encoded where it stands, as the workbench encodes it there;
        // `relative` may have put the first one (the base's) in as its value.
        var encodings = LocustURLEncoding.encodings(of: record.endpoint)
        encodings.removeFirst(min(encodings.count, max(0, source.referenceCount(portable.url) - source.referenceCount(url))))
        var nextEncoding = encodings.makeIterator()
        var encodesValues = false
        let wrap: (String) -> String = { value in
            guard case .some(.some(let encoding)) = nextEncoding.next() else { return value }
            encodesValues = true
            return encoding.python(value)
        }
        var urlExpression: String
        var preamble: [String] = []
        // Credentials bound to the base's origin go only there, as the workbench sends them.
        var sameOrigin: String?
        if let reference = record.endpoint.wholeTargetReference,
            let cut = LocustWholeTarget(marker: source.marker(for: reference)).split(url)
        {
            // `get {{next}}`: the value taken apart at run time; its own encoding is the helper's.
            let base = cut.base.isEmpty ? "\"\"" : source.expression(cut.base, lookup: { lookup($0) }, wrap: wrap)
            _ = nextEncoding.next()
            let rest = cut.rest.isEmpty ? "\"\"" : source.expression(cut.rest, lookup: { lookup($0) }, wrap: wrap)
            urlExpression = LocustWholeTarget.call(
                base: base, value: lookup(reference), rest: rest, pathAsIs: record.endpoint.sendsPathAsIs)
            encodesValues = true
            usesWholeTarget = true
            if record.endpoint.auths.contains(where: { $0.origin != nil }) || record.endpoint.headers.contains(where: { $0.origin != nil })
            {
                preamble.append("        url = \(urlExpression)")
                urlExpression = "url"
                sameOrigin = "same_origin(url, \(base), self.host)"
            }
        } else {
            urlExpression = source.expression(url, lookup: { lookup($0) }, wrap: wrap)
        }
        encodesURLValues = encodesValues
        var arguments = [
            PythonSource.literal(portable.method),
            urlExpression,
            // Locust's report names the method beside it: the name is the URL as typed, one line for
            // each request whatever its captured values.
            "name=" + PythonSource.literal(source.typed(url)),
        ]
        var credentials = credentialArguments(portable, source: &source, fromRequests: &fromRequests, lookup: lookup, noting: true)
        if let sameOrigin {
            // Elsewhere: the request as built for another origin, without what is bound to this one.
            var elsewhere = record.endpoint
            elsewhere.base = "http://elsewhere.invalid"
            var marking = source
            let bare = try PortableRequest(elsewhere) { part in marking.marker(for: part) }
            source = marking
            let other = credentialArguments(bare, source: &source, fromRequests: &fromRequests, lookup: lookup, noting: false)
            credentials.headers = "(\(credentials.headers ?? "{}") if \(sameOrigin) else \(other.headers ?? "{}"))"
            if credentials.auth != nil || other.auth != nil {
                credentials.auth = "(\(credentials.auth ?? "None") if \(sameOrigin) else \(other.auth ?? "None"))"
            }
        }
        if let headers = credentials.headers { arguments.append("headers=" + headers) }
        if let auth = credentials.auth { arguments.append("auth=" + auth) }
        if portable.body != nil, let body = record.endpoint.body {
            arguments += bodyArguments(body, portable: portable, source: &source, lookup: lookup)
        }
        arguments.append("allow_redirects=\(record.settings.followRedirects ? "True" : "False")")
        // `timeout 0` is no limit (None to requests).
        arguments.append("timeout=" + (record.settings.timeout > 0 ? "\(record.settings.timeout)" : "None"))
        if record.settings.insecure {
            arguments.append("verify=False")
        } else if let authority = record.settings.caCertificate {
            arguments.append("verify=" + PythonSource.literal(authority))
        }
        if let certificate = record.settings.clientCertificate {
            let key = record.settings.clientKey.map { "(\(PythonSource.literal(certificate)), \(PythonSource.literal($0)))" }
            arguments.append("cert=" + (key ?? PythonSource.literal(certificate)))
        }
        if record.settings.proxy != .environment {
            notMapped.append("the proxy setting (requests reads http_proxy and https_proxy from the environment)")
        }
        if record.settings.httpVersion == .http2 {
            notMapped.append("HTTP/2 (Locust's HttpUser speaks HTTP/1.1)")
        }
        if let repetition = record.repetition {
            let what = repetition.until.map { "send --until \($0.text)" } ?? "send --retry \(repetition.retries)"
            notMapped.append("\(what): each run of the task sends the request once")
        }
        arguments.append("catch_response=True")
        var lines = ["        # \(number). \(PythonSource.comment(portable.method + " " + source.typed(url)))"]
        lines += preamble
        lines.append("        with self.client.request(")
        lines += arguments.map { "            \($0)," }
        lines.append("        ) as response:")
        lines += checks(source: &source, lookup: lookup)
        return lines
    }

    /// The `headers=` dict (typed headers and the auth helper's) and the `auth=` object for
    /// `portable`; `noting`: what does not map is said (once a request).
    private mutating func credentialArguments(
        _ portable: PortableRequest, source: inout PythonSource, fromRequests: inout Set<String>,
        lookup: (Template.Part) -> String, noting: Bool
    ) -> (headers: String?, auth: String?) {
        var headers = portable.headers.map { field in
            (source.expression(typed: field.name, lookup: lookup), source.expression(field.value, lookup: lookup))
        }
        var authObject: String?
        if let auth = portable.auth {
            let user = source.expression(typed: auth.user, lookup: lookup)
            let secret = source.expression(typed: auth.secret, lookup: lookup)
            switch auth.scheme {
            case .basic:
                headers.append(("\"Authorization\"", "basic_credentials(\(user), \(secret))"))
            case .digest:
                fromRequests.insert("HTTPDigestAuth")
                authObject = "HTTPDigestAuth(\(user), \(secret))"
            case .bearer:
                headers.append(("\"Authorization\"", "\"Bearer \" + \(secret)"))
            case .oauth2:
                headers.append(("\"Authorization\"", "\"Bearer \" + \(secret)"))
                if noting { notMapped.append("auth oauth2: the flow is not run; the token it obtained is read from the environment") }
            case .awsSigV4:
                if noting {
                    notMapped.append("auth aws-sigv4: Locust sends the request unsigned (sign it with botocore or requests-aws4auth)")
                }
            case .apiKeyHeader, .apiKeyQuery:
                break
            }
        }
        let dict = headers.isEmpty ? nil : "{" + headers.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + "}"
        return (dict, authObject)
    }

    /// The URL as a path when it goes to the host (its origin typed, or a plain variable
    /// holding it); otherwise as it is.
    private func relative(_ url: String, source: PythonSource) -> String {
        guard let host else { return url }
        var expanded = url
        if case .variable(let name)? = source.pieces(url).first, !captured.contains(name), !variables.isSecret(name),
            let value = variables.value(of: name)
        {
            // `{{base}}/users`: the variable's value in place of its marker, which comes first.
            if let end = url.firstIndex(of: "\u{2}") { expanded = value + url[url.index(after: end)...] }
        }
        guard expanded.lowercased().hasPrefix(host.lowercased()) else { return url }
        let rest = expanded.dropFirst(host.count)
        if rest.isEmpty { return "/" }
        if rest.hasPrefix("/") { return String(rest) }
        if rest.hasPrefix("?") { return "/" + rest }
        return url
    }

    private mutating func bodyArguments(
        _ body: Body, portable: PortableRequest, source: inout PythonSource, lookup: (Template.Part) -> String
    ) -> [String] {
        switch body {
        case .text, .json, .graphql:
            return ["data=(\(source.expression(portable.bodyText ?? "", lookup: lookup))).encode()"]
        case .form(let fields):
            // Each value encoded at run time as the workbench encodes it; literals now.
            // Literals encoded now, each looked-up value at run time, as the workbench encodes them.
            var terms: [PythonSource.Term] = []
            for (index, field) in fields.enumerated() {
                if index > 0 { terms.append(.text("&")) }
                for (position, typed) in [field.name, field.value].enumerated() {
                    if position == 1 { terms.append(.text("=")) }
                    let marked = source.marked(typed)
                    for piece in source.pieces(marked) {
                        if case .literal(let text) = piece {
                            terms.append(.text(PercentEncoding.formComponent(text)))
                        } else {
                            terms.append(.code("form_encoded(\(lookup(piece)))"))
                        }
                    }
                }
            }
            return ["data=(" + PythonSource.joined(terms) + ").encode()"]
        case .templateFile(let path):
            notMapped.append("the `<@` file body is sent as it is: the {{variables}} in it are not filled in")
            return ["data=file_bytes(\(PythonSource.literal(path)))"]
        case .file(let path), .jsonFile(let path):
            return ["data=file_bytes(\(PythonSource.literal(path)))"]
        case .multipart(let parts):
            let files = parts.map { part in
                let name = source.expression(typed: part.name, lookup: lookup)
                guard part.isFile else {
                    return "(\(name), (None, \(source.expression(typed: part.value, lookup: lookup))))"
                }
                let path = PythonSource.literal(part.value)
                let type = part.effectiveType.map(PythonSource.literal) ?? "\"application/octet-stream\""
                return "(\(name), (os.path.basename(\(path)), file_bytes(\(path)), \(type)))"
            }
            return ["files=[" + files.joined(separator: ", ") + "]"]
        }
    }

    /// Expectations as checks, then captures into the user's variables; a failed capture
    /// ends this run of the task (the requests after it need the value).
    private mutating func checks(source: inout PythonSource, lookup: (Template.Part) -> String) -> [String] {
        let indent = "            "
        var lines = [indent + "problems = []"]
        var checked = false
        for expectation in record.expectations {
            let message = PythonSource.literal(expectation.text)
            var failed: String?
            switch expectation {
            case .status(.code(let code)):
                failed = "response.status_code != \(code)"
            case .status(.range(let hundred)):
                failed = "response.status_code // 100 != \(hundred)"
            case .headerContains(let name, let text):
                let needle = source.expression(typed: text, lookup: lookup)
                failed = "\(needle) not in response.headers.get(\(PythonSource.literal(name)), \"\")"
            case .jsonExists(let path):
                failed = "json_at(response, \(Self.steps(path))) is MISSING"
            case .jsonEquals(let path, let value):
                failed =
                    "not holds(json_at(response, \(Self.steps(path))), \"==\", json.loads(\(source.expression(typed: value, lookup: lookup))))"
            case .jsonCompare(let path, let comparison, let value):
                failed =
                    "not holds(json_at(response, \(Self.steps(path))), \(PythonSource.literal(comparison.rawValue)), json.loads(\(source.expression(typed: value, lookup: lookup))))"
            case .bodyContains(let text):
                failed = "\(source.expression(typed: text, lookup: lookup)) not in response.text"
            case .timeBelow(let milliseconds):
                failed = "response.elapsed.total_seconds() * 1000 >= \(milliseconds)"
            case .schema:
                notMapped.append("expect schema (Locust has no OpenAPI check)")
            case .grpcStatus:
                notMapped.append("expect \(expectation.text) (not an HTTP check)")
            case .event:
                notMapped.append("expect \(expectation.text) (Locust reads no server-sent event one by one)")
            }
            if let failed {
                checked = true
                let got = if case .status = expectation { " + \": got %d\" % response.status_code" } else { "" }
                lines += [indent + "if \(failed):", indent + "    problems.append(\(message)\(got))"]
            }
        }
        for capture in record.captures {
            let key = PythonSource.literal(capture.name)
            switch capture.source {
            case .status:
                lines.append(indent + "v[\(key)] = str(response.status_code)")
            case .header(let name):
                lines += [
                    indent + "if \(PythonSource.literal(name)) in response.headers:",
                    indent + "    v[\(key)] = response.headers[\(PythonSource.literal(name))]",
                    indent + "else:",
                    indent + "    problems.append(\(PythonSource.literal("capture \(capture.name): no header \(name)")))",
                ]
            case .json(let path):
                lines += [
                    indent + "found = json_at(response, \(Self.steps(path)))",
                    indent + "if found is MISSING:",
                    indent + "    problems.append(\(PythonSource.literal("capture \(capture.name): nothing at \(path.text)")))",
                    indent + "else:",
                    indent + "    v[\(key)] = as_text(found)",
                ]
            case .event:
                notMapped.append("capture \(capture.name) \(capture.sourceText) (Locust reads no server-sent event one by one)")
            }
        }
        guard lines.count > 1 else { return [indent + "pass"] }
        lines += [indent + "if problems:", indent + "    response.failure(\"; \".join(problems))"]
        if !record.captures.isEmpty { lines.append(indent + "    return") }
        // With checks of its own, the request is judged by them (a 404 may be expected);
        // without, by Locust's rule (a status of 400 or more fails).
        if checked { lines += [indent + "response.success()"] }
        return lines
    }

    /// A JSON path as a Python list of keys and indexes.
    static func steps(_ path: JSONPath) -> String {
        "["
            + path.components.map { component in
                switch component {
                case .key(let key): PythonSource.literal(key)
                case .index(let index): String(index)
                }
            }.joined(separator: ", ") + "]"
    }

    /// How the task reads a reference: the user's variables, the process environment, or a
    /// value made anew each time (`{{$uuid}}`), as the workbench makes it.
    static func lookup(_ part: Template.Part, imports: inout Set<String>) -> String {
        switch part {
        case .literal(let text):
            return PythonSource.literal(text)
        case .environment(let name):
            return "os.environ[\(PythonSource.literal(name))]"
        case .variable(let name) where name.hasPrefix("$"):
            let words = name.split(separator: " ").map(String.init)
            switch words.first {
            case "$uuid", "$guid", "$random.uuid", "$randomUUID":
                imports.insert("uuid")
                return "str(uuid.uuid4())"
            case "$timestamp":
                imports.insert("time")
                return "str(int(time.time()))"
            case "$isoTimestamp":
                imports.insert("time")
                return "time.strftime(\"%Y-%m-%dT%H:%M:%SZ\", time.gmtime())"
            case "$randomInt" where words.count == 3:
                imports.insert("random")
                return "str(random.randrange(\(Int(words[1]) ?? 0), \(Int(words[2]) ?? 1000)))"
            case "$randomInt":
                imports.insert("random")
                return "str(random.randrange(0, 1000))"
            default:
                let prefix = "$random.integer("
                if name.hasPrefix(prefix), name.hasSuffix(")") {
                    let bounds = name.dropFirst(prefix.count).dropLast().split(separator: ",").map { Int($0.trimmingSpaces()) ?? 0 }
                    if bounds.count == 2 {
                        imports.insert("random")
                        return "str(random.randrange(\(bounds[0]), \(bounds[1])))"
                    }
                }
                return "v[\(PythonSource.literal(name))]"
            }
        case .variable(let name):
            return "v[\(PythonSource.literal(name))]"
        }
    }
}
