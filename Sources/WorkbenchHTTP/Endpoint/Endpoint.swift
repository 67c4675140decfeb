import WorkbenchBasics

/// The request being built: everything the user typed, nothing derived.
///
/// All values are stored as typed, templates unexpanded; `prepare(in:)` turns
/// an Endpoint into the exact request that goes on the wire.
public struct Endpoint: Equatable, Sendable {
    /// The base URL as typed (`https://api.example.com/v2`, or `{{base}}`); nil until set.
    public var base: String?
    /// The path below the base, as typed (`/3/movie/popular`).
    public var path: String = ""
    /// Segments appended with `path add`, each one opaque value.
    public var segments: [String] = []
    public var method: String = "GET"
    /// Items typed with `query add|set`: they stay until removed, as headers do.
    public var query: [QueryItem] = []
    /// The query pasted with the path (`get /a?x=1`), as typed: it belongs to
    /// that path, goes when the path next changes without one, and is sent
    /// byte for byte (`%zz`, `&&`, `b=`). Nil when the path had no `?`; empty
    /// for a bare `?`.
    public var pathQuery: String?
    /// Typed headers. A credential (`Authorization`, `Cookie`,
    /// `Proxy-Authorization`, or a value that holds a secret) carries the
    /// origin it was typed for and is sent only there.
    public var headers: [HeaderField] = []
    /// Default headers (`User-Agent`, `Accept`, `Accept-Encoding`) the user
    /// removed with `header rm`: they are not sent until `header clear` or `reset`.
    public var omittedDefaults: [String] = []
    public var body: Body?
    /// `send --body`, `delete PATH --body`: this request sends its body whatever
    /// the method. Set on the request as recorded, so a replay sends what was sent.
    public var sendsBodyWithAnyMethod = false
    /// `send --path-as-is`: `.` and `..` segments go out as typed (curl's `--path-as-is`);
    /// otherwise they are worked out first, as curl, xh and HTTPie do. Set on the request
    /// as recorded, as `sendsBodyWithAnyMethod` is.
    public var sendsPathAsIs = false
    /// `auth basic|digest|bearer`, one per origin: the one bound to the base's
    /// origin is in force, the others wait until the base comes back to theirs.
    public var auths: [Auth] = []

    public init(
        base: String? = nil, path: String = "", segments: [String] = [], method: String = "GET",
        query: [QueryItem] = [], headers: [HeaderField] = [], omittedDefaults: [String] = [], body: Body? = nil,
        auth: Auth? = nil
    ) {
        self.base = base
        self.path = path
        self.segments = segments
        self.method = method
        self.query = query
        self.headers = headers
        self.omittedDefaults = omittedDefaults
        self.body = body
        self.auths = auth.map { [$0] } ?? []
    }

    /// The auth in force: the one bound to the base's origin (or bound to none,
    /// typed before any base). Setting it binds it to the base's origin and
    /// replaces only the one bound there.
    public var auth: Auth? {
        get {
            // Without any auth there is no origin to find: parsing the base for each
            // record was two fifths of loading 100,000 (the history counts their auths).
            guard !auths.isEmpty else { return nil }
            let origin = credentialOrigin
            return auths.first { $0.origin == nil || $0.origin == origin }
        }
        set {
            let origin = credentialOrigin
            auths.removeAll { $0.origin == nil || $0.origin == origin }
            if var auth = newValue {
                auth.origin = origin
                auths.append(auth)
            }
        }
    }

    /// The origin credentials typed now are bound to: the base's.
    public var credentialOrigin: String? { Self.credentialOrigin(ofBase: base) }

    /// `scheme://host[:port]` of a base as typed (the default port left out,
    /// so `http://h:80` is `http://h`); a templated base by its typed text up
    /// to the path (`{{host}}`), which needs no variables to compare; nil without a base.
    public static func credentialOrigin(ofBase base: String?) -> String? {
        guard let base else { return nil }
        if !Template.hasReferences(base), let parsed = try? BaseURL.parse(base) {
            return parsed.unixSocket.map { "unix:\($0):" + parsed.origin } ?? parsed.origin
        }
        let text = base.trimmingSpaces()
        let afterScheme = text.firstRange(of: "://")?.upperBound ?? text.startIndex
        let end = text[afterScheme...].firstIndex(of: "/") ?? text.endIndex
        return String(text[..<end])
    }

    /// Whether a credential bound to `origin` goes with a request to the base's origin.
    public func sendsCredential(boundTo origin: String?) -> Bool {
        origin == nil || origin == credentialOrigin
    }

    /// The typed headers that go to the base's origin (credentials bound elsewhere stay behind).
    public var headersInForce: [HeaderField] {
        // Most headers are bound to no origin: then the base need not be read.
        guard headers.contains(where: { $0.origin != nil }) else { return headers }
        let origin = credentialOrigin
        return headers.filter { $0.origin == nil || $0.origin == origin }
    }

