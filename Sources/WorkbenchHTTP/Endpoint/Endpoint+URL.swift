import WorkbenchBasics

extension Endpoint {
    /// Takes a whole URL as pasted (`scheme://host[:port]/path?query`, or
    /// `{{base}}/path`): the scheme and authority become the base, the rest the
    /// path and query, kept as typed. A fragment is dropped, as curl drops it.
    /// Returns the `user:password` the URL held, percent-decoded, which the
    /// caller turns into credentials (a base never holds them).
    public mutating func setURL(_ text: String) throws(WorkbenchError) -> String? {
        let (url, afterScheme, authorityEnd) = Self.split(url: text)
        var base = String(url[..<authorityEnd])
        var userInfo: String?
        if let at = url[afterScheme..<authorityEnd].lastIndex(of: "@") {
            userInfo = PercentEncoding.decode(String(url[afterScheme..<at]))
            base = String(url[..<afterScheme]) + String(url[url.index(after: at)..<authorityEnd])
        }
        if Template.hasReferences(base) { try Template.validate(base) } else { _ = try BaseURL.parse(base) }
        var copy = self
        copy.base = base
        try copy.setPath(String(url[authorityEnd...]))
        self = copy
        return userInfo
    }

    /// A URL as typed, without its fragment (never sent), and where its authority starts and
    /// ends: everything that takes a URL apart takes it apart here.
    static func split(url text: String) -> (url: Substring, afterScheme: Substring.Index, authorityEnd: Substring.Index) {
        var url = Substring(text)
        if let hash = url.firstIndex(of: "#") { url = url[..<hash] }
        let afterScheme = url.firstRange(of: "://").map { $0.upperBound } ?? url.startIndex
        let authorityEnd = url[afterScheme...].firstIndex { $0 == "/" || $0 == "?" } ?? url.endIndex
        return (url, afterScheme, authorityEnd)
    }

    /// `https://h:1/a?b` -> (`https://h:1`, `/a?b`): the origin as typed and the target after it.
    package static func originAndTarget(of url: String) -> (origin: String, target: String) {
        let (url, _, authorityEnd) = split(url: url)
        return (String(url[..<authorityEnd]), String(url[authorityEnd...]))
    }
}
