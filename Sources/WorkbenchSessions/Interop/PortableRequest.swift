import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs

/// A request as another tool's file should hold it: the URL, the typed
/// headers and the body with every `{{variable}}` still a reference, so that
/// exported `.http` and Hurl files keep their variables (and never a secret's value).
///
/// The URL is built by the workbench's own builder, so it is encoded exactly as
/// sent: each reference is first replaced by a placeholder that no encoding
/// changes, and the placeholder is turned back into the reference afterwards.
struct PortableRequest {
    var method: String
    /// The URL with references rendered by the format (`{{base}}/users/{{id}}`).
    var url: String
    /// Typed headers only (the defaults are each tool's own business), plus the
    /// Content-Type the body kind implies when none was typed.
    var headers: [HeaderField]
    var body: Body?
    /// The auth helper with its user and secret rendered as references, for its kind to
    /// write (an API key is a header or in the URL already).
    var auth: Auth?

    /// Makes the portable form; `render` writes a reference in the target format. `variables`:
    /// the values now, which say how a reference used as the whole target joins the base.
    init(_ endpoint: Endpoint, variables: Variables? = nil, render: (Template.Part) -> String) throws(WorkbenchError) {
        let placeholders = Placeholders(endpoint.typedValues)
        var bare = endpoint
        bare.body = nil
        let built = try bare.prepare(in: placeholders.scope)
        var url = built.url
        if let variables, let reference = endpoint.wholeTargetReference {
            url = placeholders.wholeTarget(reference, in: url, variables: variables)
        } else if let variables, let reference = Self.leadingReference(of: endpoint.path) {
            url = placeholders.leadingReference(reference, in: url, variables: variables)
        }
        let typedBase = (endpoint.base ?? "").trimmingSpaces()
        if !typedBase.lowercased().hasPrefix("http://") && !typedBase.lowercased().hasPrefix("https://"),
            url.hasPrefix("http://")
        {
            // `{{base}}` parsed as a host got `http://` in front: the reference holds the scheme.
            url.removeFirst("http://".count)
        }
        method = endpoint.method
        self.url = placeholders.restoring(expanded: url, render: render)
        // What is sent: credentials bound to another origin stay behind, a body goes by the method.
        headers = endpoint.headersInForce.map { HeaderField(name: $0.name, value: Placeholders.rendering(typed: $0.value, render: render)) }
        if let typed = endpoint.auth, typed.scheme == .apiKeyHeader, !endpoint.headersInForce.contains(name: typed.user) {
            headers.append(HeaderField(name: typed.user, value: Placeholders.rendering(typed: typed.secret, render: render)))
        } else if let typed = endpoint.auth, typed.scheme != .apiKeyQuery, !endpoint.headers.contains(name: "Authorization") {
            // A header typed by hand wins over the auth helper's, as when sending.
            var rendered = typed
            rendered.user = Placeholders.rendering(typed: typed.user, render: render)
            rendered.secret = Placeholders.rendering(typed: typed.secret, render: render)
            auth = rendered
            if let token = typed.aws?.sessionToken, !headers.contains(name: "X-Amz-Security-Token") {
                headers.append(HeaderField(name: "X-Amz-Security-Token", value: Placeholders.rendering(typed: token, render: render)))
            }
        }
        body = endpoint.sendsBody ? endpoint.body : nil
        if case .form(let fields)? = body {
            // Forms are encoded here as they are when sent, references kept.
            body = .form(
                fields.map { field in
                    FormField(
                        name: placeholders.encoding(typed: field.name, with: PercentEncoding.formComponent, render: render),
                        value: placeholders.encoding(typed: field.value, with: PercentEncoding.formComponent, render: render))
                })
        } else if case .text(let text)? = body {
            body = .text(Placeholders.rendering(typed: text, render: render))
        } else if case .json(let text)? = body {
            body = .json(Placeholders.rendering(typed: text, render: render))
        } else if case .graphql(var graphql)? = body {
            graphql.query = Placeholders.rendering(typed: graphql.query, render: render)
            graphql.variables = graphql.variables.map { Placeholders.rendering(typed: $0, render: render) }
            body = .graphql(graphql)
        }
        if let implied = body?.impliedContentType,
            !headers.contains(name: "Content-Type")
        {
            headers.append(HeaderField(name: "Content-Type", value: implied))
        }
    }

    /// Whether Hurl, told `location: true`, follows this request's redirects as
    /// the workbench does (`RedirectFidelity`): headers that refer to a secret
    /// count as credentials.
    func followsLikeTheWorkbench(_ settings: Settings, variables: Variables, redirects: [Int]? = nil) -> Bool {
        // One byte stands for a body: whether there is one is what a redirect rule asks.
        var request = PreparedRequest(
            method: method, base: BaseURL(scheme: "http", host: "h", port: nil, pathPrefix: ""),
            target: "/", headers: headers, body: body == nil ? [] : [0])
        for field in headers where Template.hasReferences(field.value) {
            let parts = (try? Template.parse(field.value)) ?? []
            if parts.contains(where: { part in
                if case .variable(let name) = part { return variables.isSecret(name) }
                if case .environment = part { return true }
                return false
            }) {
                request.secretHeaderNames.insert(field.name.lowercased())
            }
        }
        return RedirectFidelity.follows(request, settings: settings, tool: .hurl, redirects: redirects)
    }

