import WorkbenchBasics

/// The proxy a request goes through, as libcurl picks it from the environment.
///
/// Written here rather than asked of libcurl: `show` prints the request before
/// anything is sent, and the libcurl this builds against (7.88) has no way to
/// say which proxy it would use (CURLINFO_USED_PROXY came in 8.7). The rules
/// are curl's: `http_proxy` (lower case only, as curl ignores `HTTP_PROXY`),
/// `https_proxy` or `HTTPS_PROXY`, then `all_proxy` or `ALL_PROXY`; an empty
/// value counts as unset; `no_proxy` or `NO_PROXY` lists hosts, domains
/// (matching their subdomains), IP addresses and CIDR ranges that go direct,
/// or `*` for all.
public struct ProxyRoute: Equatable, Sendable {
    /// The proxy URL as configured (credentials in it are masked by `shownURL`).
    public var url: String
    /// The environment variable it came from.
    public var source: String

    package init(url: String, source: String) {
        (self.url, self.source) = (url, source)
    }

    /// `http` or `https` proxies see an `http://` request in absolute form; any
    /// other proxy (SOCKS, or a tunnel for `https://`) sees no request line.
    public var scheme: String {
        guard let end = url.firstRange(of: "://") else { return "http" }
        return url[..<end.lowerBound].lowercased()
    }

    /// Whether the request line is sent to the proxy in absolute form
    /// (`GET http://host/path HTTP/1.1`), with `Proxy-Connection: Keep-Alive`:
    /// a plain `http://` request through an HTTP(S) proxy. An `https://`
    /// request goes through a CONNECT tunnel instead and looks as it would directly.
    public func forwardsInAbsoluteForm(requestScheme: String) -> Bool {
        requestScheme == "http" && (scheme == "http" || scheme == "https")
    }

    /// The proxy URL with any `user:password@` replaced by the mask.
    public var shownURL: String {
        guard let userInfo = userInfoRange else { return url }
        return String(url[..<userInfo.lowerBound]) + Variables.mask + String(url[userInfo.upperBound...])
    }

    /// Where `user:password` stands in the URL (between `://` and the last `@` of the authority).
    private var userInfoRange: Range<String.Index>? {
        let afterScheme = url.firstRange(of: "://")?.upperBound ?? url.startIndex
        let authorityEnd = url[afterScheme...].firstIndex(of: "/") ?? url.endIndex
        return url[afterScheme..<authorityEnd].lastIndex(of: "@").map { afterScheme..<$0 }
    }

    /// The request as the proxy receives it: for a plain `http://` request
    /// through an HTTP(S) proxy, the target in absolute form and libcurl's
    /// `Proxy-Connection: Keep-Alive` after Host (where libcurl writes it).
    public func applied(to request: PreparedRequest) -> PreparedRequest {
        guard forwardsInAbsoluteForm(requestScheme: request.base.scheme) else { return request }
        var copy = request
        copy.target = request.base.origin + request.target
        copy.shownTarget = request.base.origin + request.shownTarget
        let connection = HeaderField(name: "Proxy-Connection", value: "Keep-Alive")
        let authorization = credentials.map { HeaderField(name: "Proxy-Authorization", value: Auth.basicCredentials($0)) }
        let shownAuthorization = authorization.map { HeaderField(name: $0.name, value: Variables.mask) }
        for (keyPath, authorization) in [(\PreparedRequest.headers, authorization), (\PreparedRequest.shownHeaders, shownAuthorization)] {
            var added = [connection]
            if let authorization { added.insert(authorization, at: 0) }
            added.removeAll { copy[keyPath: keyPath].contains(name: $0.name) }
            let host = copy[keyPath: keyPath].firstIndex { $0.hasName("Host") } ?? -1
            copy[keyPath: keyPath].insert(contentsOf: added, at: host + 1)
        }
        return copy
    }

    /// `user:password` from the proxy URL, percent-decoded as curl decodes it
    /// for Basic proxy authentication.
    var credentials: String? {
        guard let range = userInfoRange else { return nil }
        let userInfo = url[range]
        let colon = userInfo.firstIndex(of: ":") ?? userInfo.endIndex
        let password = colon < userInfo.endIndex ? String(userInfo[userInfo.index(after: colon)...]) : ""
        return PercentEncoding.decode(String(userInfo[..<colon])) + ":" + PercentEncoding.decode(password)
    }

    /// The source of a proxy set with `proxy URL`, which `no_proxy` does not bypass.
    public static let settingSource = "the `proxy` setting"

