import WorkbenchBasics

/// `auth basic|digest|bearer|apikey|aws-sigv4|oauth2`: credentials for the requests that follow.
///
/// The secret (a password or a token) is never held here in the clear: it is
/// a template, `{{auth_password}}` or `{{auth_token}}` (a secret variable the
/// `auth` command sets) or one the user typed (`{{env.TOKEN}}`). So session
/// files keep the scheme, the user and the reference, and a replay is given
/// the value as any secret variable (`--var`, `WORKBENCH_VAR_NAME`).
public struct Auth: Equatable, Sendable {
    public enum Scheme: String, Equatable, Sendable, CaseIterable {
        /// `Authorization: Basic base64(user:password)`, built by the workbench so `show` and `curl` print it.
        case basic
        /// RFC 7616 digest, answered by libcurl (CURLAUTH_DIGEST) after the server's challenge.
        case digest
        /// `Authorization: Bearer TOKEN`.
        case bearer
        /// `auth apikey header NAME`: the key as the header NAME (`user` holds the name).
        case apiKeyHeader = "apikey-header"
        /// `auth apikey query NAME`: the key as the query item NAME, added to every target.
        case apiKeyQuery = "apikey-query"
        /// AWS Signature Version 4, computed by libcurl (CURLOPT_AWS_SIGV4);
        /// `user` is the access key id, `secret` the secret access key, `aws` the rest.
        case awsSigV4 = "aws-sigv4"
        /// OAuth 2.0: `secret` refers to the access token a flow obtained, `oauth2` holds the flow.
        case oauth2

        /// The secret variable a literal value typed with `auth` goes into.
        public var variableName: String {
            switch self {
            case .basic, .digest: "auth_password"
            case .bearer: "auth_token"
            case .apiKeyHeader, .apiKeyQuery: "api_key"
            case .awsSigV4: "aws_secret_key"
            case .oauth2: "oauth2_token"
            }
        }

        /// The kind's implementation (`AuthKinds/`): the one mapping from a scheme to its file,
        /// which registers the kind with everything that reads the kinds.
        public var kind: any AuthKind.Type {
            switch self {
            case .basic: BasicAuth.self
            case .digest: DigestAuth.self
            case .bearer: BearerAuth.self
            case .apiKeyHeader, .apiKeyQuery: APIKeyAuth.self
            case .awsSigV4: AWSSigV4Auth.self
            case .oauth2: OAuth2Auth.self
            }
        }

        /// How `auth` and held-back notes name it: `apikey header`, `aws-sigv4`.
        public var displayName: String {
            switch self {
            case .apiKeyHeader: "apikey header"
            case .apiKeyQuery: "apikey query"
            default: rawValue
            }
        }
    }

    public var scheme: Scheme
    /// The user name as typed (templates allowed); empty for bearer.
    public var user: String
    /// The password or token: always a template.
    public var secret: String
    /// The origin the credentials belong to (`Endpoint.credentialOrigin` when
    /// they were given): they are sent there only. Nil until a base is set.
    public var origin: String?
    /// `aws-sigv4`: region, service and the session token's reference.
    public var aws: AWSSigV4Settings?
    /// `oauth2`: the flow's settings and what it obtained (references and expiry, never values).
    public var oauth2: OAuth2Settings?

    public init(
        scheme: Scheme, user: String, secret: String, origin: String? = nil,
        aws: AWSSigV4Settings? = nil, oauth2: OAuth2Settings? = nil
    ) {
        self.scheme = scheme
        self.user = user
        self.secret = secret
        self.origin = origin
        self.aws = aws
        self.oauth2 = oauth2
    }

    /// `auth basic KEY:` (curl's `-u KEY:`): an empty password, so the user name is
    /// the credential (an API key) and is the secret.
    public var keyIsTheUser: Bool {
        (scheme == .basic || scheme == .digest) && secret.isEmpty
    }

    /// `Basic base64(user:password)`, the value of an Authorization (or
    /// Proxy-Authorization) header, from the `user:password` pair.
    public static func basicCredentials(_ userAndPassword: String) -> String {
        "Basic " + SecretRedactor.base64(Array(userAndPassword.utf8))
    }
}

/// What libcurl needs to answer a digest challenge (CURLOPT_USERNAME, CURLOPT_PASSWORD).
public struct DigestCredentials: Equatable, Sendable {
    public var user: String
    public var password: String

    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }
}
