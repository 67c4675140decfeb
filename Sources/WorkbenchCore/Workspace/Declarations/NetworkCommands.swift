import Foundation
import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs
import WorkbenchSessions

/// The commands of help's group "Network": each one's help, parsing and completion.
enum NetworkCommands {
    static let group = CommandGroup(title: "Network", commands: [auth, cookies, proxy, cacert, cert, http])

    static let auth = CommandDeclaration(
        name: "auth",
        // Each kind declares its usage lines and help note in its own file (`NamedAuthKinds`).
        usage: NamedAuthKinds.all.flatMap { $0.usage } + ["auth none", "auth"],
        summary:
            "Credentials for the requests that follow, bound to the base's origin (a missing password, token or key is asked for with hidden input); values are secrets, dropped on a redirect to another origin. "
            + NamedAuthKinds.all.compactMap { $0.helpNote }.joined(separator: "; ") + ".",
        example: "auth basic ana", subcommands: NamedAuthKinds.all.map { $0.names[0] } + ["none"],
        parse: { words throws(WorkbenchError) in try NetworkCommands.parseAuth(words) },
        credentials: CommandDeclaration.Credentials(
            masked: { _, command in
                guard case .auth(let action) = command else { return nil }
                return AuthCommand.maskedLine(action)
            },
            examples: TypedAuthKinds.all.flatMap { $0.secretExamples }))

    static let cookies = CommandDeclaration(
        name: "cookies", usage: ["cookies", "cookies rm NAME", "cookies clear"],
        summary:
            "List the session's cookie jar (values masked), remove cookies of a name, or empty it; Set-Cookie fills it, libcurl sends each cookie only where it belongs.",
        example: "cookies rm sessionid", subcommands: ["rm", "clear"],
        parse: { words throws(WorkbenchError) in try NetworkCommands.parseCookies(words) })

    static let proxy = CommandDeclaration(
        name: "proxy", usage: ["proxy URL", "proxy off", "proxy none", "proxy"],
        summary:
            "Send through an http, https, socks4 or socks5 proxy (a login in the URL, user:password@, goes to the proxy as curl sends it, the password kept as a secret); off: the http_proxy/https_proxy/no_proxy environment applies, as in curl; none: no proxy at all.",
        example: "proxy socks5h://127.0.0.1:1080", subcommands: ["off", "none"],
        parse: { words throws(WorkbenchError) in try NetworkCommands.parseProxy(words) },
        // `proxy http://user:password@host`: the URL's password.
        credentials: CommandDeclaration.Credentials(
            masked: { line, _ in
                let masked = URLPasswordMask.apply(line)
                return masked == line ? nil : masked
            }, examples: ["proxy http://ana:SECRET@127.0.0.1:9", "proxy socks5h://ana:SECRET@127.0.0.1:9"]))

    static let cacert = CommandDeclaration(
        name: "cacert", usage: ["cacert FILE", "cacert off", "cacert"],
        summary: "Trust the CA certificates in FILE (PEM) instead of the system's; off: the system's again.",
        example: "cacert certs/ca.pem", subcommands: ["off"],
        parse: { words throws(WorkbenchError) in try NetworkCommands.parseCacert(words) })

    static let cert = CommandDeclaration(
        name: "cert", usage: ["cert FILE [KEY]", "cert off", "cert"],
        summary: "Present a client certificate (PEM; KEY when the key is in another file); off: none.",
        example: "cert certs/client.pem certs/client.key", subcommands: ["off"],
        parse: { words throws(WorkbenchError) in try NetworkCommands.parseCert(words) })

    static let http = CommandDeclaration(
        name: "http", usage: ["http 1.1", "http 2", "http auto", "http"],
        summary: "The HTTP version to ask for (auto: HTTP/2 over TLS when offered); the status line and `timing` show the one used.",
        example: "http 1.1", subcommands: ["1.1", "2", "auto"],
        parse: { words throws(WorkbenchError) in try NetworkCommands.parseHttp(words) })
}

extension NetworkCommands {
    static func parseProxy(_ words: CommandWords) throws(WorkbenchError) -> ParsedLine {
        guard words.args.count <= 1 else { throw words.usageError("expected one URL, `off` or `none`") }
        switch words.texts.first?.lowercased() {
        case nil: return .command(.network(.proxy(nil)))
        case "off": return .command(.network(.proxy(.environment)))
        case "none": return .command(.network(.proxy(ProxySetting.none)))
        default:
            do throws(WorkbenchError) {
                return .command(.network(.proxy(try ProxySetting.parse(words.texts[0]))))
            } catch {
                throw words.usageError(error.message)
            }
        }
    }

