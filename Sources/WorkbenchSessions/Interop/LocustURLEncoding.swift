import WorkbenchBasics
import WorkbenchHTTP

/// How the workbench encodes a value where a reference stands in a URL, so that the
/// locustfile encodes a variable's value at run time as the workbench does when it sends
/// (`/users/{{name}}` with `ana b&c`: `%20` in a path; `&` escaped in a query item, kept in
/// a query pasted with the path). Without it a captured value holding `#`, `&` or a space
/// would cut or split the URL Locust sends.
enum LocustURLEncoding: CaseIterable {
    case path, segment, pastedQuery, typedQuery, queryComponent

    /// The encodings of the references in `endpoint`'s URL, in the order they stand there;
    /// nil where one is not encoded (a reference in the base, which holds a scheme and host).
    ///
    /// Found by building the URL with the workbench's own builder, each reference's value a
    /// token followed by a probe that every encoding writes differently: what follows a token
    /// in the URL says the encoding of that place. Nothing is guessed from the URL's layout.
    static func encodings(of endpoint: Endpoint) -> [LocustURLEncoding?] {
        let placeholders = PortableRequest.Placeholders(endpoint.typedValues)
        let inBase = (try? Template.parse(endpoint.base ?? "")) ?? []
        var variables = Variables()
        var environment: [String: String] = [:]
        for (token, part) in placeholders.tokens {
            let value = inBase.contains(part) ? token : token + probe
            switch part {
            case .variable(let name): variables.set(name, to: value)
            case .environment(let name): environment[name] = value
            case .literal: continue
            }
        }
        var bare = endpoint
        bare.body = nil
        guard let built = try? bare.prepare(in: VariableScope(variables: variables, environment: environment)) else { return [] }
        var encodings: [LocustURLEncoding?] = []
        var rest = Substring(built.url)
        while let found = nextToken(in: rest, tokens: placeholders.tokens.map(\.token)) {
            rest = rest[found.upperBound...]
            let encoding = allCases.first { rest.hasPrefix($0.encode(probe)) }
            if let encoding { rest = rest.dropFirst(encoding.encode(probe).count) }
            encodings.append(encoding)
        }
        return encodings
    }

    /// The Python function the locustfile calls on a value (`url_encoded`, in the helpers).
    func python(_ value: String) -> String {
        switch self {
        case .path: "url_encoded(\(value), URL_PATH, True)"
        case .segment: "url_encoded(\(value), URL_PATH_SEGMENT, False)"
        case .pastedQuery: "url_encoded(\(value), URL_PASTED_QUERY, False)"
        case .typedQuery: "url_encoded(\(value), URL_TYPED_QUERY, True)"
        case .queryComponent: "url_encoded(\(value), URL_QUERY_COMPONENT, False)"
        }
    }

    func encode(_ text: String) -> String {
        switch self {
        case .path: PercentEncoding.path(text)
        case .segment: PercentEncoding.segment(text)
        case .pastedQuery: PercentEncoding.pastedQuery(text)
        case .typedQuery: PercentEncoding.typedQuery(text)
        case .queryComponent: PercentEncoding.queryComponent(text)
        }
    }

    /// Written differently by each encoding: `%&/?` is `%25&/%3F` in a path, `%25&%2F%3F` in a
    /// segment, `%&/?` pasted, `%25&/?` in a typed query, `%25%26/?` in a query item. `%` comes
    /// first so that no text after the probe makes it an escape kept as it is.
    static let probe = "%&/?"

    /// Sets for `url_encoded`, the same as `PercentEncoding`'s (RFC 3986's classes).
    static let pythonSets = #"""
        URL_UNRESERVED = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
        URL_PATH_SEGMENT = URL_UNRESERVED + "!$&'()*+,;=:@"
        URL_PATH = URL_PATH_SEGMENT + "/"
        URL_TYPED_QUERY = URL_PATH + "?"
        URL_PASTED_QUERY = "".join(chr(byte) for byte in range(0x21, 0x7F) if chr(byte) != "#")
        URL_QUERY_COMPONENT = URL_UNRESERVED + "!$'()*,;:@/?"


        def url_encoded(text, allowed, keep_escapes):
            """A variable's value encoded where it stands in the URL, as the workbench encodes it there."""
            data = text.encode()
            output = []
            index = 0
            while index < len(data):
                byte = data[index]
                escape = data[index + 1:index + 3]
                if chr(byte) in allowed:
                    output.append(chr(byte))
                elif keep_escapes and byte == 0x25 and len(escape) == 2 and all(chr(b) in "0123456789ABCDEFabcdef" for b in escape):
                    output.append("%" + escape.decode())
                    index += 2
                else:
                    output.append("%%%02X" % byte)
                index += 1
            return "".join(output)
        """#

    private static func nextToken(in text: Substring, tokens: [String]) -> Range<Substring.Index>? {
        tokens.compactMap { text.firstRange(of: $0) }.min { $0.lowerBound < $1.lowerBound }
    }
}
