/// URL passwords (`http://user:password@host`) masked in a line of text.
///
/// An error may quote a URL as it was typed (`base http://u:pw@host` is
/// refused, and says why), and the password in it is no variable the
/// redactor knows. The user name stays: it tells which login was meant.
public enum URLPasswordMask {
    /// `text` with the password of every `scheme://user:password@` replaced by the mask.
    public static func apply(_ text: String) -> String {
        guard text.contains("://") else { return text }
        var output = ""
        var rest = Substring(text)
        while let separator = rest.firstRange(of: "://") {
            output += rest[..<separator.upperBound]
            rest = rest[separator.upperBound...]
            // The authority ends at the path, query or fragment, or where the quoted URL ends.
            let authorityEnd = rest.firstIndex { "/?#'\"` \t\r\n<>".contains($0) } ?? rest.endIndex
            let authority = rest[..<authorityEnd]
            guard let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") else { continue }
            output += authority[...colon] + Variables.mask
            rest = rest[at...]
        }
        return output + rest
    }
}
