/// Turns JSON text into a `JSONValue`, keeping member order and number text.
///
/// One pass: the values are built from `JSONTokenizer`'s tokens as it checks
/// them, so a malformed body fails with the same positioned message as
/// everywhere else. The builder keeps an explicit stack, and what was built
/// before a problem is taken apart without recursion.
///
/// Every value it builds nests at most `maximumDepth` levels (a reader may ask
/// for fewer): the container one level deeper is a problem at its bracket,
/// found before it is built. Swift destroys a value, and every decoder walks
/// it, by recursion, so a value 70,000 levels deep (a hostile introspection
/// result, HAR log or collection) crashed whoever merely dropped it. Checking
/// and printing (`JSONSyntax`, `JSONFormatter`) build no values and keep no bound.
public enum JSONParser {
    /// The one bound of every value parsed: far beyond real documents (GitHub's
    /// and Stripe's descriptions nest under 40 levels), and shallow enough for
    /// the recursive walks after parsing on a 512 KB thread stack.
    public static let maximumDepth = 512

    /// The problem's text for a container deeper than `limit`.
    public static func tooDeep(_ limit: Int) -> String {
        "nested more than \(limit) levels deep"
    }

    public static func parse(_ text: String, maximumDepth: Int = maximumDepth) throws(JSONSyntax.Failure) -> JSONValue {
        var copy = text
        var result: Result<JSONValue, JSONSyntax.Failure> = .success(.null)
        copy.withUTF8 { bytes in
            do throws(JSONSyntax.Failure) { result = .success(try parse(bytes, maximumDepth: maximumDepth)) } catch {
                result = .failure(error)
            }
        }
        return try result.get()
    }

    public static func parse(
        _ bytes: [UInt8], skippingByteOrderMark: Bool = false, maximumDepth: Int = maximumDepth
    ) throws(JSONSyntax.Failure) -> JSONValue {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntax.Failure) in
            try parse(buffer, skippingByteOrderMark: skippingByteOrderMark, maximumDepth: maximumDepth)
        }
    }

    /// `skippingByteOrderMark`: a response body may start with one (see `JSONTokenizer`).
    /// `maximumDepth`: a format's own, tighter bound (never more than `JSONParser.maximumDepth`).
    public static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, skippingByteOrderMark: Bool = false, maximumDepth: Int = maximumDepth
    ) throws(JSONSyntax.Failure) -> JSONValue {
        var builder = Builder(
            bytes: bytes, tokenizer: JSONTokenizer(bytes, skippingByteOrderMark: skippingByteOrderMark),
            maximumDepth: min(max(maximumDepth, 1), Self.maximumDepth))
        if let value = builder.run() {
            return value
        } else if let problem = builder.problem {
            var failure = JSONSyntax.failure(at: problem.offset, reason: problem.reason, in: bytes)
            failure.isNestingBound = true
            throw failure
        } else if let problem = builder.tokenizer.problem {
            throw JSONSyntax.failure(at: problem.offset, reason: problem.reason, in: bytes)
        }
        return .null
    }

    /// Builds the value from the tokens.
    private struct Builder {
        let bytes: UnsafeBufferPointer<UInt8>
        var tokenizer: JSONTokenizer
        let maximumDepth: Int
        /// A container deeper than `maximumDepth` (the tokenizer's problems are its own).
        var problem: JSONTokenizer.Problem?
        var index = 0
        /// Reused for every string that has escapes to decode.
        var scratch: [UInt8] = []

        init(bytes: UnsafeBufferPointer<UInt8>, tokenizer: JSONTokenizer, maximumDepth: Int) {
            self.bytes = bytes
            self.tokenizer = tokenizer
            self.maximumDepth = maximumDepth
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

            /// What was built so far, taken apart without recursion.
            mutating func dismantle() {
                var partial: JSONValue = isObject ? .object(members) : .array(elements)
                members = []
                elements = []
                partial.dismantle()
            }
        }

        /// The value, or nil when the tokenizer found a problem.
        mutating func run() -> JSONValue? {
            var frames: [Frame] = []
            var result: JSONValue?
            reading: while true {
                let token = tokenizer.next()
                if tokenizer.problem != nil { break }
                let value: JSONValue
                switch token.kind {
                case .end:
                    return result
                case .beginObject where frames.count == maximumDepth, .beginArray where frames.count == maximumDepth:
                    problem = JSONTokenizer.Problem(offset: token.start, reason: JSONParser.tooDeep(maximumDepth))
                    break reading
                case .beginObject:
                    // Room for a few members at once: growing 1, 2, 4, 8 was a fifth of parsing
                    // a session's records (empty arrays, many in a record, reserve nothing).
                    var frame = Frame(isObject: true)
                    frame.members.reserveCapacity(8)
                    frames.append(frame)
                    continue
                case .beginArray:
                    frames.append(Frame(isObject: false))
                    continue
                case .endObject, .endArray:
                    guard let frame = frames.popLast() else { continue }
                    value = frame.isObject ? .object(frame.members) : .array(frame.elements)
                case .comma, .colon, .other:
                    continue
                case .string:
                    let text = readString(token)
                    if let last = frames.indices.last, frames[last].isObject, frames[last].key == nil {
                        frames[last].key = text
                        continue
                    }
                    value = .string(text)
                case .literal:
                    switch bytes[token.start] {
                    case UInt8(ascii: "t"): value = .bool(true)
                    case UInt8(ascii: "f"): value = .bool(false)
                    default: value = .null
                    }
                case .number:
                    value = .number(text(from: token.start, to: token.end))
                }
                if let last = frames.indices.last {
                    frames[last].add(value)
                } else {
                    result = value
                }
            }
            // A problem: free what was built without recursion.
            if var finished = result { finished.dismantle() }
            for index in frames.indices.reversed() { frames[index].dismantle() }
            return nil
        }

        func text(from start: Int, to end: Int) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }

        /// The decoded text of a string token (quotes included in the token).
        mutating func readString(_ token: JSONTokenizer.Token) -> String {
            let start = token.start + 1
            let end = max(start, token.end - 1)
            index = start
            // Most strings have no escapes: take their bytes as they are.
            while index < end, bytes[index] != UInt8(ascii: "\\") { index += 1 }
            if index == end { return text(from: start, to: end) }
            scratch.removeAll(keepingCapacity: true)
            scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
            while index < end {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\\") {
                    decodeEscape()
                } else {
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
