/// The plain versions that fast paths replaced (issue 27), kept as the references their
/// tests compare against, and the awkward text those tests feed both.
public enum PlainVersions {
    /// The Character walk `trimmingSpaces` did before it read bytes.
    public static func trimmedByCharacters(_ text: Substring) -> Substring {
        var result = text
        while let first = result.first, first == " " || first == "\t" { result = result.dropFirst() }
        while let last = result.last, last == " " || last == "\t" { result = result.dropLast() }
        return result
    }
}

extension FuzzGenerator {
    /// Spaces, tabs, ASCII, a combining mark (joins the Character before it), a prepended
    /// mark (joins the one after), other non-ASCII and a CR LF pair.
    static let awkwardPieces = [" ", "\t", "a", "Z", ";", "|", ":", "/", "\u{301}", "\u{600}", "é", "日", "\r\n", "0"]

    /// `length` awkward pieces in a row.
    public mutating func awkwardText(length: Int) -> String {
        (0..<length).map { _ in Self.awkwardPieces[Int(next() % UInt64(Self.awkwardPieces.count))] }.joined()
    }
}
