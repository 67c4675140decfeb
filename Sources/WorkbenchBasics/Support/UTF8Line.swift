/// A line of input checked to be UTF-8 before it becomes a command.
///
/// Values are sent as typed, so a byte that is not UTF-8 cannot be kept in a
/// `String`; decoding it would put U+FFFD on the wire in its place without a
/// word. The line is refused instead, naming the byte and where it stands.
public enum UTF8Line {
    public static func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes) throws(WorkbenchError) -> String {
        // Contiguous bytes (every line read) take the standard library's fast validation;
        // the generic path walks an iterator byte by byte.
        let checked =
            bytes.withContiguousStorageIfAvailable { String(validating: $0, as: UTF8.self) }
            ?? String(validating: bytes, as: UTF8.self)
        if let text = checked { return text }
        let (offset, byte) = firstInvalidByte(in: Array(bytes))
        let hex = String(byte, radix: 16, uppercase: true)
        throw WorkbenchError(
            "the line is not valid UTF-8 (byte 0x\(hex.count == 1 ? "0" + hex : hex) at column \(offset + 1)): nothing was run; values are sent as typed, so lines must be UTF-8"
        )
    }

    /// The offset and value of the first byte that does not start or continue
    /// a well-formed UTF-8 sequence.
    static func firstInvalidByte(in bytes: [UInt8]) -> (Int, UInt8) {
        var index = 0
        while index < bytes.count {
            let length = sequenceLength(at: index, in: bytes)
            guard length > 0 else { return (index, bytes[index]) }
            index += length
        }
        return (max(0, bytes.count - 1), bytes.last ?? 0)
    }

    /// The length of the well-formed sequence at `index`, or 0 (RFC 3629's table).
    private static func sequenceLength(at index: Int, in bytes: [UInt8]) -> Int {
        let lead = bytes[index]
        let (length, low, high): (Int, UInt8, UInt8)
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: (length, low, high) = (2, 0x80, 0xBF)
        case 0xE0: (length, low, high) = (3, 0xA0, 0xBF)
        case 0xED: (length, low, high) = (3, 0x80, 0x9F)
        case 0xE1...0xEF: (length, low, high) = (3, 0x80, 0xBF)
        case 0xF0: (length, low, high) = (4, 0x90, 0xBF)
        case 0xF4: (length, low, high) = (4, 0x80, 0x8F)
        case 0xF1...0xF3: (length, low, high) = (4, 0x80, 0xBF)
        default: return 0
        }
        guard index + length <= bytes.count, (low...high).contains(bytes[index + 1]) else { return 0 }
        for offset in 2..<max(2, length) where !(0x80...0xBF).contains(bytes[index + offset]) { return 0 }
        return length
    }
}
