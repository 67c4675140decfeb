import WorkbenchBasics

/// One `name=value` pair of the query string, as typed (unencoded, templates unexpanded).
///
/// Items live in an array, not a dictionary: names may repeat and their order
/// is the order on the wire (seed 1 lost both by using a dictionary).
public struct QueryItem: Equatable, Sendable {
    public var name: String
    public var value: String
    /// True for items pasted as part of a URL (`get /x?sig=a%2Bb`): name and
    /// value are kept as typed, already encoded, and sent byte for byte, so a
    /// signed URL is not re-encoded. Items added with `query add` are encoded
    /// by the workbench.
    public var isEncoded: Bool
    /// A pasted item written without `=` (`?uploads`): sent that way too.
    public var isBare: Bool

    public init(name: String, value: String, isEncoded: Bool = false, isBare: Bool = false) {
        self.name = name
        self.value = value
        self.isEncoded = isEncoded
        self.isBare = isBare
    }

    /// The name as a server reads it (pasted items are decoded for comparison).
    public var decodedName: String {
        isEncoded ? PercentEncoding.decode(name, plusIsSpace: true) : name
    }

    /// Query items that carry a credential by their name (OAuth 2.0's `access_token`, an API's
    /// `api_key`): an import keeps a literal one as a secret, as it keeps a credential header.
    /// Exact names only: a signed URL's `X-Amz-Signature` or `sig` is derived from a secret
    /// and sent byte for byte.
    static let credentialNames: Set<String> = [
        "access_token", "refresh_token", "id_token", "token", "api_key", "apikey", "api-key", "key",
        "client_secret", "password", "passwd", "secret",
    ]

    /// Whether an item of this name carries a credential by its name alone.
    public static func isCredentialName(_ name: String) -> Bool {
        credentialNames.contains(PercentEncoding.decode(name, plusIsSpace: true).lowercased())
    }

    /// `name=value` as typed, for `query` and the history.
    public var typedText: String {
        isBare ? name : "\(name)=\(value)"
    }
}

extension [QueryItem] {
    /// Replaces every item called `name` with one, in the place of the first.
    mutating func set(_ name: String, to value: String) {
        if let first = firstIndex(where: { $0.decodedName == name }) {
            self[first] = QueryItem(name: name, value: value)
            var index = first + 1
            while index < count {
                if self[index].decodedName == name { remove(at: index) } else { index += 1 }
            }
        } else {
            append(QueryItem(name: name, value: value))
        }
    }

    /// Splits pasted query text (`a=1&b=%2B`) into items kept as typed, encoded,
    /// so they go out byte for byte.
    static func parse(queryString: Substring) -> [QueryItem] {
        queryString.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            guard let equals = pair.firstIndex(of: "=") else {
                return QueryItem(name: String(pair), value: "", isEncoded: true, isBare: true)
            }
            return QueryItem(name: String(pair[..<equals]), value: String(pair[pair.index(after: equals)...]), isEncoded: true)
        }
    }
}
