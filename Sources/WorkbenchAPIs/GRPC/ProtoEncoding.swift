import WorkbenchBasics

/// JSON to protobuf bytes by the proto3 JSON mapping, from descriptors known at run time (why it
/// is hand-written: `ProtoWire.swift`). Accepts what protoc's parser accepts: fields by JSON name
/// or proto name, int64 kinds as strings or numbers, enums by name or number, standard or
/// URL-safe base64, null for a default. Errors name the JSON path and, for a bound, the bound.
public struct ProtoEncoder {
    public let schema: ProtoSchema

    public init(schema: ProtoSchema) {
        self.schema = schema
    }

    public func encode(_ json: JSONValue, as typeName: String) throws(WorkbenchError) -> [UInt8] {
        let bytes = try encodeMessage(json, typeName, path: "$", depth: 0)
        guard bytes.count <= ProtoBounds.maximumMessageBytes else { throw ProtoBounds.tooLarge }
        return bytes
    }

    func encodeMessage(_ json: JSONValue, _ typeName: String, path: String, depth: Int) throws(WorkbenchError) -> [UInt8] {
        guard depth < ProtoBounds.maximumDepth else { throw ProtoBounds.tooDeep }
        if ProtoWellKnown.special.contains(typeName) {
            return try encodeWellKnown(json, typeName, path: path, depth: depth)
        }
        guard let message = schema.messages[typeName] else {
            throw WorkbenchError("protobuf: the message type \(Excerpt.quoted(typeName, limit: 120)) is not in the schema")
        }
        guard case .object(let members) = json else {
            throw WorkbenchError("\(path): \(message.name) is an object, not \(json.kindDescription)")
        }
        var writer = WireWriter()
        var oneofsSet: [Int: String] = [:]
        for member in members {
            guard let field = message.fields.first(where: { $0.jsonName == member.key || $0.name == member.key }) else {
                let names = message.fields.map(\.jsonName)
                let hint = Suggestion.nearest(member.key, among: names).map { " (did you mean '\($0)'?)" } ?? ""
                throw WorkbenchError("\(path): \(message.name) has no field '\(Template.oneLine(member.key.prefix(80)))'\(hint)")
            }
            let fieldPath = path + "." + field.jsonName
            if member.value == .null, field.typeName != "google.protobuf.Value" { continue }
            if let oneof = field.oneofIndex, !field.isProto3Optional {
                if let other = oneofsSet[oneof] {
                    throw WorkbenchError(
                        "\(path): \(Excerpt.quoted(other, limit: 120)) and \(Excerpt.quoted(field.jsonName, limit: 120)) are both of one oneof"
                    )
                }
                oneofsSet[oneof] = field.jsonName
            }
            try append(member.value, field, in: message, to: &writer, path: fieldPath, depth: depth)
            guard writer.bytes.count <= ProtoBounds.maximumMessageBytes else { throw ProtoBounds.tooLarge }
        }
        return writer.bytes
    }

    func append(
        _ value: JSONValue, _ field: ProtoField, in message: ProtoMessage, to writer: inout WireWriter, path: String, depth: Int
    ) throws(WorkbenchError) {
        guard field.isRepeated else {
            try appendOne(value, field, to: &writer, path: path, depth: depth)
            return
        }
        if field.type == .message, let entry = schema.messages[field.typeName], entry.isMapEntry {
            guard case .object(let entries) = value else {
                throw WorkbenchError("\(path): a map is an object, not \(value.kindDescription)")
            }
            guard entries.count <= ProtoBounds.maximumRepeated else { throw ProtoBounds.tooManyElements }
            guard let key = entry.fields.first(where: { $0.number == 1 }), let item = entry.fields.first(where: { $0.number == 2 }) else {
                throw WorkbenchError("protobuf: map entry \(Excerpt.quoted(entry.fullName, limit: 120)) lacks its key or value")
            }
            for member in entries {
                let keyJSON: JSONValue =
                    switch key.type {
                    case .string: .string(member.key)
                    case .bool:
                        switch member.key {
                        case "true": .bool(true)
                        case "false": .bool(false)
                        default:
                            throw WorkbenchError("\(path): the map key '\(Template.oneLine(member.key.prefix(40)))' is not true or false")
                        }
                    default: .string(member.key)
                    }
                var entryWriter = WireWriter()
                try appendOne(keyJSON, key, to: &entryWriter, path: path + "[\(member.key)]", depth: depth)
                try appendOne(member.value, item, to: &entryWriter, path: path + "[\(member.key)]", depth: depth + 1)
                writer.lengthDelimited(field.number, entryWriter.bytes)
            }
            return
        }
        guard case .array(let elements) = value else {
            throw WorkbenchError("\(path): a repeated field is an array, not \(value.kindDescription)")
        }
        guard elements.count <= ProtoBounds.maximumRepeated else { throw ProtoBounds.tooManyElements }
        let packed = field.type.isPackable && (field.packed ?? message.isProto3)
        if packed {
            var inner = WireWriter()
            for (index, element) in elements.enumerated() {
                try appendScalar(element, field, to: &inner, path: path + "[\(index)]")
            }
            if !elements.isEmpty { writer.lengthDelimited(field.number, inner.bytes) }
        } else {
            for (index, element) in elements.enumerated() {
                try appendOne(element, field, to: &writer, path: path + "[\(index)]", depth: depth)
            }
        }
    }