    /// The body's text as sent (forms joined), or nil for none or a file.
    var bodyText: String? {
        switch body {
        case nil, .file, .jsonFile, .templateFile, .multipart: nil
        case .text(let text), .json(let text): text
        case .graphql(let graphql): graphql.typedPayload
        case .form(let fields): fields.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        }
    }

    /// The variable a path starts with when more follows (`{{api}}/item`); a path that is the
    /// reference alone is the whole target (`Endpoint.wholeTargetReference`).
    static func leadingReference(of path: String) -> Template.Part? {
        guard path.utf8.first == UInt8(ascii: "{"), let parts = try? Template.parse(path), parts.count > 1,
            case .variable = parts[0]
        else { return nil }
        return parts[0]
    }

    /// Every reference of an Endpoint, each with a token that survives
    /// percent-, form- and URL-encoding unchanged (lower-case letters and digits).
    struct Placeholders {
        private(set) var scope = VariableScope()
        private(set) var tokens: [(token: String, part: Template.Part)] = []

        init(_ texts: [String]) {
            var variables = Variables()
            var environment: [String: String] = [:]
            for text in texts where Template.hasReferences(text) {
                for part in (try? Template.parse(text)) ?? [] {
                    guard !tokens.contains(where: { $0.part == part }) else { continue }
                    let token = "wbref\(tokens.count)q"
                    switch part {
                    case .variable(let name): variables.set(name, to: token)
                    case .environment(let name): environment[name] = token
                    case .literal: continue
                    }
                    tokens.append((token, part))
                }
            }
            scope = VariableScope(variables: variables, environment: environment)
        }

        /// `url` as built with the whole-target `reference` as one path segment (`BASE/TOKEN?rest`),
        /// made into what the tool must expand to send what the workbench sends (as if the value
        /// had been typed): the reference alone for an absolute URL, right after the base for a
        /// `/path`, after a `/` for another; a query after it joined with `&` when the value has one.
        /// Judged by the value now (a capture's last); unknown, a `/path` is taken.
        func wholeTarget(_ reference: Template.Part, in url: String, variables: Variables) -> String {
            guard let token = tokens.first(where: { $0.part == reference })?.token,
                let found = url.firstRange(of: "/" + token)
            else { return url }
            let value: String? =
                switch reference {
                case .variable(let name): variables.value(of: name)?.trimmingSpaces()
                case .environment, .literal: nil
                }
            var rest = String(url[found.upperBound...])
            if value?.contains("?") == true, rest.hasPrefix("?") { rest = "&" + rest.dropFirst() }
            if let value, URLParts.scheme(of: Substring(value)) != nil { return token + rest }
            let separator = value.map { $0.hasPrefix("/") || $0.isEmpty } ?? true ? "" : "/"
            return String(url[..<found.lowerBound]) + separator + token + rest
        }

        /// `url` as built with the path's leading reference after a `/` (`BASE/TOKEN/item`), the
        /// `/` left out when the value now starts with one: the workbench joins `/v2` to the base
        /// with one `/` (`BASE/v2/item`), and a tool that puts the value in the URL's text would
        /// send `BASE//v2/item` from `BASE/{{api}}/item`.
        func leadingReference(_ reference: Template.Part, in url: String, variables: Variables) -> String {
            guard case .variable(let name) = reference, variables.value(of: name)?.hasPrefix("/") == true,
                let token = tokens.first(where: { $0.part == reference })?.token,
                let found = url.firstRange(of: "/" + token)
            else { return url }
            return String(url[..<found.lowerBound]) + token + String(url[found.upperBound...])
        }

        /// Text the builder made with the tokens, each token rendered back as a
        /// reference. The `q` that ends every token keeps `wbref1q` out of `wbref12q`.
        func restoring(expanded text: String, render: (Template.Part) -> String) -> String {
            var result = text
            for (token, part) in tokens { result = result.replacingAll(token, with: render(part)) }
            return result
        }

        /// A typed value (references unexpanded) encoded with `encode`, references kept.
        func encoding(typed: String, with encode: (String) -> String, render: (Template.Part) -> String) -> String {
            let expanded = (try? Template.expand(typed, in: scope)) ?? typed
            return restoring(expanded: encode(expanded), render: render)
        }

        /// A typed value whose references are still `{{...}}`, in the format's syntax.
        static func rendering(typed text: String, render: (Template.Part) -> String) -> String {
            guard Template.hasReferences(text), let parts = try? Template.parse(text) else { return text }
            return parts.map { part in
                if case .literal(let literal) = part { return literal }
                return render(part)
            }.joined()
        }
    }
}
