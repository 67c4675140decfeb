import WorkbenchBasics

/// A value used as the whole target (`get {{next}}`, `path {{next}}`): taken apart when
/// the request is built, as if it had been typed. A captured link `/pets?page=2` is a
/// path and a pasted query, not one path segment `/pets%3Fpage=2`; a captured absolute
/// URL sends the request to its origin, where only that origin's credentials go. A
/// value inside a segment (`/pets/{{id}}`) is not a target and stays encoded.
extension Endpoint {
    /// The reference the path is, when it is that alone (`{{next}}`, `{{env.NEXT}}`).
    package var wholeTargetReference: Template.Part? {
        guard path.utf8.first == UInt8(ascii: "{"), Template.hasReferences(path),
            let parts = try? Template.parse(String(path.trimmingSpaces())), parts.count == 1
        else { return nil }
        switch parts[0] {
        case .variable, .environment: return parts[0]
        case .literal: return nil
        }
    }

    /// Whether the whole-target reference holds a secret in `scope` (a secret variable, `{{env.*}}`).
    func wholeTargetIsSecret(_ reference: Template.Part, in scope: VariableScope) -> Bool {
        switch reference {
        case .variable(let name): scope.variables.isSecret(name)
        case .environment: true
        case .literal: false
        }
    }

    /// This endpoint with a whole-target value taken apart: the base moved to an absolute
    /// URL's origin, the path and the query pasted with it set. In a scope that masks
    /// secrets, a secret value's path and query are the mask (its origin still decides
    /// where the request goes, and so which credentials go with it).
    package func takingApartWholeTarget(in scope: VariableScope) throws(WorkbenchError) -> Endpoint {
        guard let reference = wholeTargetReference else { return self }
        let value = try Template.expand(path, in: scope.revealed).trimmingSpaces()
        var copy = self
        var target = Substring(value)
        if let hash = target.utf8.firstIndex(of: UInt8(ascii: "#")) { target = target[..<hash] }  // never sent, as curl drops it
        if let scheme = URLParts.scheme(of: target) {
            guard scheme == "http" || scheme == "https" else { throw URLParts.unsupportedScheme(scheme, in: value) }
            let parts = URLParts(String(target))
            guard parts.userInfo == nil else {
                throw WorkbenchError(
                    "\(path) is a URL with user:password@: credentials are not taken from a variable's URL; give them with `auth basic USER`"
                )
            }
            copy.base = try BaseURL.parse(parts.base).origin
            target = parts.target
        }
        // Values are expanded once: a server's link must not pull `{{token}}` into the URL.
        if Template.hasReferences(String(target)) {
            throw WorkbenchError("the value of \(path) holds '{{': a value is not expanded again, so it cannot be sent as a target")
        }
        var parts = try Self.pathParts(String(target))
        if wholeTargetIsSecret(reference, in: scope) && scope.masksSecrets {
            parts = (Variables.mask, nil)
        }
        copy.path = parts.path
        if let typed = pathQuery {
            // `get {{next}}?x=1`: the query typed after the reference follows the value's.
            copy.pathQuery = parts.query.map { $0.isEmpty || $0.hasSuffix("&") ? $0 + typed : $0 + "&" + typed } ?? typed
        } else {
            copy.pathQuery = parts.query
        }
        return copy
    }
}
