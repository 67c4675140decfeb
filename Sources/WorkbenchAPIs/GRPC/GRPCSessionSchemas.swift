import WorkbenchBasics

/// The schemas of the gRPC servers a session called, by origin, kept with the session as
/// `FileDescriptorSet`s: a call recorded with `--proto` (or from a server whose reflection is
/// later turned off) replays without reflection and without the `.proto` files.
public struct GRPCSessionSchemas: Equatable, Sendable {
    /// One server's schema.
    public struct Entry: Equatable, Sendable {
        /// `scheme://host:port`, as `BaseURL.origin` writes it.
        public var origin: String
        public var schema: ProtoSchema

        public init(origin: String, schema: ProtoSchema) {
            self.origin = origin
            self.schema = schema
        }
    }

    /// How large one saved descriptor set may be, decoded: a gRPC message's bound, which is
    /// also what `grpc connect --proto` reads of protoc's output.
    public static let maximumSetBytes = ProtoBounds.maximumMessageBytes

    public private(set) var entries: [Entry] = []

    public init(_ entries: [Entry] = []) {
        self.entries = entries
    }

    public var isEmpty: Bool { entries.isEmpty }

    /// Keeps `schema` for `origin`, in place of one kept before.
    public mutating func remember(_ schema: ProtoSchema, origin: String) {
        if let at = entries.firstIndex(where: { $0.origin == origin }) {
            entries[at].schema = schema
        } else {
            entries.append(Entry(origin: origin, schema: schema))
        }
    }

    /// The schema for a call of `method` (`/package.Service/Method`) to `origin`: the one kept for
    /// that origin, else (the session replayed against another base) the only one that has the method.
    public func schema(origin: String, method: String) -> ProtoSchema? {
        if let entry = entries.first(where: { $0.origin == origin }) { return entry.schema }
        let holding = entries.filter { $0.schema.method(method) != nil }
        return holding.count == 1 ? holding[0].schema : nil
    }

    /// Only the schemas of the origins given (the servers the saved calls went to).
    public func keeping(origins: Set<String>) -> GRPCSessionSchemas {
        GRPCSessionSchemas(entries.filter { origins.contains($0.origin) })
    }

    /// The origins whose schema is past `maximumSetBytes`: a session file leaves them out (their
    /// calls then need reflection or `--proto` again to replay), and `save` says so.
    public var oversizedOrigins: [String] {
        entries.filter { $0.schema.descriptorSet.count > Self.maximumSetBytes }.map(\.origin)
    }

    /// `save`'s warning for a schema left out of `file`.
    public static func leftOutWarning(origin: String, file: String) -> String {
        "warning: the gRPC schema of \(origin) is larger than \(maximumSetBytes / (1024 * 1024)) MiB (the bound a session "
            + "keeps one within): not saved in \(file); replaying its calls needs server reflection or `grpc connect --proto` again"
    }

    /// A set as a session file holds it: standard base64.
    public static func encoded(_ schema: ProtoSchema) -> String? {
        let set = schema.descriptorSet
        return set.count > maximumSetBytes ? nil : SecretRedactor.base64(set)
    }

    /// Reads a set a session file holds, within `maximumSetBytes`.
    public static func decoded(_ text: String) throws(WorkbenchError) -> ProtoSchema {
        guard text.utf8.count <= (maximumSetBytes + 2) / 3 * 4 else {
            throw WorkbenchError("a descriptor set larger than \(maximumSetBytes / (1024 * 1024)) MiB (the bound)")
        }
        return try ProtoSchema.fromDescriptorSet(try ProtoWellKnown.base64Decode(text))
    }
}
