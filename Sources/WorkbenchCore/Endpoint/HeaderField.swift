/// One header line as typed: a name and a value (templates unexpanded).
public struct HeaderField: Equatable, Sendable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// Header names compare case-insensitively (RFC 9110, section 5.1).
    public func hasName(_ other: String) -> Bool {
        HTTPSyntax.equalIgnoringASCIICase(name, other)
    }
}

extension [HeaderField] {
    /// `header NAME: VALUE`: one field of that name, in the place of the first.
    mutating func set(_ name: String, to value: String) {
        if let first = firstIndex(where: { $0.hasName(name) }) {
            self[first] = HeaderField(name: name, value: value)
            var index = first + 1
            while index < count {
                if self[index].hasName(name) { remove(at: index) } else { index += 1 }
            }
        } else {
            append(HeaderField(name: name, value: value))
        }
    }

    /// Every value of the fields called `name`, in order.
    public func values(of name: String) -> [String] {
        filter { $0.hasName(name) }.map(\.value)
    }

    public func contains(name: String) -> Bool {
        contains { $0.hasName(name) }
    }
}
