/// `Decodable` types read straight from a `JSONValue`, members in their order.
///
/// Hand-written because neither decoder at hand fits API descriptions:
/// Foundation's `JSONDecoder` gives an object's keys in hash order (OpenAPIKit
/// reads paths, properties and responses in the order `allKeys` gives), and
/// Yams' decoder finds each key by a linear search that resolves YAML tags on
/// every comparison (two minutes for a 2,000-path description). Here each
/// object gets a key index once, so decoding is linear.
///
/// Lenient where YAML authors expect it: a number or boolean decodes as a
/// `String` too (`version: 1.0`), as its text.
public enum JSONValueDecoder {
    /// - Parameter sharing: types whose decoded value depends on nothing but
    ///   their own subtree (not on where it is): each distinct object decoded
    ///   as one of them is decoded once, and its repeats take that value
    ///   (sharing its storage). API descriptions repeat the same parameters and
    ///   responses in operation after operation, and decoding them again is
    ///   most of a large description's load. Failures are not kept: a broken
    ///   repeat fails again, with its own coding path.
    /// - Parameter marked: a member name and the user info that objects
    ///   holding a member of that name see instead of `userInfo` (the
    ///   description loader turns OpenAPIKit's vendor extensions on only for
    ///   the schemas it annotated: see `LenientReading`).
    public static func decode<T: Decodable>(
        _ type: T.Type, from value: JSONValue, userInfo: [CodingUserInfoKey: any Sendable] = [:],
        sharing: [any Decodable.Type] = [],
        marked: (member: String, userInfo: [CodingUserInfoKey: any Sendable])? = nil
    ) throws -> T {
        let context = DecodingContext(userInfo: userInfo, sharing: Set(sharing.map { ObjectIdentifier($0) }), marked: marked)
        return try ValueDecoder(value: value, parent: nil, key: nil, context: context).decode(type)
    }
}

/// What every decoder of one `decode` call shares: the user info (converted
/// once, not on each read) and the values decoded for `sharing` types.
private final class DecodingContext {
    let userInfo: [CodingUserInfoKey: Any]
    let sharing: Set<ObjectIdentifier>
    let marked: (member: String, userInfo: [CodingUserInfoKey: Any])?
    private var decoded: [SharedKey: Any] = [:]

    /// A type and an object, hashed once: the dictionary hashes a key again
    /// on insertion and on every resize, and each time would walk the object.
    private struct SharedKey: Hashable {
        let type: ObjectIdentifier
        let value: JSONValue
        let hash: Int

        init(type: ObjectIdentifier, value: JSONValue) {
            self.type = type
            self.value = value
            var hasher = Hasher()
            hasher.combine(type)
            hasher.combine(value)
            hash = hasher.finalize()
        }

        static func == (lhs: SharedKey, rhs: SharedKey) -> Bool {
            lhs.hash == rhs.hash && lhs.type == rhs.type && lhs.value == rhs.value
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    }

    init(
        userInfo: [CodingUserInfoKey: any Sendable], sharing: Set<ObjectIdentifier>,
        marked: (member: String, userInfo: [CodingUserInfoKey: any Sendable])?
    ) {
        self.userInfo = userInfo
        self.sharing = sharing
        self.marked = marked.map { ($0.member, $0.userInfo) }
    }

    /// The user info a decoder of `value` sees.
    func userInfo(for value: JSONValue) -> [CodingUserInfoKey: Any] {
        guard let marked, case .object(let members) = value, members.contains(where: { $0.key == marked.member }) else { return userInfo }
        return marked.userInfo
    }

    /// `T` decoded by `decoder`, or the value an equal object decoded as `T` already gave.
    func decode<T: Decodable>(_ type: T.Type, with decoder: ValueDecoder) throws -> T {
        guard !sharing.isEmpty, case .object = decoder.value, sharing.contains(ObjectIdentifier(type)) else {
            return try T(from: decoder)
        }
        let key = SharedKey(type: ObjectIdentifier(type), value: decoder.value)
        if let value = decoded[key] as? T { return value }
        let value = try T(from: decoder)
        decoded[key] = value
        return value
    }
}

/// Where a value is, as a chain to its parent: a decoder's `codingPath` is
/// only read for errors, so it is built then, not copied into every child.
private final class PathNode {
    let parent: PathNode?
    let key: CodingKey
    init(_ parent: PathNode?, _ key: CodingKey) {
        self.parent = parent
        self.key = key
    }

    static func path(_ node: PathNode?) -> [CodingKey] {
        var keys: [CodingKey] = []
        var current = node
        while let node = current {
            keys.append(node.key)
            current = node.parent
        }
        return keys.reversed()
    }
}

private struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String
    init(_ index: Int) {
        intValue = index
        stringValue = "Index \(index)"
    }
    init?(intValue: Int) { self.init(intValue) }
    init?(stringValue: String) { nil }
}

