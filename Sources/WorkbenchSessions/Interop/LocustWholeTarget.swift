import WorkbenchBasics
import WorkbenchHTTP

/// `get {{next}}` in a locustfile: the value is taken apart at run time as the workbench
/// takes it apart when it sends (`Endpoint.takingApartWholeTarget`): an absolute URL goes
/// to its own origin, a `/path?query` joins the base's path, and the query typed after the
/// reference follows the value's own. Concatenated, a captured `/pets?page=2` went out as
/// `/api//pets%3Fpage=2`.
struct LocustWholeTarget {
    /// The reference's marker in the marked URL.
    let marker: String

    /// The marked URL (`BASE/MARKER?rest`, as the builder writes one path segment) cut at the
    /// reference: the base before it, the query after it; nil when the reference is not there.
    func split(_ url: String) -> (base: String, rest: String)? {
        guard let found = url.firstRange(of: marker) else { return nil }
        var base = String(url[..<found.lowerBound])
        if base.hasSuffix("/") { base.removeLast() }
        return (base, String(url[found.upperBound...]))
    }

    /// The Python call: `whole_target(BASE, VALUE, REST, PATH_AS_IS)`.
    static func call(base: String, value: String, rest: String, pathAsIs: Bool) -> String {
        "whole_target(\(base), \(value), \(rest), \(pathAsIs ? "True" : "False"))"
    }

    /// The functions the call needs (after `url_encoded` and its sets).
    static let python = #"""
        URL_ORIGIN = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*)://([^/?#]*)")


        def without_dot_segments(path):
            """`/a/b/../c` -> `/a/c` (RFC 3986, section 5.2.4), as the workbench sends it."""
            if "." not in path:
                return path
            output = []
            segments = path.split("/")[1:]
            for index, segment in enumerate(segments):
                last = index == len(segments) - 1
                if segment == ".":
                    if last:
                        output.append("")
                elif segment == "..":
                    if output:
                        output.pop()
                    if last:
                        output.append("")
                else:
                    output.append(segment)
            return "/" + "/".join(output)


        def whole_target(base, value, rest, path_as_is):
            """A variable's value used as the whole target (`get {{next}}`), taken apart as the
            workbench does: an absolute URL goes to its own origin, a /path?query joins the base's
            path, the query typed after the reference (`rest`, encoded) follows the value's own."""
            value = value.strip().split("#", 1)[0]
            found = URL_ORIGIN.match(value)
            if found:
                scheme = found.group(1).lower()
                if scheme not in ("http", "https"):
                    raise ValueError("unsupported scheme %r in %r: the workbench sends http and https requests only" % (scheme, value))
                if "@" in found.group(2):
                    raise ValueError("%r is a URL with user:password@: credentials are not taken from a variable's URL" % value)
                base, value = scheme + "://" + found.group(2).lower(), value[found.end():]
            if "{{" in value:
                raise ValueError("the value %r holds '{{': a value is not expanded again" % value)
            path, mark, query = value.partition("?")
            origin = URL_ORIGIN.match(base)
            start, prefix = (base[:origin.end()], base[origin.end():]) if origin else ("", base)
            path = url_encoded(path, URL_PATH, True)
            trimmed = path.lstrip("/") if prefix else path[1:] if path.startswith("/") else path
            target = prefix + ("/" + trimmed if trimmed else "/" if path else "")
            target = target or "/"
            if not path_as_is:
                target = without_dot_segments(target)
            if not mark:
                return start + target + rest
            query = url_encoded(query, URL_PASTED_QUERY, False)
            if rest:
                query += ("" if query == "" or query.endswith("&") else "&") + rest[1:]
            return start + target + "?" + query


        def same_origin(url, base, host):
            """Whether `url` goes to the origin of `base`, where credentials bound to it go (a
            relative URL goes to the user's host)."""
            def origin(text):
                found = URL_ORIGIN.match(text) or URL_ORIGIN.match(host)
                scheme, authority = found.group(1).lower(), found.group(2).lower()
                default = {"http": ":80", "https": ":443"}.get(scheme, "")
                return scheme + "://" + (authority[:-len(default)] if default and authority.endswith(default) else authority)
            return origin(url) == origin(base)
        """#
}
