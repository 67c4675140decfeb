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
    public var query: [QueryItem] = []
    public var headers: [HeaderField] = []
    /// Default headers (`User-Agent`, `Accept`, `Accept-Encoding`) the user
    /// removed with `header rm`: they are not sent until `header clear` or `reset`.
    public var omittedDefaults: [String] = []
    public var body: Body?

    public init(
        base: String? = nil, path: String = "", segments: [String] = [], method: String = "GET",
        query: [QueryItem] = [], headers: [HeaderField] = [], omittedDefaults: [String] = [], body: Body? = nil
    ) {
        self.base = base
        self.path = path
        self.segments = segments
        self.method = method
        self.query = query
        self.headers = headers
        self.omittedDefaults = omittedDefaults
        self.body = body
    }

    /// Sets the path. A `?query` part replaces the query items, as a pasted URL
    /// would mean; without one, the query items stay.
    public mutating func setPath(_ typed: String) throws(WorkbenchError) {
        var text = Substring(typed)
        if let hash = text.firstIndex(of: "#") {
            throw WorkbenchError("path '\(Template.oneLine(typed))' has a fragment ('\(Template.oneLine(text[hash...]))'): fragments are never sent to the server")
        }
        var items: [QueryItem]?
        if let mark = text.firstIndex(of: "?") {
            items = [QueryItem].parse(queryString: text[text.index(after: mark)...])
            text = text[..<mark]
        }
        if let bad = text.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw WorkbenchError("invalid path '\(Template.oneLine(typed))': \(HTTPSyntax.describe(bad)) is not allowed in a path")
        }
        try Template.validate(String(text))
        path = String(text)
        segments = []
        if let items { query = items }
    }

    public mutating func setHeader(_ name: String, _ value: String) {
        headers.set(name, to: value)
    }

    public mutating func addHeader(_ name: String, _ value: String) {
        headers.append(HeaderField(name: name, value: value))
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
        headers.removeAll { $0.hasName(name) }
        let isDefault = Self.removableDefaultNames.contains { HTTPSyntax.equalIgnoringASCIICase($0, name) }
        if headers.count != before {
            let defaultReturns = isDefault && !omittedDefaults.contains { HTTPSyntax.equalIgnoringASCIICase($0, name) }
            return defaultReturns ? .typedRemovedDefaultReturns : .typedRemoved
        }
        if HTTPSyntax.equalIgnoringASCIICase(name, "Host") {
            throw WorkbenchError("Host cannot be removed: HTTP/1.1 requires it (`header Host: NAME` sends another)")
        }
        guard let canonical = Self.removableDefaultNames.first(where: { HTTPSyntax.equalIgnoringASCIICase($0, name) }) else {
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

    public mutating func setQuery(_ name: String, _ value: String) {
        query.set(name, to: value)
    }

    /// Removes every query item called `name`; false if there was none.
    public mutating func removeQuery(_ name: String) -> Bool {
        let before = query.count
        query.removeAll { $0.decodedName == name }
        return query.count != before
    }
}