    /// What stays behind because the base is elsewhere: `auth bearer`, header
    /// names, each with the origin it belongs to. Empty when nothing does.
    public var heldBackCredentials: [(what: String, origin: String)] {
        let origin = credentialOrigin
        var held: [(what: String, origin: String)] = []
        for auth in auths { if let bound = auth.origin, bound != origin { held.append(("auth \(auth.scheme.displayName)", bound)) } }
        for field in headers { if let bound = field.origin, bound != origin { held.append((field.name, bound)) } }
        return held
    }

    /// One line for `show` and the prompt's note: what stays behind and where it belongs.
    public var heldBackNote: String? {
        let held = heldBackCredentials
        guard !held.isEmpty else { return nil }
        var byOrigin: [(origin: String, names: [String])] = []
        for (what, origin) in held {
            if let index = byOrigin.firstIndex(where: { $0.origin == origin }) {
                byOrigin[index].names.append(what)
            } else {
                byOrigin.append((origin, [what]))
            }
        }
        return byOrigin.map { "\($0.names.joined(separator: ", ")) \($0.names.count == 1 ? "belongs" : "belong") to \($0.origin)" }
            .joined(separator: "; ")
    }

    /// Binds credentials typed before any base (origin nil) to the base's origin:
    /// called when a first base is set, so they do not follow it elsewhere later.
    public mutating func bindUnboundCredentials(isCredential: (HeaderField) -> Bool) {
        guard let origin = credentialOrigin else { return }
        for index in auths.indices where auths[index].origin == nil { auths[index].origin = origin }
        for index in headers.indices where headers[index].origin == nil && isCredential(headers[index]) {
            headers[index].origin = origin
        }
    }

    /// Binds the headers that are credentials by their name (Authorization, Cookie,
    /// Proxy-Authorization) and the auth to the base's origin: what an imported request
    /// (curl, `.http`) carries belongs to its URL's origin, as a session file's does.
    public mutating func bindCredentialHeadersByName() {
        bindUnboundCredentials { field in HeaderField.credentialNames.contains { HTTPSyntax.equalIgnoringASCIICase($0, field.name) } }
    }

    /// Moves the base and every credential bound to its origin with it: `replay
    /// --base`, where the user points a whole session at another server.
    public mutating func retarget(to newBase: String) {
        let old = credentialOrigin
        base = newBase
        let new = credentialOrigin
        for index in auths.indices where auths[index].origin == old { auths[index].origin = new }
        for index in headers.indices where headers[index].origin != nil && headers[index].origin == old {
            headers[index].origin = new
        }
    }

    /// Every query item as a server reads it: the pasted ones (kept encoded) then the typed.
    public var allQueryItems: [QueryItem] {
        (pathQuery.map { [QueryItem].parse(queryString: Substring($0)) } ?? []) + query
    }

    /// Sets the path. A `?query` part belongs to this path (`pathQuery`), the
    /// next path drops it; items typed with `query add` stay either way.
    public mutating func setPath(_ typed: String) throws(WorkbenchError) {
        let parts = try Self.pathParts(typed)
        path = parts.path
        segments = []
        pathQuery = parts.query
    }

