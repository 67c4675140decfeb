import Platform
import WorkbenchBasics

/// One cookie as libcurl's cookie engine holds it: the fields of a line of a
/// Netscape cookie file, the format CURLINFO_COOKIELIST gives and
/// CURLOPT_COOKIELIST takes back.
///
/// The workbench never decides itself where a cookie goes: libcurl matches
/// domain, path, Secure and expiry on every request (RFC 6265, as curl does).
/// This value only carries a cookie between sends, sessions and the screen.
public struct Cookie: Equatable, Sendable {
    /// As curl writes it: a leading `.` when subdomains match too.
    public var domain: String
    public var includeSubdomains: Bool
    public var path: String
    public var secure: Bool
    public var httpOnly: Bool
    /// Unix time; 0 for a session cookie (gone when the workbench ends, as in a browser).
    public var expires: Int
    public var name: String
    public var value: String

    public init(
        domain: String, includeSubdomains: Bool = false, path: String = "/", secure: Bool = false,
        httpOnly: Bool = false, expires: Int = 0, name: String, value: String
    ) {
        self.domain = domain
        self.includeSubdomains = includeSubdomains
        self.path = path
        self.secure = secure
        self.httpOnly = httpOnly
        self.expires = expires
        self.name = name
        self.value = value
    }

    static let httpOnlyPrefix = "#HttpOnly_"

    /// Reads one line of curl's cookie list; nil for anything else.
    public init?(netscapeLine line: String) {
        var text = Substring(line)
        var httpOnly = false
        if text.hasPrefix(Self.httpOnlyPrefix) {
            httpOnly = true
            text = text.dropFirst(Self.httpOnlyPrefix.count)
        }
        let fields = text.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count == 7, !fields[0].isEmpty, let expires = Int(fields[4]) else { return nil }
        self.init(
            domain: String(fields[0]), includeSubdomains: fields[1] == "TRUE", path: String(fields[2]),
            secure: fields[3] == "TRUE", httpOnly: httpOnly, expires: expires,
            name: String(fields[5]), value: String(fields[6]))
    }

    /// The line curl's engine reads back (CURLOPT_COOKIELIST).
    public var netscapeLine: String {
        let flag = { (on: Bool) in on ? "TRUE" : "FALSE" }
        return (httpOnly ? Self.httpOnlyPrefix : "")
            + [domain, flag(includeSubdomains), path, flag(secure), String(expires), name, value].joined(separator: "\t")
    }

    /// A Set-Cookie header value with the cookie's value masked, attributes kept:
    /// `sid=abc; Path=/` shows as `sid=******; Path=/`.
    public static func maskingValue(inSetCookie header: String) -> String {
        let end = header.firstIndex(of: ";") ?? header.endIndex
        guard let equals = header[..<end].firstIndex(of: "=") else { return header }
        return header[...equals] + Variables.mask + header[end...]
    }

    /// The host the cookie belongs to, without curl's leading dot.
    public var host: String {
        domain.hasPrefix(".") ? String(domain.dropFirst()) : domain
    }
}

/// The session's cookies, in the order curl lists them.
///
/// A value type kept in the workspace: each send hands it to the transport,
/// which loads it into libcurl's engine and returns the jar as the engine left
/// it; the workspace takes the new jar only when the send is committed, so a
/// failed send changes no cookie.
public struct CookieJar: Equatable, Sendable {
    public var cookies: [Cookie] = []

    public init(_ cookies: [Cookie] = []) {
        self.cookies = cookies
    }

    public var isEmpty: Bool { cookies.isEmpty }

    /// Values are secrets: the redaction step masks them everywhere.
    public var values: [String] { cookies.map(\.value).filter { !$0.isEmpty } }

    /// Removes every cookie called `name` (whatever its domain and path); how many went.
    public mutating func remove(named name: String) -> Int {
        let before = cookies.count
        cookies.removeAll { $0.name == name }
        return before - cookies.count
    }

    /// One line a cookie, values masked: `name=****** for 127.0.0.1/ (session)`.
    public func listing(now: Int) -> String {
        guard !cookies.isEmpty else { return "(no cookies)" }
        return cookies.map { cookie in
            var flags: [String] = []
            if cookie.includeSubdomains { flags.append("subdomains") }
            if cookie.secure { flags.append("secure") }
            if cookie.httpOnly { flags.append("httponly") }
            flags.append(cookie.expires == 0 ? "session" : Self.describeExpiry(cookie.expires, now: now))
            return "\(cookie.name)=\(Variables.mask)  \(cookie.host)\(cookie.path)  (\(flags.joined(separator: ", ")))"
        }.joined(separator: "\n")
    }

    /// `expires 2026-11-24 10:00 UTC`, or `expired`.
    static func describeExpiry(_ expires: Int, now: Int) -> String {
        guard expires > now else { return "expired" }
        var time = time_t(expires)
        var parts = tm()
        guard gmtime_r(&time, &parts) != nil else { return "expires at \(expires)" }
        let two = { (value: Int32) in value < 10 ? "0\(value)" : "\(value)" }
        return "expires \(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)) UTC"
    }

    /// The present time as Unix time, for listings.
    public static var now: Int { Int(time(nil)) }
}