    static func parseCacert(_ words: CommandWords) throws(WorkbenchError) -> ParsedLine {
        guard words.args.count <= 1, words.texts.first?.isEmpty != true else { throw words.usageError("expected one FILE, or `off`") }
        guard let file = words.texts.first else { return .command(.network(.caCertificate(nil))) }
        return .command(.network(.caCertificate(.some(file == "off" ? nil : file))))
    }

    static func parseCert(_ words: CommandWords) throws(WorkbenchError) -> ParsedLine {
        guard words.args.count <= 2, !words.texts.contains("") else { throw words.usageError("expected FILE [KEY], or `off`") }
        guard let file = words.texts.first else { return .command(.network(.clientCertificate(nil))) }
        if file == "off" {
            guard words.args.count == 1 else { throw words.usageError("`cert off` takes no arguments") }
            return .command(.network(.clientCertificate(.some(nil))))
        }
        return .command(
            .network(.clientCertificate(.some(ClientCertificate(certificate: file, key: words.texts.count == 2 ? words.texts[1] : nil)))))
    }

    static func parseHttp(_ words: CommandWords) throws(WorkbenchError) -> ParsedLine {
        guard words.args.count <= 1 else { throw words.usageError("expected 1.1, 2 or auto") }
        guard let word = words.texts.first else { return .command(.network(.httpVersion(nil))) }
        let normalized = word.lowercased() == "2.0" ? "2" : word.lowercased()
        guard let version = HTTPVersionSetting(rawValue: normalized) else {
            throw words.usageError("expected 1.1, 2 or auto, got '\(word)'")
        }
        return .command(.network(.httpVersion(version)))
    }

    static func parseAuth(_ words: CommandWords) throws(WorkbenchError) -> ParsedLine {
        guard let sub = words.texts.first?.lowercased() else { return .command(.auth(.show)) }
        if sub == "none" {
            guard words.args.count == 1 else { throw words.usageError("`auth none` takes no arguments") }
            return .command(.auth(.none))
        }
        // Its words run a flow: a command of its own, not an auth set by its words.
        if OAuth2Auth.names.contains(sub) {
            return .command(.auth(.oauth2(try OAuth2Auth.parse(Array(words.texts.dropFirst())))))
        }
        guard let kind = TypedAuthKinds.named(sub) else {
            throw words.usageError("unknown scheme '\(words.texts[0])'" + Suggestion.didYouMean(sub, among: words.subcommands))
        }
        return .command(.auth(.set(try kind.parse(Array(words.texts.dropFirst()), name: sub))))
    }

    static func parseCookies(_ words: CommandWords) throws(WorkbenchError) -> ParsedLine {
        switch words.texts.first {
        case nil: return .command(.cookies(.list))
        case "clear":
            guard words.args.count == 1 else { throw words.usageError("`cookies clear` takes no arguments") }
            return .command(.cookies(.clear))
        case "rm":
            guard words.args.count == 2, !words.texts[1].isEmpty else {
                throw words.usageError("expected one cookie NAME after `cookies rm`")
            }
            return .command(.cookies(.remove(words.texts[1])))
        case let sub?:
            throw words.usageError("unknown subcommand '\(sub)'" + Suggestion.didYouMean(sub, among: words.subcommands))
        }
    }
}

extension AuthCommand {
    /// The `auth` line with its literal secrets masked (`auth basic ana:******`, as each kind
    /// writes its line back: `TypedAuth.maskedLine`); nil when it holds none (a
    /// `{{reference}}`, a value to be asked for).
    static func maskedLine(_ action: AuthCommand) -> String? {
        switch action {
        case .set(let typed):
            return typed.maskedLine
        case .oauth2(let command):
            return OAuth2Auth.maskedLine(command)
        case .show, .none:
            return nil
        }
    }
}

