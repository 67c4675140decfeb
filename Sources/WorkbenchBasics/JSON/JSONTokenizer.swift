/// The one JSON tokenizer: checking (`JSONSyntax`), building (`JSONParser`),
/// printing (`JSONFormatter`) and the response-side readers all pull their
/// tokens from here, so there is one grammar and one set of error messages.
///
/// It works on bytes in place (no `String`, no per-byte closure) and has two
/// modes. Checking mode follows RFC 8259 strictly with an explicit stack (a
/// bit per open container, so 100,000 nested arrays are nothing special) and
/// records the first problem with its byte offset. After a problem, or when
/// created with `checking: false` for text already known to be valid, it
/// lexes leniently: every byte still ends up in exactly one token, so a
/// formatter can lay out broken input without losing any of it.
///
/// Hand-written rather than a library: it has to keep number text and key
/// order exactly, report positions, never recurse, and stream into the
/// formatter without building values; no package on the mirror does that.
public struct JSONTokenizer {
    public enum Kind: UInt8, Sendable {
        case beginObject, endObject, beginArray, endArray, comma, colon
        /// A string with its quotes (a key or a value; the tokenizer does not say which).
        case string
        case number
        /// `true`, `false` or `null` (leniently: any run of letters).
        case literal
        /// Lenient mode only: a run of bytes that cannot start any token.
        case other
        /// No more tokens.
        case end
    }

    /// One token: its kind and its bytes, `start..<end` in the input.
    public struct Token: Equatable, Sendable {
        public var kind: Kind
        public var start: Int
        public var end: Int
    }

    /// A problem found in checking mode: the offset of the first byte that does not fit, and why.
    public struct Problem: Equatable, Sendable {
        public var offset: Int
        public var reason: String
    }

    /// What the grammar allows next.
    private enum Expect: UInt8 { case value, valueOrEnd, keyOrEnd, key, colon, commaOrEnd }

    public private(set) var base: UnsafePointer<UInt8>?
    public private(set) var count: Int
    /// False while more input may follow (`resume`): a token that reaches the
    /// end of what is there is not judged yet.
    public private(set) var isFinal = true
    /// Not final, and the next token may not be complete yet: call `resume` with more input.
    public private(set) var isWaiting = false
    /// A scan stopped because the input ended (set by the string scanner, whose
    /// message points at the string's start rather than the end).
    private var endedEarly = false
    /// Where the next token is looked for.
    public private(set) var position: Int
    /// Whether tokens are still being checked against the grammar.
    public private(set) var checking: Bool
    /// The first problem, once one is found (checking then stops).
    public private(set) var problem: Problem?

    private var expect = Expect.value
    /// One bit per open container, set for objects.
    private var containers: [UInt64] = []
    private var depth = 0

    /// Values found at least this far apart by the fast check are noted in
    /// `checkpoints` (see `recordCheckpoints`); 0 notes none.
    private var checkpointSpacing = 0
    /// Where the next checkpoint may be noted (`Int.max` when none are).
    private var nextCheckpoint = Int.max
    /// The checkpoints noted so far, in order.
    public private(set) var checkpoints: [JSONCheckpoint] = []

    /// `skippingByteOrderMark`: a UTF-8 byte order mark at the very start is
    /// passed over (RFC 8259 lets a reader ignore it; servers do send it).
    /// Offsets stay those of the whole input.
    public init(_ input: UnsafeBufferPointer<UInt8>, checking: Bool = true, skippingByteOrderMark: Bool = false) {
        base = input.baseAddress
        count = input.count
        self.checking = checking
        position = skippingByteOrderMark && Self.hasByteOrderMark(input) ? 3 : 0
    }

    /// Whether `input` starts with the UTF-8 byte order mark EF BB BF.
    public static func hasByteOrderMark(_ input: UnsafeBufferPointer<UInt8>) -> Bool {
        input.count >= 3 && input[0] == 0xEF && input[1] == 0xBB && input[2] == 0xBF
    }

