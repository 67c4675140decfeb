import WorkbenchBasics

/// The scalar and composite types a field may have (descriptor.proto's `FieldDescriptorProto.Type`).
public enum ProtoFieldType: Int, Sendable {
    case double = 1
    case float, int64, uint64, int32, fixed64, fixed32, bool, string, group, message, bytes, uint32, `enum`,
        sfixed32, sfixed64, sint32, sint64

    /// The name `.proto` files use.
    public var keyword: String {
        switch self {
        case .double: "double"
        case .float: "float"
        case .int64: "int64"
        case .uint64: "uint64"
        case .int32: "int32"
        case .fixed64: "fixed64"
        case .fixed32: "fixed32"
        case .bool: "bool"
        case .string: "string"
        case .group: "group"
        case .message: "message"
        case .bytes: "bytes"
        case .uint32: "uint32"
        case .enum: "enum"
        case .sfixed32: "sfixed32"
        case .sfixed64: "sfixed64"
        case .sint32: "sint32"
        case .sint64: "sint64"
        }
    }

    /// Whether a repeated field of this type may be packed (numbers, booleans and enums).
    var isPackable: Bool {
        switch self {
        case .string, .bytes, .message, .group: false
        default: true
        }
    }
}

public struct ProtoField: Sendable, Equatable {
    public var name: String
    public var number: Int
    public var type: ProtoFieldType
    /// The message or enum type's full name, without the leading dot.
    public var typeName: String
    public var isRepeated: Bool
    public var isRequired: Bool
    public var jsonName: String
    public var oneofIndex: Int?
    public var isProto3Optional: Bool
    /// `[packed = ...]` as written; nil follows the syntax's default.
    public var packed: Bool?
}

public struct ProtoMessage: Sendable, Equatable {
    public var fullName: String
    public var fields: [ProtoField]
    public var oneofs: [String]
    public var isMapEntry: Bool
    /// proto3 (and editions): scalars without `optional` have no presence, repeated ones are packed.
    public var isProto3: Bool
    public var file: String

    public var name: String { String(fullName.split(separator: ".").last ?? Substring(fullName)) }
}

public struct ProtoEnum: Sendable, Equatable {
    public var fullName: String
    public var values: [(name: String, number: Int)]
    public var file: String

    public static func == (lhs: ProtoEnum, rhs: ProtoEnum) -> Bool {
        lhs.fullName == rhs.fullName && lhs.values.map(\.name) == rhs.values.map(\.name)
            && lhs.values.map(\.number) == rhs.values.map(\.number)
    }

    public func name(of number: Int) -> String? { values.first { $0.number == number }?.name }
    public func number(of name: String) -> Int? { values.first { $0.name == name }?.number }
}

public struct ProtoMethod: Sendable, Equatable {
    public var name: String
    public var inputType: String
    public var outputType: String
    public var clientStreaming: Bool
    public var serverStreaming: Bool
}

public struct ProtoService: Sendable, Equatable {
    public var fullName: String
    public var methods: [ProtoMethod]
    public var file: String

    public func method(named name: String) -> ProtoMethod? { methods.first { $0.name == name } }
}

/// One `.proto` file as its `FileDescriptorProto` says, the types flattened to full names.
public struct ProtoFile: Sendable, Equatable {
    public var name: String
    public var package: String
    public var dependencies: [String]
    public var messages: [ProtoMessage] = []
    public var enums: [ProtoEnum] = []
    public var services: [ProtoService] = []
    /// The serialized `FileDescriptorProto` read, kept whole so a session can save the schema
    /// (`GRPCSessionSchemas`) and read it again without the server or the `.proto` files.
    public var descriptor: [UInt8] = []

    /// Reads a serialized `google.protobuf.FileDescriptorProto` (descriptor.proto's field numbers).
    public init(descriptor bytes: [UInt8]) throws(WorkbenchError) {
        self.descriptor = bytes
        var reader = WireReader(bytes)
        var name = ""
        var package = ""
        var dependencies: [String] = []
        var messageReaders: [WireReader] = []
        var enumReaders: [WireReader] = []
        var serviceReaders: [WireReader] = []
        var syntax = "proto2"
        while !reader.isAtEnd {
            let (number, type) = try reader.tag()
            switch (number, type) {
            case (1, .lengthDelimited): name = try reader.string()
            case (2, .lengthDelimited): package = try reader.string()
            case (3, .lengthDelimited): dependencies.append(try reader.string())
            case (4, .lengthDelimited): messageReaders.append(try reader.nested())
            case (5, .lengthDelimited): enumReaders.append(try reader.nested())
            case (6, .lengthDelimited): serviceReaders.append(try reader.nested())
            case (12, .lengthDelimited): syntax = try reader.string()
            case (14, .varint): if try reader.varint() != 0 { syntax = "editions" }
            default: try reader.skip(type, number: number)
            }
        }
        self.name = name
        self.package = package
        self.dependencies = dependencies
        let isProto3 = syntax != "proto2"
        let prefix = package.isEmpty ? "" : package + "."
        for var message in messageReaders {
            try readMessage(&message, prefix: prefix, isProto3: isProto3, depth: 0)
        }
        for var item in enumReaders {
            enums.append(try Self.readEnum(&item, prefix: prefix, file: name))
        }
        for var item in serviceReaders {
            services.append(try Self.readService(&item, prefix: prefix, file: name))
        }
    }

