import Foundation
import WorkbenchBasics
import WorkbenchHTTP

/// One run of an OAuth 2.0 flow (DESIGN, "Auth flows"): token requests go through the send
/// path (`Sender`, on the interpreter's transport: the workspace's settings, proxy, trust store
/// and Ctrl-C included), and what a flow obtains is handed back, for the interpreter to take
/// into the workspace only once it succeeded: a failed or cancelled flow changes nothing.
/// The authorization code flow is in `OAuth2CodeFlow.swift`.
struct OAuth2Flow {
    /// Seconds before `expires_in` runs out when a token is renewed ahead of a send.
    static let renewalMargin: Double = 5

    /// The send path for the flow's own requests: no history, no cookies kept.
    let sender: Sender
    /// The workspace's settings, redirects not followed.
    let settings: Settings
    /// The workspace's variables and environment, to expand the flow's templates.
    let scope: VariableScope
    /// The environment a browser is started in (`auth oauth2 code`).
    let environment: [String: String]
    /// What the flow says (the device code, the page to open): secrets masked.
    let output: RedactingSink
    /// Ctrl-C, polled while the flow waits.
    let shouldAbort: @Sendable () -> Bool

    /// What a flow obtained: the auth's settings as they now are, the token, and the line
    /// that says so.
    struct Obtained {
        var settings: OAuth2Settings
        var token: OAuth2Protocol.Token
        var line: String
    }

    /// `auth oauth2 client-credentials|device|code ...`: the flow run to its first token.
    func start(_ settings: OAuth2Settings, clientSecret: String?) throws(WorkbenchError) -> Obtained {
        var settings = settings
        let client = try expandedClient(settings, clientSecret: clientSecret)
        let token = try obtainToken(&settings, client: client)
        return Obtained(settings: settings, token: token, line: "oauth2: access token obtained" + Self.tokenNote(token))
    }

    /// Why the token of `auth` must be renewed before a send (missing, or about to run out);
    /// nil when it need not be.
    static func renewalReason(_ auth: Auth, variables: Variables, now: Double) -> String? {
        guard auth.scheme == .oauth2, let oauth2 = auth.oauth2 else { return nil }
        let missing = Template.variableNames(in: auth.secret).first.map { variables.value(of: $0) == nil } ?? false
        if missing { return "no access token" }
        if let expiresAt = oauth2.expiresAt, now >= expiresAt - renewalMargin { return "the access token runs out" }
        return nil
    }

    /// A new access token for `auth`, an OAuth 2.0 auth: with the refresh token when there is
    /// one (RFC 6749 6), else client credentials again; the other flows need the user, so they
    /// say how to run them again.
    func renew(_ auth: Auth, oauth2: OAuth2Settings, reason: String?) throws(WorkbenchError) -> Obtained {
        var settings = oauth2
        let client = try expandedClient(settings, clientSecret: settings.clientSecret)
        let prefix = reason.map { "oauth2: \($0): " } ?? "oauth2: "
        if let reference = settings.refreshToken, let refreshToken = try? Template.expand(reference, in: scope) {
            var grant = [(name: "grant_type", value: "refresh_token"), (name: "refresh_token", value: refreshToken)]
            if let wanted = settings.scope { grant.append(("scope", wanted)) }
            let url = try Template.expand(settings.tokenURL, in: scope)
            switch try requestToken(url: url, grant: grant, client: client, settings: &settings) {
            case .token(let token):
                return Obtained(settings: settings, token: token, line: prefix + "refreshed" + Self.tokenNote(token))
            case .error(let code, let description, _) where settings.flow != .clientCredentials:
                throw WorkbenchError(
                    "\(prefix)the refresh was refused: \(OAuth2Protocol.describe(code: code, description: description)); "
                        + "run `auth oauth2 \(settings.flow.rawValue) ...` again")
            case .error:
                break  // Client credentials: a new token instead.
            }
        }
        guard settings.flow == .clientCredentials else {
            throw WorkbenchError(
                "\(prefix)no refresh token: run `auth oauth2 \(settings.flow.rawValue) ...` again, "
                    + "or give the token (`--var \(Template.variableNames(in: auth.secret).first ?? "oauth2_token")=...`)")
        }
        let token = try obtainToken(&settings, client: client)
        return Obtained(settings: settings, token: token, line: prefix + "new token" + Self.tokenNote(token))
    }

    /// `, expires in 300 s, scope read`.
    private static func tokenNote(_ token: OAuth2Protocol.Token) -> String {
        var note = ""
        if let expiresIn = token.expiresIn { note += ", expires in \(Int(expiresIn)) s" }
        if let scope = token.scope { note += ", scope \(TerminalText.escapeLine(String(scope.prefix(200))))" }
        return note
    }

    private func expandedClient(_ settings: OAuth2Settings, clientSecret: String?) throws(WorkbenchError) -> OAuth2Protocol.Client {
        let secret: String? = try clientSecret.map { text throws(WorkbenchError) in try Template.expand(text, in: scope) }
        return OAuth2Protocol.Client(
            id: try Template.expand(settings.clientID, in: scope), secret: secret,
            inBody: settings.clientAuthInBody)
    }

    /// Runs the flow to its first token.
    private func obtainToken(_ settings: inout OAuth2Settings, client: OAuth2Protocol.Client) throws(WorkbenchError) -> OAuth2Protocol.Token
    {
        let url = try Template.expand(settings.tokenURL, in: scope)
        switch settings.flow {
        case .clientCredentials:
            var grant = [(name: "grant_type", value: "client_credentials")]
            if let wanted = settings.scope { grant.append(("scope", wanted)) }
            switch try requestToken(url: url, grant: grant, client: client, settings: &settings) {
            case .token(let token): return token
            case .error(let code, let description, let status):
                throw WorkbenchError(
                    "oauth2: the token endpoint refused (\(status)): \(OAuth2Protocol.describe(code: code, description: description))")
            }
        case .device:
            return try runDeviceFlow(&settings, tokenURL: url, client: client)
        case .code:
            return try runCodeFlow(&settings, tokenURL: url, client: client)
        }
    }

