/// The colours the formatter puts around each kind of token: ANSI SGR start
/// sequences, each coloured token being followed by `JSONPalette.reset`.
/// An empty sequence leaves that kind of token plain, with no reset either.
public struct JSONPalette: Equatable, Sendable {
    public var key: [UInt8]
    public var string: [UInt8]
    public var number: [UInt8]
    /// `true`, `false` and `null`.
    public var literal: [UInt8]
    /// `{ } [ ] , :`
    public var punctuation: [UInt8]

    public init(key: [UInt8], string: [UInt8], number: [UInt8], literal: [UInt8], punctuation: [UInt8]) {
        self.key = key
        self.string = string
        self.number = number
        self.literal = literal
        self.punctuation = punctuation
    }

    /// Blue bold keys, green strings, cyan numbers, yellow literals; the
    /// punctuation stays in the terminal's own colour, so the values stand out.
    public static let standard = JSONPalette(
        key: Array("\u{1B}[34;1m".utf8),
        string: Array("\u{1B}[32m".utf8),
        number: Array("\u{1B}[36m".utf8),
        literal: Array("\u{1B}[33m".utf8),
        punctuation: []
    )

    public static let reset: [UInt8] = Array("\u{1B}[0m".utf8)
}

/// A streaming pretty-printer for response bodies, laid out like `jq .`.
///
/// It copies bytes rather than parsing values: every string and number comes
/// out exactly as received, and a 40 MB body costs one pass over the input
/// and a reused 64 KiB output buffer, with no allocation per token.
///
/// The caller validates with `JSONSyntax` first, but the formatter never
/// trusts that: it classifies each byte as it comes, so any input, however
/// broken, is printed token by token and the walk always ends at the last
/// byte without reading past it.
public enum JSONFormatter {
    /// Output reaches `emit` in chunks of exactly this size, then one last partial chunk.
    public static let chunkSize = 64 * 1024

    /// Indentation stops growing at this depth. Printing N nested arrays one
    /// per line with full indentation takes about 2N² bytes, 20 GB for
    /// 100,000 levels, and no one reads columns past 200 anyway; the
    /// brackets still show the structure.
    public static let maximumIndentDepth = 100

    /// Pretty-prints `input` with a 2-space indent, keys in the input's order,
    /// every string and number byte-for-byte as received; `palette` nil means
    /// no colour. Output goes to `emit` in chunks of `chunkSize` bytes (and a
    /// final partial chunk) and ends with a newline; a chunk is valid only
    /// during the call that receives it. Input with no token at all (empty
    /// or only white space) produces no output.
    public static func format(_ input: UnsafeBufferPointer<UInt8>, palette: JSONPalette?, emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        withoutActuallyEscaping(emit) { emit in
            var printer = Printer(input: input, palette: palette, emit: emit)
            printer.run()
            printer.release()
        }
    }

    /// Pretty-prints `input` into one array: for tests and small bodies.
    public static func format(_ input: [UInt8], palette: JSONPalette?) -> [UInt8] {
        var output: [UInt8] = []
        input.withUnsafeBufferPointer { buffer in
            format(buffer, palette: palette) { chunk in output.append(contentsOf: chunk) }
        }
        return output
    }

    /// A colour start sequence and its length, inside the printer's table.
    private struct Style {
        var start: UnsafePointer<UInt8>
        var count: Int
    }

    /// What a byte can be part of, as bit flags; a byte with none of them
    /// cannot be part of any token (outside strings).
    private enum ByteClass {
        static let space: UInt8 = 1
        static let number: UInt8 = 2
        static let letter: UInt8 = 4
        static let structure: UInt8 = 8
    }

    private struct Printer {
        let input: UnsafePointer<UInt8>?
        let inputCount: Int
        let emit: (UnsafeBufferPointer<UInt8>) -> Void

        /// The output chunk being filled.
        let buffer: UnsafeMutablePointer<UInt8>
        var filled = 0

        /// The colour sequences one after the other, then "\n" and the
        /// deepest indentation, so every piece of output that is not input
        /// is copied from here.
        let table: UnsafeMutablePointer<UInt8>
        let keyStyle, stringStyle, numberStyle, literalStyle, punctuationStyle, reset: Style
        /// "\n" followed by `2 * maximumIndentDepth` spaces.
        let lineBreak: UnsafePointer<UInt8>

        /// ByteClass of every byte value.
        let classes: UnsafeMutablePointer<UInt8>

        /// One bit per open container, set for objects; a bit stack keeps a
        /// body of nothing but brackets from needing memory beyond an eighth of its size.
        var kinds: [UInt64] = []
        var depth = 0

