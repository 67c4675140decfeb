import WorkbenchBasics

/// The OAuth 2.0 messages the workbench exchanges with an authorization
/// server, as pure functions: the token and device authorization requests
/// (RFC 6749 3.2, 4.4, 6; RFC 8628 3.1, 3.4; RFC 7636) built as
/// `PreparedRequest`s, and the servers' JSON replies read back. The
/// interpreter sends them through the same transport as every request
/// (`OAuth2Flow`).
///
/// Hand-written because no Swift OAuth client on the mirror works over a
/// caller's transport; the protocol here is only form bodies and JSON.
public enum OAuth2Protocol {
    /// The bound on a token endpoint's reply: tokens are small.
    static let maxReplyBytes = 256 * 1024

    /// The client's credentials, expanded.
    public struct Client: Equatable, Sendable {
        public var id: String
        public var secret: String?
        /// RFC 6749 2.3.1: in the body (`client_secret_post`) instead of HTTP Basic.
        public var inBody: Bool

        public init(id: String, secret: String?, inBody: Bool) {
            self.id = id
            self.secret = secret
            self.inBody = inBody
        }
    }

    /// A token endpoint's successful reply (RFC 6749 5.1).
    public struct Token: Equatable, Sendable {
        public var accessToken: String
        public var tokenType: String
        public var expiresIn: Double?
        public var refreshToken: String?
        public var scope: String?
    }

    /// A device authorization reply (RFC 8628 3.2).
    public struct DeviceAuthorization: Equatable, Sendable {
        public var deviceCode: String
        public var userCode: String
        public var verificationURI: String
        public var verificationURIComplete: String?
        public var expiresIn: Double
        public var interval: Double
    }

    /// What a token endpoint answered.
    public enum Reply: Equatable, Sendable {
        case token(Token)
        /// RFC 6749 5.2: `error` and, when sent, `error_description`.
        case error(code: String, description: String?, status: Int)
    }

    /// A form POST to `url` with `fields`; the values of `secretFields` (and the
    /// client secret) are masked in the shown form, before encoding.
    public static func formRequest(
        url: String, fields: [(name: String, value: String)], secretFields: Set<String>, client: Client?
    ) throws(WorkbenchError) -> PreparedRequest {
        // The values go in as variables so that `prepare` builds the shown form masked, as for any request.
        var variables = Variables()
        var formFields: [FormField] = []
        var all = fields
        if let client {
            if client.inBody || client.secret == nil {
                all.append(("client_id", client.id))
                if let secret = client.secret { all.append(("client_secret", secret)) }
            }
        }
        for (index, field) in all.enumerated() {
            let name = "oauth2_field_\(index)"
            variables.set(name, to: field.value, secret: secretFields.contains(field.name) || field.name == "client_secret")
            formFields.append(FormField(name: field.name, value: "{{\(name)}}"))
        }
        var endpoint = Endpoint(
            base: url, method: "POST",
            headers: [HeaderField(name: "Accept", value: "application/json")], body: .form(formFields))
        if let client, let secret = client.secret, !client.inBody {
            // RFC 6749 2.3.1: both form-encoded before they are joined and Base64-encoded.
            variables.set("oauth2_client_id", to: PercentEncoding.formComponent(client.id))
            variables.set("oauth2_client_secret", to: PercentEncoding.formComponent(secret), secret: true)
            endpoint.auth = Auth(scheme: .basic, user: "{{oauth2_client_id}}", secret: "{{oauth2_client_secret}}")
        }
        return try endpoint.prepare(in: VariableScope(variables: variables))
    }

    /// The token request of a grant: `grant_type` and its parameters.
    public static func tokenRequest(
        url: String, grant: [(name: String, value: String)], client: Client
    ) throws(WorkbenchError) -> PreparedRequest {
        try formRequest(
            url: url, fields: grant,
            secretFields: ["refresh_token", "code", "code_verifier", "device_code"], client: client)
    }

    /// Reads a token endpoint's reply: a token on 200 with `access_token`, the
    /// server's error otherwise; anything else is one clear error.
    public static func readTokenReply(_ response: HTTPResponse, from url: String) throws(WorkbenchError) -> Reply {
        let object = try replyObject(response, from: url)
        if let code = object["error"]?.stringValue {
            return .error(code: code, description: object["error_description"]?.stringValue, status: response.statusCode)
        }
        guard response.statusCode == 200, let accessToken = object["access_token"]?.stringValue, !accessToken.isEmpty else {
            throw WorkbenchError("the token endpoint \(url) answered \(response.statusCode) without an access_token")
        }
        let tokenType = object["token_type"]?.stringValue ?? "Bearer"
        guard tokenType.lowercased() == "bearer" else {
            throw WorkbenchError(
                "the token endpoint \(url) issued a '\(Template.oneLine(tokenType.prefix(40)))' token; only Bearer tokens are supported")
        }
        return .token(
            Token(
                accessToken: accessToken, tokenType: tokenType, expiresIn: number(object["expires_in"]),
                refreshToken: object["refresh_token"]?.stringValue, scope: object["scope"]?.stringValue))
    }

