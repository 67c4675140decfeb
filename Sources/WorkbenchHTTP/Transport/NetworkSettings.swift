import WorkbenchBasics

/// `proxy`: which proxy requests go through.
public enum ProxySetting: Equatable, Sendable {
    /// No `proxy` set: libcurl reads `http_proxy`, `https_proxy`, `all_proxy`
    /// and `no_proxy` from the environment, as the curl tool does.
    case environment
    /// `proxy none`: no proxy, whatever the environment says (curl's `--noproxy '*'`).
    case none
    /// `proxy URL`: http, https, socks4, socks4a, socks5 or socks5h.
    case url(String)

    public static let schemes = ["http", "https", "socks4", "socks4a", "socks5", "socks5h"]

    /// Checks a proxy URL as typed: a known scheme (http when none is given), an optional
    /// `user:password@` (curl's proxy login, Basic; the workspace keeps a literal password
    /// as a secret variable, so the URL holds `{{proxy_password}}`), a host, an optional port.
    public static func parse(_ typed: String) throws(WorkbenchError) -> ProxySetting {
        let text = typed.trimmingSpaces()
        var rest = Substring(text)
        var scheme = "http"
        if let marker = text.firstRange(of: "://") {
            scheme = text[..<marker.lowerBound].lowercased()
            rest = text[marker.upperBound...]
        }
        guard schemes.contains(scheme) else {
            throw WorkbenchError(
                "unsupported proxy scheme '\(Template.oneLine(scheme.prefix(40)))': use \(schemes.joined(separator: ", "))")
        }
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        var login = ""
        if let at = rest.lastIndex(of: "@") {
            login = String(rest[..<at]) + "@"
            rest = rest[rest.index(after: at)...]
            guard login.first != ":", login.first != "@" else {
                throw WorkbenchError("proxy URL '\(URLPasswordMask.apply(Template.oneLine(text)))' has a password but no user")
            }
            try Template.validate(login)
        }
        guard !rest.contains("/"), !rest.contains("?"), !rest.contains("#") else {
            throw WorkbenchError(
                "proxy URL '\(URLPasswordMask.apply(Template.oneLine(text)))' has a path: use SCHEME://[USER:PASSWORD@]HOST[:PORT]")
        }
        // The host and port follow the base URL's rules.
        let checked = try BaseURL.parse("http://" + rest)
        return .url("\(scheme)://\(login)\(checked.authority)")
    }

    /// The password of `SCHEME://USER:PASSWORD@HOST` as written (a literal, or the
    /// `{{proxy_password}}` that holds it); nil without one.
    public var password: String? {
        guard case .url(let url) = self, let range = Self.passwordRange(in: url) else { return nil }
        return String(url[range])
    }

    /// The same proxy with its password written `password` (a reference to where it is kept).
    public func replacingPassword(with password: String) -> ProxySetting {
        guard case .url(var url) = self, let range = Self.passwordRange(in: url) else { return self }
        url.replaceSubrange(range, with: password)
        return .url(url)
    }

    /// The proxy as libcurl takes it: the password's secret variable expanded in `scope`
    /// (the mask in a masking scope, as every secret).
    public func expanded(in scope: VariableScope) throws(WorkbenchError) -> ProxySetting {
        guard case .url(let url) = self, Template.hasReferences(url) else { return self }
        return .url(try Template.expand(url, in: scope))
    }

    /// Where the password of `scheme://user:password@host` is.
    private static func passwordRange(in url: String) -> Range<String.Index>? {
        guard let start = url.firstRange(of: "://")?.upperBound, let at = url[start...].lastIndex(of: "@"),
            let colon = url[start..<at].firstIndex(of: ":")
        else { return nil }
        return url.index(after: colon)..<at
    }

    public var summary: String {
        switch self {
        case .environment: "from the environment (http_proxy, https_proxy, all_proxy, no_proxy)"
        case .none: "none (the environment's proxies are ignored)"
        case .url(let url): URLPasswordMask.apply(url)
        }
    }
}

/// `http 1.1|2|auto`: the HTTP version asked of libcurl.
public enum HTTPVersionSetting: String, Equatable, Sendable, CaseIterable {
    /// libcurl's default: HTTP/2 over TLS when the server offers it (ALPN), HTTP/1.1 otherwise.
    case auto
    case http1_1 = "1.1"
    /// HTTP/2: over TLS by ALPN; over plain http by an `Upgrade: h2c`, as `curl --http2`.
    case http2 = "2"
}
