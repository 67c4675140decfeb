import WorkbenchBasics

/// `auth bearer [TOKEN]`: `Authorization: Bearer TOKEN`.
public enum BearerAuth: TypedAuthKind {
    public static func grpcRefusal(_ auth: Auth) -> String? { nil }

    public static func summary(_ auth: Auth) -> String { "bearer \(Variables.mask)" }

    public static func secretReferences(_ auth: Auth) -> [String] { [auth.secret] }

    public static func apply(_ auth: Auth, in scope: VariableScope) throws(WorkbenchError) -> AuthEffect {
        try header(token: auth.secret, in: scope)
    }

    /// The bearer header, shared with OAuth 2.0, whose token is sent the same way.
    static func header(token template: String, in scope: VariableScope) throws(WorkbenchError) -> AuthEffect {
        var effect = AuthEffect()
        let token = try secretValue(template, in: scope)
        try HTTPSyntax.checkHeaderValue(token, name: "Authorization")
        effect.headers = [HeaderField(name: "Authorization", value: "Bearer " + token)]
        return effect
    }

    public static func howToGiveAgain(_ auth: Auth, reference: String) -> String {
        "the token of `auth bearer`: type `auth bearer` again"
    }

    public static func httpFileLines(_ auth: Auth) -> [String] { ["Authorization: Bearer \(auth.secret)"] }

    public static func hurlLines(_ auth: Auth) -> [String] { ["Authorization: Bearer \(auth.secret)"] }

    public static func postman(_ auth: Auth) -> JSONValue { postmanAuth("bearer", [("token", auth.secret)]) }
}

/// `auth bearer [TOKEN]`'s words: without a token it is asked for.
extension BearerAuth {
    public static let names = ["bearer"]
    public static let usage = ["auth bearer [TOKEN]"]
    public static let secretExamples = ["auth bearer SECRET"]
    public static let secretVariables = ["auth_token"]

    public static func parse(_ words: [String], name: String) throws(WorkbenchError) -> TypedAuth {
        guard words.count <= 1 else { throw usageError("expected one TOKEN (quote it if it has spaces)") }
        let secrets = [SecretField(.secret, variable: "auth_token")]
        guard let token = words.first else {
            return TypedAuth(
                auth: Auth(scheme: .bearer, user: "", secret: ""), secrets: secrets,
                missing: MissingSecret(.secret, noun: "token", question: "token", example: "auth bearer TOKEN"))
        }
        guard !token.isEmpty else { throw usageError("the token is empty") }
        try Template.validate(token)
        return TypedAuth(auth: Auth(scheme: .bearer, user: "", secret: token), secrets: secrets)
    }

    public static func line(_ typed: TypedAuth) -> String {
        "auth bearer" + (typed.missing != nil ? "" : " " + typed.auth.secret)
    }
}
