import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs

/// Credentials in the workspace: which headers are credentials, where a
/// literal one typed by hand is kept, which variable an auth helper's
/// literal secret goes into, and how a token an OAuth 2.0 flow obtained is taken in. The rules are DESIGN's "What a request carries":
/// a credential belongs to the origin of the base when it was typed and is
/// sent only there.
extension Workspace {
    /// Whether a typed header is a credential: by its name (`Authorization`,
    /// `Cookie`, `Proxy-Authorization`, `X-Api-Key`...), or because its value
    /// refers to a secret (a secret variable or capture, `{{env.*}}`).
    func isCredential(_ field: HeaderField) -> Bool {
        if HeaderField.isCredentialName(field.name) { return true }
        guard Template.hasReferences(field.value), let parts = try? Template.parse(field.value) else { return false }
        return parts.contains { part in
            switch part {
            case .environment: true
            case .variable(let name): variables.isSecret(name) || declaredSecrets.contains(name)
            case .literal: false
            }
        }
    }

    /// `header NAME: VALUE` for a credential typed literally (`Authorization:
    /// Bearer abc`, `X-Api-Key: k`): the secret part goes into a secret
    /// variable, as `auth` does with its token, so it is masked on the screen,
    /// in the history file, the autosave and saved sessions (which keep its
    /// name, never its value). Returns the value to store and the note to print,
    /// or nil when the value is not a literal credential.
    mutating func keepingLiteralCredential(name: String, value: String) -> (value: String, note: String)? {
        guard HeaderField.isCredentialName(name), !Template.hasReferences(value) else { return nil }
        let trimmed = value.trimmingSpaces()
        guard !trimmed.isEmpty, trimmed != Variables.mask else { return nil }
        // `Bearer abc`, `Basic dXNlcjpwdw==`: the scheme stays readable, the credential goes.
        let (prefix, secret) = HeaderField.splitCredential(name: name, value: trimmed)
        guard !secret.isEmpty else { return nil }
        let variable = unusedCredentialVariable(base: Self.variableName(forHeader: name), value: secret)
        variables.set(variable, to: secret, secret: true)
        declaredSecrets.removeAll { $0 == variable }
        return (
            prefix + "{{\(variable)}}",
            "\(name): the credential is kept as the secret {{\(variable)}} (masked in output and files; "
                + "a saved session names it, never its value)"
        )
    }

    /// `x_api_key` for `X-Api-Key`: a variable name a user can type after `--var`.
    static func variableName(forHeader name: String) -> String {
        let mapped = name.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "_" }
        return String(mapped)
    }

    /// `base`, or `base_2`, ...: the first name no other credential of another
    /// origin refers to (the value of `auth_token` for one API must not become
    /// another API's), unless it already holds this value.
    func unusedCredentialVariable(base: String, value: String) -> String {
        let origin = endpoint.credentialOrigin
        let taken = Set(
            endpoint.auths.filter { $0.origin != origin }.flatMap(\.secretReferences)
                + endpoint.headers.filter { $0.origin != nil && $0.origin != origin }.map(\.value))
        var name = base
        var number = 1
        while taken.contains(where: { $0.contains("{{\(name)}}") }) && variables.value(of: name) != value {
            number += 1
            name = "\(base)_\(number)"
        }
        return name
    }

    /// How to give a secret again that a loaded session names but never held,
    /// in the words that made it (`auth bearer` again), never only an internal name.
    func howToGiveAgain(_ name: String) -> String {
        let reference = "{{\(name)}}"
        // Captured by a request of the session (a login's token): sending that one again gives it.
        if let index = history.firstIndex(where: { $0.captures.contains { $0.name == name } }) {
            let record = history[index]
            let target = record.endpoint.path.isEmpty ? "/" : record.endpoint.path
            return "\(reference), captured by request \(index + 1) (\(record.endpoint.method) \(Template.oneLine(target))): "
                + "`replay \(index + 1)` captures it again"
        }
        let endpoints = [endpoint] + history.map(\.endpoint)
        if let auth = endpoints.lazy.flatMap(\.auths).first(where: { $0.secretReferences.contains(reference) }) {
            return auth.howToGiveAgain(reference)
        }
        if let field = endpoints.lazy.flatMap(\.headers).first(where: { $0.value.contains(reference) }) {
            return "\(reference) of the header \(field.name): type `header \(field.name): ...` again, or `set --secret \(name)`"
        }
        return "\(reference): `set --secret \(name)`"
    }

    /// `not restored, since secrets are never saved: ...`: after `load` or `restore`.
    func secretsToGiveAgainLine() -> String? {
        guard !declaredSecrets.isEmpty else { return nil }
        return "not restored, since secrets are never saved: " + declaredSecrets.map(howToGiveAgain).joined(separator: "; ")
    }

    /// An error of building a request that names a secret the session never held, in the user's words.
    func explainingMissingSecret(_ error: WorkbenchError) -> WorkbenchError {
        guard case .undefinedVariable(let name) = error.kind, declaredSecrets.contains(name) else { return error }
        return WorkbenchError("not set since the session was loaded: " + howToGiveAgain(name))
    }

    /// `not sent here: auth bearer, X-Key belong to http://a:1; sent again when the base is back there`.
    func heldBackCredentialsLine() -> String? {
        endpoint.heldBackNote.map { "not sent here: \($0); sent again when the base is back there" }
    }

    /// The names of the secret variables `auth` makes: `auth none` removes them.
    static let authVariableBases = NamedAuthKinds.secretVariables

    /// A literal secret goes into a secret variable and the auth refers to it;
    /// a template (`{{env.KEY}}`) is kept as typed.
    mutating func keptAsSecret(_ value: String, base: String) -> String {
        guard !Template.hasReferences(value) else { return value }
        let variable = unusedCredentialVariable(base: base, value: value)
        variables.set(variable, to: value, secret: true)
        declaredSecrets.removeAll { $0 == variable }
        return "{{\(variable)}}"
    }

    /// `auth none`: the secret variables `auth` made for this auth go with it.
    mutating func removeVariables(madeFor auth: Auth) {
        for reference in auth.secretReferences {
            guard let name = Template.variableNames(in: reference).first, reference == "{{\(name)}}",
                Self.authVariableBases.contains(where: { name == $0 || name.hasPrefix($0 + "_") })
            else { continue }
            variables.remove(name)
        }
    }

    /// Takes in what a flow obtained: the access and refresh tokens as secret
    /// variables, the client secret typed literally as one too, and the auth
    /// bound to the base's origin. Only called once the flow succeeded.
    mutating func adoptOAuth2(
        _ settings: OAuth2Settings, clientSecret: String?, token: OAuth2Protocol.Token, now: Double
    ) {
        var settings = settings
        if let clientSecret { settings.clientSecret = keptAsSecret(clientSecret, base: "oauth2_client_secret") }
        let tokenReference = keptAsSecret(token.accessToken, base: "oauth2_token")
        if let refresh = token.refreshToken {
            settings.refreshToken = keptAsSecret(refresh, base: "oauth2_refresh_token")
        } else if let old = settings.refreshToken, let name = Template.variableNames(in: old).first, variables.value(of: name) == nil {
            settings.refreshToken = nil
        }
        settings.expiresAt = token.expiresIn.map { now + $0 }
        settings.grantedScope = token.scope ?? settings.grantedScope
        endpoint.auth = Auth(scheme: .oauth2, user: "", secret: tokenReference, oauth2: settings)
    }
}