    /// One value with its tag.
    func appendOne(_ value: JSONValue, _ field: ProtoField, to writer: inout WireWriter, path: String, depth: Int) throws(WorkbenchError) {
        switch field.type {
        case .message:
            writer.lengthDelimited(field.number, try encodeMessage(value, field.typeName, path: path, depth: depth + 1))
        case .group:
            throw WorkbenchError("\(path): proto2 groups are not supported")
        case .string:
            guard case .string(let text) = value else { throw Self.expected("a string", value, path) }
            writer.string(field.number, text)
        case .bytes:
            guard case .string(let text) = value else { throw Self.expected("base64 text", value, path) }
            guard let bytes = try? ProtoWellKnown.base64Decode(text) else {
                throw WorkbenchError("\(path): '\(Template.oneLine(text.prefix(40)))' is not base64 (bytes are given as base64)")
            }
            writer.lengthDelimited(field.number, bytes)
        case .double, .fixed64, .sfixed64:
            writer.tag(field.number, .fixed64)
            try appendScalar(value, field, to: &writer, path: path)
        case .float, .fixed32, .sfixed32:
            writer.tag(field.number, .fixed32)
            try appendScalar(value, field, to: &writer, path: path)
        default:
            writer.tag(field.number, .varint)
            try appendScalar(value, field, to: &writer, path: path)
        }
    }

    /// A number, boolean or enum without its tag (so also a packed element).
    func appendScalar(_ value: JSONValue, _ field: ProtoField, to writer: inout WireWriter, path: String) throws(WorkbenchError) {
        switch field.type {
        case .int32: writer.varint(UInt64(bitPattern: Int64(Int32(try Self.integer(value, path, Int64(Int32.min), Int64(Int32.max))))))
        case .sint32: writer.varint(WireWriter.zigzag(try Self.integer(value, path, Int64(Int32.min), Int64(Int32.max))))
        case .uint32: writer.varint(UInt64(try Self.integer(value, path, 0, Int64(UInt32.max))))
        case .int64: writer.varint(UInt64(bitPattern: try Self.integer(value, path, Int64.min, Int64.max)))
        case .sint64: writer.varint(WireWriter.zigzag(try Self.integer(value, path, Int64.min, Int64.max)))
        case .uint64: writer.varint(try Self.unsigned(value, path))
        case .fixed32: writer.fixed32(UInt32(try Self.integer(value, path, 0, Int64(UInt32.max))))
        case .sfixed32: writer.fixed32(UInt32(bitPattern: Int32(try Self.integer(value, path, Int64(Int32.min), Int64(Int32.max)))))
        case .fixed64: writer.fixed64(try Self.unsigned(value, path))
        case .sfixed64: writer.fixed64(UInt64(bitPattern: try Self.integer(value, path, Int64.min, Int64.max)))
        case .double: writer.fixed64(try Self.floating(value, path).bitPattern)
        case .float:
            let number = try Self.floating(value, path)
            guard number.isNaN || number.isInfinite || abs(number) <= Double(Float.greatestFiniteMagnitude) else {
                throw WorkbenchError("\(path): \(number) is out of a float's range")
            }
            writer.fixed32(Float(number).bitPattern)
        case .bool:
            guard case .bool(let flag) = value else { throw Self.expected("true or false", value, path) }
            writer.varint(flag ? 1 : 0)
        case .enum:
            writer.varint(UInt64(bitPattern: Int64(try enumNumber(value, field.typeName, path))))
        default:
            throw WorkbenchError("\(path): a \(field.type.keyword) cannot be packed")
        }
    }

