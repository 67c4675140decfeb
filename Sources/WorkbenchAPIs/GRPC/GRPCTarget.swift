import WorkbenchBasics

/// `grpc connect`: the server and what the workbench knows of its services.
public struct GRPCTarget: Equatable, Sendable {
    /// `http://host:port` (h2c) or `https://host:port` (TLS), without a trailing slash.
    public var url: String
    public var schema: ProtoSchema
    /// The `.proto` files the schema came from; empty: server reflection.
    public var protoFiles: [String]
    public var importPaths: [String]

    public init(url: String, schema: ProtoSchema, protoFiles: [String] = [], importPaths: [String] = []) {
        self.url = url
        self.schema = schema
        self.protoFiles = protoFiles
        self.importPaths = importPaths
    }

    /// Where the schema came from, for `grpc` and `grpc connect`.
    public var source: String {
        protoFiles.isEmpty ? "server reflection" : protoFiles.joined(separator: ", ")
    }

    /// `grpc ls`: the services and their methods (the reflection service itself left out).
    public var listing: String {
        let services = schema.services.filter { !$0.fullName.hasPrefix("grpc.reflection.") }
        guard !services.isEmpty else { return "(no services)" }
        return services.map { $0.fullName }.joined(separator: "\n")
    }

    public func listing(of name: String) -> String? {
        guard
            let service = schema.service(named: name)
                ?? ProtoText.uniqueSuffix(name, schema.services.map(\.fullName)).flatMap(schema.service(named:))
        else { return nil }
        return service.methods.map { method in
            let kind =
                switch (method.clientStreaming, method.serverStreaming) {
                case (false, false): ""
                case (false, true): "  (server streaming)"
                case (true, false): "  (client streaming)"
                case (true, true): "  (bidirectional streaming)"
                }
            return "\(service.fullName)/\(method.name)\(kind)"
        }.joined(separator: "\n")
    }

    /// A summary line: `grpc connect`'s answer and `grpc`'s.
    public var summary: String {
        let count = schema.services.filter { !$0.fullName.hasPrefix("grpc.reflection.") }.count
        return
            "gRPC \(url): \(count) service\(count == 1 ? "" : "s") from \(source) (\(schema.files.count) file\(schema.files.count == 1 ? "" : "s"))"
    }
}

/// The schemas a replay read by reflection, by origin: each server is asked once a run.
public final class GRPCSchemaCache {
    private var schemas: [String: ProtoSchema] = [:]

    public init() {}

    public func schema(for origin: String, load: () throws(WorkbenchError) -> ProtoSchema) throws(WorkbenchError) -> ProtoSchema {
        if let known = schemas[origin] { return known }
        let loaded = try load()
        schemas[origin] = loaded
        return loaded
    }
}
