/// The byte scanners of the fast check (`JSONTokenizer.skipValidTokens`):
/// each passes one complete, valid token (or white space) and says where it
/// ends, or nil where `nextChecked` has to judge (a problem, or a token that
/// reaches the end of what has arrived). They take and return indices by
/// value, so the check's loop keeps its state in registers, and never read
/// at or past `count`.
///
/// A string gets a first look at eight bytes in a general register; longer
/// runs are scanned sixteen bytes at a time with Swift's portable SIMD types
/// (SSE2 on x86_64, NEON on arm64), straight to the first byte that needs a
/// look. Digits go eight at a time, a literal is one 4-byte compare.
///
/// What it wins (Benchmarks/README.md, "The check's scanners by value"; `json_check.sh`, the
/// 40 MB document): the check 1.10x faster than the scanners taken `inout` without SIMD
/// (35.4 against 38.9 ms), 0.79x the instructions (9.8 a byte against 12.4).
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
        let special =
            ((quotes &- one) & ~quotes) | ((backslashes &- one) & ~backslashes)
            | (bytes &- SIMD16(repeating: 0x20)) | bytes
        let marks = unsafeBitCast(special & SIMD16(repeating: 0x80), to: SIMD2<UInt64>.self)
        let low = UInt64(littleEndian: marks[0])
        if low != 0 { return low.trailingZeroBitCount &>> 3 }
        // 16 when the high half has none either (64 trailing zeros).
        return 8 &+ UInt64(littleEndian: marks[1]).trailingZeroBitCount &>> 3
    }

    /// The index just past the valid string whose opening quote is at
    /// `start`, or nil (`scanString` says why). A string that ends in its
    /// first sixteen bytes without an escape or non-ASCII byte, as most keys
    /// and many values do, is passed here, inline, a word in a general
    /// register at a time: the shortest wait for where the next token starts
    /// (a sixteen-byte vector here measured no faster: a longer wait, fewer
    /// instructions; the second word, instead of the call, 3% faster).
    @inline(__always)
    static func endOfCheckedString(_ base: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int? {
        let first = start &+ 1
        guard first &+ 8 <= count else { return endOfCheckedStringBody(base, from: first, count: count) }
        let word = UInt64(littleEndian: UnsafeRawPointer(base + first).loadUnaligned(as: UInt64.self))
        let (attention, quotes) = attentionMask(word)
        let index = first &+ attention.trailingZeroBitCount &>> 3
        // The closing quote, known without loading the byte again.
        if quotes & attention & (0 &- attention) != 0 { return index &+ 1 }
        if attention == 0 && first &+ 16 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + (first &+ 8)).loadUnaligned(as: UInt64.self))
            let (attention, quotes) = attentionMask(word)
            let index = first &+ 8 &+ attention.trailingZeroBitCount &>> 3
            if quotes & attention & (0 &- attention) != 0 { return index &+ 1 }
            return endOfCheckedStringBody(base, from: index, count: count)
        }
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
                        isHexDigit(base[index &+ 4]), isHexDigit(base[index &+ 5])
                    else { return nil }
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

    /// The index just past the number starting at `start` when it is valid
    /// and ends before `count`; nil otherwise (`scanNumber` says why).
    @inline(__always)
    static func endOfValidNumber(_ base: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int? {
        var index = start
        if base[index] == UInt8(ascii: "-") {
            index &+= 1
            guard index < count else { return nil }
        }
        let first = base[index]
        if first == UInt8(ascii: "0") {
            index &+= 1
            guard index < count, !isDigit(base[index]) else { return nil }
        } else {
            guard isDigit(first) else { return nil }
            index = endOfDigits(base, from: index &+ 1, count: count)
            guard index < count else { return nil }
        }
        if base[index] == UInt8(ascii: ".") {
            guard index &+ 1 < count, isDigit(base[index &+ 1]) else { return nil }
            index = endOfDigits(base, from: index &+ 2, count: count)
            guard index < count else { return nil }
        }
        if base[index] | 0x20 == UInt8(ascii: "e") {
            index &+= 1
            guard index < count else { return nil }
            if base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-") {
                index &+= 1
                guard index < count else { return nil }
            }
            guard isDigit(base[index]) else { return nil }
            index = endOfDigits(base, from: index &+ 1, count: count)
            guard index < count else { return nil }
        }
        return index
    }

    /// The end of the run of ASCII digits from `from`, eight bytes at a time.
    @inline(__always)
    static func endOfDigits(_ base: UnsafePointer<UInt8>, from: Int, count: Int) -> Int {
        var index = from
        while index &+ 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            // Digits are the bytes 0x30...0x39, so exactly the bytes that become 0...9 here.
            let value = word ^ 0x3030_3030_3030_3030
            // High bit set where a byte is 10 or more (the low seven bits plus 0x76 never carry out).
            let others = (((value & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7676_7676_7676_7676) | value) & 0x8080_8080_8080_8080
            if others != 0 { return index &+ others.trailingZeroBitCount &>> 3 }
            index &+= 8
        }
        while index < count, isDigit(base[index]) { index &+= 1 }
        return index
    }

    /// The index just past `true`, `false` or `null` at `start` when it is
    /// all there; nil otherwise (`scanLiteral` says why).
    @inline(__always)
    static func endOfLiteral(_ base: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int? {
        // Five bytes, to read "false" whole; a literal at the very end is left to `scanLiteral`.
        guard start &+ 5 <= count else { return nil }
        let word = UInt32(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt32.self))
        if word == 0x6575_7274 || word == 0x6C6C_756E { return start &+ 4 }  // "true", "null"
        if word == 0x736C_6166 && base[start &+ 4] == UInt8(ascii: "e") { return start &+ 5 }  // "fals", "e"
        return nil
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
