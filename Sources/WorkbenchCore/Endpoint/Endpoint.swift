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
    public var body: Body?
    /// `auth basic|digest|bearer`: credentials, their secret a template.
    public var auth: Auth?

    public init(
        base: String? = nil, path: String = "", segments: [String] = [], method: String = "GET",
        query: [QueryItem] = [], headers: [HeaderField] = [], body: Body? = nil, auth: Auth? = nil
    ) {
        self.base = base
        self.path = path
        self.segments = segments
        self.method = method
        self.query = query
        self.headers = headers
        self.body = body
        self.auth = auth
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

    /// Removes every header called `name`; false if there was none.
    public mutating func removeHeader(_ name: String) -> Bool {
        let before = headers.count
        headers.removeAll { $0.hasName(name) }
        return headers.count != before
    }

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
