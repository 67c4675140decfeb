import WorkbenchBasics

/// `auth digest USER[:PASSWORD]`: RFC 7616 digest, answered by libcurl (CURLAUTH_DIGEST)
/// after the server's challenge, so no header is built.
public enum DigestAuth: TypedAuthKind {
    public static func grpcRefusal(_ auth: Auth) -> String? {
        "it answers an HTTP 401 challenge, which a gRPC server does not send, so nothing would go"
    }

    public static func summary(_ auth: Auth) -> String {
        auth.keyIsTheUser ? "digest \(Variables.mask): (empty password)" : "digest \(auth.user):\(Variables.mask)"
    }

    public static func secretReferences(_ auth: Auth) -> [String] {
        [auth.keyIsTheUser ? auth.user : auth.secret]
    }

    public static func apply(_ auth: Auth, in scope: VariableScope) throws(WorkbenchError) -> AuthEffect {
        var effect = AuthEffect()
        let user = scope.masksSecrets && auth.keyIsTheUser ? Variables.mask : try Template.expand(auth.user, in: scope)
        let password = auth.keyIsTheUser ? "" : try secretValue(auth.secret, in: scope)
        effect.digest = DigestCredentials(user: user, password: password)
        return effect
    }

    public static func howToGiveAgain(_ auth: Auth, reference: String) -> String {
        if auth.keyIsTheUser { return "the key of `auth digest KEY:`: type `auth digest KEY:` again" }
        return "the password of `auth digest \(auth.user)`: type `auth digest \(auth.user)` again"
    }

    /// Both clients answer a digest challenge from `Digest USER PASSWORD`.
    public static func httpFileLines(_ auth: Auth) -> [String] {
        ["Authorization: Digest \(auth.user) \(auth.secret)"]
    }

    public static func hurlLines(_ auth: Auth) -> [String] {
        ["# not expressible in Hurl: auth digest \(auth.user) (Hurl files have no digest auth)"]
    }

    public static func postman(_ auth: Auth) -> JSONValue {
        postmanAuth("digest", [("username", auth.user), ("password", auth.secret)])
    }

    public static func swiftHeader(_ auth: Auth, text: (String) throws(WorkbenchError) -> String) throws(WorkbenchError) -> String? {
        throw WorkbenchError(
            "export swift: digest auth is answered by the server's challenge, which URLRequest cannot carry; `export curl` writes it")
    }
}

/// `auth digest USER[:PASSWORD]`'s words: basic's.
extension DigestAuth {
    public static let names = ["digest"]
    public static let usage = ["auth digest USER[:PASSWORD]"]
    public static let secretExamples = ["auth digest ana:SECRET"]
    public static let secretVariables = ["auth_password", "auth_user"]

    public static func parse(_ words: [String], name: String) throws(WorkbenchError) -> TypedAuth {
        try BasicAuth.parseUserAndPassword(words, scheme: .digest)
    }

    public static func line(_ typed: TypedAuth) -> String { BasicAuth.userAndPasswordLine(typed) }
}
