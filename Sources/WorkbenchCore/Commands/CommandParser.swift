import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs
import WorkbenchSessions

/// Parses one line into a `Command`: a pure function, with errors that say what
/// is wrong and show the usage.
///
/// Values are checked here as far as they can be without variables (a base URL
/// without `{{...}}` must parse, a JSON body must be JSON), so a typo is caught
/// when it is typed, not when it is sent.
///
/// `parse` dispatches on the command word to the command's declaration
/// (Workspace/Declarations/), which holds its parsing; here are the helpers of
/// the commands that read a line their own way.
public enum CommandParser {
    /// Whether `text`'s first word (up to a space, a tab or `stop`) is `word` in any case.
    /// It looks at no more than the word's length: the commands that read a line
    /// their own way ask this first, so a long line (a 50 MB body) is not copied or
    /// searched by each of them. `word` is ASCII and lower case.
    static func startsWithWord(_ text: some StringProtocol, _ word: String, orBefore stop: Character = " ") -> Bool {
        let first = text.prefix(word.count + 1).prefix { $0 != " " && $0 != "\t" && $0 != stop }
        return first.count == word.count && first.lowercased() == word
    }

    /// The first word of a line (up to a space or tab) and the rest, trimmed.
    static func splitFirstWord(_ text: String) -> (String, String)? {
        guard !text.isEmpty else { return nil }
        guard let space = text.firstIndex(where: { $0 == " " || $0 == "\t" }) else { return (text, "") }
        return (String(text[..<space]), String(text[space...]).trimmingSpaces())
    }

    /// The text of `body TEXT` taken straight from the line, when the line is one.
    static func verbatimBodyText(_ line: String) -> String? {
        let trimmedLine = line.trimmingSpaces()
        guard let space = trimmedLine.firstIndex(where: { $0 == " " || $0 == "\t" }),
            trimmedLine[..<space].lowercased() == "body"
        else { return nil }
        let text = trimmedLine[space...].trimmingSpaces()
        let first = text.prefix { $0 != " " && $0 != "\t" }
        if ["json", "form", "clear", "multipart"].contains(first.lowercased()) || first.hasPrefix("@") || first.hasPrefix("<<") {
            return nil
        }
        return verbatimText(afterCommandIn: line)
    }

    /// The rest of a line after its first word and the one space or tab that
    /// separates it, as typed: `body   a  b  ` is the text `  a  b  `.
    static func verbatimText(afterCommandIn line: String) -> String {
        var rest = Substring(line).drop { $0 == " " || $0 == "\t" }
        rest = rest.drop { $0 != " " && $0 != "\t" }
        if let separator = rest.first, separator == " " || separator == "\t" { rest = rest.dropFirst() }
        return String(rest)
    }
}