    /// `typed` checked and taken apart as `setPath` takes it: the path, and the query pasted
    /// with it. The parser checks a path with this when the line is typed.
    public static func pathParts(_ typed: String) throws(WorkbenchError) -> (path: String, query: String?) {
        var text = Substring(typed)
        // `#` and `?` found in the bytes: a path is set for every request a script sends.
        if let hash = text.utf8.firstIndex(of: UInt8(ascii: "#")) {
            throw WorkbenchError(
                "path '\(Template.oneLine(typed))' has a fragment ('\(Template.oneLine(text[hash...]))'): fragments are never sent to the server"
            )
        }
        var pasted: String?
        if let mark = text.utf8.firstIndex(of: UInt8(ascii: "?")) {
            pasted = String(text[text.utf8.index(after: mark)...])
            text = text[..<mark]
        }
        // `wss://host/socket` with a base set must not go out as the path `/wss://host/socket`
        // (a typed http or https URL moves the base: `Workspace.setTarget`).
        if let scheme = URLParts.scheme(of: text), scheme != "http" && scheme != "https" {
            throw URLParts.unsupportedScheme(scheme, in: typed)
        }
        if HTTPSyntax.hasControlByte(text, allowingTab: false),
            let bad = text.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F })
        {
            throw WorkbenchError("invalid path '\(Template.oneLine(typed))': \(HTTPSyntax.describe(bad)) is not allowed in a path")
        }
        let path = String(text)
        try Template.validate(path)
        if let pasted { try Template.validate(pasted) }
        return (path, pasted)
    }

    /// `header NAME: VALUE`: replaces the fields of that name sent to this
    /// origin; a credential is bound to it (`credential` says which is one).
    public mutating func setHeader(_ name: String, _ value: String, credential: Bool = false) {
        let origin = credentialOrigin
        let bound = credential ? origin : nil
        if let first = headers.firstIndex(where: { $0.hasName(name) && sendsCredential(boundTo: $0.origin) }) {
            headers[first] = HeaderField(name: name, value: value, origin: bound)
            var index = first + 1
            while index < headers.count {
                if headers[index].hasName(name) && sendsCredential(boundTo: headers[index].origin) {
                    headers.remove(at: index)
                } else {
                    index += 1
                }
            }
        } else {
            headers.append(HeaderField(name: name, value: value, origin: bound))
        }
    }

    public mutating func addHeader(_ name: String, _ value: String, credential: Bool = false) {
        headers.append(HeaderField(name: name, value: value, origin: credential ? credentialOrigin : nil))
    }

    /// What `header rm NAME` did.
    public enum HeaderRemoval: Equatable, Sendable {
        /// The typed header(s) went; a default of that name is sent again.
        case typedRemovedDefaultReturns
        /// The typed header(s) went.
        case typedRemoved
        /// No typed header of that name: the default is no longer sent.
        case defaultOmitted
    }

    /// Removes every typed header called `name`; without one, stops sending the
    /// default of that name (as curl's `-H 'Accept:'` does). Host cannot go:
    /// HTTP/1.1 requires it.
    public mutating func removeHeader(_ name: String) throws(WorkbenchError) -> HeaderRemoval {
        let before = headers.count
        let origin = credentialOrigin
        headers.removeAll { $0.hasName(name) && ($0.origin == nil || $0.origin == origin) }
        let isDefault = Self.omittableNames.contains { HTTPSyntax.equalIgnoringASCIICase($0, name) }
        if headers.count != before {
            let defaultReturns = isDefault && !omittedDefaults.contains { HTTPSyntax.equalIgnoringASCIICase($0, name) }
            return defaultReturns ? .typedRemovedDefaultReturns : .typedRemoved
        }
        if HTTPSyntax.equalIgnoringASCIICase(name, "Host") {
            throw WorkbenchError("Host cannot be removed: HTTP/1.1 requires it (`header Host: NAME` sends another)")
        }
        guard let canonical = Self.omittableNames.first(where: { HTTPSyntax.equalIgnoringASCIICase($0, name) }) else {
            throw WorkbenchError("no header named \(Excerpt.quoted(name))")
        }
        guard !omittedDefaults.contains(canonical) else {
            throw WorkbenchError("\(canonical) is already left out (`header clear` sends the defaults again)")
        }
        omittedDefaults.append(canonical)
        return .defaultOmitted
    }

    /// The default headers `header rm` may stop (every default but Host).
    public static let removableDefaultNames = ["User-Agent", "Accept", "Accept-Encoding"]

    /// `header rm Content-Length`: an empty POST, PUT or PATCH goes without `Content-Length: 0`,
    /// as `curl -X POST URL` sends it (a body of any length is always announced).
    public static let emptyBodyLength = "Content-Length"

    /// What `header rm NAME` may leave out without a typed header of that name.
    public static let omittableNames = removableDefaultNames + [emptyBodyLength]

    /// `query set`: one typed item of that name, and none pasted with the path.
    public mutating func setQuery(_ name: String, _ value: String) {
        _ = removePastedQuery(name)
        query.set(name, to: value)
    }

    /// Removes every query item called `name`, typed or pasted; false if there was none.
    public mutating func removeQuery(_ name: String) -> Bool {
        let before = query.count
        query.removeAll { $0.decodedName == name }
        let pastedRemoved = removePastedQuery(name)
        return query.count != before || pastedRemoved
    }

    /// Removes the pairs called `name` from the pasted query, the rest kept as typed.
    private mutating func removePastedQuery(_ name: String) -> Bool {
        guard let pasted = pathQuery else { return false }
        let pairs = pasted.split(separator: "&", omittingEmptySubsequences: false)
        let kept = pairs.filter { pair in
            let rawName = pair.firstIndex(of: "=").map { pair[..<$0] } ?? pair
            return PercentEncoding.decode(String(rawName), plusIsSpace: true) != name || pair.isEmpty
        }
        guard kept.count != pairs.count else { return false }
        // Nothing left: no `?` either (a bare one is kept only when typed so).
        pathQuery = kept.allSatisfy(\.isEmpty) ? nil : kept.joined(separator: "&")
        return true
    }
}
