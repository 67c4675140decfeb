import WorkbenchBasics

/// `auth apikey header|query NAME [VALUE]`: the key as the header NAME, or as the query
/// item NAME added to every target (`user` holds the name, `secret` the key).
public enum APIKeyAuth: AuthKind {
    public static func summary(_ auth: Auth) -> String {
        "\(auth.scheme.displayName) \(auth.user) \(Variables.mask)"
    }

    public static func secretReferences(_ auth: Auth) -> [String] { [auth.secret] }

    public static func addsQueryItem(_ auth: Auth) -> Bool { auth.scheme == .apiKeyQuery }

    public static func apply(_ auth: Auth, in scope: VariableScope) throws(WorkbenchError) -> AuthEffect {
        var effect = AuthEffect()
        let key = try secretValue(auth.secret, in: scope)
        if auth.scheme == .apiKeyQuery {
            effect.queryItem = (auth.user, key)
        } else {
            try HTTPSyntax.checkHeaderValue(key, name: auth.user)
            effect.headers = [HeaderField(name: auth.user, value: key)]
        }
        return effect
    }

    public static func howToGiveAgain(_ auth: Auth, reference: String) -> String {
        let words = "auth \(auth.scheme.displayName) \(auth.user)"
        return "the key of `\(words)`: type `\(words)` again"
    }

    /// A saved header key's name must be a header name.
    public static func readSaved(_ object: JSONValue, path: String, reader: some SavedFieldReader, into auth: inout Auth)
        throws(WorkbenchError)
    {
        guard auth.scheme == .apiKeyHeader else { return }
        do throws(WorkbenchError) { try HTTPSyntax.checkHeaderName(auth.user) } catch { throw reader.fail("\(path).user", error.message) }
    }

    /// A header or a query item already in the exported request.
    public static func httpFileLines(_ auth: Auth) -> [String] { [] }

    public static func postman(_ auth: Auth) -> JSONValue {
        postmanAuth("apikey", [("key", auth.user), ("value", auth.secret), ("in", auth.scheme == .apiKeyQuery ? "query" : "header")])
    }
}