    func enumNumber(_ value: JSONValue, _ typeName: String, _ path: String) throws(WorkbenchError) -> Int {
        if typeName == "google.protobuf.NullValue" { return 0 }
        switch value {
        case .string(let name):
            guard let type = schema.enums[typeName] else {
                throw WorkbenchError("protobuf: the enum type \(Excerpt.quoted(typeName, limit: 120)) is not in the schema")
            }
            guard let number = type.number(of: name) else {
                let names = type.values.prefix(20).map(\.name).joined(separator: ", ")
                throw WorkbenchError("\(path): '\(Template.oneLine(name.prefix(80)))' is not a value of \(typeName) (\(names))")
            }
            return number
        case .number:
            return Int(try Self.integer(value, path, Int64(Int32.min), Int64(Int32.max)))
        default:
            throw Self.expected("an enum value's name", value, path)
        }
    }

    static func expected(_ what: String, _ value: JSONValue, _ path: String) -> WorkbenchError {
        WorkbenchError("\(path): expected \(what), not \(value.kindDescription)")
    }

    /// An integer from a JSON number or string (`"12"`, `12`, `1e3`), within `minimum...maximum`.
    static func integer(_ value: JSONValue, _ path: String, _ minimum: Int64, _ maximum: Int64) throws(WorkbenchError) -> Int64 {
        let text: String
        switch value {
        case .number(let number): text = number
        case .string(let string): text = string
        default: throw expected("an integer", value, path)
        }
        var parsed = Int64(text)
        if parsed == nil, let double = Double(text), double == double.rounded(), abs(double) < 9.2e18 { parsed = Int64(double) }
        guard let parsed else {
            // Digits past 64 bits are an integer out of range, not a mistake of form.
            if let double = Double(text), double == double.rounded(), double.isFinite {
                throw WorkbenchError("\(path): \(Template.oneLine(text.prefix(40))) is out of range (\(minimum) to \(maximum))")
            }
            throw WorkbenchError("\(path): '\(Template.oneLine(text.prefix(40)))' is not an integer")
        }
        guard (minimum...maximum).contains(parsed) else {
            throw WorkbenchError("\(path): \(parsed) is out of range (\(minimum) to \(maximum))")
        }
        return parsed
    }

    static func unsigned(_ value: JSONValue, _ path: String) throws(WorkbenchError) -> UInt64 {
        let text: String
        switch value {
        case .number(let number): text = number
        case .string(let string): text = string
        default: throw expected("an integer", value, path)
        }
        if let parsed = UInt64(text) { return parsed }
        if let double = Double(text), double == double.rounded(), double >= 0, double < 1.8e19 { return UInt64(double) }
        if let double = Double(text), double == double.rounded(), double.isFinite {
            throw WorkbenchError("\(path): \(Template.oneLine(text.prefix(40))) is out of range (0 to \(UInt64.max))")
        }
        throw WorkbenchError("\(path): '\(Template.oneLine(text.prefix(40)))' is not an unsigned integer")
    }

    static func floating(_ value: JSONValue, _ path: String) throws(WorkbenchError) -> Double {
        switch value {
        case .number(let text):
            guard let number = Double(text) else { throw WorkbenchError("\(path): '\(text.prefix(40))' is not a number") }
            return number
        case .string("NaN"): return .nan
        case .string("Infinity"): return .infinity
        case .string("-Infinity"): return -.infinity
        case .string(let text):
            guard let number = Double(text), number.isFinite else {
                throw WorkbenchError("\(path): '\(Template.oneLine(text.prefix(40)))' is not a number")
            }
            return number
        default: throw expected("a number", value, path)
        }
    }
}