        init(input: UnsafeBufferPointer<UInt8>, palette: JSONPalette?, emit: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
            self.input = input.baseAddress
            self.inputCount = input.count
            self.emit = emit
            buffer = .allocate(capacity: JSONFormatter.chunkSize)

            let sequences: [[UInt8]] = palette.map { [$0.key, $0.string, $0.number, $0.literal, $0.punctuation, JSONPalette.reset] }
                ?? [[], [], [], [], [], []]
            let indentCount = 1 + 2 * JSONFormatter.maximumIndentDepth
            let tableCount = sequences.reduce(indentCount) { $0 + $1.count }
            table = .allocate(capacity: tableCount)
            var styles: [Style] = []
            var offset = 0
            for sequence in sequences {
                for byte in sequence {
                    table[offset] = byte
                    offset += 1
                }
                styles.append(Style(start: UnsafePointer(table + offset - sequence.count), count: sequence.count))
            }
            keyStyle = styles[0]
            stringStyle = styles[1]
            numberStyle = styles[2]
            literalStyle = styles[3]
            punctuationStyle = styles[4]
            reset = styles[5]
            table[offset] = UInt8(ascii: "\n")
            (table + offset + 1).initialize(repeating: UInt8(ascii: " "), count: indentCount - 1)
            lineBreak = UnsafePointer(table + offset)

            classes = .allocate(capacity: 256)
            classes.initialize(repeating: 0, count: 256)
            for byte in [0x20, 0x09, 0x0A, 0x0D] as [UInt8] { classes[Int(byte)] = ByteClass.space }
            for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { classes[Int(byte)] = ByteClass.letter }
            for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { classes[Int(byte)] = ByteClass.letter }
            // `e` and `E` are both: a word like `true` and an exponent like `1e5` keep them.
            for byte in "-+.eE0123456789".utf8 { classes[Int(byte)] |= ByteClass.number }
            for byte in "{}[],:\"".utf8 { classes[Int(byte)] = ByteClass.structure }
        }

        func release() {
            buffer.deallocate()
            table.deallocate()
            classes.deallocate()
        }

        // MARK: Output

        mutating func flush() {
            guard filled > 0 else { return }
            emit(UnsafeBufferPointer(start: buffer, count: filled))
            filled = 0
        }

        @inline(__always)
        mutating func write(_ source: UnsafePointer<UInt8>, count: Int) {
            if count <= JSONFormatter.chunkSize - filled {
                (buffer + filled).update(from: source, count: count)
                filled += count
            } else {
                writeAcrossChunks(source, count: count)
            }
        }

        mutating func writeAcrossChunks(_ source: UnsafePointer<UInt8>, count: Int) {
            var source = source
            var remaining = count
            while remaining > 0 {
                if filled == JSONFormatter.chunkSize { flush() }
                let piece = min(remaining, JSONFormatter.chunkSize - filled)
                (buffer + filled).update(from: source, count: piece)
                filled += piece
                source += piece
                remaining -= piece
            }
        }

        @inline(__always)
        mutating func write(_ byte: UInt8) {
            if filled == JSONFormatter.chunkSize { flush() }
            buffer[filled] = byte
            filled += 1
        }

        @inline(__always)
        mutating func write(_ source: UnsafePointer<UInt8>, count: Int, style: Style) {
            if style.count == 0 {
                write(source, count: count)
            } else {
                write(style.start, count: style.count)
                write(source, count: count)
                write(reset.start, count: reset.count)
            }
        }

        @inline(__always)
        mutating func writePunctuation(_ byte: UInt8) {
            if punctuationStyle.count == 0 {
                write(byte)
            } else {
                write(punctuationStyle.start, count: punctuationStyle.count)
                write(byte)
                write(reset.start, count: reset.count)
            }
        }

        /// A newline and the indentation of the current depth.
        @inline(__always)
        mutating func breakLine() {
            write(lineBreak, count: 1 + 2 * min(depth, JSONFormatter.maximumIndentDepth))
        }

        // MARK: Containers

        mutating func push(isObject: Bool) {
            let word = depth >> 6
            if word == kinds.count { kinds.append(0) }
            let bit: UInt64 = 1 << UInt64(depth & 63)
            if isObject { kinds[word] |= bit } else { kinds[word] &= ~bit }
            depth += 1
        }

        var insideObject: Bool {
            guard depth > 0 else { return false }
            return kinds[(depth - 1) >> 6] & (1 << UInt64((depth - 1) & 63)) != 0
        }

        // MARK: Scanning

