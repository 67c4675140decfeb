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

    public init(name: String, value: String, isEncoded: Bool = false) {
        self.name = name
        self.value = value
        self.isEncoded = isEncoded
    }
}

extension [QueryItem] {
    /// Replaces every item called `name` with one, in the place of the first.
    mutating func set(_ name: String, to value: String) {
        if let first = firstIndex(where: { $0.name == name }) {
            self[first].value = value
            var index = first + 1
            while index < count {
                if self[index].name == name { remove(at: index) } else { index += 1 }
            }
        } else {
            append(QueryItem(name: name, value: value))
        }
    }

    /// Parses `a=1&b=2` (percent-encoded, `+` as space) into items.
    static func parse(queryString: Substring) -> [QueryItem] {
        queryString.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = PercentEncoding.decode(String(parts[0]), plusIsSpace: true)
            let value = parts.count > 1 ? PercentEncoding.decode(String(parts[1]), plusIsSpace: true) : ""
            return QueryItem(name: name, value: value)
        }
    }
}
