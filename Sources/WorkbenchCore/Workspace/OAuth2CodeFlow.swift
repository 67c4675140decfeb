import CCrypto
import Foundation
import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchSessions

/// `auth oauth2 code`: the authorization code flow with PKCE S256 (RFC 7636)
/// and `state`, the redirect coming back to a loopback listener on 127.0.0.1
/// (RFC 8252 7.3). The code, the verifier and the tokens are secrets: never
/// printed; the state and the challenge are in the printed URL by design.
extension OAuth2Flow {
    /// How long the browser has to come back.
    static let authorizationWaitSeconds = 300.0

    func runCodeFlow(
        _ settings: inout OAuth2Settings, tokenURL: String, client: OAuth2Protocol.Client
    ) throws(WorkbenchError) -> OAuth2Protocol.Token {
        guard let authorizeTemplate = settings.authorizationURL else { throw WorkbenchError("oauth2 code: no AUTHORIZE_URL") }
        let authorizeURL = try Template.expand(authorizeTemplate, in: scope)
        let verifier = Self.randomToken(bytes: 32)
        let state = Self.randomToken(bytes: 16)
        let listener = try LoopbackRedirect(port: settings.port ?? 0)
        var query = [
            ("response_type", "code"), ("client_id", client.id), ("redirect_uri", listener.redirectURI),
            ("code_challenge", Self.challenge(for: verifier)), ("code_challenge_method", "S256"), ("state", state),
        ]
        if let wanted = settings.scope { query.append(("scope", wanted)) }
        let url =
            authorizeURL + (authorizeURL.contains("?") ? "&" : "?")
            + query.map { PercentEncoding.formComponent($0.0) + "=" + PercentEncoding.formComponent($0.1) }.joined(separator: "&")
        output.printLine("oauth2 code: opening the authorization page (or open it yourself):")
        output.printLine("  \(url)")
        output.printLine("  waiting for the redirect to \(listener.redirectURI) (Ctrl-C cancels)")
        output.finish()
        output.flush()
        let browser = BrowserLauncher.open(url, environment: environment)
        if browser == nil { output.printError("warning: could not start a browser: open the URL above yourself") }
        defer { if let browser { BrowserLauncher.reap(browser, seconds: 2) } }
        let abort = shouldAbort
        guard let parameters = listener.waitForCallback(seconds: Self.authorizationWaitSeconds, shouldAbort: abort, page: Self.page) else {
            if abort() { throw WorkbenchError("oauth2 authorization cancelled: auth is unchanged") }
            throw WorkbenchError("oauth2 code: no redirect came back within \(Int(Self.authorizationWaitSeconds)) s: auth is unchanged")
        }
        if let error = parameters["error"] {
            throw WorkbenchError(
                "oauth2 code: the authorization server refused: "
                    + OAuth2Protocol.describe(code: error, description: parameters["error_description"]))
        }
        guard parameters["state"] == state else {
            throw WorkbenchError(
                "oauth2 code: the redirect's state does not match the one sent (a forged or stale redirect): auth is unchanged")
        }
        guard let code = parameters["code"], !code.isEmpty else {
            throw WorkbenchError("oauth2 code: the redirect brought no code")
        }
        let grant = [
            (name: "grant_type", value: "authorization_code"), (name: "code", value: code),
            (name: "redirect_uri", value: listener.redirectURI), (name: "code_verifier", value: verifier),
        ]
        switch try requestToken(url: tokenURL, grant: grant, client: client, settings: &settings) {
        case .token(let token): return token
        case .error(let code, let description, let status):
            throw WorkbenchError(
                "oauth2 code: the token endpoint refused (\(status)): \(OAuth2Protocol.describe(code: code, description: description))")
        }
    }

    /// What the browser shows once it came back.
    static func page(_ parameters: [String: String]) -> String {
        let message =
            parameters["error"] != nil
            ? "The authorization was refused. Return to the workbench."
            : "Authorization received: you can close this window and return to the workbench."
        return "<!doctype html><html><head><title>workbench</title></head><body><p>\(message)</p></body></html>\n"
    }

    /// base64url without padding of `bytes` random bytes (RFC 7636 4.1: 32 bytes give 43 characters).
    static func randomToken(bytes: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return base64URL((0..<bytes).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// S256: base64url(SHA-256(verifier)).
    static func challenge(for verifier: String) -> String {
        let input = Array(verifier.utf8)
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        _ = SHA256(input, input.count, &digest)
        return base64URL(digest)
    }

    static func base64URL(_ bytes: [UInt8]) -> String {
        String(SecretRedactor.base64(bytes).map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 }.filter { $0 != "=" })
    }
}
