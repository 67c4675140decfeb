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
            return scheme == .bearer ? "auth bearer \(Variables.mask)" : "auth \(scheme.rawValue) \(redactor.redact(user)):\(Variables.mask)"
        }
        return redactor.redact(line)
    }
}
