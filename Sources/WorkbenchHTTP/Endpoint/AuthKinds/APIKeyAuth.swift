import WorkbenchBasics

/// `auth apikey header|query NAME [VALUE]`: the key as the header NAME, or as the query
/// item NAME added to every target (`user` holds the name, `secret` the key).
public enum APIKeyAuth: TypedAuthKind {
    public static func grpcRefusal(_ auth: Auth) -> String? {
        auth.scheme == .apiKeyQuery ? "a call's path takes no query (`auth apikey header NAME VALUE` sends the key)" : nil
    }

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

/// `auth apikey header|query NAME [VALUE]`'s words: without a value the key is asked for.
extension APIKeyAuth {
    public static let names = ["apikey", "api-key"]
    public static let usage = ["auth apikey header|query NAME [VALUE]"]
    public static let secretExamples = ["auth apikey header X-Key SECRET", "auth apikey query key SECRET"]
    public static let secretVariables = ["api_key"]
    public static let helpNote: String? = "An API key goes as a header or a query item"

    public static func parse(_ words: [String], name: String) throws(WorkbenchError) -> TypedAuth {
        guard let place = words.first?.lowercased(), place == "header" || place == "query" else {
            throw usageError("expected `auth apikey header NAME [VALUE]` or `auth apikey query NAME [VALUE]`")
        }
        guard words.count == 2 || words.count == 3 else {
            throw usageError("expected a NAME and, optionally, the key (asked for with hidden input when left out)")
        }
        let name = words[1]
        if place == "header" {
            do throws(WorkbenchError) { try HTTPSyntax.checkHeaderName(name) } catch { throw usageError(error.message) }
        } else {
            guard !name.isEmpty, !Template.hasReferences(name) else { throw usageError("the query item's NAME is empty or a template") }
        }
        let scheme: Auth.Scheme = place == "header" ? .apiKeyHeader : .apiKeyQuery
        let secrets = [SecretField(.secret, variable: "api_key")]
        guard words.count == 3 else {
            return TypedAuth(
                auth: Auth(scheme: scheme, user: name, secret: ""), secrets: secrets,
                missing: MissingSecret(
                    .secret, noun: "key", question: "key \(name)", example: "auth \(scheme.displayName) \(name) KEY"))
        }
        guard !words[2].isEmpty else { throw usageError("the key is empty") }
        try Template.validate(words[2])
        return TypedAuth(auth: Auth(scheme: scheme, user: name, secret: words[2]), secrets: secrets)
    }

    public static func line(_ typed: TypedAuth) -> String {
        "auth \(typed.auth.scheme.displayName) \(typed.auth.user)" + (typed.missing != nil ? "" : " " + typed.auth.secret)
    }
}