    /// Input that arrives piece by piece (a body being downloaded): `input` is
    /// everything so far, at the same offsets as before (it may have moved in
    /// memory). Until `final`, checking stops, waiting, at a token that
    /// reaches the end of the input, and takes it up again from its start.
    public mutating func resume(_ input: UnsafeBufferPointer<UInt8>, final: Bool) {
        base = input.baseAddress
        count = input.count
        isFinal = final
        isWaiting = false
    }

    /// Notes a `JSONCheckpoint` at the first value the check passes at least
    /// `spacing` bytes after the last one (or after the start). Only values
    /// passed by the fast path are noted, and none deeper than 64 levels:
    /// checkpoints are hints, never needed for a correct layout.
    public mutating func recordCheckpoints(every spacing: Int) {
        checkpointSpacing = max(1, spacing)
        nextCheckpoint = position + checkpointSpacing
    }

    /// Reads tokens to the end; true when the whole input is one valid value.
    /// Used to check ahead of a formatter, on a copy of its tokenizer.
    ///
    /// Most tokens go through `skipValidTokens`, which only passes over what
    /// is complete and valid; whatever it stops at (a problem, the end, a
    /// token cut by the end of what has arrived, a container deeper than its
    /// cached bits) is one `nextChecked` call, so the verdict, the message and
    /// the offset are always those of `nextChecked` alone.
    public mutating func checkToEnd() -> Bool {
        while problem == nil {
            skipValidTokens()
            if problem != nil || nextChecked().kind == .end { break }
        }
        return problem == nil
    }

    /// Lexes on from `offset` (a formatter that read ahead by itself hands
    /// the rest back), leniently: where it is may not be where the grammar expects.
    public mutating func move(to offset: Int) {
        position = min(max(offset, 0), count)
        checking = false
    }

