/// What of a typed line goes into the history file, which must never hold a
/// secret: `set --secret NAME VALUE` keeps its value masked (recalling it is
/// refused, not taken as the value), and any known secret typed literally is
/// masked like everything else that leaves the workbench.
public enum HistoryEntry {
    public static func text(for line: String, redactor: SecretRedactor) -> String {
        if case .command(.set(let name, _?, true))? = try? CommandParser.parse(line) {
            return "set --secret \(name) \(Variables.mask)"
        }
        return redactor.redact(line)
    }
}
