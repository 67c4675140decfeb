import WorkbenchBasics

/// `auth basic USER[:PASSWORD]`: `Authorization: Basic base64(user:password)`, built by the
/// workbench so `show` and the exports print it. `auth basic KEY:` (curl's `-u KEY:`, an
/// API key as the user name) has an empty password, and the user is the secret.
public enum BasicAuth: AuthKind {
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
