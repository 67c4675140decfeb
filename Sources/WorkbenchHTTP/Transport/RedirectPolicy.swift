import WorkbenchBasics

/// Where a redirect leads, by the rules curl, browsers and xh agree on.
///
/// 303 always, and 301/302 after a POST, become GET without the body and its
/// Content-* headers (HEAD stays HEAD); 307 and 308 keep the method and body.
/// When the scheme, host or port changes, credentials stay behind:
/// Authorization, Cookie, Proxy-Authorization and every header whose value
/// held a secret. Only http and https targets are followed. A pure function,
/// so the rules are unit-tested; the transport only loops over it.
public enum RedirectPolicy {
    public static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]
    package static let credentialHeaders: Set<String> = ["authorization", "cookie", "proxy-authorization"]

    /// The request to send after `request` was answered with `status` and `location`.
    public static func next(after request: PreparedRequest, status: Int, location: String) throws(WorkbenchError) -> PreparedRequest {
        var (base, target) = try resolve(location, against: request)
        var next = request
        next.base = base
        next.target = target
        next.shownTarget = target
        let becomesGet =
            (status == 303 && request.method != "HEAD")
            || ((status == 301 || status == 302) && request.method == "POST")
        if becomesGet {
            next.method = "GET"
            next.body = []
            next.shownBody = []
            next.multipart = nil
            next.shownMultipart = nil
        }
        if base.unixSocket == nil && base.scheme == request.base.scheme && base.host == request.base.host
            && base.effectivePort == request.base.effectivePort
        {
            // The same origin over the same Unix socket (a Location written in full).
            base.unixSocket = request.base.unixSocket
        }
        let crossOrigin =
            base.scheme != request.base.scheme || base.host != request.base.host
            || base.effectivePort != request.base.effectivePort || base.unixSocket != request.base.unixSocket
        func keep(_ field: HeaderField) -> Bool {
            let name = field.name.lowercased()
            if becomesGet && name.hasPrefix("content-") { return false }
            if crossOrigin && (credentialHeaders.contains(name) || request.secretHeaderNames.contains(name)) { return false }
            return true
        }
        func retarget(_ field: HeaderField) -> HeaderField {
            field.hasName("Host") ? HeaderField(name: field.name, value: base.authority) : field
        }
        next.headers = request.headers.filter(keep).map(retarget)
        next.shownHeaders = request.shownHeaders.filter(keep).map(retarget)
        if crossOrigin {
            next.secretHeaderNames = []
            next.dropAuthEffects()
        }
        return next
    }

    /// Resolves a Location (absolute, scheme-relative, absolute-path or relative) per RFC 3986.
    static func resolve(_ location: String, against request: PreparedRequest) throws(WorkbenchError) -> (BaseURL, String) {
        var reference = Substring(location.trimmingSpaces())
        if let hash = reference.firstIndex(of: "#") { reference = reference[..<hash] }
        if reference.isEmpty { return (request.base, request.target) }
        if let colon = reference.firstIndex(of: ":"),
            reference[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }),
            reference[..<colon].first?.isLetter == true
        {
            let scheme = reference[..<colon].lowercased()
            guard scheme == "http" || scheme == "https" else {
                throw WorkbenchError(
                    "redirect to '\(Template.oneLine(location.prefix(200)))' refused: the scheme '\(Template.oneLine(scheme.prefix(40)))' is not followed, only http and https redirects are",
                    kind: .transport(.redirect))
            }
            return try split(String(reference))
        }
        if reference.hasPrefix("//") {
            return try split(request.base.scheme + ":" + reference)
        }
        let current = request.target
        let currentPath = current.firstIndex(of: "?").map { String(current[..<$0]) } ?? current
        if reference.hasPrefix("/") {
            return (request.base, DotSegments.removing(String(reference)))
        }
        if reference.hasPrefix("?") {
            return (request.base, currentPath + reference)
        }
        let folder = currentPath.lastIndex(of: "/").map { String(currentPath[...$0]) } ?? "/"
        return (request.base, DotSegments.removing(folder + reference))
    }

    private static func split(_ absolute: String) throws(WorkbenchError) -> (BaseURL, String) {
        guard let schemeEnd = absolute.firstRange(of: "://") else {
            throw WorkbenchError("redirect to '\(Template.oneLine(absolute.prefix(200)))' refused: not a URL", kind: .transport(.redirect))
        }
        let rest = absolute[schemeEnd.upperBound...]
        let targetStart = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        let base: BaseURL
        do throws(WorkbenchError) {
            base = try BaseURL.parse(String(absolute[..<targetStart]))
        } catch {
            throw WorkbenchError(
                "redirect to '\(Template.oneLine(absolute.prefix(200)))' refused: \(error.message)",
                kind: .transport(.redirect))
        }
        var target = String(rest[targetStart...])
        if target.hasPrefix("?") || target.isEmpty { target = "/" + target }
        return (base, DotSegments.removing(target))
    }
}
