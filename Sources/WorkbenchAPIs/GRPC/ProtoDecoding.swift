import WorkbenchBasics

/// Protobuf bytes to JSON by the proto3 JSON mapping, from descriptors known at run time
/// (why it is hand-written: `ProtoWire.swift`). int64 kinds as strings, enums by name, bytes as
/// base64, the well-known types in their JSON forms; fields at their default (without
/// presence) left out, as protoc's printer does; unknown fields skipped.
public struct ProtoDecoder {
    public let schema: ProtoSchema

    public init(schema: ProtoSchema) {
        self.schema = schema
    }

    /// One raw field value as it came off the wire.
    enum RawValue {
        case varint(UInt64)
        case fixed32(UInt32)
        case fixed64(UInt64)
        case bytes(ArraySlice<UInt8>)
    }

    public func decode(_ bytes: [UInt8], as typeName: String) throws(WorkbenchError) -> JSONValue {
        guard bytes.count <= ProtoBounds.maximumMessageBytes else { throw ProtoBounds.tooLarge }
        var reader = WireReader(bytes)
        return try decode(&reader, as: typeName, depth: 0)
    }

    /// The fields of one message by number, values in the order they came.
    static func rawFields(_ reader: inout WireReader) throws(WorkbenchError) -> [Int: [RawValue]] {
        var fields: [Int: [RawValue]] = [:]
        var count = 0
        while !reader.isAtEnd {
            let (number, type) = try reader.tag()
            let value: RawValue
            switch type {
            case .varint: value = .varint(try reader.varint())
            case .fixed32: value = .fixed32(try reader.fixed32())
            case .fixed64: value = .fixed64(try reader.fixed64())
            case .lengthDelimited: value = .bytes(try reader.lengthDelimited())
            case .startGroup, .endGroup:
                try reader.skip(type, number: number)
                continue
            }
            count += 1
            guard count <= ProtoBounds.maximumRepeated * 4 else { throw ProtoBounds.tooManyElements }
            fields[number, default: []].append(value)
        }
        return fields
    }

    func decode(_ reader: inout WireReader, as typeName: String, depth: Int) throws(WorkbenchError) -> JSONValue {
        guard depth < ProtoBounds.maximumDepth else { throw ProtoBounds.tooDeep }
        let raw = try Self.rawFields(&reader)
        if let special = try decodeWellKnown(typeName, raw, depth: depth) { return special }
        guard let message = schema.messages[typeName] else {
            throw WorkbenchError("protobuf: the message type \(Excerpt.quoted(typeName, limit: 120)) is not in the schema")
        }
        var members: [JSONMember] = []
        for field in message.fields {
            guard let values = raw[field.number], !values.isEmpty else { continue }
            if field.isRepeated {
                if let entry = mapEntry(field) {
                    var entries: [JSONMember] = []
                    for value in values {
                        guard case .bytes(let bytes) = value else { throw Self.wrongWireType(field) }
                        var entryReader = WireReader(Array(bytes))
                        let entryFields = try Self.rawFields(&entryReader)
                        let key = entry.fields.first { $0.number == 1 }
                        let item = entry.fields.first { $0.number == 2 }
                        guard let key, let item else {
                            throw WorkbenchError("protobuf: map entry \(Excerpt.quoted(entry.fullName, limit: 120)) lacks its key or value")
                        }
                        let keyJSON =
                            try entryFields[1]?.last.map { v throws(WorkbenchError) in try scalar(v, key, depth: depth) }
                            ?? defaultValue(key)
                        let keyText: String =
                            switch keyJSON {
                            case .string(let text): text
                            case .number(let text): text
                            case .bool(let flag): flag ? "true" : "false"
                            default: keyJSON.jsonText
                            }
                        let valueJSON =
                            try entryFields[2]?.last.map { v throws(WorkbenchError) in try scalar(v, item, depth: depth + 1) }
                            ?? defaultValue(item)
                        entries.append(JSONMember(key: keyText, value: valueJSON))
                    }
                    members.append(JSONMember(key: field.jsonName, value: .object(entries)))
                    continue
                }
                var elements: [JSONValue] = []
                for value in values {
                    if case .bytes(let bytes) = value, field.type.isPackable {
                        var packed = WireReader(Array(bytes))
                        while !packed.isAtEnd {
                            let item: RawValue
                            switch field.type {
                            case .fixed32, .sfixed32, .float: item = .fixed32(try packed.fixed32())
                            case .fixed64, .sfixed64, .double: item = .fixed64(try packed.fixed64())
                            default: item = .varint(try packed.varint())
                            }
                            elements.append(try scalar(item, field, depth: depth))
                            guard elements.count <= ProtoBounds.maximumRepeated else { throw ProtoBounds.tooManyElements }
                        }
                    } else {
                        elements.append(try scalar(value, field, depth: depth))
                        guard elements.count <= ProtoBounds.maximumRepeated else { throw ProtoBounds.tooManyElements }
                    }
                }
                members.append(JSONMember(key: field.jsonName, value: .array(elements)))
                continue
            }
            let value: JSONValue
            if field.type == .message, values.count > 1 {
                // Several occurrences of one message field merge (the last scalar wins, lists append).
                var merged: [UInt8] = []
                for item in values { if case .bytes(let bytes) = item { merged += bytes } }
                value = try scalar(.bytes(merged[...]), field, depth: depth)
            } else {
                value = try scalar(values[values.count - 1], field, depth: depth)
            }
            if !hasPresence(field, in: message), value == defaultValue(field) { continue }
            members.append(JSONMember(key: field.jsonName, value: value))
        }
        return .object(members)
    }