        /// The index just past the string whose opening quote is before `from`,
        /// or `end` when it is not closed.
        @inline(__always)
        func endOfString(_ base: UnsafePointer<UInt8>, from: Int, end: Int) -> Int {
            var index = from
            while true {
                // Eight bytes at a time until a quote or a backslash shows up.
                while index + 8 <= end {
                    let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                    let quotes = word ^ 0x2222_2222_2222_2222
                    let backslashes = word ^ 0x5C5C_5C5C_5C5C_5C5C
                    let found = ((quotes &- 0x0101_0101_0101_0101) & ~quotes
                        | (backslashes &- 0x0101_0101_0101_0101) & ~backslashes) & 0x8080_8080_8080_8080
                    if found != 0 {
                        index += found.trailingZeroBitCount >> 3
                        break
                    }
                    index += 8
                }
                while index < end && base[index] != UInt8(ascii: "\"") && base[index] != UInt8(ascii: "\\") {
                    index += 1
                }
                guard index < end else { return end }
                if base[index] == UInt8(ascii: "\"") { return index + 1 }
                // A backslash: the byte after it is escaped, whatever it is.
                index += 2
                guard index < end else { return end }
            }
        }

        /// The index of the first byte from `from` on whose class is not in `mask`
        /// (or, for a zero mask, that has any class).
        @inline(__always)
        func endOfRun(_ base: UnsafePointer<UInt8>, from: Int, end: Int, of mask: UInt8) -> Int {
            var index = from
            if mask == 0 {
                while index < end && classes[Int(base[index])] == 0 { index += 1 }
            } else {
                while index < end && classes[Int(base[index])] & mask != 0 { index += 1 }
            }
            return index
        }

        // MARK: Layout

        mutating func run() {
            guard let base = input else { return }
            let end = inputCount
            var index = 0
            // A value (or key) has just been written; another one right after
            // it, which only broken input has, goes on a new line.
            var afterValue = false
            // The next string is a key: the last token was `{` or an object's `,`.
            var expectKey = false
            var wroteAnything = false
            while true {
                while index < end && classes[Int(base[index])] == ByteClass.space { index += 1 }
                guard index < end else { break }
                wroteAnything = true
                let byte = base[index]
                let byteClass = classes[Int(byte)]
                if byteClass == ByteClass.structure {
                    switch byte {
                    case UInt8(ascii: "\""):
                        let start = index
                        index = endOfString(base, from: index + 1, end: end)
                        if afterValue { breakLine() }
                        write(base + start, count: index - start, style: expectKey ? keyStyle : stringStyle)
                        afterValue = true
                        expectKey = false
                    case UInt8(ascii: ","):
                        index += 1
                        writePunctuation(byte)
                        breakLine()
                        afterValue = false
                        expectKey = insideObject
                    case UInt8(ascii: ":"):
                        index += 1
                        writePunctuation(byte)
                        write(UInt8(ascii: " "))
                        afterValue = false
                        expectKey = false
                    case UInt8(ascii: "{"), UInt8(ascii: "["):
                        if afterValue { breakLine() }
                        index += 1
                        let close = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                        var next = index
                        while next < end && classes[Int(base[next])] == ByteClass.space { next += 1 }
                        if next < end && base[next] == close {
                            // Empty: `{}` or `[]` on one line, as jq prints it.
                            index = next + 1
                            if punctuationStyle.count > 0 { write(punctuationStyle.start, count: punctuationStyle.count) }
                            write(byte)
                            write(close)
                            if punctuationStyle.count > 0 { write(reset.start, count: reset.count) }
                            afterValue = true
                            expectKey = false
                        } else {
                            writePunctuation(byte)
                            push(isObject: byte == UInt8(ascii: "{"))
                            breakLine()
                            afterValue = false
                            expectKey = byte == UInt8(ascii: "{")
                        }
                    default:
                        // `}` or `]`, closing whatever is open, if anything.
                        index += 1
                        if depth > 0 {
                            depth -= 1
                            breakLine()
                        } else if afterValue {
                            breakLine()
                        }
                        writePunctuation(byte)
                        afterValue = true
                        expectKey = false
                    }
                } else {
                    if afterValue { breakLine() }
                    let start = index
                    if byteClass & ByteClass.letter != 0 {
                        index = endOfRun(base, from: index + 1, end: end, of: ByteClass.letter)
                        write(base + start, count: index - start, style: literalStyle)
                    } else if byteClass & ByteClass.number != 0 {
                        index = endOfRun(base, from: index + 1, end: end, of: ByteClass.number)
                        write(base + start, count: index - start, style: numberStyle)
                    } else {
                        // Bytes that cannot be part of any token: printed plainly, as one run.
                        index = endOfRun(base, from: index + 1, end: end, of: 0)
                        write(base + start, count: index - start)
                    }
                    afterValue = true
                    expectKey = false
                }
            }
            if wroteAnything { write(UInt8(ascii: "\n")) }
            flush()
        }
    }
}
