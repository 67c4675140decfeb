import WorkbenchBasics
import WorkbenchHTTP

/// A reference that ends an imported URL (`{{next}}`, `http://h/api{{next}}`): the .http
/// clients and Postman put its value into the URL's text before sending, so a captured
/// link's `?` starts a query there and a full URL is the whole URL. Imported as the REPL
/// holds `base http://h/api` then `get {{next}}`: the reference is the whole target, taken
/// apart when sent (an absolute URL moves the base with the origin rules, a `/path?query`
/// sets path and query). This is also how `export http` and `export postman` write it.
///
/// Which references are the whole target is judged by the value the file gives: a `/path`
/// right after the base, an absolute URL alone. A reference after a `/` (`/pets/{{id}}`)
/// or glued to a segment with another value (`/users/u_{{id}}`) stays a value inside the path.
enum ImportedWholeTarget {
    /// What the import knows of a variable's value.
    enum Value {
        case known(String)
        /// Captured from an earlier response when sent (a .http file's `{{r1.response.body.$.next}}`).
        case fromResponse
        /// Given later (`set`, `--var`, an environment): the URL stays as typed.
        case unknown
    }

    /// `endpoint`, just set from an imported URL, with a reference ending the URL made the whole target.
    static func takingApart(_ endpoint: Endpoint, value: (String) -> Value) -> Endpoint {
        guard endpoint.segments.isEmpty else { return endpoint }
        let url = (endpoint.base ?? "") + endpoint.path
        guard let parts = try? Template.parse(url), let last = parts.lastIndex(where: { if case .literal = $0 { false } else { true } }),
            case .variable(let name) = parts[last]
        else { return endpoint }
        // What follows the reference in the file: nothing, a query, or `&`-joined items after the value's own.
        var typedQuery = endpoint.pathQuery
        let after = Self.text(of: parts[(last + 1)...])
        let before = Self.text(of: parts[..<last])
        let beforeParts = URLParts(before)
        let knownValue: String?
        switch value(name) {
        case .known(let text):
            knownValue = text.trimmingSpaces()
        case .fromResponse:
            // Unknown until sent: only where nothing but an origin comes before (`{{host}}{{next}}`, `{{next}}`).
            guard beforeParts.target.isEmpty else { return endpoint }
            knownValue = nil
        case .unknown:
            return endpoint
        }
        if let knownValue {
            if before.isEmpty {
                // The URL is the reference alone: an absolute URL or a path; a bare host stays the base, as before.
                guard URLParts.scheme(of: Substring(knownValue)) != nil || knownValue.hasPrefix("/") else { return endpoint }
            } else {
                guard knownValue.hasPrefix("/"), !before.hasSuffix("/") else { return endpoint }
            }
        }
        if !after.isEmpty {
            // `BASE{{next}}&sort=asc`: the value holds the query these items join.
            guard after.hasPrefix("&"), typedQuery == nil, knownValue.map({ $0.contains("?") }) ?? true else { return endpoint }
            typedQuery = String(after.dropFirst())
        }
        if !before.isEmpty && !Template.hasReferences(before) {
            guard (try? BaseURL.parse(before)) != nil else { return endpoint }
        }
        var copy = endpoint
        copy.base = before.isEmpty ? nil : before
        copy.path = "{{\(name)}}"
        copy.pathQuery = typedQuery
        return copy
    }

    private static func text(of parts: ArraySlice<Template.Part>) -> String {
        parts.map { part in
            switch part {
            case .literal(let text): text
            case .variable(let name): "{{\(name)}}"
            case .environment(let name): "{{env.\(name)}}"
            }
        }.joined()
    }
}