    private mutating func readMessage(
        _ reader: inout WireReader, prefix: String, isProto3: Bool, depth: Int
    ) throws(WorkbenchError) {
        guard depth < ProtoBounds.maximumDepth else { throw ProtoBounds.tooDeep }
        var name = ""
        var fields: [ProtoField] = []
        var nested: [WireReader] = []
        var nestedEnums: [WireReader] = []
        var oneofs: [String] = []
        var isMapEntry = false
        while !reader.isAtEnd {
            let (number, type) = try reader.tag()
            switch (number, type) {
            case (1, .lengthDelimited): name = try reader.string()
            case (2, .lengthDelimited):
                var field = try reader.nested()
                fields.append(try Self.readField(&field))
            case (3, .lengthDelimited): nested.append(try reader.nested())
            case (4, .lengthDelimited): nestedEnums.append(try reader.nested())
            case (7, .lengthDelimited):
                var options = try reader.nested()
                while !options.isAtEnd {
                    let (option, optionType) = try options.tag()
                    if option == 7, optionType == .varint {
                        isMapEntry = try options.varint() != 0
                    } else {
                        try options.skip(optionType, number: option)
                    }
                }
            case (8, .lengthDelimited):
                var oneof = try reader.nested()
                var oneofName = ""
                while !oneof.isAtEnd {
                    let (field, fieldType) = try oneof.tag()
                    if field == 1, fieldType == .lengthDelimited {
                        oneofName = try oneof.string()
                    } else {
                        try oneof.skip(fieldType, number: field)
                    }
                }
                oneofs.append(oneofName)
            default: try reader.skip(type, number: number)
            }
        }
        let fullName = prefix + name
        messages.append(
            ProtoMessage(
                fullName: fullName, fields: fields, oneofs: oneofs, isMapEntry: isMapEntry, isProto3: isProto3,
                file: self.name))
        for var item in nested {
            try readMessage(&item, prefix: fullName + ".", isProto3: isProto3, depth: depth + 1)
        }
        for var item in nestedEnums {
            enums.append(try Self.readEnum(&item, prefix: fullName + ".", file: self.name))
        }
    }

    private static func readField(_ reader: inout WireReader) throws(WorkbenchError) -> ProtoField {
        var field = ProtoField(
            name: "", number: 0, type: .int32, typeName: "", isRepeated: false, isRequired: false, jsonName: "",
            oneofIndex: nil, isProto3Optional: false, packed: nil)
        while !reader.isAtEnd {
            let (number, type) = try reader.tag()
            switch (number, type) {
            case (1, .lengthDelimited): field.name = try reader.string()
            case (3, .varint): field.number = Int(truncatingIfNeeded: try reader.varint())
            case (4, .varint):
                let label = try reader.varint()
                field.isRepeated = label == 3
                field.isRequired = label == 2
            case (5, .varint):
                let raw = try reader.varint()
                guard let kind = ProtoFieldType(rawValue: Int(truncatingIfNeeded: raw)) else {
                    throw WorkbenchError("protobuf descriptor: a field of unknown type \(raw)")
                }
                field.type = kind
            case (6, .lengthDelimited):
                let name = try reader.string()
                field.typeName = name.hasPrefix(".") ? String(name.dropFirst()) : name
            case (8, .lengthDelimited):
                var options = try reader.nested()
                while !options.isAtEnd {
                    let (option, optionType) = try options.tag()
                    if option == 2, optionType == .varint {
                        field.packed = try options.varint() != 0
                    } else {
                        try options.skip(optionType, number: option)
                    }
                }
            case (9, .varint): field.oneofIndex = Int(truncatingIfNeeded: try reader.varint())
            case (10, .lengthDelimited): field.jsonName = try reader.string()
            case (17, .varint): field.isProto3Optional = try reader.varint() != 0
            default: try reader.skip(type, number: number)
            }
        }
        guard !field.name.isEmpty, field.number > 0 else {
            throw WorkbenchError("protobuf descriptor: a field without a name or number")
        }
        if field.jsonName.isEmpty { field.jsonName = Self.lowerCamelCase(field.name) }
        if field.type == .message || field.type == .enum || field.type == .group, field.typeName.isEmpty {
            throw WorkbenchError("protobuf descriptor: field \(Excerpt.quoted(field.name, limit: 120)) names no type")
        }
        return field
    }

    /// protoc's default JSON name: underscores dropped, the letter after each made upper case.
    static func lowerCamelCase(_ name: String) -> String {
        var result = ""
        var upper = false
        for character in name {
            if character == "_" {
                upper = true
            } else if upper {
                result += character.uppercased()
                upper = false
            } else {
                result.append(character)
            }
        }
        return result
    }

