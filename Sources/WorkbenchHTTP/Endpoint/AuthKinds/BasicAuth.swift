import WorkbenchBasics

/// `auth basic USER[:PASSWORD]`: `Authorization: Basic base64(user:password)`, built by the
/// workbench so `show` and the exports print it. `auth basic KEY:` (curl's `-u KEY:`, an
/// API key as the user name) has an empty password, and the user is the secret.
public enum BasicAuth: TypedAuthKind {
    public static func grpcRefusal(_ auth: Auth) -> String? { nil }

    public static func summary(_ auth: Auth) -> String {
        auth.keyIsTheUser ? "basic \(Variables.mask): (empty password)" : "basic \(auth.user):\(Variables.mask)"
    }

    public static func secretReferences(_ auth: Auth) -> [String] {
        [auth.keyIsTheUser ? auth.user : auth.secret]
    }

    public static func apply(_ auth: Auth, in scope: VariableScope) throws(WorkbenchError) -> AuthEffect {
        var effect = AuthEffect()
        guard !scope.masksSecrets else {
            effect.headers = [HeaderField(name: "Authorization", value: "Basic " + Variables.mask)]
            return effect
        }
        let pair = try Template.expand(auth.user, in: scope) + ":" + (try Template.expand(auth.secret, in: scope))
        effect.headers = [HeaderField(name: "Authorization", value: Auth.basicCredentials(pair))]
        return effect
    }

    public static func howToGiveAgain(_ auth: Auth, reference: String) -> String {
        if auth.keyIsTheUser { return "the key of `auth basic KEY:`: type `auth basic KEY:` again" }
        return "the password of `auth basic \(auth.user)`: type `auth basic \(auth.user)` again"
    }

    /// Both clients encode `Basic USER PASSWORD` themselves.
    public static func httpFileLines(_ auth: Auth) -> [String] {
        [auth.secret.isEmpty ? "Authorization: Basic \(auth.user):" : "Authorization: Basic \(auth.user) \(auth.secret)"]
    }

    public static func hurlLines(_ auth: Auth) -> [String] {
        ["[BasicAuth]", "\(auth.user): \(auth.secret)"]
    }

    public static func postman(_ auth: Auth) -> JSONValue {
        postmanAuth("basic", [("username", auth.user), ("password", auth.secret)])
    }

    /// Base64 of values known only when sent: encoded by the exported code itself.
    public static func swiftHeader(_ auth: Auth, text: (String) throws(WorkbenchError) -> String) throws(WorkbenchError) -> String? {
        let pair = try text(auth.user + ":" + auth.secret)
        return "(name: \"Authorization\", value: \"Basic \" + Data(\(pair).utf8).base64EncodedString())"
    }
}

/// `auth basic USER[:PASSWORD]`'s words (digest's are the same).
extension BasicAuth {
    public static let names = ["basic"]
    public static let usage = ["auth basic USER[:PASSWORD]"]
    public static let secretExamples = ["auth basic ana:SECRET", "auth basic SECRET:"]
    public static let secretVariables = ["auth_password", "auth_user"]

    public static func parse(_ words: [String], name: String) throws(WorkbenchError) -> TypedAuth {
        try parseUserAndPassword(words, scheme: .basic)
    }

    public static func line(_ typed: TypedAuth) -> String { userAndPasswordLine(typed) }

    /// `USER[:PASSWORD]` of basic and digest: without a colon the password is asked for.
    static func parseUserAndPassword(_ words: [String], scheme: Auth.Scheme) throws(WorkbenchError) -> TypedAuth {
        guard words.count == 1 else { throw usageError("expected USER or USER:PASSWORD after `auth \(scheme.rawValue)`") }
        let credentials = words[0]
        let colon = credentials.firstIndex(of: ":")
        let user = String(credentials[..<(colon ?? credentials.endIndex)])
        guard !user.isEmpty else { throw usageError("the user name is empty") }
        try Template.validate(user)
        guard let colon else {
            return TypedAuth(
                auth: Auth(scheme: scheme, user: user, secret: ""), secrets: [SecretField(.secret, variable: "auth_password")],
                missing: MissingSecret(
                    .secret, noun: "password", question: "password for \(user)", example: "auth \(scheme.rawValue) \(user):PASSWORD"))
        }
        let password = String(credentials[credentials.index(after: colon)...])
        try Template.validate(password)
        return typed(scheme, user: user, password: password)
    }

    /// `USER:PASSWORD` (as a URL's `user:password@` gives it too). An empty password, as
    /// `curl -u KEY:` has it, makes the user name the credential (an API key): it is the
    /// secret kept.
    public static func typed(_ scheme: Auth.Scheme = .basic, user: String, password: String) -> TypedAuth {
        TypedAuth(
            auth: Auth(scheme: scheme, user: user, secret: password),
            secrets: [password.isEmpty ? SecretField(.user, variable: "auth_user") : SecretField(.secret, variable: "auth_password")])
    }

    static func userAndPasswordLine(_ typed: TypedAuth) -> String {
        let auth = typed.auth
        return "auth \(auth.scheme.rawValue) \(auth.user)" + (typed.missing != nil ? "" : ":" + auth.secret)
    }
}
