import WorkbenchBasics

/// `auth bearer [TOKEN]`: `Authorization: Bearer TOKEN`.
public enum BearerAuth: AuthKind {
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
