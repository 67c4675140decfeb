import Synchronization
import WorkbenchBasics

/// The parsed form of `base URL`: scheme, host, optional port and path prefix.
///
/// Parsing is strict on purpose: a typo in the base would otherwise surface
/// only as a confusing transport error after `send`.
public struct BaseURL: Equatable, Sendable {
    public var scheme: String
    /// The host as it goes into the URL: a name, an IPv4 address, or `[IPv6]`.
    public var host: String
    /// The port if the user gave one (even the scheme's default).
    public var port: Int?
    /// The path prefix, percent-encoded, without a trailing slash (`""` or `/v2`).
    public var pathPrefix: String
    /// Whether the base was typed with a trailing slash (`/v2/`, or `https://h/`): kept when
    /// no path follows, since `/v2` and `/v2/` are different resources to a server; a path
    /// typed below it joins it with exactly one `/`.
    public var hasTrailingSlash: Bool
    /// `base unix:/PATH.sock[:http://host/prefix]`: the Unix socket the request goes over.
    public var unixSocket: String?

    public init(
        scheme: String, host: String, port: Int?, pathPrefix: String, hasTrailingSlash: Bool = false,
        unixSocket: String? = nil
    ) {
        self.scheme = scheme
        self.host = host
        self.port = port
        self.pathPrefix = pathPrefix
        self.hasTrailingSlash = hasTrailingSlash
        self.unixSocket = unixSocket
    }

    public var defaultPort: Int { scheme == "https" ? 443 : 80 }
    public var effectivePort: Int { port ?? defaultPort }

    /// `host[:port]`, with the port left out when it is the scheme's default: the Host header.
    public var authority: String {
        if let port, port != defaultPort { return .concatenation(host, ":", String(port)) }
        return host
    }

    /// `scheme://authority`.
    public var origin: String { .concatenation(scheme, "://", authority) }

    /// Parses what the user typed. A missing scheme means `http://`, and
    /// `:PORT/...` means `http://localhost:PORT/...`, as with curl and HTTPie.
    ///
    /// One request asks for its base three to five times (the URL, the origin
    /// its credentials are bound to, the headers in force), and a script sends
    /// thousands with one base: the last text parsed and its result are kept,
    /// which took 12% of the CPU of `run` over 3,200 GETs.
    public static func parse(_ typed: String) throws(WorkbenchError) -> BaseURL {
        if let kept = lastParsed.withLock({ $0 }), kept.typed == typed { return try kept.result.get() }
        let result = Result { () throws(WorkbenchError) in try parseAnew(typed) }
        lastParsed.withLock { $0 = (typed, result) }
        return try result.get()
    }

    private static let lastParsed = Mutex<(typed: String, result: Result<BaseURL, WorkbenchError>)?>(nil)

