import WorkbenchBasics

/// The settings of the auth kinds beyond a user and a secret: API keys, AWS
/// Signature Version 4 and OAuth 2.0 (DESIGN, "Auth flows"). Like `Auth`, they
/// hold references to secret variables (`{{aws_session_token}}`), never
/// values, so a saved session keeps the settings and a replay is given the
/// values as any secret.

/// `auth aws-sigv4 KEY[:SECRET] REGION SERVICE [--session-token T]`.
public struct AWSSigV4Settings: Equatable, Sendable {
    public var region: String
    public var service: String
    /// A reference to the session token of temporary credentials (sent as
    /// `X-Amz-Security-Token`, which libcurl signs with the other headers).
    public var sessionToken: String?

    public init(region: String, service: String, sessionToken: String? = nil) {
        self.region = region
        self.service = service
        self.sessionToken = sessionToken
    }

    /// libcurl's provider string (CURLOPT_AWS_SIGV4, curl's `--aws-sigv4`).
    public var provider: String { "aws:amz:\(region):\(service)" }
}

/// What libcurl needs to sign a request with AWS Signature Version 4.
public struct AWSSigV4Credentials: Equatable, Sendable {
    /// `aws:amz:REGION:SERVICE`.
    public var provider: String
    public var accessKey: String
    public var secretKey: String

    public init(provider: String, accessKey: String, secretKey: String) {
        self.provider = provider
        self.accessKey = accessKey
        self.secretKey = secretKey
    }
}

/// `auth oauth2 client-credentials|device|code ...`: the flow as typed, and
/// what it obtained as references to secret variables.
public struct OAuth2Settings: Equatable, Sendable {
    public enum Flow: String, Equatable, Sendable, CaseIterable {
        /// RFC 6749 4.4.
        case clientCredentials = "client-credentials"
        /// RFC 8628.
        case device
        /// RFC 6749 4.1 with PKCE (RFC 7636).
        case code
    }

    public var flow: Flow
    public var tokenURL: String
    /// `device`: the device authorization endpoint; `code`: the authorization endpoint.
    public var authorizationURL: String?
    public var clientID: String
    /// A reference to the client secret (`{{oauth2_client_secret}}`); nil for a public client.
    public var clientSecret: String?
    public var scope: String?
    /// `code`: the loopback port asked for (`--port`); nil takes a free one.
    public var port: Int?
    /// The server refused HTTP Basic client authentication and took the
    /// credentials in the body (RFC 6749 2.3.1): asked that way from then on.
    public var clientAuthInBody = false
    /// A reference to the refresh token, once one was issued.
    public var refreshToken: String?
    /// When the access token runs out (seconds since 1970); nil when unknown or none yet.
    public var expiresAt: Double?
    /// The scope the server granted, when it said.
    public var grantedScope: String?

    public init(flow: Flow, tokenURL: String, authorizationURL: String? = nil, clientID: String,
                clientSecret: String? = nil, scope: String? = nil, port: Int? = nil) {
        self.flow = flow
        self.tokenURL = tokenURL
        self.authorizationURL = authorizationURL
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.scope = scope
        self.port = port
    }

    /// The settings alone, as saved: what a flow obtained is left out.
    public var settingsOnly: OAuth2Settings {
        var copy = self
        copy.refreshToken = nil
        copy.expiresAt = nil
        copy.grantedScope = nil
        return copy
    }
}

extension Auth {
    /// `apikey header X-Api-Key ******`, `aws-sigv4 AKID:****** us-east-1 s3`, `oauth2 client-credentials ...`.
    var kindSummary: String {
        switch scheme {
        case .apiKeyHeader, .apiKeyQuery:
            return "\(scheme.displayName) \(user) \(Variables.mask)"
        case .awsSigV4:
            let region = aws?.region ?? "?"
            let service = aws?.service ?? "?"
            return "aws-sigv4 \(user):\(Variables.mask) \(region) \(service)"
                + (aws?.sessionToken != nil ? " (session token \(Variables.mask))" : "")
        case .oauth2:
            guard let oauth2 else { return "oauth2" }
            return "oauth2 \(oauth2.flow.rawValue) client \(oauth2.clientID)"
        case .basic, .digest, .bearer:
            return summary
        }
    }

    /// Every template the auth refers to: the secret and the kinds' references.
    public var references: [String] {
        var texts = [user, secret]
        if let token = aws?.sessionToken { texts.append(token) }
        if let oauth2 {
            texts += [oauth2.tokenURL, oauth2.clientID]
            if let url = oauth2.authorizationURL { texts.append(url) }
            if let secret = oauth2.clientSecret { texts.append(secret) }
            if let refresh = oauth2.refreshToken { texts.append(refresh) }
        }
        return texts
    }

    /// The templates whose values are secrets: masked even when they come from a plain variable.
    public var secretReferences: [String] {
        var texts = [keyIsTheUser ? user : secret]
        if let token = aws?.sessionToken { texts.append(token) }
        if let secret = oauth2?.clientSecret { texts.append(secret) }
        if let refresh = oauth2?.refreshToken { texts.append(refresh) }
        return texts
    }

    /// `auth apikey query NAME`: the query item, the key expanded (or masked).
    func queryItem(in scope: VariableScope) throws(WorkbenchError) -> (name: String, value: String)? {
        guard scheme == .apiKeyQuery else { return nil }
        let key = scope.masksSecrets ? Variables.mask : try Template.expand(secret, in: scope)
        return (user, key)
    }

    /// Headers an auth adds beside `header(in:)`: the session token of AWS temporary credentials.
    func extraHeaders(in scope: VariableScope) throws(WorkbenchError) -> [HeaderField] {
        guard scheme == .awsSigV4, let token = aws?.sessionToken else { return [] }
        let value = scope.masksSecrets ? Variables.mask : try Template.expand(token, in: scope)
        try HTTPSyntax.checkHeaderValue(value, name: "X-Amz-Security-Token")
        return [HeaderField(name: "X-Amz-Security-Token", value: value)]
    }

    /// What libcurl signs with; nil for the other kinds.
    func awsCredentials(in scope: VariableScope) throws(WorkbenchError) -> AWSSigV4Credentials? {
        guard scheme == .awsSigV4, let aws else { return nil }
        let secretKey = scope.masksSecrets ? Variables.mask : try Template.expand(secret, in: scope)
        return AWSSigV4Credentials(provider: aws.provider, accessKey: try Template.expand(user, in: scope), secretKey: secretKey)
    }
}