    /// One token request. A client refused with HTTP Basic (`invalid_client`)
    /// is tried once more with its credentials in the body (RFC 6749 2.3.1),
    /// which `settings` then remembers.
    func requestToken(
        url: String, grant: [(name: String, value: String)], client: OAuth2Protocol.Client, settings: inout OAuth2Settings
    ) throws(WorkbenchError) -> OAuth2Protocol.Reply {
        let reply = try postForToken(url: url, grant: grant, client: client)
        if case .error("invalid_client", _, _) = reply, client.secret != nil, !client.inBody {
            var inBody = client
            inBody.inBody = true
            let second = try postForToken(url: url, grant: grant, client: inBody)
            if case .token = second { settings.clientAuthInBody = true }
            return second
        }
        return reply
    }

    private func postForToken(
        url: String, grant: [(name: String, value: String)], client: OAuth2Protocol.Client
    ) throws(WorkbenchError) -> OAuth2Protocol.Reply {
        let request = try OAuth2Protocol.tokenRequest(url: url, grant: grant, client: client)
        let response = try sendAside(request)
        return try OAuth2Protocol.readTokenReply(response, from: url)
    }

    /// Sends a request of the flow (not the workspace's): no history, no cookies kept.
    func sendAside(_ request: PreparedRequest) throws(WorkbenchError) -> HTTPResponse {
        try sender.send(request, settings: settings, cookies: CookieJar(), in: scope)
    }

    /// Waits `seconds`, polling Ctrl-C every 50 ms: a cancelled wait is an error that changes nothing.
    func waitCancellable(_ seconds: Double, what: String) throws(WorkbenchError) {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if shouldAbort() { throw WorkbenchError("\(what) cancelled: auth is unchanged") }
            usleep(50_000)
        }
        if shouldAbort() { throw WorkbenchError("\(what) cancelled: auth is unchanged") }
    }

    /// How long to wait before the next poll of a device flow: the interval, but no
    /// longer than the code lives (`slow_down` grows the interval past it); nil once it expired.
    static func devicePollWait(interval: Double, left: Double) -> Double? {
        left > 0 ? min(interval, left) : nil
    }

    /// RFC 8628: ask for a device code, show the user code and where to enter
    /// it, then poll the token endpoint at the server's interval (`slow_down`
    /// adds 5 s) until the user approves, denies, or the code expires.
    private func runDeviceFlow(
        _ settings: inout OAuth2Settings, tokenURL: String, client: OAuth2Protocol.Client
    ) throws(WorkbenchError) -> OAuth2Protocol.Token {
        guard let deviceTemplate = settings.authorizationURL else { throw WorkbenchError("oauth2 device: no DEVICE_URL") }
        let deviceURL = try Template.expand(deviceTemplate, in: scope)
        var fields: [(name: String, value: String)] = []
        if let wanted = settings.scope { fields.append(("scope", wanted)) }
        // The device endpoint authenticates a confidential client as the token endpoint does.
        let request = try OAuth2Protocol.formRequest(url: deviceURL, fields: fields, secretFields: [], client: client)
        let device = try OAuth2Protocol.readDeviceReply(try sendAside(request), from: deviceURL)
        output.printLine(
            "oauth2 device: open \(TerminalText.escapeLine(String(device.verificationURI.prefix(500)))) "
                + "and enter the code \(TerminalText.escapeLine(String(device.userCode.prefix(40))))")
        if let complete = device.verificationURIComplete {
            output.printLine("  (or open \(TerminalText.escapeLine(String(complete.prefix(500)))))")
        }
        output.printLine("  waiting for approval (expires in \(Int(device.expiresIn)) s; Ctrl-C cancels)")
        output.finish()
        output.flush()
        var interval = device.interval
        let deadline = Date().addingTimeInterval(device.expiresIn)
        let grant = [
            (name: "grant_type", value: "urn:ietf:params:oauth:grant-type:device_code"),
            (name: "device_code", value: device.deviceCode),
        ]
        // Bounded: the code's lifetime (at most an hour) over an interval of at least a second.
        let expired = WorkbenchError("oauth2 device: the code expired before it was approved (after \(Int(device.expiresIn)) s)")
        while true {
            guard let wait = Self.devicePollWait(interval: interval, left: deadline.timeIntervalSinceNow) else { throw expired }
            try waitCancellable(wait, what: "oauth2 device authorization")
            guard Date() < deadline else { throw expired }
            switch try requestToken(url: tokenURL, grant: grant, client: client, settings: &settings) {
            case .token(let token):
                return token
            case .error("authorization_pending", _, _):
                continue
            case .error("slow_down", _, _):
                interval += 5
            case .error("access_denied", _, _):
                throw WorkbenchError("oauth2 device: the authorization was denied")
            case .error("expired_token", _, _):
                throw WorkbenchError("oauth2 device: the code expired before it was approved")
            case .error(let code, let description, let status):
                throw WorkbenchError(
                    "oauth2 device: the token endpoint refused (\(status)): \(OAuth2Protocol.describe(code: code, description: description))"
                )
            }
        }
    }
}

extension OAuth2Flow {
    /// Now, as token lifetimes count it: seconds since 1970.
    static var now: Double { Date().timeIntervalSince1970 }
}
