import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs

/// What of a typed line goes into the history file, which must never hold a
/// secret: `set --secret NAME VALUE` keeps its value masked (recalling it is
/// refused, not taken as the value), and any known secret typed literally is
/// masked like everything else that leaves the workbench.
public enum HistoryEntry {
    public static func text(for line: String, redactor: SecretRedactor) -> String {
        if case .command(.set(let name, _?, true))? = try? CommandParser.parse(line) {
            return "set --secret \(name) \(Variables.mask)"
        }
        // `auth basic ana:pw`, `auth bearer tok`: a literal secret is kept masked.
        if case .command(.auth(.set(let scheme, let user, let secret?)))? = try? CommandParser.parse(line),
           !Template.hasReferences(secret) {
            switch scheme {
            case .bearer: return "auth bearer \(Variables.mask)"
            case .apiKeyHeader, .apiKeyQuery: return "auth \(scheme.displayName) \(redactor.redact(user)) \(Variables.mask)"
            default: return "auth \(scheme.rawValue) \(redactor.redact(user)):\(Variables.mask)"
            }
        }
        if case .command(.auth(let action))? = try? CommandParser.parse(line), let masked = maskedAuthLine(action, redactor: redactor) {
            return masked
        }
        return redactor.redact(line)
    }

    /// `auth aws-sigv4 KEY:****** ...`, `auth oauth2 ... CLIENT ******`: literal secrets masked.
    static func maskedAuthLine(_ action: AuthCommand, redactor: SecretRedactor) -> String? {
        switch action {
        case .awsSigV4(let key, let secret, let settings, let token):
            let typedSecret = secret.map { Template.hasReferences($0) ? $0 : Variables.mask }.map { ":" + $0 } ?? ""
            let typedToken = token.map { " --session-token " + (Template.hasReferences($0) ? $0 : Variables.mask) } ?? ""
            return redactor.redact("auth aws-sigv4 \(key)\(typedSecret) \(settings.region) \(settings.service)\(typedToken)")
        case .oauth2(.start(let settings, let secret?)) where !Template.hasReferences(secret):
            var words = ["auth", "oauth2", settings.flow.rawValue]
            if let url = settings.authorizationURL { words.append(url) }
            words += [settings.tokenURL, settings.clientID, Variables.mask]
            if let scope = settings.scope { words += ["--scope", ShellWords.quote(scope)] }
            if let port = settings.port { words += ["--port", String(port)] }
            return redactor.redact(words.joined(separator: " "))
        default:
            return nil
        }
    }
}
