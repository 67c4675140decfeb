import WorkbenchBasics

extension ProtoDecoder {
    /// The JSON form of a well-known type, or nil for any other message.
    func decodeWellKnown(_ typeName: String, _ raw: [Int: [RawValue]], depth: Int) throws(WorkbenchError) -> JSONValue? {
        guard ProtoWellKnown.special.contains(typeName) else { return nil }
        func integer(_ number: Int) -> Int64 {
            if case .varint(let value) = raw[number]?.last { return Int64(bitPattern: value) }
            return 0
        }
        if let type = ProtoWellKnown.wrappers[typeName] {
            let field = ProtoWellKnown.field(1, type)
            return try raw[1]?.last.map { value throws(WorkbenchError) in try scalar(value, field, depth: depth) } ?? defaultValue(field)
        }
        switch typeName {
        case "google.protobuf.Timestamp":
            return .string(try ProtoWellKnown.timestampText(seconds: integer(1), nanos: Int64(Int32(truncatingIfNeeded: integer(2)))))
        case "google.protobuf.Duration":
            return .string(try ProtoWellKnown.durationText(seconds: integer(1), nanos: Int64(Int32(truncatingIfNeeded: integer(2)))))
        case "google.protobuf.Empty":
            return .object([])
        case "google.protobuf.FieldMask":
            let paths = (raw[1] ?? []).compactMap { value -> String? in
                if case .bytes(let bytes) = value { return ProtoWellKnown.camelPath(String(decoding: bytes, as: UTF8.self)) }
                return nil
            }
            return .string(paths.joined(separator: ","))
        case "google.protobuf.Struct":
            var members: [JSONMember] = []
            for entry in raw[1] ?? [] {
                guard case .bytes(let bytes) = entry else { continue }
                var reader = WireReader(Array(bytes))
                let fields = try Self.rawFields(&reader)
                var key = ""
                if case .bytes(let keyBytes) = fields[1]?.last { key = String(decoding: keyBytes, as: UTF8.self) }
                var value = JSONValue.null
                if case .bytes(let valueBytes) = fields[2]?.last {
                    var valueReader = WireReader(Array(valueBytes))
                    value = try decode(&valueReader, as: "google.protobuf.Value", depth: depth + 1)
                }
                members.append(JSONMember(key: key, value: value))
            }
            return .object(members)
        case "google.protobuf.ListValue":
            var elements: [JSONValue] = []
            for entry in raw[1] ?? [] {
                guard case .bytes(let bytes) = entry else { continue }
                var reader = WireReader(Array(bytes))
                elements.append(try decode(&reader, as: "google.protobuf.Value", depth: depth + 1))
            }
            return .array(elements)
        case "google.protobuf.Value":
            for number in [2, 3, 4, 5, 6, 1] {
                guard let value = raw[number]?.last else { continue }
                switch (number, value) {
                case (2, .fixed64(let bits)): return Self.number(Double(bitPattern: bits), float: nil)
                case (3, .bytes(let bytes)): return .string(String(decoding: bytes, as: UTF8.self))
                case (4, .varint(let flag)): return .bool(flag != 0)
                case (5, .bytes(let bytes)):
                    var reader = WireReader(Array(bytes))
                    return try decode(&reader, as: "google.protobuf.Struct", depth: depth + 1)
                case (6, .bytes(let bytes)):
                    var reader = WireReader(Array(bytes))
                    return try decode(&reader, as: "google.protobuf.ListValue", depth: depth + 1)
                default: return .null
                }
            }
            return .null
        case "google.protobuf.Any":
            var url = ""
            if case .bytes(let bytes) = raw[1]?.last { url = String(decoding: bytes, as: UTF8.self) }
            var payload: [UInt8] = []
            if case .bytes(let bytes) = raw[2]?.last { payload = Array(bytes) }
            guard !url.isEmpty else { return .object([]) }
            let inner = String(url[(url.lastIndex(of: "/").map { url.index(after: $0) } ?? url.startIndex)...])
            guard ProtoWellKnown.special.contains(inner) || schema.messages[inner] != nil else {
                // A type the schema lacks: its bytes as they came, rather than the whole reply lost.
                return .object([
                    JSONMember(key: "@type", value: .string(url)), JSONMember(key: "value", value: .string(SecretRedactor.base64(payload))),
                ])
            }
            var reader = WireReader(payload)
            let decoded = try decode(&reader, as: inner, depth: depth + 1)
            if !ProtoWellKnown.special.contains(inner) || inner == "google.protobuf.Empty", case .object(let members) = decoded {
                return .object([JSONMember(key: "@type", value: .string(url))] + members)
            }
            return .object([JSONMember(key: "@type", value: .string(url)), JSONMember(key: "value", value: decoded)])
        default:
            return nil
        }
    }
}