    /// One line for `show`: which proxy, from where, and how the request reaches it.
    public func note(requestScheme: String) -> String {
        let how =
            forwardsInAbsoluteForm(requestScheme: requestScheme)
            ? ""
            : scheme.hasPrefix("socks") ? "" : ", through a CONNECT tunnel"
        let bypass = source == Self.settingSource ? "" : "; `no_proxy` lists hosts that go direct"
        return "(through proxy \(shownURL), from \(source)\(how)\(bypass))"
    }

    /// The proxy for a request to `scheme://host`, or nil for a direct connection.
    public static func resolve(scheme: String, host: String, environment: [String: String]) -> ProxyRoute? {
        func value(_ name: String) -> String? {
            guard let text = environment[name], !text.isEmpty else { return nil }
            return text
        }
        let lower = scheme.lowercased() + "_proxy"
        var names = [lower]
        if lower != "http_proxy" { names.append(lower.uppercased()) }
        names += ["all_proxy", "ALL_PROXY"]
        guard let source = names.first(where: { value($0) != nil }), let url = value(source) else { return nil }
        if let noProxy = value("no_proxy") ?? value("NO_PROXY"), bypasses(host: host, noProxy: noProxy) {
            return nil
        }
        return ProxyRoute(url: url.contains("://") ? url : "http://" + url, source: source)
    }

    /// Whether `host` is exempted by a `no_proxy` list.
    static func bypasses(host: String, noProxy: String) -> Bool {
        var name = host.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name.hasSuffix(".") { name.removeLast() }
        let entries = noProxy.split { $0 == "," || $0 == " " || $0 == "\t" }.map { $0.lowercased() }
        for var entry in entries {
            if entry == "*" { return true }
            if let address = IPAddress(name) {
                if let range = IPRange(entry), range.contains(address) { return true }
                continue
            }
            if entry.hasPrefix(".") { entry.removeFirst() }
            if entry.hasSuffix(".") { entry.removeLast() }
            guard !entry.isEmpty else { continue }
            if name == entry || name.hasSuffix("." + entry) { return true }
        }
        return false
    }
}

/// An IPv4 or IPv6 address as bytes, for `no_proxy` ranges.
struct IPAddress: Equatable {
    var bytes: [UInt8]

    init?(_ text: String) {
        if let v4 = Self.parseIPv4(Substring(text)) {
            bytes = v4
        } else if text.contains(":"), let v6 = Self.parseIPv6(text) {
            bytes = v6
        } else {
            return nil
        }
    }

    static func parseIPv4(_ text: Substring) -> [UInt8]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var bytes: [UInt8] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 3, part.allSatisfy(\.isASCII), let value = UInt8(part) else { return nil }
            bytes.append(value)
        }
        return bytes
    }

    static func parseIPv6(_ text: String) -> [UInt8]? {
        let gaps = Array(text.ranges(of: "::"))
        guard gaps.count <= 1 else { return nil }
        let halves = gaps.first.map { [String(text[..<$0.lowerBound]), String(text[$0.upperBound...])] } ?? [text]
        func groups(_ part: String) -> [UInt16]? {
            guard !part.isEmpty else { return [] }
            var result: [UInt16] = []
            for group in part.split(separator: ":", omittingEmptySubsequences: false) {
                guard !group.isEmpty, group.count <= 4, let value = UInt16(group, radix: 16) else { return nil }
                result.append(value)
            }
            return result
        }
        guard let head = groups(halves[0]) else { return nil }
        var all = head
        if halves.count == 2 {
            guard let tail = groups(halves[1]), head.count + tail.count < 8 else { return nil }
            all += [UInt16](repeating: 0, count: 8 - head.count - tail.count) + tail
        }
        guard all.count == 8 else { return nil }
        return all.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }
}

/// `10.0.0.0/8`, `::1`, or one address: a `no_proxy` entry for IP hosts.
struct IPRange {
    var network: IPAddress
    var prefixLength: Int

    init?(_ entry: String) {
        let parts = entry.split(separator: "/", maxSplits: 1)
        guard let first = parts.first, let address = IPAddress(String(first)) else { return nil }
        network = address
        if parts.count == 2 {
            guard let bits = Int(parts[1]), bits >= 0, bits <= address.bytes.count * 8 else { return nil }
            prefixLength = bits
        } else {
            prefixLength = address.bytes.count * 8
        }
    }

    func contains(_ address: IPAddress) -> Bool {
        guard address.bytes.count == network.bytes.count else { return false }
        var remaining = prefixLength
        for (a, b) in zip(address.bytes, network.bytes) where remaining > 0 {
            let mask: UInt8 = remaining >= 8 ? 0xFF : ~(0xFF >> UInt8(remaining))
            if a & mask != b & mask { return false }
            remaining -= 8
        }
        return true
    }
}
