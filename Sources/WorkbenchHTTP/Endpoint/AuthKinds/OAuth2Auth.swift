import WorkbenchBasics

/// `auth oauth2 client-credentials|device|code ...`: the access token a flow obtained,
/// sent as a bearer token; `secret` refers to it, `oauth2` holds the flow's settings and
/// the references to what it obtained. Its words, usage, the line the history file keeps
/// and what `auth oauth2` shows are here; the flows themselves talk to servers, so the
/// interpreter runs them (`OAuth2Flow`, `OAuth2CodeFlow`).
public enum OAuth2Auth: NamedAuthKind {
    public static func grpcRefusal(_ auth: Auth) -> String? { nil }

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

/// `auth oauth2 ...`'s words: a flow to run is a command of its own (`OAuth2Command`), not an
/// auth set by its words as the typed kinds' are (`TypedAuthKind`).
extension OAuth2Auth {
    public static let names = ["oauth2", "oauth"]
    public static let usage = [
        "auth oauth2 client-credentials TOKEN_URL CLIENT_ID [SECRET] [--scope S]",
        "auth oauth2 device DEVICE_URL TOKEN_URL CLIENT_ID [--scope S]",
        "auth oauth2 code AUTH_URL TOKEN_URL CLIENT_ID [SECRET] [--scope S] [--port N]",
        "auth oauth2 [refresh]",
    ]
    public static let helpNote: String? =
        "oauth2 obtains a token (client credentials, device code, or authorization code with PKCE through a loopback redirect), sends it as Bearer, and renews it before it runs out and after a 401 invalid_token"
    /// The access and refresh tokens a flow obtained, and a client secret typed literally.
    public static let secretVariables = ["oauth2_token", "oauth2_refresh_token", "oauth2_client_secret"]

    /// The words after `auth oauth2`: nothing, `refresh`, or a flow and its operands.
    public static func parse(_ words: [String]) throws(WorkbenchError) -> OAuth2Command {
        guard let first = words.first?.lowercased() else { return .show }
        if first == "refresh" {
            guard words.count == 1 else { throw usageError("`auth oauth2 refresh` takes no arguments") }
            return .refresh
        }
        guard let flow = OAuth2Settings.Flow(rawValue: first) else {
            throw usageError(
                "unknown flow \(Excerpt.quoted(words[0]))"
                    + Suggestion.didYouMean(first, among: OAuth2Settings.Flow.allCases.map(\.rawValue) + ["refresh"]))
        }
        var operands: [String] = []
        var scope: String?
        var port: Int?
        var index = 1
        while index < words.count {
            let word = words[index]
            if word == "--scope" || word == "--port" {
                guard index + 1 < words.count else { throw usageError("\(word) needs a value") }
                let value = words[index + 1]
                if word == "--scope" {
                    guard !value.isEmpty else { throw usageError("--scope is empty") }
                    scope = value
                } else {
                    guard flow == .code else { throw usageError("--port is for `auth oauth2 code` (the loopback redirect)") }
                    guard let number = Int(value), (1...65535).contains(number) else {
                        throw usageError("--port expects a port from 1 to 65535, got \(Excerpt.quoted(value))")
                    }
                    port = number
                }
                index += 2
                continue
            }
            if word.hasPrefix("--") {
                throw usageError("unknown option \(Excerpt.quoted(word)) (expected --scope\(flow == .code ? " or --port" : ""))")
            }
            operands.append(word)
            index += 1
        }
        let urls = flow == .clientCredentials ? 1 : 2
        let allowsSecret = flow != .device
        let expected: String
        switch flow {
        case .clientCredentials: expected = "TOKEN_URL CLIENT_ID [CLIENT_SECRET] [--scope S]"
        case .device: expected = "DEVICE_URL TOKEN_URL CLIENT_ID [--scope S]"
        case .code: expected = "AUTHORIZE_URL TOKEN_URL CLIENT_ID [CLIENT_SECRET] [--scope S] [--port N]"
        }
        guard operands.count == urls + 1 || (allowsSecret && operands.count == urls + 2) else {
            throw usageError("expected `auth oauth2 \(flow.rawValue) \(expected)`")
        }
        for url in operands.prefix(urls) {
            try Template.validate(url)
            if !Template.hasReferences(url) { _ = try BaseURL.parse(url) }
        }
        let clientID = operands[urls]
        guard !clientID.isEmpty else { throw usageError("the CLIENT_ID is empty") }
        try Template.validate(clientID)
        var clientSecret: String?
        if operands.count == urls + 2 {
            guard !operands[urls + 1].isEmpty else { throw usageError("the CLIENT_SECRET is empty") }
            try Template.validate(operands[urls + 1])
            clientSecret = operands[urls + 1]
        }
        let settings = OAuth2Settings(
            flow: flow, tokenURL: operands[urls - 1], authorizationURL: urls == 2 ? operands[0] : nil,
            clientID: clientID, scope: scope, port: port)
        return .start(settings, clientSecret: clientSecret)
    }

    /// The line as the history file keeps it: a literal client secret masked; nil when the
    /// line holds none (shown, refresh, no secret, a `{{reference}}`).
    public static func maskedLine(_ command: OAuth2Command) -> String? {
        guard case .start(let settings, let secret?) = command, !Template.hasReferences(secret) else { return nil }
        var words = ["auth", "oauth2", settings.flow.rawValue]
        if let url = settings.authorizationURL { words.append(url) }
        words += [settings.tokenURL, settings.clientID, Variables.mask]
        if let scope = settings.scope { words += ["--scope", ShellWords.quote(scope)] }
        if let port = settings.port { words += ["--port", String(port)] }
        return words.joined(separator: " ")
    }

    /// `auth oauth2`: flow, client, scopes, expiry, which tokens are held (masked).
    /// `holdsToken`: whether the access token's variable has a value now.
    public static func status(_ auth: Auth, _ oauth2: OAuth2Settings, holdsToken: Bool, now: Double) -> String {
        var lines = [
            "oauth2 \(oauth2.flow.rawValue) for \(auth.origin ?? "any origin")",
            "  client: \(oauth2.clientID)" + (oauth2.clientSecret != nil ? " (secret \(Variables.mask))" : " (public)"),
        ]
        if let url = oauth2.authorizationURL { lines.append("  \(oauth2.flow == .device ? "device" : "authorize") URL: \(url)") }
        lines.append("  token URL: \(oauth2.tokenURL)")
        if let scope = oauth2.grantedScope ?? oauth2.scope { lines.append("  scope: \(scope)") }
        if holdsToken {
            var token = "  access token: \(Variables.mask)"
            if let expiresAt = oauth2.expiresAt {
                let left = Int((expiresAt - now).rounded())
                token += left > 0 ? ", expires in \(left) s" : ", expired \(-left) s ago"
            }
            lines.append(token)
        } else {
            lines.append("  access token: none yet (the next send obtains one)")
        }
        lines.append("  refresh token: " + (oauth2.refreshToken != nil ? Variables.mask : "none"))
        return lines.joined(separator: "\n")
    }
}

/// What `auth oauth2` does.
public enum OAuth2Command: Equatable, Sendable {
    /// `auth oauth2`: the flow's state.
    case show
    /// `auth oauth2 refresh`: a new access token now.
    case refresh
    /// `auth oauth2 client-credentials|device|code ...`: run the flow; `clientSecret` as typed (literal or template).
    case start(OAuth2Settings, clientSecret: String?)
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
