import WorkbenchBasics

/// Protocol Buffers' wire format (varints, fixed-width numbers, length-delimited fields), the
/// layer under `ProtoCodec` and the descriptor reader.
///
/// Hand-written because the one well-kept Swift library, swift-protobuf, encodes only messages
/// compiled ahead of time: it has no dynamic messages, and the workbench learns its message
/// types at run time (server reflection, `.proto` files). Bounded by `ProtoBounds`.
enum WireType: UInt8 {
    case varint = 0
    case fixed64 = 1
    case lengthDelimited = 2
    case startGroup = 3
    case endGroup = 4
    case fixed32 = 5
}

/// Reads one encoded message: fields one by one, every length checked against what is left.
struct WireReader {
    private let bytes: [UInt8]
    private(set) var position: Int
    let end: Int

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        position = 0
        end = bytes.count
    }

    private init(_ bytes: [UInt8], from start: Int, to end: Int) {
        self.bytes = bytes
        position = start
        self.end = end
    }

    var isAtEnd: Bool { position >= end }

    mutating func varint() throws(WorkbenchError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < end else { throw Self.truncated }
            let byte = bytes[position]
            position += 1
            guard shift < 64 else { throw WorkbenchError("protobuf: a varint longer than 10 bytes") }
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
    }

    /// A field's number and wire type.
    mutating func tag() throws(WorkbenchError) -> (number: Int, type: WireType) {
        let key = try varint()
        let number = key >> 3
        guard number > 0, number <= 536_870_911, let type = WireType(rawValue: UInt8(key & 7)) else {
            throw WorkbenchError("protobuf: an invalid field tag (\(key))")
        }
        return (Int(number), type)
    }

    mutating func fixed32() throws(WorkbenchError) -> UInt32 {
        guard end - position >= 4 else { throw Self.truncated }
        var value: UInt32 = 0
        for index in 0..<4 { value |= UInt32(bytes[position + index]) << (8 * UInt32(index)) }
        position += 4
        return value
    }

    mutating func fixed64() throws(WorkbenchError) -> UInt64 {
        guard end - position >= 8 else { throw Self.truncated }
        var value: UInt64 = 0
        for index in 0..<8 { value |= UInt64(bytes[position + index]) << (8 * UInt64(index)) }
        position += 8
        return value
    }

    /// The bytes of a length-delimited field.
    mutating func lengthDelimited() throws(WorkbenchError) -> ArraySlice<UInt8> {
        let length = try varint()
        guard length <= UInt64(end - position) else { throw Self.truncated }
        let start = position
        position += Int(length)
        return bytes[start..<position]
    }

    /// A reader over the next length-delimited field, sharing the storage.
    mutating func nested() throws(WorkbenchError) -> WireReader {
        let slice = try lengthDelimited()
        return WireReader(bytes, from: slice.startIndex, to: slice.endIndex)
    }

    mutating func string() throws(WorkbenchError) -> String {
        String(decoding: try lengthDelimited(), as: UTF8.self)
    }

    /// Skips a field of `type` (a group up to its end, within `depth` levels).
    mutating func skip(_ type: WireType, number: Int, depth: Int = 0) throws(WorkbenchError) {
        switch type {
        case .varint: _ = try varint()
        case .fixed64: _ = try fixed64()
        case .fixed32: _ = try fixed32()
        case .lengthDelimited: _ = try lengthDelimited()
        case .startGroup:
            guard depth < ProtoBounds.maximumDepth else { throw ProtoBounds.tooDeep }
            while true {
                let (inner, innerType) = try tag()
                if innerType == .endGroup {
                    guard inner == number else { throw WorkbenchError("protobuf: a group ends with the wrong field number") }
                    return
                }
                try skip(innerType, number: inner, depth: depth + 1)
            }
        case .endGroup: throw WorkbenchError("protobuf: a group end without its start")
        }
    }

    static let truncated = WorkbenchError("protobuf: the message ends inside a field")
}

/// Builds one encoded message.
struct WireWriter {
    var bytes: [UInt8] = []

    mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    mutating func tag(_ number: Int, _ type: WireType) {
        varint(UInt64(number) << 3 | UInt64(type.rawValue))
    }

    mutating func fixed32(_ value: UInt32) {
        for index in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt32(index)))) }
    }

    mutating func fixed64(_ value: UInt64) {
        for index in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index)))) }
    }

    mutating func lengthDelimited(_ number: Int, _ payload: [UInt8]) {
        tag(number, .lengthDelimited)
        varint(UInt64(payload.count))
        bytes += payload
    }

    mutating func string(_ number: Int, _ text: String) {
        lengthDelimited(number, Array(text.utf8))
    }

    static func zigzag(_ value: Int64) -> UInt64 {
        UInt64(bitPattern: (value << 1) ^ (value >> 63))
    }

    static func unzigzag(_ value: UInt64) -> Int64 {
        Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
    }
}

/// How far a message read or written from descriptors may go; each error names its bound.
public enum ProtoBounds {
    /// Messages nested in messages (and JSON in JSON for Struct values).
    public static let maximumDepth = 100
    /// The encoded size of one message, either way (gRPC's own default is 4 MiB received).
    public static let maximumMessageBytes = 16 * 1024 * 1024
    /// Elements of one repeated field or entries of one map.
    public static let maximumRepeated = 1_000_000
    /// Files of one schema (a reflection answer, a descriptor set).
    public static let maximumFiles = 2_000

    static let tooDeep = WorkbenchError("protobuf: messages nested deeper than \(maximumDepth) levels (the bound)")
    static let tooLarge = WorkbenchError(
        "protobuf: a message larger than \(Quantities.size(maximumMessageBytes)) (the bound)")
    static let tooManyElements = WorkbenchError(
        "protobuf: more than \(maximumRepeated) elements in one repeated field (the bound)")
}
