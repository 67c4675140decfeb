/// A user's word quoted back in a message, cut short when it is long: an error
/// line stays one readable line even when the word was a pasted megabyte.
public enum Excerpt {
    /// `'word'`, or `'the first 40 characters…' (4.0 MB)` for a longer word.
    /// Line breaks and other controls are written as escapes (`\n`), so the
    /// word never splits its message over two lines.
    public static func quoted(_ text: String, limit: Int = 40) -> String {
        guard text.utf8.count > limit else { return "'\(Template.oneLine(text))'" }
        return "'\(Template.oneLine(text.prefix(limit)))…' (\(Quantities.size(text.utf8.count)))"
    }

    /// The longest URL or other text from outside kept whole in one line of output.
    public static let lineLimit = 2_000

    /// `text`, or its first `limit` characters and `… (20.0 MB in all)`: a URL of
    /// megabytes in a FAIL or error line would be megabytes of terminal.
    public static func cut(_ text: String, limit: Int = lineLimit) -> String {
        guard text.utf8.count > limit else { return text }
        return "\(text.prefix(limit))… (\(Quantities.size(text.utf8.count)) in all)"
    }
}
