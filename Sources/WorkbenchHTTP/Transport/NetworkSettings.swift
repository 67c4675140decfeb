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

    /// Checks a proxy URL as typed: a known scheme (http when none is given),
    /// a host, an optional port, nothing else. Credentials are refused: a
    /// setting is saved in the clear.
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
        guard !rest.contains("@") else {
            throw WorkbenchError(
                "proxy URL '\(Template.oneLine(text))' has credentials, which a saved setting would keep in the clear: proxies with a login are not supported"
            )
        }
        guard !rest.contains("/"), !rest.contains("?"), !rest.contains("#") else {
            throw WorkbenchError("proxy URL '\(Template.oneLine(text))' has a path: use SCHEME://HOST[:PORT]")
        }
        // The host and port follow the base URL's rules.
        let checked = try BaseURL.parse("http://" + rest)
        return .url("\(scheme)://\(checked.authority)")
    }

    public var summary: String {
        switch self {
        case .environment: "from the environment (http_proxy, https_proxy, all_proxy, no_proxy)"
        case .none: "none (the environment's proxies are ignored)"
        case .url(let url): url
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
