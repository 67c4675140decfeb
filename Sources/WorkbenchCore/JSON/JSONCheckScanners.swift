/// The byte scanners of the fast check (`JSONTokenizer.skipValidTokens`):
/// each passes one complete, valid token (or white space) and says where it
/// ends, or nil where `nextChecked` has to judge (a problem, or a token that
/// reaches the end of what has arrived). They take and return indices by
/// value, so the check's loop keeps its state in registers, and never read
/// at or past `count`.
///
/// String bodies are scanned sixteen bytes at a time with Swift's portable
/// SIMD types (SSE2 on x86_64, NEON on arm64), straight to the first byte
/// that needs a look.
extension JSONTokenizer {
    /// The offset of the first byte of the sixteen at `pointer` that a string
    /// cannot simply pass (a quote, a backslash, a control character or a
    /// byte of 0x80 or more), or 16 when there is none.
    ///
    /// Lane arithmetic rather than the SIMD comparison operators: those are
    /// a loop over the lanes that the optimizer vectorizes only sometimes
    /// (inlined here it did not: 25 times slower), while `&-`, `|`, `^` and
    /// `&` are single vector instructions.
    @inline(__always)
    static func firstSpecialStringByte(_ pointer: UnsafePointer<UInt8>) -> Int {
        let bytes = UnsafeRawPointer(pointer).loadUnaligned(as: SIMD16<UInt8>.self)
        let one = SIMD16<UInt8>(repeating: 1)
        // A lane of `(x &- 1) & ~x` has its high bit set exactly when the lane is zero.
        let quotes = bytes ^ SIMD16(repeating: 0x22)
        let backslashes = bytes ^ SIMD16(repeating: 0x5C)
        // `bytes &- 0x20` sets the high bit for 0x00...0x1F (and 0xA0...), `bytes` itself for 0x80 and up.
        let special = ((quotes &- one) & ~quotes) | ((backslashes &- one) & ~backslashes)
            | (bytes &- SIMD16(repeating: 0x20)) | bytes
        let marks = unsafeBitCast(special & SIMD16(repeating: 0x80), to: SIMD2<UInt64>.self)
        let low = UInt64(littleEndian: marks[0])
        if low != 0 { return low.trailingZeroBitCount &>> 3 }
        // 16 when the high half has none either (64 trailing zeros).
        return 8 &+ UInt64(littleEndian: marks[1]).trailingZeroBitCount &>> 3
    }

    /// The index just past the valid string whose opening quote is at
    /// `start`, or nil (`scanString` says why). A string that ends in its
    /// first eight bytes without an escape or non-ASCII byte, as most keys
    /// do, is passed here, inline: one word in a general register, the
    /// shortest wait for where the next token starts (a sixteen-byte vector
    /// here measured no faster: a longer wait, fewer instructions).
    @inline(__always)
    static func endOfCheckedString(_ base: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int? {
        let first = start &+ 1
        guard first &+ 8 <= count else { return endOfCheckedStringBody(base, from: first, count: count) }
        let word = UInt64(littleEndian: UnsafeRawPointer(base + first).loadUnaligned(as: UInt64.self))
        let (attention, quotes) = attentionMask(word)
        let index = first &+ attention.trailingZeroBitCount &>> 3
        // The closing quote, known without loading the byte again.
        if quotes & attention & (0 &- attention) != 0 { return index &+ 1 }
        return endOfCheckedStringBody(base, from: index, count: count)
    }

    /// The rest of a string from `from` (inside it): escapes, UTF-8 and long runs.
    @inline(never)
    static func endOfCheckedStringBody(_ base: UnsafePointer<UInt8>, from: Int, count: Int) -> Int? {
        var index = from
        while true {
            if index &+ 16 <= count {
                let offset = firstSpecialStringByte(base + index)
                index &+= offset
                if offset == 16 { continue }
            } else if index >= count {
                return nil
            }
            let byte = base[index]
            if byte == UInt8(ascii: "\"") { return index &+ 1 }
            if byte == UInt8(ascii: "\\") {
                guard index &+ 1 < count else { return nil }
                switch base[index &+ 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                     UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    index &+= 2
                case UInt8(ascii: "u"):
                    guard index &+ 6 <= count, isHexDigit(base[index &+ 2]), isHexDigit(base[index &+ 3]),
                          isHexDigit(base[index &+ 4]), isHexDigit(base[index &+ 5]) else { return nil }
                    index &+= 6
                default:
                    return nil
                }
            } else if byte >= 0x80 {
                // A run of characters beyond ASCII (a word in another script): one after the other, no probe between.
                repeat {
                    guard let length = validUTF8Length(base, at: index, count: count) else { return nil }
                    index &+= length
                } while index < count && base[index] >= 0x80
            } else if byte < 0x20 {
                return nil
            } else {
                // Plain ASCII in the last fifteen bytes, passed one at a time.
                index &+= 1
            }
        }
    }

    /// The first index from `index` that is not white space (`count` when the input ends first).
    @inline(__always)
    static func endOfSpace(_ base: UnsafePointer<UInt8>, from index: Int, count: Int) -> Int {
        var index = index
        // Anything above 0x20 ends it: one compare for the usual no space or one space.
        while index < count, base[index] <= 0x20, isSpace(base[index]) { index &+= 1 }
        return index
    }

    /// The two bytes at `index` as one little-endian number (the first byte the low one).
    @inline(__always)
    static func twoBytes(_ base: UnsafePointer<UInt8>, at index: Int) -> UInt16 {
        UInt16(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt16.self))
    }
}
