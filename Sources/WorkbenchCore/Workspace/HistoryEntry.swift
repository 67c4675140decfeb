import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs

/// What of a typed line goes into the history file, which must never hold a
/// secret: the command's declaration masks the arguments it declares as
/// credentials (`set --secret pw ******`, `auth basic ana:******`, `import curl
/// -u ana:******`; recalling such a line is refused, not taken as the value),
/// and any known secret typed literally, or a URL's password, is masked like
/// everything else that leaves the workbench. A line of such a command that does not
/// parse (`header Authorization Bearer abc`, a stray word after a token) cannot say
/// which word is the credential, so every argument word is masked.
public enum HistoryEntry {
    public static func text(for line: String, redactor: SecretRedactor) -> String {
        var kept = line
        if let declaration = CommandTable.declaration(startingLine: String(line.trimmingSpaces())),
            let credentials = declaration.credentials
        {
            switch Result(catching: { () throws(WorkbenchError) in try CommandParser.parse(line) }) {
            case .success(.command(let command)): kept = credentials.masked(line, command) ?? line
            case .success: break
            case .failure: kept = maskingArguments(line, of: declaration)
            }
        }
        return URLPasswordMask.apply(redactArguments(kept, redactor: redactor))
    }

    /// The line with each word masked but the command's name, a subcommand right after it
    /// (`auth bearer`, `import curl`, `header add`) and option names (`--secret`, `-u`).
    static func maskingArguments(_ line: String, of declaration: CommandDeclaration) -> String {
        let subcommands = Set(declaration.subcommands.map { $0.lowercased() })
        var output = ""
        var start = line.startIndex
        for (index, word) in line.split(whereSeparator: { $0 == " " || $0 == "\t" }).enumerated() {
            output += line[start..<word.startIndex]
            start = word.endIndex
            let kept = index == 0 || (index == 1 && subcommands.contains(word.lowercased())) || isOptionName(word) || isShortOption(word)
            output += kept ? String(word) : Variables.mask
        }
        return output + line[start...]
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

    /// `-u`, `-H`: curl's one-letter options, which `import curl` reads.
    static func isShortOption(_ word: Substring) -> Bool {
        word.count == 2 && word.first == "-" && word.last?.isASCII == true && word.last?.isLetter == true
    }

    /// `--secret`, `--session-token`: an option as declarations name them.
    static func isOptionName(_ word: Substring) -> Bool {
        word.hasPrefix("--") && word.count > 2 && word.dropFirst(2).allSatisfy { $0.isASCII && ($0.isLetter || $0 == "-") }
    }
}
