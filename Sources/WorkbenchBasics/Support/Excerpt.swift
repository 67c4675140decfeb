/// A user's word quoted back in a message, cut short when it is long: an error
/// line stays one readable line even when the word was a pasted megabyte.
public enum Excerpt {
    /// `'word'`, or `'the first 40 characters…' (4.0 MB)` for a longer word.
    public static func quoted(_ text: String, limit: Int = 40) -> String {
        guard text.utf8.count > limit else { return "'\(text)'" }
        return "'\(text.prefix(limit))…' (\(Quantities.size(text.utf8.count)))"
    }
}