    /// Passes over complete, valid tokens with the state in locals (no token
    /// values, no stores to `self` per token) and stops before anything else,
    /// with the state written back, for `nextChecked` to judge. The grammar is
    /// in the shape of the code (a key is followed by a colon and a value, a
    /// value by a comma or a closing bracket) rather than a switch on `expect`
    /// per token, whose one indirect jump the processor kept mispredicting.
    ///
    /// What it wins (Benchmarks/README.md, "The check beside the download"; `json_check.sh`,
    /// the 40 MB document): 2.18x faster than `nextChecked` token by token (37.5 against
    /// 81.6 ms), and benchmark d (the 40 MB print) 0.58x with the check on its own thread.
    private mutating func skipValidTokens() {
        guard let base else { return }
        let count = self.count
        var index = position
        var expect = self.expect
        var depth = self.depth
        // The first 64 levels' bits, in a register while the loop runs.
        if containers.isEmpty { containers.append(0) }
        var levels = containers[0]
        var inObject = depth > 0 && isObject(at: depth - 1, levels)
        var nextCheckpoint = self.nextCheckpoint
        defer {
            position = index
            self.expect = expect
            self.depth = depth
            containers[0] = levels
            self.nextCheckpoint = nextCheckpoint
        }
        // Taken up where the last call stopped.
        switch expect {
        case .keyOrEnd, .key:
            index = Self.endOfSpace(base, from: index, count: count)
            guard index < count else { return }
            if expect == .keyOrEnd && base[index] == UInt8(ascii: "}") {
                index &+= 1
                depth &-= 1
                inObject = depth > 0 && isObject(at: depth &- 1, levels)
                expect = .commaOrEnd
            } else {
                let (end, reached) = Self.passKeyAndColon(base, at: index, count: count)
                guard reached != .key else { return }
                index = end
                expect = reached
                guard reached == .value else { return }
            }
        case .colon:
            index = Self.endOfSpace(base, from: index, count: count)
            guard index < count, base[index] == UInt8(ascii: ":") else { return }
            index &+= 1
            expect = .value
        case .value, .valueOrEnd, .commaOrEnd:
            break
        }
        while true {
            // A value, unless the last one is already passed.
            value: while expect != .commaOrEnd {
                index = Self.endOfSpace(base, from: index, count: count)
                guard index < count else { return }
                let byte = base[index]
                if _slowPath(index >= nextCheckpoint), byte != UInt8(ascii: "]"), depth <= JSONCheckpoint.deepestLevel {
                    let open = depth == 64 ? levels : levels & (1 << UInt64(depth) &- 1)
                    checkpoints.append(JSONCheckpoint(offset: index, depth: depth, levels: open))
                    nextCheckpoint = index + checkpointSpacing
                }
                switch byte {
                case UInt8(ascii: "\""):
                    guard let end = Self.endOfCheckedString(base, from: index, count: count) else { return }
                    index = end
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    // A number that reaches the end of the input is left to `nextChecked` (more digits may follow).
                    guard let end = Self.endOfValidNumber(base, from: index, count: count) else { return }
                    index = end
                case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                    guard let end = Self.endOfLiteral(base, from: index, count: count) else { return }
                    index = end
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    inObject = byte == UInt8(ascii: "{")
                    if depth < 64 {
                        levels = inObject ? levels | 1 << UInt64(depth) : levels & ~(1 << UInt64(depth))
                    } else {
                        push(isObject: inObject, at: depth)
                    }
                    depth &+= 1
                    index &+= 1
                    guard inObject else {
                        expect = .valueOrEnd
                        continue value
                    }
                    expect = .keyOrEnd
                    index = Self.endOfSpace(base, from: index, count: count)
                    guard index < count else { return }
                    if base[index] != UInt8(ascii: "}") {
                        let (end, reached) = Self.passKeyAndColon(base, at: index, count: count)
                        guard reached != .key else { return }
                        index = end
                        expect = reached
                        guard reached == .value else { return }
                        continue value
                    }
                    // An empty object: closed below.
                    index &+= 1
                    depth &-= 1
                    inObject = depth > 0 && isObject(at: depth &- 1, levels)
                case UInt8(ascii: "]") where expect == .valueOrEnd:
                    index &+= 1
                    depth &-= 1
                    inObject = depth > 0 && isObject(at: depth &- 1, levels)
                default:
                    return
                }
                expect = .commaOrEnd
            }
            // After a value: a comma and the next member, or the end of containers.
            after: while true {
                guard depth > 0 else { return }
                index = Self.endOfSpace(base, from: index, count: count)
                guard index < count else { return }
                let byte = base[index]
                if byte == UInt8(ascii: ",") {
                    index &+= 1
                    if inObject {
                        expect = .key
                        // Mostly one space and the key's quote: both in one load.
                        if index &+ 2 <= count && Self.twoBytes(base, at: index) == 0x2220 {
                            index &+= 1
                        } else {
                            index = Self.endOfSpace(base, from: index, count: count)
                            guard index < count else { return }
                        }
                        let (end, reached) = Self.passKeyAndColon(base, at: index, count: count)
                        guard reached != .key else { return }
                        index = end
                        expect = reached
                        guard reached == .value else { return }
                    } else {
                        expect = .value
                    }
                    break after
                }
                guard byte == (inObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { return }
                index &+= 1
                depth &-= 1
                inObject = depth > 0 && isObject(at: depth &- 1, levels)
            }
        }
    }

    /// Whether the container opened at `level` is an object, with the first 64 levels' bits in `levels`.
    @inline(__always)
    private func isObject(at level: Int, _ levels: UInt64) -> Bool {
        level < 64 ? levels & (1 << UInt64(level)) != 0 : bit(level)
    }

    /// Passes white space (`endOfSpace`, as the check does); false when the
    /// input ends first: the form the formatter's grammar-driven layout uses.
    @inline(__always)
    static func skipSpace(_ base: UnsafePointer<UInt8>, _ index: inout Int, _ count: Int) -> Bool {
        index = endOfSpace(base, from: index, count: count)
        return index < count
    }

    /// Passes a valid key (its quote at `index`), white space and the colon:
    /// the index after the colon and `.value`, or where it stopped and what
    /// comes there: `.colon` after the key, `.key` at the key itself (the
    /// caller's own expectation then stands).
    @inline(__always)
    private static func passKeyAndColon(
        _ base: UnsafePointer<UInt8>, at index: Int, count: Int
    ) -> (end: Int, reached: Expect) {
        guard base[index] == UInt8(ascii: "\""), let end = endOfCheckedString(base, from: index, count: count) else {
            return (index, .key)
        }
        // Mostly the colon and one space come right after the key: both in one load.
        if end &+ 2 <= count && twoBytes(base, at: end) == 0x203A { return (end &+ 2, .value) }
        if end < count && base[end] == UInt8(ascii: ":") { return (end &+ 1, .value) }
        let colon = endOfSpace(base, from: end, count: count)
        guard colon < count, base[colon] == UInt8(ascii: ":") else { return (end, .colon) }
        return (colon &+ 1, .value)
    }
    /// The rest of the input is known to be valid (a copy checked it to the
    /// end): lex it without checking again.
    public mutating func stopChecking() {
        checking = false
    }

    // MARK: Tokens

    /// The next token; `.end` (again and again) once the input is used up.
    @inline(__always)
    public mutating func next() -> Token {
        checking ? nextChecked() : nextLenient()
    }

    private mutating func fail(_ offset: Int, _ reason: String, restartingAt start: Int) -> Token {
        if !isFinal && (offset >= count || endedEarly) {
            // Only the end of what has arrived: wait for more.
            return wait(at: start)
        }
        problem = Problem(offset: offset, reason: reason)
        checking = false
        position = start
        return nextLenient()
    }

    /// The next token when `checking` (callers in a hot loop pick the mode themselves).
    @inline(__always)
    mutating func nextChecked() -> Token {
        guard let base else {
            if expect == .commaOrEnd { return Token(kind: .end, start: 0, end: 0) }
            problem = Problem(offset: 0, reason: "empty input: expected a JSON value")
            checking = false
            return Token(kind: .end, start: 0, end: 0)
        }
        let index = Self.endOfSpace(base, from: position, count: count)
        position = index
        guard index < count else {
            if !isFinal { return wait(at: index) }
            if depth == 0 && expect == .commaOrEnd { return Token(kind: .end, start: index, end: index) }
            let empty = depth == 0 && expect == .value
            problem = Problem(offset: index, reason: empty ? "empty input: expected a JSON value" : "unexpected end of input")
            checking = false
            return Token(kind: .end, start: index, end: index)
        }
        let byte = base[index]
        switch expect {
        case .commaOrEnd:
            guard depth > 0 else {
                return fail(index, "unexpected \(Self.describe(byte)) after the JSON value", restartingAt: index)
            }
            let inObject = isObject
            if byte == UInt8(ascii: ",") {
                expect = inObject ? .key : .value
                position = index + 1
                return Token(kind: .comma, start: index, end: index + 1)
            }
            if byte == (inObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                return close(at: index, kind: inObject ? .endObject : .endArray)
            }
            return fail(index, "unexpected \(Self.describe(byte)): expected \(inObject ? "',' or '}'" : "',' or ']'")", restartingAt: index)
        case .colon:
            guard byte == UInt8(ascii: ":") else {
                return fail(index, "unexpected \(Self.describe(byte)): expected ':' after the key", restartingAt: index)
            }
            expect = .value
            position = index + 1
            return Token(kind: .colon, start: index, end: index + 1)
        case .keyOrEnd, .key:
            if byte == UInt8(ascii: "\"") {
                if let (offset, reason) = scanString(base, from: index) { return fail(offset, reason, restartingAt: index) }
                expect = .colon
                return Token(kind: .string, start: index, end: position)
            }
            if byte == UInt8(ascii: "}") {
                if expect == .keyOrEnd { return close(at: index, kind: .endObject) }
                return fail(index, "unexpected '}': expected a key after ','", restartingAt: index)
            }
            return fail(index, "unexpected \(Self.describe(byte)): expected a string key", restartingAt: index)
        case .value, .valueOrEnd:
            switch byte {
            case UInt8(ascii: "{"):
                push(isObject: true)
                expect = .keyOrEnd
                position = index + 1
                return Token(kind: .beginObject, start: index, end: index + 1)
            case UInt8(ascii: "["):
                push(isObject: false)
                expect = .valueOrEnd
                position = index + 1
                return Token(kind: .beginArray, start: index, end: index + 1)
            case UInt8(ascii: "\""):
                if let (offset, reason) = scanString(base, from: index) { return fail(offset, reason, restartingAt: index) }
                expect = .commaOrEnd
                return Token(kind: .string, start: index, end: position)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                if let (offset, reason) = scanNumber(base, from: index) { return fail(offset, reason, restartingAt: index) }
                // More digits may follow.
                if !isFinal && position == count { return wait(at: index) }
                expect = .commaOrEnd
                return Token(kind: .number, start: index, end: position)
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                let word: StaticString = byte == UInt8(ascii: "t") ? "true" : byte == UInt8(ascii: "f") ? "false" : "null"
                if let (offset, reason) = scanLiteral(base, from: index, word) { return fail(offset, reason, restartingAt: index) }
                expect = .commaOrEnd
                return Token(kind: .literal, start: index, end: position)
            case UInt8(ascii: "]") where expect == .valueOrEnd:
                return close(at: index, kind: .endArray)
            case UInt8(ascii: "]") where depth > 0:
                return fail(index, "unexpected ']': expected a value after ','", restartingAt: index)
            default:
                return fail(index, "unexpected \(Self.describe(byte)): expected a JSON value", restartingAt: index)
            }
        }
    }

    private mutating func wait(at start: Int) -> Token {
        isWaiting = true
        position = start
        return Token(kind: .end, start: start, end: start)
    }

    @inline(__always)
    private mutating func close(at index: Int, kind: Kind) -> Token {
        depth -= 1
        expect = .commaOrEnd
        position = index + 1
        return Token(kind: kind, start: index, end: index + 1)
    }

    @inline(__always)
    private mutating func push(isObject: Bool) {
        push(isObject: isObject, at: depth)
        depth += 1
    }

    /// Records the container opened at `level` (the depth before it).
    @inline(__always)
    private mutating func push(isObject: Bool, at level: Int) {
        let word = level >> 6
        if word == containers.count { containers.append(0) }
        let bit: UInt64 = 1 << UInt64(level & 63)
        if isObject { containers[word] |= bit } else { containers[word] &= ~bit }
    }

    private var isObject: Bool { bit(depth - 1) }

    /// Whether the container opened at `level` is an object.
    @inline(__always)
    private func bit(_ level: Int) -> Bool {
        containers[level >> 6] & (1 << UInt64(level & 63)) != 0
    }

    /// Lenient lexing: strings end at the next unescaped quote (or the end),
    /// and runs of number bytes, of letters and of bytes that fit nothing are
    /// each one token. `@_transparent` because the optimizer kept it out of
    /// line in the formatter's loop despite `@inline(__always)`: a call per token.
    @_transparent
    mutating func nextLenient() -> Token {
        guard let base else { return Token(kind: .end, start: 0, end: 0) }
        var index = Self.endOfSpace(base, from: position, count: count)
        guard index < count else {
            position = index
            return Token(kind: .end, start: index, end: index)
        }
        let start = index
        let kind: Kind
        switch base[index] {
        case UInt8(ascii: "{"): kind = .beginObject; index += 1
        case UInt8(ascii: "}"): kind = .endObject; index += 1
        case UInt8(ascii: "["): kind = .beginArray; index += 1
        case UInt8(ascii: "]"): kind = .endArray; index += 1
        case UInt8(ascii: ","): kind = .comma; index += 1
        case UInt8(ascii: ":"): kind = .colon; index += 1
        case UInt8(ascii: "\""):
            kind = .string
            index = Self.endOfString(base, from: index + 1, end: count)
        case let byte where Self.isLetter(byte):
            kind = .literal
            index = Self.endOfLetters(base, from: index + 1, count: count)
        case let byte where Self.isNumberByte(byte):
            kind = .number
            index = Self.endOfNumberBytes(base, from: index + 1, count: count)
        default:
            kind = .other
            index += 1
            while index < count, Self.fitsNothing(base[index]) { index += 1 }
        }
        position = index
        return Token(kind: kind, start: start, end: index)
    }

    // MARK: Byte classes

    @inline(__always)
    package static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    @inline(__always)
    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- UInt8(ascii: "a") < 26 }

