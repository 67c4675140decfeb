import WorkbenchBasics

extension ProtoEncoder {
    /// A well-known type from its JSON form.
    func encodeWellKnown(_ json: JSONValue, _ typeName: String, path: String, depth: Int) throws(WorkbenchError) -> [UInt8] {
        var writer = WireWriter()
        if let type = ProtoWellKnown.wrappers[typeName] {
            try appendOne(json, ProtoWellKnown.field(1, type), to: &writer, path: path, depth: depth)
            return writer.bytes
        }
        switch typeName {
        case "google.protobuf.Timestamp", "google.protobuf.Duration":
            guard case .string(let text) = json else { throw Self.expected("a string", json, path) }
            let (seconds, nanos) =
                typeName == "google.protobuf.Timestamp"
                ? try ProtoWellKnown.parseTimestamp(text) : try ProtoWellKnown.parseDuration(text)
            if seconds != 0 {
                writer.tag(1, .varint)
                writer.varint(UInt64(bitPattern: seconds))
            }
            if nanos != 0 {
                writer.tag(2, .varint)
                writer.varint(UInt64(bitPattern: nanos))
            }
        case "google.protobuf.Empty":
            guard case .object(let members) = json, members.isEmpty else { throw Self.expected("{}", json, path) }
        case "google.protobuf.FieldMask":
            guard case .string(let text) = json else { throw Self.expected("a string", json, path) }
            for part in text.split(separator: ",") where !part.isEmpty {
                writer.string(1, ProtoWellKnown.snakePath(String(part)))
            }
        case "google.protobuf.Struct":
            guard case .object(let members) = json else { throw Self.expected("an object", json, path) }
            guard members.count <= ProtoBounds.maximumRepeated else { throw ProtoBounds.tooManyElements }
            for member in members {
                var entry = WireWriter()
                entry.string(1, member.key)
                entry.lengthDelimited(
                    2, try encodeMessage(member.value, "google.protobuf.Value", path: path + "." + member.key, depth: depth + 1))
                writer.lengthDelimited(1, entry.bytes)
            }
        case "google.protobuf.ListValue":
            guard case .array(let elements) = json else { throw Self.expected("an array", json, path) }
            guard elements.count <= ProtoBounds.maximumRepeated else { throw ProtoBounds.tooManyElements }
            for (index, element) in elements.enumerated() {
                writer.lengthDelimited(1, try encodeMessage(element, "google.protobuf.Value", path: path + "[\(index)]", depth: depth + 1))
            }
        case "google.protobuf.Value":
            switch json {
            case .null:
                writer.tag(1, .varint)
                writer.varint(0)
            case .number(let text):
                guard let number = Double(text) else { throw WorkbenchError("\(path): '\(text.prefix(40))' is not a number") }
                writer.tag(2, .fixed64)
                writer.fixed64(number.bitPattern)
            case .string(let text): writer.string(3, text)
            case .bool(let flag):
                writer.tag(4, .varint)
                writer.varint(flag ? 1 : 0)
            case .object:
                writer.lengthDelimited(5, try encodeMessage(json, "google.protobuf.Struct", path: path, depth: depth + 1))
            case .array:
                writer.lengthDelimited(6, try encodeMessage(json, "google.protobuf.ListValue", path: path, depth: depth + 1))
            }
        case "google.protobuf.Any":
            guard case .object(let members) = json else { throw Self.expected("an object with \"@type\"", json, path) }
            guard let typeMember = members.first(where: { $0.key == "@type" }), case .string(let url) = typeMember.value else {
                if members.isEmpty { return [] }
                throw WorkbenchError("\(path): an Any needs its \"@type\" (type.googleapis.com/NAME)")
            }
            let inner = String(url[(url.lastIndex(of: "/").map { url.index(after: $0) } ?? url.startIndex)...])
            let rest = members.filter { $0.key != "@type" }
            let payload: [UInt8]
            if ProtoWellKnown.special.contains(inner) && inner != "google.protobuf.Empty" {
                guard let value = rest.first(where: { $0.key == "value" })?.value else {
                    throw WorkbenchError("\(path): an Any of \(inner) holds it in \"value\"")
                }
                payload = try encodeMessage(value, inner, path: path + ".value", depth: depth + 1)
            } else {
                payload = try encodeMessage(.object(rest), inner, path: path, depth: depth + 1)
            }
            writer.string(1, url)
            writer.lengthDelimited(2, payload)
        default:
            throw WorkbenchError("protobuf: the well-known type \(Excerpt.quoted(typeName, limit: 120)) is not supported")
        }
        return writer.bytes
    }
}
