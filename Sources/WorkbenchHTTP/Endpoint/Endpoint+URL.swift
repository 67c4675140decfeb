import WorkbenchBasics

extension Endpoint {
    /// Takes a whole URL as pasted (`scheme://host[:port]/path?query`, or
    /// `{{base}}/path`): the scheme and authority become the base, the rest the
    /// path and query, kept as typed. A fragment is dropped, as curl drops it.
    /// Returns the `user:password` the URL held, percent-decoded, which the
    /// caller turns into credentials (a base never holds them).
    public mutating func setURL(_ text: String) throws(WorkbenchError) -> String? {
        let parts = URLParts(text)
        let base = String(parts.base)
        if Template.hasReferences(base) { try Template.validate(base) } else { _ = try BaseURL.parse(base) }
        var copy = self
        copy.base = base
        try copy.setPath(String(parts.target))
        self = copy
        return parts.userInfo
    }

    /// `https://h:1/a?b` -> (`https://h:1`, `/a?b`): the origin as typed and the target after it.
    package static func originAndTarget(of url: String) -> (origin: String, target: String) {
        let parts = URLParts(url)
        return (String(parts.origin), String(parts.target))
    }
}

/// A URL as typed, taken apart: everything that takes a URL apart takes it apart here
/// (`setURL`, a path typed as a full URL, `graphql schema URL`).
package struct URLParts {
    /// Up to the end of the authority, `user:password@` included, as typed.
    package var origin: Substring
    /// The scheme and the authority without `user:password@`: what becomes a base.
    package var base: String
    /// `user:password` percent-decoded, when the authority held one.
    package var userInfo: String?
    /// The path and query after the authority.
    package var target: Substring

    /// `droppingFragment`: a `#fragment` is cut off first (never sent, as curl drops it);
    /// false leaves it in the target, for a caller that refuses it.
    /// The scheme of `text` when it starts with one and `://` (`wss://h/x` -> `wss`), lower-cased;
    /// nil for a path (`/a`, `a:b`, `{{next}}`).
    package static func scheme(of text: Substring) -> String? {
        guard let colon = text.utf8.firstIndex(of: UInt8(ascii: ":")),
            text.utf8[colon...].starts(with: "://".utf8)
        else { return nil }
        let name = text.utf8[..<colon]
        // A letter first, then letters, digits, `+`, `-` and `.` (RFC 3986, section 3.1).
        guard let first = name.first, PercentEncoding.isAlphaNumeric(first), first > UInt8(ascii: "9"),
            name.allSatisfy({
                PercentEncoding.isAlphaNumeric($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
            })
        else { return nil }
        return String(decoding: name, as: UTF8.self).lowercased()
    }

    /// The one error for a target of another scheme than http or https, named.
    package static func unsupportedScheme(_ scheme: String, in typed: String) -> WorkbenchError {
        WorkbenchError(
            "unsupported scheme '\(Template.oneLine(scheme.prefix(40)))' in '\(Template.oneLine(typed.prefix(200)))': "
                + "the workbench sends http and https requests only" + (elsewhere(scheme).map { "; \($0)" } ?? ""))
    }

    /// The command that speaks `scheme` when the workbench speaks it outside HTTP requests
    /// (a WebSocket, gRPC); nil for a scheme it does not speak at all.
    package static func elsewhere(_ scheme: String) -> String? {
        switch scheme {
        case "ws", "wss": "a WebSocket opens with `ws connect URL`"
        case "grpc", "grpcs": "gRPC calls go through `grpc connect URL` (http:// for h2c, https:// for TLS)"
        default: nil
        }
    }

    package init(_ text: String, droppingFragment: Bool = true) {
        var url = Substring(text)
        if droppingFragment, let hash = url.firstIndex(of: "#") { url = url[..<hash] }
        let afterScheme = url.firstRange(of: "://").map { $0.upperBound } ?? url.startIndex
        let authorityEnd = url[afterScheme...].firstIndex { $0 == "/" || $0 == "?" } ?? url.endIndex
        origin = url[..<authorityEnd]
        target = url[authorityEnd...]
        base = String(origin)
        if let at = url[afterScheme..<authorityEnd].lastIndex(of: "@") {
            userInfo = PercentEncoding.decode(String(url[afterScheme..<at]))
            base = String(url[..<afterScheme]) + String(url[url.index(after: at)..<authorityEnd])
        }
    }
}
