import WorkbenchBasics

/// `grpc ls` and `grpc describe`: services, methods, messages and enums as proto text. Names come
/// from the server or a file: the caller escapes the text for the terminal.
public enum ProtoText {
    public static func rpc(_ method: ProtoMethod) -> String {
        "rpc \(method.name) ( \(method.clientStreaming ? "stream " : "").\(method.inputType) ) returns ( "
            + "\(method.serverStreaming ? "stream " : "").\(method.outputType) );"
    }

    public static func service(_ service: ProtoService) -> String {
        (["service \(service.fullName.split(separator: ".").last ?? "") {"] + service.methods.map { "  " + rpc($0) } + ["}"])
            .joined(separator: "\n")
    }

    public static func message(_ message: ProtoMessage, in schema: ProtoSchema) -> String {
        var lines = ["message \(message.name) {"]
        var oneofsShown = Set<Int>()
        for field in message.fields {
            if let oneof = field.oneofIndex, !field.isProto3Optional {
                guard !oneofsShown.contains(oneof) else { continue }
                oneofsShown.insert(oneof)
                lines.append("  oneof \(oneof < message.oneofs.count ? message.oneofs[oneof] : "_") {")
                for member in message.fields where member.oneofIndex == oneof {
                    lines.append("    " + fieldLine(member, message: message, schema: schema))
                }
                lines.append("  }")
            } else {
                lines.append("  " + fieldLine(field, message: message, schema: schema))
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    static func fieldLine(_ field: ProtoField, message: ProtoMessage, schema: ProtoSchema) -> String {
        if field.isRepeated, field.type == .message, let entry = schema.messages[field.typeName], entry.isMapEntry,
            let key = entry.fields.first(where: { $0.number == 1 }), let value = entry.fields.first(where: { $0.number == 2 })
        {
            return "map<\(typeText(key)), \(typeText(value))> \(field.name) = \(field.number);"
        }
        let label =
            field.isRepeated
            ? "repeated "
            : field.isRequired ? "required " : (field.isProto3Optional || (!message.isProto3 && field.oneofIndex == nil)) ? "optional " : ""
        return "\(label)\(typeText(field)) \(field.name) = \(field.number);"
    }

    static func typeText(_ field: ProtoField) -> String {
        switch field.type {
        case .message, .enum, .group: "." + field.typeName
        default: field.type.keyword
        }
    }

    public static func enumeration(_ item: ProtoEnum) -> String {
        (["enum \(item.fullName.split(separator: ".").last ?? "") {"] + item.values.map { "  \($0.name) = \($0.number);" } + ["}"])
            .joined(separator: "\n")
    }

    /// `grpc describe NAME`: a service, method (`Service.Method` or `Service/Method`), message or enum.
    public static func describe(_ name: String, in schema: ProtoSchema) -> String? {
        let name = name.hasPrefix(".") ? String(name.dropFirst()) : name
        if let service = schema.services.first(where: { $0.fullName == name })
            ?? uniqueSuffix(name, schema.services.map(\.fullName)).flatMap(schema.service(named:))
        {
            return "\(service.fullName) is a service:\n" + Self.service(service)
        }
        if let message = schema.messages[name] ?? uniqueSuffix(name, Array(schema.messages.keys)).flatMap({ schema.messages[$0] }) {
            return "\(message.fullName) is a message:\n" + Self.message(message, in: schema)
        }
        if let item = schema.enums[name] ?? uniqueSuffix(name, Array(schema.enums.keys)).flatMap({ schema.enums[$0] }) {
            return "\(item.fullName) is an enum:\n" + enumeration(item)
        }
        if let (service, method) = schema.method(name) {
            return "\(service.fullName).\(method.name) is a method:\n" + rpc(method)
        }
        return nil
    }

    /// The one full name ending in `.NAME`, if only one does.
    static func uniqueSuffix(_ name: String, _ names: [String]) -> String? {
        let matches = names.filter { $0.hasSuffix("." + name) }
        return matches.count == 1 ? matches[0] : nil
    }
}