    func mapEntry(_ field: ProtoField) -> ProtoMessage? {
        guard field.isRepeated, field.type == .message, let entry = schema.messages[field.typeName], entry.isMapEntry else { return nil }
        return entry
    }

    func hasPresence(_ field: ProtoField, in message: ProtoMessage) -> Bool {
        field.type == .message || field.type == .group || field.oneofIndex != nil || field.isProto3Optional || !message.isProto3
    }

    /// What a field without a value reads as in JSON.
    func defaultValue(_ field: ProtoField) -> JSONValue {
        switch field.type {
        case .double, .float, .int32, .uint32, .sint32, .fixed32, .sfixed32: .number("0")
        case .int64, .uint64, .sint64, .fixed64, .sfixed64: .string("0")
        case .bool: .bool(false)
        case .string, .bytes: .string("")
        case .enum:
            if field.typeName == "google.protobuf.NullValue" { .null } else { .string(schema.enums[field.typeName]?.name(of: 0) ?? "0") }
        case .message, .group: .null
        }
    }

    static func wrongWireType(_ field: ProtoField) -> WorkbenchError {
        WorkbenchError("protobuf: field \(Excerpt.quoted(field.name, limit: 120)) (\(field.number)) came with the wrong wire type")
    }

    /// One value of `field` (an element, for a repeated one).
    func scalar(_ value: RawValue, _ field: ProtoField, depth: Int) throws(WorkbenchError) -> JSONValue {
        switch (field.type, value) {
        case (.int32, .varint(let raw)): return .number(String(Int32(truncatingIfNeeded: raw)))
        case (.uint32, .varint(let raw)): return .number(String(UInt32(truncatingIfNeeded: raw)))
        case (.sint32, .varint(let raw)): return .number(String(Int32(truncatingIfNeeded: WireWriter.unzigzag(raw))))
        case (.int64, .varint(let raw)): return .string(String(Int64(bitPattern: raw)))
        case (.uint64, .varint(let raw)): return .string(String(raw))
        case (.sint64, .varint(let raw)): return .string(String(WireWriter.unzigzag(raw)))
        case (.bool, .varint(let raw)): return .bool(raw != 0)
        case (.enum, .varint(let raw)):
            let number = Int(Int32(truncatingIfNeeded: raw))
            if field.typeName == "google.protobuf.NullValue" { return .null }
            if let name = schema.enums[field.typeName]?.name(of: number) { return .string(name) }
            return .number(String(number))
        case (.fixed32, .fixed32(let raw)): return .number(String(raw))
        case (.sfixed32, .fixed32(let raw)): return .number(String(Int32(bitPattern: raw)))
        case (.float, .fixed32(let raw)): return Self.number(Double(Float(bitPattern: raw)), float: Float(bitPattern: raw))
        case (.fixed64, .fixed64(let raw)): return .string(String(raw))
        case (.sfixed64, .fixed64(let raw)): return .string(String(Int64(bitPattern: raw)))
        case (.double, .fixed64(let raw)): return Self.number(Double(bitPattern: raw), float: nil)
        case (.string, .bytes(let bytes)): return .string(String(decoding: bytes, as: UTF8.self))
        case (.bytes, .bytes(let bytes)): return .string(SecretRedactor.base64(Array(bytes)))
        case (.message, .bytes(let bytes)):
            var reader = WireReader(Array(bytes))
            return try decode(&reader, as: field.typeName, depth: depth + 1)
        default: throw Self.wrongWireType(field)
        }
    }

    /// A float or double as JSON: the shortest text that reads back the same; the three
    /// values JSON has no number for as the strings the mapping names.
    static func number(_ value: Double, float: Float?) -> JSONValue {
        if value.isNaN { return .string("NaN") }
        if value.isInfinite { return .string(value > 0 ? "Infinity" : "-Infinity") }
        if value == 0, value.sign == .minus { return .number("-0") }
        if value == value.rounded(), abs(value) < 1e15 { return .number(String(Int64(value))) }
        if let float { return .number(float.description) }
        return .number(value.description)
    }
}
