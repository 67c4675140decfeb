import WorkbenchBasics

/// `auth oauth2 client-credentials|device|code ...`: the access token a flow obtained,
/// sent as a bearer token; `secret` refers to it, `oauth2` holds the flow's settings and
/// the references to what it obtained. The flows themselves talk to servers, so the
/// interpreter runs them (`OAuth2Flow`).
public enum OAuth2Auth: AuthKind {
    public static func summary(_ auth: Auth) -> String {
        guard let oauth2 = auth.oauth2 else { return "oauth2" }
        return "oauth2 \(oauth2.flow.rawValue) client \(oauth2.clientID)"
    }

    public static func secretReferences(_ auth: Auth) -> [String] {
        var texts = [auth.secret]
        if let secret = auth.oauth2?.clientSecret { texts.append(secret) }
        if let refresh = auth.oauth2?.refreshToken { texts.append(refresh) }
        return texts
    }

    public static func references(_ auth: Auth) -> [String] {
        var texts = [auth.user, auth.secret]
        if let oauth2 = auth.oauth2 {
            texts += [oauth2.tokenURL, oauth2.clientID]
            if let url = oauth2.authorizationURL { texts.append(url) }
            if let secret = oauth2.clientSecret { texts.append(secret) }
            if let refresh = oauth2.refreshToken { texts.append(refresh) }
        }
        return texts
    }

    public static func apply(_ auth: Auth, in scope: VariableScope) throws(WorkbenchError) -> AuthEffect {
        try BearerAuth.header(token: auth.secret, in: scope)
    }

    public static func howToGiveAgain(_ auth: Auth, reference: String) -> String {
        "\(reference) of `auth oauth2`: run the flow again (`auth oauth2 ...`)"
    }

    public static func httpFileLines(_ auth: Auth) -> [String] { ["Authorization: Bearer \(auth.secret)"] }

    public static func hurlLines(_ auth: Auth) -> [String] { ["Authorization: Bearer \(auth.secret)"] }

    /// The flow's settings; what it obtained (tokens, expiry) stays in this run.
    public static func savedMembers(_ auth: Auth) -> [JSONMember] {
        guard let oauth2 = auth.oauth2 else { return [] }
        func member(_ key: String, _ value: JSONValue) -> JSONMember { JSONMember(key: key, value: value) }
        var settings = [member("flow", .string(oauth2.flow.rawValue)), member("tokenURL", .string(oauth2.tokenURL))]
        if let url = oauth2.authorizationURL { settings.append(member("authorizationURL", .string(url))) }
        settings.append(member("clientID", .string(oauth2.clientID)))
        if let secret = oauth2.clientSecret { settings.append(member("clientSecret", .string(secret))) }
        if let scope = oauth2.scope { settings.append(member("scope", .string(scope))) }
        if let port = oauth2.port { settings.append(member("port", .number(String(port)))) }
        if oauth2.clientAuthInBody { settings.append(member("clientAuthInBody", .bool(true))) }
        return [member("oauth2", .object(settings))]
    }

    public static func readSaved(_ object: JSONValue, path: String, reader: some SavedFieldReader, into auth: inout Auth)
        throws(WorkbenchError)
    {
        let settings = try reader.object(object["oauth2"], "\(path).oauth2")
        let flowText = try reader.string(settings["flow"], "\(path).oauth2.flow")
        guard let flow = OAuth2Settings.Flow(rawValue: flowText) else {
            throw reader.fail(
                "\(path).oauth2.flow", "expected client-credentials, device or code, found '\(Template.oneLine(flowText.prefix(40)))'")
        }
        let tokenURL = try reader.string(settings["tokenURL"], "\(path).oauth2.tokenURL")
        let authorizationURL = try reader.optionalString(settings["authorizationURL"], "\(path).oauth2.authorizationURL")
        if flow != .clientCredentials && authorizationURL == nil {
            throw reader.fail("\(path).oauth2.authorizationURL", "missing (the \(flow.rawValue) flow needs it)")
        }
        let clientID = try reader.string(settings["clientID"], "\(path).oauth2.clientID")
        let clientSecret = try reader.optionalString(settings["clientSecret"], "\(path).oauth2.clientSecret")
        let scope = try reader.optionalString(settings["scope"], "\(path).oauth2.scope")
        var port: Int?
        if settings["port"] != nil {
            let number = try reader.integer(settings["port"], "\(path).oauth2.port")
            guard (1...65535).contains(number) else { throw reader.fail("\(path).oauth2.port", "expected a port from 1 to 65535") }
            port = number
        }
        try checkTemplates(
            [tokenURL, clientID] + [authorizationURL, clientSecret].compactMap { $0 }, path: "\(path).oauth2", reader: reader)
        var oauth2 = OAuth2Settings(
            flow: flow, tokenURL: tokenURL, authorizationURL: authorizationURL, clientID: clientID,
            clientSecret: clientSecret, scope: scope, port: port)
        oauth2.clientAuthInBody = try reader.bool(settings["clientAuthInBody"], "\(path).oauth2.clientAuthInBody", default: false)
        auth.oauth2 = oauth2
    }

    /// The token as a bearer token: Postman's own oauth2 would run its flow.
    public static func postman(_ auth: Auth) -> JSONValue { postmanAuth("bearer", [("token", auth.secret)]) }
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

    public init(
        flow: Flow, tokenURL: String, authorizationURL: String? = nil, clientID: String,
        clientSecret: String? = nil, scope: String? = nil, port: Int? = nil
    ) {
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
