/// Turns JSON text into a `JSONValue`, keeping member order and number text.
///
/// The text is first checked by `JSONSyntax`, so a malformed body fails with
/// the same positioned message everywhere, and the builder that follows can
/// assume well-formed input (it still never reads out of bounds). Both walk
/// the bytes with an explicit stack: 100,000 nested arrays parse like any
/// other body. Dropping such a deep result needs `JSONValue.dismantle()`.
public enum JSONParser {
    public static func parse(_ text: String) throws(JSONSyntax.Failure) -> JSONValue {
        var copy = text
        var result: Result<JSONValue, JSONSyntax.Failure> = .success(.null)
        copy.withUTF8 { bytes in
            do throws(JSONSyntax.Failure) { result = .success(try parse(bytes)) } catch { result = .failure(error) }
        }
        return try result.get()
    }

    public static func parse(_ bytes: [UInt8]) throws(JSONSyntax.Failure) -> JSONValue {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntax.Failure) in try parse(buffer) }
    }

    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntax.Failure) -> JSONValue {
        try JSONSyntax.validate(bytes)
        var builder = Builder(bytes: bytes)
        return builder.run()
    }

    /// Builds the value from text already known to be valid JSON.
    private struct Builder {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        /// Reused for every string that has escapes to decode.
        var scratch: [UInt8] = []

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        /// A container still being filled.
        private struct Frame {
            var isObject: Bool
            var elements: [JSONValue] = []
            var members: [JSONMember] = []
            /// The key of the member whose value comes next, once read.
            var key: String?

            mutating func add(_ value: JSONValue) {
                if isObject {
                    members.append(JSONMember(key: key ?? "", value: value))
                    key = nil
                } else {
                    elements.append(value)
                }
            }
        }

        mutating func run() -> JSONValue {
            var frames: [Frame] = []
            while true {
                skipWhitespace()
                guard index < bytes.count else { break }
                let value: JSONValue
                switch bytes[index] {
                case UInt8(ascii: "{"):
                    index += 1
                    frames.append(Frame(isObject: true))
                    continue
                case UInt8(ascii: "["):
                    index += 1
                    frames.append(Frame(isObject: false))
                    continue
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    index += 1
                    guard let frame = frames.popLast() else { continue }
                    value = frame.isObject ? .object(frame.members) : .array(frame.elements)
                case UInt8(ascii: ","), UInt8(ascii: ":"):
                    index += 1
                    continue
                case UInt8(ascii: "\""):
                    let text = readString()
                    if let last = frames.indices.last, frames[last].isObject, frames[last].key == nil {
                        frames[last].key = text
                        continue
                    }
                    value = .string(text)
                case UInt8(ascii: "t"):
                    index += 4
                    value = .bool(true)
                case UInt8(ascii: "f"):
                    index += 5
                    value = .bool(false)
                case UInt8(ascii: "n"):
                    index += 4
                    value = .null
                default:
                    let start = index
                    let text = readNumber()
                    // A stray byte cannot get here after validation; skip it rather than loop.
                    guard index > start else {
                        index += 1
                        continue
                    }
                    value = .number(text)
                }
                guard let last = frames.indices.last else { return value }
                frames[last].add(value)
            }
            // Only reachable if the input was not valid after all: close what is still open.
            var value = JSONValue.null
            while let frame = frames.popLast() {
                value = frame.isObject ? .object(frame.members) : .array(frame.elements)
                guard let last = frames.indices.last else { break }
                frames[last].add(value)
            }
            return value
        }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        mutating func readNumber() -> String {
            let start = index
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"),
                     UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
                    index += 1
                default:
                    return text(from: start, to: index)
                }
            }
            return text(from: start, to: index)
        }

        func text(from start: Int, to end: Int) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }

        /// Reads the string that starts at the opening quote under `index` and
        /// returns its decoded text.
        mutating func readString() -> String {
            index += 1
            let start = index
            // Most strings have no escapes: take their bytes as they are.
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    return text(from: start, to: index - 1)
                }
                if byte == UInt8(ascii: "\\") { break }
                index += 1
            }
            scratch.removeAll(keepingCapacity: true)
            scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(decoding: scratch, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    decodeEscape()
                default:
                    scratch.append(byte)
                }
            }
            return String(decoding: scratch, as: UTF8.self)
        }

        /// Decodes the escape whose backslash was just read into `scratch`.
        mutating func decodeEscape() {
            guard index < bytes.count else { return }
            let letter = bytes[index]
            index += 1
            switch letter {
            case UInt8(ascii: "b"): scratch.append(0x08)
            case UInt8(ascii: "f"): scratch.append(0x0C)
            case UInt8(ascii: "n"): scratch.append(0x0A)
            case UInt8(ascii: "r"): scratch.append(0x0D)
            case UInt8(ascii: "t"): scratch.append(0x09)
            case UInt8(ascii: "u"):
                guard let unit = readHex4() else { return }
                var scalar = Unicode.Scalar(unit)
                if (0xD800...0xDBFF).contains(unit) {
                    // A high surrogate counts only when a low one follows; a
                    // lone one becomes U+FFFD and whatever follows is kept.
                    let resume = index
                    if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                        index += 2
                        if let low = readHex4(), (0xDC00...0xDFFF).contains(low) {
                            scalar = Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00))
                        } else {
                            index = resume
                        }
                    }
                }
                appendUTF8(scalar ?? "\u{FFFD}")
            default:
                // `"`, `\` and `/` stand for themselves.
                scratch.append(letter)
            }
        }

        mutating func readHex4() -> UInt16? {
            guard index + 4 <= bytes.count else { return nil }
            var unit: UInt16 = 0
            for offset in 0..<4 {
                guard let digit = PercentEncoding.hexValue(bytes[index + offset]) else { return nil }
                unit = unit << 4 | UInt16(digit)
            }
            index += 4
            return unit
        }

        mutating func appendUTF8(_ scalar: Unicode.Scalar) {
            let value = scalar.value
            switch value {
            case 0..<0x80:
                scratch.append(UInt8(value))
            case 0x80..<0x800:
                scratch.append(UInt8(0xC0 | value >> 6))
                scratch.append(UInt8(0x80 | value & 0x3F))
            case 0x800..<0x10000:
                scratch.append(UInt8(0xE0 | value >> 12))
                scratch.append(UInt8(0x80 | value >> 6 & 0x3F))
                scratch.append(UInt8(0x80 | value & 0x3F))
            default:
                scratch.append(UInt8(0xF0 | value >> 18))
                scratch.append(UInt8(0x80 | value >> 12 & 0x3F))
                scratch.append(UInt8(0x80 | value >> 6 & 0x3F))
                scratch.append(UInt8(0x80 | value & 0x3F))
            }
        }
    }
}
