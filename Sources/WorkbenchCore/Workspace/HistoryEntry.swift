import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs

/// What of a typed line goes into the history file, which must never hold a
/// secret: the command's declaration masks the arguments it declares as
/// credentials (`set --secret pw ******`, `auth basic ana:******`, `import curl
/// -u ana:******`; recalling such a line is refused, not taken as the value),
/// and any known secret typed literally, or a URL's password, is masked like
/// everything else that leaves the workbench.
public enum HistoryEntry {
    public static func text(for line: String, redactor: SecretRedactor) -> String {
        var kept = line
        if let credentials = CommandTable.declaration(startingLine: String(line.trimmingSpaces()))?.credentials,
           case .command(let command)? = try? CommandParser.parse(line), let masked = credentials.masked(line, command) {
            kept = masked
        }
        return URLPasswordMask.apply(redactor.redactKeepingReferences(kept))
    }
}