/// The effects of the group's commands, each reached from `Workspace.apply`'s one switch
/// with its command's values.
extension NetworkCommands {
    /// `proxy`, `cacert`, `cert`, `http`: a file named must be a readable
    /// regular file now (it is read again by libcurl on every send).
    static func network(_ action: NetworkCommand, in workspace: inout Workspace) throws(WorkbenchError) -> CommandOutcome {
        switch action {
        case .proxy(nil): return .output(workspace.settings.proxy.summary)
        case .proxy(let proxy?):
            guard let password = proxy.password, !password.isEmpty, !Template.hasReferences(password) else {
                workspace.settings.proxy = proxy
                return .done
            }
            guard password != Variables.mask else {
                throw WorkbenchError(
                    "'\(Variables.mask)' is the mask shown in place of a secret, not its value: type the proxy's password")
            }
            // As a literal credential typed anywhere: kept in a secret variable the setting refers to.
            let kept = workspace.keptAsSecret(password, base: "proxy_password")
            workspace.settings.proxy = proxy.replacingPassword(with: kept)
            return .output(
                "proxy: the password is kept as the secret \(kept) (masked in output and files; a saved session names it, never its value)")
        case .caCertificate(nil): return .output(workspace.settings.caCertificate ?? "(the system's CA certificates)")
        case .caCertificate(let file?):
            if let file { try FileSystem.checkReadableRegularFile(FileSystem.expandTilde(file), shownAs: file, for: "use") }
            workspace.settings.caCertificate = file
        case .clientCertificate(nil):
            return .output(
                workspace.settings.clientCertificate.map { $0 + (workspace.settings.clientKey.map { " (key \($0))" } ?? "") }
                    ?? "(no client certificate)")
        case .clientCertificate(let choice?):
            if let choice {
                for file in [choice.certificate] + (choice.key.map { [$0] } ?? []) {
                    try FileSystem.checkReadableRegularFile(FileSystem.expandTilde(file), shownAs: file, for: "use")
                }
            }
            workspace.settings.clientCertificate = choice?.certificate
            workspace.settings.clientKey = choice?.key
        case .httpVersion(nil): return .output(workspace.settings.httpVersion.rawValue)
        case .httpVersion(let version?): workspace.settings.httpVersion = version
        }
        return .done
    }

    /// `auth ...`. A literal password or token goes into a secret variable
    /// (`auth_password`, `auth_token`) and the Endpoint refers to it, so it is
    /// masked, never saved, and given to a replay like any secret.
    static func auth(_ action: AuthCommand, in workspace: inout Workspace) throws(WorkbenchError) -> CommandOutcome {
        switch action {
        case .show:
            return .output(workspace.endpoint.auth?.summary ?? "(no auth)")
        case .none:
            if let auth = workspace.endpoint.auth { workspace.removeVariables(madeFor: auth) }
            workspace.endpoint.auth = nil
            return .done
        case .set(let typed):
            return try setAuth(typed, in: &workspace)
        case .oauth2(.show):
            guard let auth = workspace.endpoint.auth, auth.scheme == .oauth2, let oauth2 = auth.oauth2 else {
                return .output("(no oauth2 auth here: `auth oauth2 client-credentials|device|code ...` sets one)")
            }
            let holdsToken = Template.variableNames(in: auth.secret).first.map { workspace.variables.value(of: $0) != nil } ?? true
            return .output(OAuth2Auth.status(auth, oauth2, holdsToken: holdsToken, now: Date().timeIntervalSince1970))
        case .oauth2(.refresh):
            guard workspace.endpoint.auth?.scheme == .oauth2 else {
                throw WorkbenchError("no oauth2 auth for \(workspace.endpoint.credentialOrigin ?? "this base"): nothing to refresh")
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
    static func setAuth(_ typed: TypedAuth, in workspace: inout Workspace) throws(WorkbenchError) -> CommandOutcome {
        if typed.missing != nil { return .askCredential(typed) }
        var auth = typed.auth
        for secret in typed.secrets where auth[secret.field] == Variables.mask {
            // `auth basic KEY:`: the user name is the key, never left out to be asked for.
            throw WorkbenchError(
                "'\(Variables.mask)' is the mask shown in place of a secret, not its value: type the value"
                    + (secret.field == .user ? "" : ", or leave it out to be asked for it"))
        }
        for secret in typed.secrets {
            auth[secret.field] = workspace.keptAsSecret(auth[secret.field], base: secret.variable)
        }
        workspace.endpoint.auth = auth
        return .done
    }

    private static func refuseMask(_ value: String) throws(WorkbenchError) {
        if value == Variables.mask {
            throw WorkbenchError(
                "'\(Variables.mask)' is the mask shown in place of a secret, not its value: "
                    + "type the value, or leave it out to be asked for it")
        }
    }

    /// `cookies`, `cookies rm NAME`, `cookies clear`. Removed values stay known
    /// to the redaction step.
    static func cookies(_ action: CookieCommand, in workspace: inout Workspace) throws(WorkbenchError) -> CommandOutcome {
        switch action {
        case .list:
            return .output(workspace.cookies.listing(now: CookieJar.now))
        case .clear:
            let count = workspace.cookies.cookies.count
            workspace.removedCookieValues += workspace.cookies.values
            workspace.cookies = CookieJar()
            return .output("removed \(count) cookie\(count == 1 ? "" : "s")")
        case .remove(let name):
            let values = workspace.cookies.cookies.filter { $0.name == name }.map(\.value)
            guard workspace.cookies.remove(named: name) > 0 else { throw WorkbenchError("no cookie named '\(name)' (see `cookies`)") }
            workspace.removedCookieValues += values
            return .done
        }
    }
}
