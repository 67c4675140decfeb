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
            case .command(let command)? = try? CommandParser.parse(line), let masked = credentials.masked(line, command)
        {
            kept = masked
        }
        return URLPasswordMask.apply(redactArguments(kept, redactor: redactor))
    }

    /// Redacts what the line says, not the command's own words: its name and its `--options`
    /// are kept unless a whole word is a secret, so a secret `secret` does not turn
    /// `set --secret pw ******` into `set --****** pw ******`. The text between those words is
    /// redacted as one piece, so a secret with a space in it is still found.
    static func redactArguments(_ line: String, redactor: SecretRedactor) -> String {
        var output = ""
        var start = line.startIndex
        var isFirstWord = true
        for word in line.split(separator: " ") {
            let isCommandWord = isFirstWord || isOptionName(word)
            isFirstWord = false
            guard isCommandWord, redactor.redact(String(word)) != Variables.mask else { continue }
            output += redactor.redactKeepingReferences(String(line[start..<word.startIndex])) + word
            start = word.endIndex
        }
        return output + redactor.redactKeepingReferences(String(line[start...]))
    }

    /// `--secret`, `--session-token`: an option as declarations name them.
    static func isOptionName(_ word: Substring) -> Bool {
        word.hasPrefix("--") && word.count > 2 && word.dropFirst(2).allSatisfy { $0.isASCII && ($0.isLetter || $0 == "-") }
    }
}