private struct ValueDecoder: Decoder, SingleValueDecodingContainer {
    let value: JSONValue
    /// Where the value is: the container's place and the key in it (nil at the top, and for
    /// a container's super decoder). A `PathNode` is only made when a container opens here,
    /// so the strings and numbers read (most values) cost no allocation for their place.
    let parent: PathNode?
    let key: CodingKey?
    let context: DecodingContext
    var userInfo: [CodingUserInfoKey: Any] { context.userInfo(for: value) }
    var codingPath: [CodingKey] { PathNode.path(parent) + (key.map { [$0] } ?? []) }
    private var node: PathNode? { key.map { PathNode(parent, $0) } ?? parent }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw mismatch([String: Any].self) }
        return KeyedDecodingContainer(KeyedContainer<Key>(members: members, node: node, context: context))
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        guard case .array(let items) = value else { throw mismatch([Any].self) }
        return UnkeyedContainer(items: items, node: node, context: context)
    }

    func singleValueContainer() throws -> SingleValueDecodingContainer { self }

    func mismatch(_ type: Any.Type) -> DecodingError {
        DecodingError.typeMismatch(
            type, .init(codingPath: codingPath, debugDescription: "Expected \(type) but found \(value.kindDescription) instead."))
    }

    // MARK: Single values

    func decodeNil() -> Bool { value == .null }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let flag) = value else { throw mismatch(type) }
        return flag
    }

    func decode(_ type: String.Type) throws -> String {
        switch value {
        case .string(let text), .number(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        default: throw mismatch(type)
        }
    }

    func decode(_ type: Double.Type) throws -> Double {
        guard case .number(let text) = value, let number = Double(text) else { throw mismatch(type) }
        return number
    }

    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }

    /// An integer from a number's text; `1e3` and `2.0` are integers too.
    private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        guard case .number(let text) = value else { throw mismatch(type) }
        if let exact = T(text) { return exact }
        guard let number = Double(text), number.rounded() == number, let converted = T(exactly: number) else { throw mismatch(type) }
        return converted
    }

    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try context.decode(type, with: self)
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [JSONMember]
    let node: PathNode?
    let context: DecodingContext
    /// The first member of each name, as a reader takes a key given twice;
    /// only for objects large enough that a linear search costs more.
    private let index: [String: Int]?
    private static var indexedFrom: Int { 12 }

    init(members: [JSONMember], node: PathNode?, context: DecodingContext) {
        self.members = members
        self.node = node
        self.context = context
        guard members.count >= Self.indexedFrom else {
            index = nil
            return
        }
        var index: [String: Int] = [:]
        index.reserveCapacity(members.count)
        for (position, member) in members.enumerated() where index[member.key] == nil {
            index[member.key] = position
        }
        self.index = index
    }

    var codingPath: [CodingKey] { PathNode.path(node) }

    private func position(of name: String) -> Int? {
        if let index { return index[name] }
        return members.firstIndex { $0.key == name }
    }

    var allKeys: [Key] {
        var keys: [Key] = []
        keys.reserveCapacity(members.count)
        for (offset, member) in members.enumerated() where position(of: member.key) == offset {
            if let key = Key(stringValue: member.key) { keys.append(key) }
        }
        return keys
    }

    func contains(_ key: Key) -> Bool { position(of: key.stringValue) != nil }

    private func decoder(for key: Key) throws -> ValueDecoder {
        guard let position = position(of: key.stringValue) else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "No value associated with key \(key.stringValue)."))
        }
        return ValueDecoder(value: members[position].value, parent: node, key: key, context: context)
    }

    func decodeNil(forKey key: Key) throws -> Bool { try decoder(for: key).decodeNil() }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder(for: key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decoder(for: key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decoder(for: key).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decoder(for: key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decoder(for: key).decode(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decoder(for: key).decode(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decoder(for: key).decode(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decoder(for: key).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decoder(for: key).decode(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decoder(for: key).decode(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decoder(for: key).decode(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decoder(for: key).decode(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decoder(for: key).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decoder(for: key).decode(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decoder(for: key).decode(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder(for: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
        try decoder(for: key).unkeyedContainer()
    }

    func superDecoder() throws -> Decoder {
        ValueDecoder(value: .object(members), parent: node, key: nil, context: context)
    }

    func superDecoder(forKey key: Key) throws -> Decoder { try decoder(for: key) }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let items: [JSONValue]
    let node: PathNode?
    let context: DecodingContext
    var currentIndex = 0

    init(items: [JSONValue], node: PathNode?, context: DecodingContext) {
        self.items = items
        self.node = node
        self.context = context
    }

    var codingPath: [CodingKey] { PathNode.path(node) }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    private mutating func next() throws -> ValueDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                JSONValue.self, .init(codingPath: codingPath + [IndexKey(currentIndex)], debugDescription: "Unkeyed container is at end."))
        }
        defer { currentIndex += 1 }
        return ValueDecoder(value: items[currentIndex], parent: node, key: IndexKey(currentIndex), context: context)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, items[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next().decode(type) }
    mutating func decode(_ type: String.Type) throws -> String { try next().decode(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next().decode(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next().decode(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next().decode(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next().decode(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next().decode(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next().decode(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next().decode(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next().decode(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next().decode(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next().decode(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next().decode(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next().decode(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decode(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer {
        try next().unkeyedContainer()
    }

    mutating func superDecoder() throws -> Decoder { try next() }
}