    /// The scheme of `scheme:rest` without `//` when what follows the colon cannot be a
    /// port (a port is digits, or nothing yet); nil for `host:8080`, `localhost:x` and
    /// `api.test:x` (a host with a bad port, named so by `parseAuthority`).
    private static func otherScheme(_ text: Substring, colon: Substring.Index) -> String? {
        let name = text[..<colon]
        guard let first = name.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first | 0x20),
            name.utf8.allSatisfy({ byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
            }), name.lowercased() != "localhost"
        else { return nil }
        let after = text[text.index(after: colon)...]
        guard let next = after.utf8.first, next != UInt8(ascii: "/") || !after.hasPrefix("//") else { return nil }
        return (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next) ? nil : name.lowercased()
    }

    private static func parseAnew(_ typed: String) throws(WorkbenchError) -> BaseURL {
        let text = typed.trimmingSpaces()
        if text.lowercased().hasPrefix("unix:") {
            return try parseUnix(text)
        }
        if text.isEmpty { throw WorkbenchError("empty base URL: use `base http://HOST[:PORT][/PREFIX]`") }
        if let space = text.unicodeScalars.first(where: { $0 == " " || $0.value < 0x20 || $0.value == 0x7F }) {
            throw WorkbenchError("invalid base URL '\(Template.oneLine(text))': \(HTTPSyntax.describe(space)) is not allowed in a URL")
        }
        var rest = Substring(text)
        var scheme = "http"
        // `scheme://`: the first colon, followed by two slashes (a plain character
        // search; the base is parsed for every request built).
        if let colon = rest.firstIndex(of: ":"), rest[colon...].hasPrefix("://") {
            scheme = rest[..<colon].lowercased()
            rest = rest[rest.index(colon, offsetBy: 3)...]
            guard scheme == "http" || scheme == "https" else {
                throw WorkbenchError(
                    "unsupported scheme '\(scheme)' in base URL '\(text)': use http or https"
                        + (URLParts.elsewhere(scheme).map { " (\($0))" } ?? ""))
            }
        } else if rest.hasPrefix(":") {
            rest = "localhost" + rest
        } else if let colon = rest.firstIndex(of: ":"), let scheme = Self.otherScheme(rest, colon: colon) {
            // `javascript:alert(1)`, `data:...`, `file:/etc`: a scheme, not a host and a port.
            throw WorkbenchError(
                "unsupported scheme '\(Excerpt.cut(scheme, limit: 40))' in base URL '\(Excerpt.cut(text))': use http or https")
        }
        if let mark = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            if rest[mark] == "#" {
                throw WorkbenchError("base URL '\(text)' has a fragment: fragments are never sent to the server")
            }
            throw WorkbenchError("base URL '\(text)' has a query: put query items in with `query add NAME VALUE`")
        }
        let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        let path = rest[authorityEnd...]
        if authority.contains("@") {
            throw WorkbenchError("base URL '\(text)' has user credentials: a base holds none; give them with `auth basic USER`")
        }
        let (host, port) = try parseAuthority(authority, in: text)
        var prefix = PercentEncoding.path(String(path))
        while prefix.hasSuffix("/") { prefix.removeLast() }
        return BaseURL(
            scheme: scheme, host: host, port: port, pathPrefix: prefix,
            hasTrailingSlash: path.hasSuffix("/"))
    }

    /// `unix:/run/app.sock` (the URL `http://localhost`) or
    /// `unix:/run/app.sock:http://host/prefix` (the URL that names host and prefix).
    private static func parseUnix(_ text: String) throws(WorkbenchError) -> BaseURL {
        var socket = Substring(text.dropFirst("unix:".count))
        var url = "http://localhost"
        for scheme in [":http://", ":https://"] {
            if let marker = socket.ranges(of: scheme).last {
                url = String(socket[socket.index(after: marker.lowerBound)...])
                socket = socket[..<marker.lowerBound]
                break
            }
        }
        guard !socket.isEmpty else {
            throw WorkbenchError("base URL '\(text)' names no socket: use `base unix:/PATH/TO.sock[:http://HOST/PREFIX]`")
        }
        var base = try parse(url)
        base.unixSocket = String(socket)
        return base
    }

    private static func parseAuthority(_ authority: Substring, in text: String) throws(WorkbenchError) -> (String, Int?) {
        var hostPart = authority
        var portPart: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else {
                throw WorkbenchError("invalid base URL '\(text)': unclosed '[' in IPv6 address")
            }
            hostPart = authority[...close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else {
                    throw WorkbenchError("invalid base URL '\(text)': unexpected '\(after)' after IPv6 address")
                }
                portPart = after.dropFirst()
            }
            let address = hostPart.dropFirst().dropLast()
            guard !address.isEmpty, address.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else {
                throw WorkbenchError("invalid IPv6 address '\(hostPart)' in base URL '\(text)'")
            }
        } else if authority.count(where: { $0 == ":" }) > 1,
            authority.allSatisfy({ ($0.isASCII && $0.isHexDigit) || $0 == ":" || $0 == "." })
        {
            throw WorkbenchError("invalid base URL '\(text)': an IPv6 address goes in brackets, as in http://[::1]:8080")
        } else if let colon = authority.lastIndex(of: ":") {
            hostPart = authority[..<colon]
            portPart = authority[authority.index(after: colon)...]
        }
        if hostPart.isEmpty {
            throw WorkbenchError("base URL '\(text)' has no host: use `base http://HOST[:PORT][/PREFIX]`")
        }
        if !hostPart.hasPrefix("[") {
            if let bad = hostPart.unicodeScalars.first(where: { !isHostCharacter($0) }) {
                let reason =
                    bad.isASCII
                    ? "\(HTTPSyntax.describe(bad)) is not allowed in a host name"
                    : "non-ASCII host names are not supported; use the punycode (xn--) form"
                throw WorkbenchError("invalid host '\(hostPart)' in base URL '\(text)': \(reason)")
            }
            if hostPart.hasPrefix(".") || hostPart.hasPrefix("-") || hostPart.contains("..") {
                throw WorkbenchError("invalid host '\(hostPart)' in base URL '\(text)'")
            }
        }
        var port: Int?
        if let portPart {
            guard !portPart.isEmpty, portPart.count <= 5, portPart.allSatisfy({ $0.isASCII && $0.isNumber }),
                let number = Int(portPart), (1...65535).contains(number)
            else {
                throw WorkbenchError("invalid port '\(portPart)' in base URL '\(text)': use a number from 1 to 65535")
            }
            port = number
        }
        return (hostPart.lowercased(), port)
    }

    private static func isHostCharacter(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII else { return false }
        let byte = UInt8(scalar.value)
        return PercentEncoding.isAlphaNumeric(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "_")
    }
}