    /// Digits, `-`, `+`, `.`, `e` and `E` (`e` is also a letter: `true` and `1e5` both keep it).
    @inline(__always)
    static func isNumberByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
            || byte | 0x20 == UInt8(ascii: "e")
    }

    static func fitsNothing(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"),
            UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "\""):
            false
        default:
            !isLetter(byte) && !isNumberByte(byte)
        }
    }

    static func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    // MARK: Lexing

    /// The end of a run of letters (a literal, leniently: `true`, or `nul` in broken input).
    @inline(__always)
    static func endOfLetters(_ base: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int {
        var index = start
        while index < count, isLetter(base[index]) { index += 1 }
        return index
    }

    /// The end of a run of number bytes (a number, leniently: `1e5`, or `1..2` in broken input).
    @inline(__always)
    static func endOfNumberBytes(_ base: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int {
        var index = start
        while index < count, isNumberByte(base[index]) { index += 1 }
        return index
    }

    /// The index just past the string whose opening quote is before `from`,
    /// or `end` when it is not closed; a backslash always takes the byte after it.
    @inline(__always)
    static func endOfString(_ base: UnsafePointer<UInt8>, from: Int, end: Int) -> Int {
        var index = from
        while true {
            // Eight bytes at a time until a quote or a backslash shows up.
            while index + 8 <= end {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                let quotes = word ^ 0x2222_2222_2222_2222
                let backslashes = word ^ 0x5C5C_5C5C_5C5C_5C5C
                let found =
                    ((quotes &- 0x0101_0101_0101_0101) & ~quotes
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
            index += 2
            guard index < end else { return end }
        }
    }

    private mutating func scanLiteral(_ base: UnsafePointer<UInt8>, from start: Int, _ word: StaticString) -> (Int, String)? {
        let length = word.utf8CodeUnitCount
        var index = start
        for offset in 0..<length {
            guard index < count else { return (index, "unexpected end of input in '\(word)'") }
            guard base[index] == word.utf8Start[offset] else { return (start, "invalid literal: expected '\(word)'") }
            index += 1
        }
        position = index
        return nil
    }

    private mutating func scanNumber(_ base: UnsafePointer<UInt8>, from start: Int) -> (Int, String)? {
        var index = start
        if base[index] == UInt8(ascii: "-") { index += 1 }
        guard index < count, Self.isDigit(base[index]) else { return (index, "invalid number: expected a digit") }
        if base[index] == UInt8(ascii: "0") {
            index += 1
            if index < count, Self.isDigit(base[index]) { return (index, "invalid number: leading zeros are not allowed") }
        } else {
            while index < count, Self.isDigit(base[index]) { index += 1 }
        }
        if index < count, base[index] == UInt8(ascii: ".") {
            index += 1
            guard index < count, Self.isDigit(base[index]) else { return (index, "invalid number: expected a digit after '.'") }
            while index < count, Self.isDigit(base[index]) { index += 1 }
        }
        if index < count, base[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < count, base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-") { index += 1 }
            guard index < count, Self.isDigit(base[index]) else { return (index, "invalid number: expected a digit in the exponent") }
            while index < count, Self.isDigit(base[index]) { index += 1 }
        }
        position = index
        return nil
    }

    /// Checks the string whose opening quote is at `start`: escapes, no raw
    /// control characters, well-formed UTF-8.
    private mutating func scanString(_ base: UnsafePointer<UInt8>, from start: Int) -> (Int, String)? {
        endedEarly = false
        let count = self.count
        if let end = Self.endOfCheckedString(base, from: start, count: count) {
            position = end
            return nil
        }
        // Not a complete valid string: find what is wrong, byte by byte.
        var index = start + 1
        while index < count {
            // Eight plain ASCII bytes at a time.
            while index + 8 <= count,
                Self.attentionMask(UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))).attention == 0
            {
                index += 8
            }
            guard index < count else { break }
            let byte = base[index]
            switch byte {
            case UInt8(ascii: "\""):
                position = index + 1
                return nil
            case UInt8(ascii: "\\"):
                index += 1
                guard index < count else { break }
                switch base[index] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                    UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    index += 1
                case UInt8(ascii: "u"):
                    index += 1
                    for _ in 0..<4 {
                        guard index < count else { return (index, "unexpected end of input in a \\u escape") }
                        guard PercentEncoding.hexValue(base[index]) != nil else {
                            return (index, "invalid \\u escape: expected 4 hex digits")
                        }
                        index += 1
                    }
                default:
                    // A control or non-ASCII byte after the backslash is named, not quoted: a raw newline split the message.
                    let escaped = base[index]
                    return (
                        index - 1,
                        escaped >= 0x21 && escaped < 0x7F
                            ? "invalid escape '\\\(Character(Unicode.Scalar(escaped)))' in a string"
                            : "invalid escape: '\\' followed by \(Self.describe(escaped)) in a string"
                    )
                }
            case 0x00...0x1F:
                return (index, "unescaped control character \(Self.describe(byte)) in a string")
            case 0x80...0xFF:
                guard let length = Self.validUTF8Length(base, at: index, count: count) else {
                    if index + Self.sequenceLength(byte) > count { endedEarly = true }
                    return (index, "invalid UTF-8 byte 0x\(String(byte, radix: 16, uppercase: true)) in a string")
                }
                index += length
            default:
                index += 1
            }
        }
        endedEarly = true
        return (start, "unterminated string")
    }

    // MARK: Checking fast paths

    /// The bytes of `word` that end plain string content (a quote, a
    /// backslash, a control character or a non-ASCII byte), and the quotes
    /// alone, as the high bit of each: exact per byte (no carries between
    /// bytes), so the lowest set bit is the first such byte.
    @inline(__always)
    static func attentionMask(_ word: UInt64) -> (attention: UInt64, quotes: UInt64) {
        let highs: UInt64 = 0x8080_8080_8080_8080
        let low7 = word & 0x7F7F_7F7F_7F7F_7F7F
        // A byte of `value` (at most 0x7F) is zero when adding 0x7F leaves its high bit clear.
        func zeros(_ value: UInt64) -> UInt64 { ~((value &+ 0x7F7F_7F7F_7F7F_7F7F) | value) & highs }
        let quotes = zeros(low7 ^ 0x2222_2222_2222_2222) & ~word
        let backslashes = zeros(low7 ^ 0x5C5C_5C5C_5C5C_5C5C)
        let controls = ~(low7 &+ 0x6060_6060_6060_6060) & highs
        return ((word & highs) | quotes | backslashes | controls, quotes)
    }

    @inline(__always)
    static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20) &- UInt8(ascii: "a") < 6
    }

    /// How long a UTF-8 sequence starting with `lead` claims to be.
    static func sequenceLength(_ lead: UInt8) -> Int {
        lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
    }

    /// The length of the well-formed UTF-8 sequence at `position`, or nil.
    @inline(__always)
    static func validUTF8Length(_ base: UnsafePointer<UInt8>, at position: Int, count: Int) -> Int? {
        let lead = base[position]
        let length: Int
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upper = 0x9F
        case 0xF0: length = 4; lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upper = 0x8F
        default: return nil
        }
        guard position + length <= count else { return nil }
        let second = base[position + 1]
        guard second >= lower && second <= upper else { return nil }
        for offset in 2..<length where base[position + offset] & 0xC0 != 0x80 {
            return nil
        }
        return length
    }
}