    private static func readEnum(_ reader: inout WireReader, prefix: String, file: String) throws(WorkbenchError) -> ProtoEnum {
        var name = ""
        var values: [(name: String, number: Int)] = []
        while !reader.isAtEnd {
            let (number, type) = try reader.tag()
            switch (number, type) {
            case (1, .lengthDelimited): name = try reader.string()
            case (2, .lengthDelimited):
                var value = try reader.nested()
                var valueName = ""
                var valueNumber = 0
                while !value.isAtEnd {
                    let (field, fieldType) = try value.tag()
                    switch (field, fieldType) {
                    case (1, .lengthDelimited): valueName = try value.string()
                    case (2, .varint): valueNumber = Int(Int32(truncatingIfNeeded: try value.varint()))
                    default: try value.skip(fieldType, number: field)
                    }
                }
                values.append((valueName, valueNumber))
            default: try reader.skip(type, number: number)
            }
        }
        return ProtoEnum(fullName: prefix + name, values: values, file: file)
    }

    private static func readService(_ reader: inout WireReader, prefix: String, file: String) throws(WorkbenchError) -> ProtoService {
        var name = ""
        var methods: [ProtoMethod] = []
        while !reader.isAtEnd {
            let (number, type) = try reader.tag()
            switch (number, type) {
            case (1, .lengthDelimited): name = try reader.string()
            case (2, .lengthDelimited):
                var item = try reader.nested()
                var method = ProtoMethod(name: "", inputType: "", outputType: "", clientStreaming: false, serverStreaming: false)
                while !item.isAtEnd {
                    let (field, fieldType) = try item.tag()
                    switch (field, fieldType) {
                    case (1, .lengthDelimited): method.name = try item.string()
                    case (2, .lengthDelimited): method.inputType = String(try item.string().drop { $0 == "." })
                    case (3, .lengthDelimited): method.outputType = String(try item.string().drop { $0 == "." })
                    case (5, .varint): method.clientStreaming = try item.varint() != 0
                    case (6, .varint): method.serverStreaming = try item.varint() != 0
                    default: try item.skip(fieldType, number: field)
                    }
                }
                methods.append(method)
            default: try reader.skip(type, number: number)
            }
        }
        return ProtoService(fullName: prefix + name, methods: methods, file: file)
    }
}

/// Every type the workbench knows of one gRPC target: files from reflection or a descriptor set,
/// their types by full name.
public struct ProtoSchema: Sendable, Equatable {
    public private(set) var files: [ProtoFile] = []
    public private(set) var messages: [String: ProtoMessage] = [:]
    public private(set) var enums: [String: ProtoEnum] = [:]
    public private(set) var services: [ProtoService] = []

    public init() {}

    public init(files: [ProtoFile]) {
        for file in files { add(file) }
    }

    public func hasFile(_ name: String) -> Bool { files.contains { $0.name == name } }

    /// Adds a file (once: a file already known by name is kept as it was).
    public mutating func add(_ file: ProtoFile) {
        guard !hasFile(file.name) else { return }
        files.append(file)
        for message in file.messages { messages[message.fullName] = message }
        for item in file.enums { enums[item.fullName] = item }
        services += file.services
    }

    /// Reads a `google.protobuf.FileDescriptorSet` (what `protoc --descriptor_set_out` writes).
    public static func fromDescriptorSet(_ bytes: [UInt8]) throws(WorkbenchError) -> ProtoSchema {
        var reader = WireReader(bytes)
        var schema = ProtoSchema()
        while !reader.isAtEnd {
            let (number, type) = try reader.tag()
            if number == 1, type == .lengthDelimited {
                guard schema.files.count < ProtoBounds.maximumFiles else {
                    throw WorkbenchError("protobuf: more than \(ProtoBounds.maximumFiles) files in one schema (the bound)")
                }
                schema.add(try ProtoFile(descriptor: Array(try reader.lengthDelimited())))
            } else {
                try reader.skip(type, number: number)
            }
        }
        return schema
    }

    /// The schema's files as a `google.protobuf.FileDescriptorSet` (what `fromDescriptorSet` reads).
    public var descriptorSet: [UInt8] {
        var writer = WireWriter()
        for file in files { writer.lengthDelimited(1, file.descriptor) }
        return writer.bytes
    }

    public func service(named name: String) -> ProtoService? { services.first { $0.fullName == name } }

    /// `SERVICE/METHOD` or `SERVICE.METHOD`, the service by full name (or by its last part when
    /// that is unambiguous).
    public func method(_ path: String) -> (service: ProtoService, method: ProtoMethod)? {
        let cut = path.lastIndex(of: "/") ?? path.lastIndex(of: ".")
        guard let cut else { return nil }
        let serviceName = String(path[..<cut]).drop { $0 == "/" }
        let methodName = String(path[path.index(after: cut)...])
        let candidates = services.filter {
            $0.fullName == serviceName || $0.fullName.hasSuffix("." + serviceName)
        }
        let service = candidates.first { $0.fullName == serviceName } ?? (candidates.count == 1 ? candidates.first : nil)
        guard let service, let method = service.method(named: methodName) else { return nil }
        return (service, method)
    }
}
