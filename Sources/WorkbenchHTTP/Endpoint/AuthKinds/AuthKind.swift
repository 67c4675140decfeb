import WorkbenchBasics

/// One auth kind, in one file (DESIGN, "Auth flows"): how it applies to a request, the
/// secrets it holds, what `auth` and the prompt show of it, how a loaded session asks
/// for its secret again, and how it is written by the exports that keep references
/// (`.http`, Hurl, Postman, Swift). The curl and HTTPie commands are built from the
/// prepared request (what `AuthEffect` hands libcurl or the signer), so a kind reaches
/// them through `apply`.
///
/// A new kind is this protocol in one file (and `TypedAuthKind`, when `auth KIND ...` sets
/// it: its words, usage, parsing and the line written back), registered by its case in
/// `Auth.Scheme` and the `kind` mapping beside it (`Auth.swift`); help, Tab, the parser, the hidden prompt and
/// the history file's masking read the kinds from there.
public protocol AuthKind: Sendable {
    /// `basic ana:******`, `bearer ******`: what `auth` and the prompt show.
    static func summary(_ auth: Auth) -> String
    /// The templates whose values are secrets: masked even from a plain variable.
    static func secretReferences(_ auth: Auth) -> [String]
    /// Every template the auth refers to: its user, its secret and its settings' references.
    static func references(_ auth: Auth) -> [String]
    /// Whether `apply` gives a query item: the target is built (and its errors said) before
    /// the headers, so only such a kind is applied there.
    static func addsQueryItem(_ auth: Auth) -> Bool
    /// What the auth adds to a request built in `scope` (masked in a masking scope).
    static func apply(_ auth: Auth, in scope: VariableScope) throws(WorkbenchError) -> AuthEffect
    /// How to give the secret `reference` again after `load`, in the words that set it.
    static func howToGiveAgain(_ auth: Auth, reference: String) -> String
    /// `.http` lines (JetBrains, VS Code); `auth`'s user and secret are references there.
    static func httpFileLines(_ auth: Auth) -> [String]
    /// Hurl lines after the headers (`[BasicAuth]`); options go with the other options.
    static func hurlLines(_ auth: Auth) -> [String]
    /// Hurl `[Options]` lines.
    static func hurlOptions(_ auth: Auth) -> [String]
    /// The kind's settings as a session file keeps them, beside scheme, user and secret:
    /// references, never values.
    static func savedMembers(_ auth: Auth) -> [JSONMember]
    /// Reads them back from the auth's object in a session file (`path` names it in errors).
    static func readSaved(_ object: JSONValue, path: String, reader: some SavedFieldReader, into auth: inout Auth) throws(WorkbenchError)
    /// Postman's `auth` object.
    static func postman(_ auth: Auth) -> JSONValue
    /// Swift's `URLRequest` header value for the kinds whose header must be encoded by the
    /// exported code, nil when the built header is right; throws when URLRequest cannot carry it.
    static func swiftHeader(_ auth: Auth, text: (String) throws(WorkbenchError) -> String) throws(WorkbenchError) -> String?
    /// Why the auth cannot go with a gRPC call, or nil when it goes as metadata (the headers
    /// `apply` gives; AWS SigV4: libcurl's signature over the framed body). No default: a new
    /// kind says it here, in its own file.
    static func grpcRefusal(_ auth: Auth) -> String?
}

/// How a kind reads its saved settings: the session reader's accessors, each naming the
/// field in its error (`s.json: field 'endpoint.auth.aws.region': missing`).
public protocol SavedFieldReader {
    func fail(_ path: String, _ problem: String) -> WorkbenchError
    func object(_ value: JSONValue?, _ path: @autoclosure () -> String) throws(WorkbenchError) -> JSONValue
    func string(_ value: JSONValue?, _ path: @autoclosure () -> String) throws(WorkbenchError) -> String
    func optionalString(_ value: JSONValue?, _ path: @autoclosure () -> String) throws(WorkbenchError) -> String?
    func bool(_ value: JSONValue?, _ path: @autoclosure () -> String, default fallback: Bool) throws(WorkbenchError) -> Bool
    func integer(_ value: JSONValue?, _ path: @autoclosure () -> String) throws(WorkbenchError) -> Int
}

/// What an auth adds to a request as it is built.
public struct AuthEffect: Sendable {
    /// Headers (`Authorization`, an API key, `X-Amz-Security-Token`): a typed header of the same name wins.
    public var headers: [HeaderField] = []
    /// `auth apikey query NAME`: the item added last to the query.
    public var queryItem: (name: String, value: String)?
    /// Answered by libcurl's digest engine after the server's challenge.
    public var digest: DigestCredentials?
    /// Signed when the request is sent (`AWSSigV4Signing`).
    public var awsSigV4: AWSSigV4Credentials?

    public init() {}
}

extension PreparedRequest {
    /// Takes what an auth hands the transport (digest credentials, a signature to make).
    mutating func take(_ effect: AuthEffect) {
        digest = effect.digest
        awsSigV4 = effect.awsSigV4
    }

    /// On a redirect to another origin: nothing of the auth goes along.
    mutating func dropAuthEffects() {
        take(AuthEffect())
    }
}

extension AuthKind {
    /// A secret template expanded, or the mask in a masking scope (auth values are
    /// secrets even when they come from a plain variable).
    static func secretValue(_ template: String, in scope: VariableScope) throws(WorkbenchError) -> String {
        scope.masksSecrets ? Variables.mask : try Template.expand(template, in: scope)
    }

    /// Postman's `{"key", "value", "type"}` pair.
    static func postmanPair(_ key: String, _ value: String) -> JSONValue {
        .object([
            JSONMember(key: "key", value: .string(key)), JSONMember(key: "value", value: .string(value)),
            JSONMember(key: "type", value: .string("string")),
        ])
    }

    /// Postman's `{"type": TYPE, TYPE: [pairs]}`.
    static func postmanAuth(_ type: String, _ pairs: [(String, String)]) -> JSONValue {
        .object([
            JSONMember(key: "type", value: .string(type)),
            JSONMember(key: type, value: .array(pairs.map { postmanPair($0.0, $0.1) })),
        ])
    }

    public static func swiftHeader(_ auth: Auth, text: (String) throws(WorkbenchError) -> String) throws(WorkbenchError) -> String? { nil }
    public static func hurlLines(_ auth: Auth) -> [String] { [] }
    public static func hurlOptions(_ auth: Auth) -> [String] { [] }
    public static func addsQueryItem(_ auth: Auth) -> Bool { false }
    public static func savedMembers(_ auth: Auth) -> [JSONMember] { [] }
    public static func readSaved(_ object: JSONValue, path: String, reader: some SavedFieldReader, into auth: inout Auth)
        throws(WorkbenchError)
    {}

    /// Templates of saved settings checked, the error naming `path`.
    static func checkTemplates(_ texts: [String], path: String, reader: some SavedFieldReader) throws(WorkbenchError) {
        do throws(WorkbenchError) {
            for text in texts { try Template.validate(text) }
        } catch {
            throw reader.fail(path, error.message)
        }
    }
    public static func references(_ auth: Auth) -> [String] { [auth.user, auth.secret] }
}