    /// Reads a device authorization reply (RFC 8628 3.2).
    public static func readDeviceReply(_ response: HTTPResponse, from url: String) throws(WorkbenchError) -> DeviceAuthorization {
        let object = try replyObject(response, from: url)
        if let code = object["error"]?.stringValue {
            throw WorkbenchError(
                "device authorization refused by \(url): \(describe(code: code, description: object["error_description"]?.stringValue))")
        }
        guard response.statusCode == 200, let deviceCode = object["device_code"]?.stringValue,
            let userCode = object["user_code"]?.stringValue,
            let uri = (object["verification_uri"] ?? object["verification_url"])?.stringValue
        else {
            throw WorkbenchError(
                "the device authorization endpoint \(url) answered \(response.statusCode) without device_code, user_code and verification_uri"
            )
        }
        let expiresIn = number(object["expires_in"]) ?? 600
        let interval = number(object["interval"]) ?? 5
        return DeviceAuthorization(
            deviceCode: deviceCode, userCode: userCode, verificationURI: uri,
            verificationURIComplete: object["verification_uri_complete"]?.stringValue,
            expiresIn: min(max(expiresIn, 1), 3600), interval: min(max(interval, 1), 60))
    }

    /// `invalid_client (Client authentication failed)`: a server's error as one line, escaped.
    public static func describe(code: String, description: String?) -> String {
        let code = Template.oneLine(code.prefix(80))
        guard let description, !description.isEmpty else { return code }
        return "\(code) (\(Template.oneLine(description.prefix(200))))"
    }

    /// Client credentials without a person (a replay): Basic first, the body after
    /// `invalid_client` (or the body straight away where the settings learnt so).
    public static func clientCredentialsToken(
        _ settings: OAuth2Settings, in scope: VariableScope, send: (PreparedRequest) throws(WorkbenchError) -> HTTPResponse
    ) throws(WorkbenchError) -> Token {
        let url = try Template.expand(settings.tokenURL, in: scope)
        let secret: String? = try settings.clientSecret.map { text throws(WorkbenchError) in try Template.expand(text, in: scope) }
        var client = Client(id: try Template.expand(settings.clientID, in: scope), secret: secret, inBody: settings.clientAuthInBody)
        var grant = [(name: "grant_type", value: "client_credentials")]
        if let wanted = settings.scope { grant.append(("scope", wanted)) }
        var reply = try readTokenReply(try send(try tokenRequest(url: url, grant: grant, client: client)), from: url)
        if case .error("invalid_client", _, _) = reply, secret != nil, !client.inBody {
            client.inBody = true
            reply = try readTokenReply(try send(try tokenRequest(url: url, grant: grant, client: client)), from: url)
        }
        switch reply {
        case .token(let token): return token
        case .error(let code, let description, let status):
            throw WorkbenchError("oauth2: the token endpoint refused (\(status)): \(describe(code: code, description: description))")
        }
    }

    /// The variable an oauth2 auth of the client credentials flow keeps its token in:
    /// a replay obtains it, so it is not asked for.
    public static func obtainableTokenVariable(of endpoint: Endpoint) -> String? {
        guard let auth = endpoint.auth, auth.scheme == .oauth2, auth.oauth2?.flow == .clientCredentials else { return nil }
        return Template.variableNames(in: auth.secret).first
    }

    /// Whether a response asks for a new token: 401 with `error="invalid_token"` (RFC 6750 3.1).
    public static func isInvalidToken(_ response: HTTPResponse) -> Bool {
        guard response.statusCode == 401 else { return false }
        return response.headers.contains { field in
            field.hasName("WWW-Authenticate") && field.value.lowercased().contains("invalid_token")
        }
    }

    private static func replyObject(_ response: HTTPResponse, from url: String) throws(WorkbenchError) -> JSONValue {
        guard response.body.count <= maxReplyBytes else {
            throw WorkbenchError("the reply of \(url) is larger than \(maxReplyBytes / 1024) KiB, the bound on a token endpoint's reply")
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(response.body)
        } catch {
            throw WorkbenchError("the reply of \(url) (status \(response.statusCode)) is not JSON: \(error)")
        }
        guard case .object = value else {
            throw WorkbenchError("the reply of \(url) (status \(response.statusCode)) is not a JSON object")
        }
        return value
    }

    /// `3600` or `"3600"` (some servers send text).
    private static func number(_ value: JSONValue?) -> Double? {
        switch value {
        case .number(let text)?: return Double(text).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
        case .string(let text)?: return Double(text).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
        default: return nil
        }
    }
}
