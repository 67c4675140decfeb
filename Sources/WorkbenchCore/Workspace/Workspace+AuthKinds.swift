import Foundation
import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs

/// `auth` in the workspace: where the secrets a kind declares are kept (secret variables),
/// what `auth oauth2` shows, and how an obtained token is taken in. The flows themselves
/// talk to the server, so the interpreter runs them (`OAuth2Flow`).
extension Workspace {
    /// The names of the secret variables `auth` makes: `auth none` removes them.
    static let authVariableBases = NamedAuthKinds.secretVariables

    /// `auth ...`. A literal password or token goes into a secret variable
    /// (`auth_password`, `auth_token`) and the Endpoint refers to it, so it is
    /// masked, never saved, and given to a replay like any secret.
    mutating func applyAuth(_ action: AuthCommand) throws(WorkbenchError) -> CommandOutcome {
        switch action {
        case .show:
            return .output(endpoint.auth?.summary ?? "(no auth)")
        case .none:
            if let auth = endpoint.auth { removeVariables(madeFor: auth) }
            endpoint.auth = nil
            return .done
        case .set(let typed):
            return try setAuth(typed)
        case .oauth2(.show):
            guard let auth = endpoint.auth, auth.scheme == .oauth2, let oauth2 = auth.oauth2 else {
                return .output("(no oauth2 auth here: `auth oauth2 client-credentials|device|code ...` sets one)")
            }
            let holdsToken = Template.variableNames(in: auth.secret).first.map { variables.value(of: $0) != nil } ?? true
            return .output(OAuth2Auth.status(auth, oauth2, holdsToken: holdsToken, now: Date().timeIntervalSince1970))
        case .oauth2(.refresh):
            guard endpoint.auth?.scheme == .oauth2 else {
                throw WorkbenchError("no oauth2 auth for \(endpoint.credentialOrigin ?? "this base"): nothing to refresh")
            }
            return .oauth2(.refresh)
        case .oauth2(.start(let settings, let secret)):
            if let secret { try refuseMask(secret) }
            return .oauth2(.start(settings, clientSecret: secret))
        }
    }

    /// `auth KIND ...` as its kind read it: a missing secret is asked for; each literal
    /// secret goes into a secret variable (`auth_password`, `aws_session_token`) the auth
    /// refers to, so it is masked, never saved, and given to a replay like any secret.
    mutating func setAuth(_ typed: TypedAuth) throws(WorkbenchError) -> CommandOutcome {
        if typed.missing != nil { return .askCredential(typed) }
        var auth = typed.auth
        for secret in typed.secrets where auth[secret.field] == Variables.mask {
            // `auth basic KEY:`: the user name is the key, never left out to be asked for.
            throw WorkbenchError(
                "'\(Variables.mask)' is the mask shown in place of a secret, not its value: type the value"
                    + (secret.field == .user ? "" : ", or leave it out to be asked for it"))
        }
        for secret in typed.secrets {
            auth[secret.field] = keptAsSecret(auth[secret.field], base: secret.variable)
        }
        endpoint.auth = auth
        return .done
    }

    private func refuseMask(_ value: String) throws(WorkbenchError) {
        if value == Variables.mask {
            throw WorkbenchError(
                "'\(Variables.mask)' is the mask shown in place of a secret, not its value: "
                    + "type the value, or leave it out to be asked for it")
        }
    }

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
