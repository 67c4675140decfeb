import WorkbenchBasics

/// An auth as `auth KIND ...` typed it, read by its kind (`TypedAuthKind.parse`), before the
/// workspace keeps its literal secrets as secret variables: what the command carries, the
/// history file masks and the hidden prompt completes.
public struct TypedAuth: Equatable, Sendable {
    /// The auth with its fields as typed: a literal, a template, or empty where `missing`
    /// says it is asked for.
    public var auth: Auth
    /// The fields holding a secret, each with the secret variable a literal value goes into.
    public var secrets: [SecretField]
    /// The secret left out, asked for with hidden input; nil when none is.
    public var missing: MissingSecret?

    public init(auth: Auth, secrets: [SecretField], missing: MissingSecret? = nil) {
        self.auth = auth
        self.secrets = secrets
        self.missing = missing
    }

    /// The kind that read it.
    public var kind: any TypedAuthKind.Type {
        // Every scheme `auth KIND` sets is typed: `parse` made this value.
        auth.scheme.kind as! any TypedAuthKind.Type
    }

    /// The line as it may be kept (the history file): each literal secret masked; nil when
    /// the line holds none (references, a value to be asked for).
    public var maskedLine: String? {
        var masked = self
        var any = false
        for secret in secrets where secret.field != missing?.field {
            let value = auth[secret.field]
            guard !value.isEmpty, !Template.hasReferences(value) else { continue }
            masked.auth[secret.field] = Variables.mask
            any = true
        }
        return any ? kind.line(masked) : nil
    }

    /// The same auth with the value that was asked for.
    public func answered(_ value: String) -> TypedAuth {
        guard let missing else { return self }
        var answered = self
        answered.auth[missing.field] = value
        answered.missing = nil
        return answered
    }
}

/// A field of an `Auth` that may hold a secret: a kind whose settings hold one more names it
/// here.
public enum AuthField: Equatable, Sendable {
    case user
    case secret
    /// `aws-sigv4 --session-token`.
    case sessionToken
}

extension Auth {
    public subscript(field: AuthField) -> String {
        get {
            switch field {
            case .user: user
            case .secret: secret
            case .sessionToken: aws?.sessionToken ?? ""
            }
        }
        set {
            switch field {
            case .user: user = newValue
            case .secret: secret = newValue
            case .sessionToken: aws?.sessionToken = newValue
            }
        }
    }
}

/// A field of a typed auth that holds a secret, and the secret variable a literal value goes
/// into (`auth_password`, `api_key`).
public struct SecretField: Equatable, Sendable {
    public var field: AuthField
    public var variable: String

    public init(_ field: AuthField, variable: String) {
        self.field = field
        self.variable = variable
    }
}

/// The secret an `auth` line left out, asked for with hidden input.
public struct MissingSecret: Equatable, Sendable {
    public var field: AuthField
    /// `password`, `token`, `key`, `secret access key`: what is missing.
    public var noun: String
    /// `password for ana`: what the hidden prompt asks for.
    public var question: String
    /// `auth basic ana:PASSWORD`: how a script gives it instead.
    public var example: String

    public init(_ field: AuthField, noun: String, question: String, example: String) {
        self.field = field
        self.noun = noun
        self.question = question
        self.example = example
    }
}

/// A kind `auth KIND ...` names: the words and usage lines help and Tab read, and the
/// secret variables its values go into. A kind set by its words is a `TypedAuthKind`;
/// OAuth 2.0, whose words run a flow, reads them into an `OAuth2Command`.
public protocol NamedAuthKind: AuthKind {
    /// The words after `auth` that name the kind (`apikey`, `api-key`): the first is the one
    /// help and Tab offer.
    static var names: [String] { get }
    /// `auth`'s usage lines for the kind.
    static var usage: [String] { get }
    /// The secret variables a literal value typed with the kind (or obtained for it) goes
    /// into: `auth none` removes those (and numbered ones, `auth_token_2`) when the auth
    /// referred to them.
    static var secretVariables: [String] { get }
    /// What `help auth` says of the kind beyond its usage, if anything.
    static var helpNote: String? { get }
}

extension NamedAuthKind {
    public static var helpNote: String? { nil }

    /// `auth: PROBLEM; see `help auth``.
    static func usageError(_ problem: String) -> WorkbenchError {
        WorkbenchError("auth: \(problem); see `help auth`")
    }
}

/// A kind `auth KIND ...` sets by its words: it reads them, and writes them back (the
/// history file, with the secrets masked).
public protocol TypedAuthKind: NamedAuthKind {
    /// Lines that carry a credential, `SECRET` standing for the value (the walk of every
    /// declaration that carries a secret greps every output and file for it).
    static var secretExamples: [String] { get }
    /// The words after the kind's name (`name` as typed, lower-cased).
    static func parse(_ words: [String], name: String) throws(WorkbenchError) -> TypedAuth
    /// The line that types `typed` (its missing secret left out).
    static func line(_ typed: TypedAuth) -> String
}

/// The kinds `auth KIND ...` names, in the order help lists them: every scheme's kind that
/// has words (`Auth.Scheme.kind`, the one registration).
public enum NamedAuthKinds {
    public static let all: [any NamedAuthKind.Type] = {
        var kinds: [any NamedAuthKind.Type] = []
        for scheme in Auth.Scheme.allCases {
            guard let kind = scheme.kind as? any NamedAuthKind.Type,
                !kinds.contains(where: { ObjectIdentifier($0) == ObjectIdentifier(kind) })
            else { continue }
            kinds.append(kind)
        }
        return kinds
    }()

    /// Every secret variable `auth` makes, for any kind.
    public static let secretVariables: [String] = all.flatMap { $0.secretVariables }
}

/// The kinds `auth KIND ...` sets, in the order help lists them: every scheme's kind that is
/// typed (`Auth.Scheme.kind`, the one registration).
public enum TypedAuthKinds {
    public static let all: [any TypedAuthKind.Type] = {
        var kinds: [any TypedAuthKind.Type] = []
        for scheme in Auth.Scheme.allCases {
            guard let kind = scheme.kind as? any TypedAuthKind.Type,
                !kinds.contains(where: { ObjectIdentifier($0) == ObjectIdentifier(kind) })
            else { continue }
            kinds.append(kind)
        }
        return kinds
    }()

    /// The kind a word after `auth` names, in any case.
    public static func named(_ word: String) -> (any TypedAuthKind.Type)? {
        let lowered = word.lowercased()
        return all.first { $0.names.contains(lowered) }
    }

}
