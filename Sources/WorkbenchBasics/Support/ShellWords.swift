/// Splits a command line into words the way a POSIX shell does.
///
/// 'single quotes' are literal; "double quotes" honour `\"`, `\\`, `\$` and
/// `` \` ``; outside quotes a backslash escapes the next character. Each word
/// remembers where it started, so a command can also take the rest of the
/// line verbatim (`body TEXT`).
///
/// The `.bash` dialect reads what people paste from elsewhere (a browser's
/// "Copy as cURL", API docs): several lines joined by backslash-newline,
/// `$'...'` ANSI-C strings, newlines between words and `#` comments; there
/// `$NAME` and `${NAME}` (unquoted or in double quotes) are the environment's,
/// so they become `{{env.NAME}}`, read when the request is sent.
public struct ShellWord: Equatable, Sendable {
    public var text: String
    /// Offset, in UTF-8 bytes, where the word starts in the line (its opening quote, if any).
    public var start: Int
    /// Offset just past the word's last byte.
    public var end: Int
    /// The environment variables (`$NAME`) the bash dialect turned into `{{env.NAME}}` in `text`.
    public var environmentNames: [String] = []
    /// In the bash dialect, an unquoted `;`, `|`, `&&` or `||`: the command ends before it.
    public var isOperator = false
}

public enum ShellWords {
    public enum Dialect: Sendable {
        /// The workbench's own command lines: one line, no `$'...'`.
        case commandLine
        /// bash, as pasted: continuation lines, `$'...'`, comments.
        case bash
    }

    public static func split(_ line: String, dialect: Dialect = .commandLine) throws(WorkbenchError) -> [ShellWord] {
        var scanner = Scanner(bytes: Array(line.utf8), bash: dialect == .bash)
        return try scanner.words()
    }

    private struct Scanner {
        let bytes: [UInt8]
        let bash: Bool
        var index = 0
        /// The `$NAME`s of the word being read.
        var names: [String] = []

        init(bytes: [UInt8], bash: Bool) {
            self.bytes = bytes
            self.bash = bash
        }

        func isBlank(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
                || (bash && (byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")))
        }

        /// Whether a backslash-newline (or backslash-CR-LF) starts at `at`: in bash, nothing.
        func continuationLength(at offset: Int) -> Int {
            guard bash, offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\") else { return 0 }
            if bytes[offset + 1] == UInt8(ascii: "\n") { return 2 }
            if bytes[offset + 1] == UInt8(ascii: "\r"), offset + 2 < bytes.count, bytes[offset + 2] == UInt8(ascii: "\n") { return 3 }
            return 0
        }

        /// `column N`, or `line L, column C` where the text has several lines.
        func position(_ offset: Int) -> String {
            guard bash, bytes.contains(UInt8(ascii: "\n")) else { return "column \(offset + 1)" }
            let before = bytes[..<offset]
            let line = before.count { $0 == UInt8(ascii: "\n") } + 1
            let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
            return "line \(line), column \(offset - lineStart + 1)"
        }

        mutating func words() throws(WorkbenchError) -> [ShellWord] {
            var words: [ShellWord] = []
            while true {
                while index < bytes.count {
                    if isBlank(bytes[index]) { index += 1; continue }
                    let continuation = continuationLength(at: index)
                    if continuation > 0 { index += continuation; continue }
                    if bash, bytes[index] == UInt8(ascii: "#") {
                        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                        continue
                    }
                    break
                }
                guard index < bytes.count else { break }
                let start = index
                if let length = operatorLength(at: index) {
                    index += length
                    words.append(
                        ShellWord(
                            text: String(decoding: bytes[start..<index], as: UTF8.self), start: start, end: index,
                            isOperator: true))
                    continue
                }
                names = []
                let word = try self.word()
                words.append(ShellWord(text: String(decoding: word, as: UTF8.self), start: start, end: index, environmentNames: names))
            }
            return words
        }

        mutating func word() throws(WorkbenchError) -> [UInt8] {
            var word: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                if isBlank(byte) || operatorLength(at: index) != nil { break }
                let continuation = continuationLength(at: index)
                if continuation > 0 { index += continuation; continue }
                if !bash, let end = referenceEnd(at: index) {
                    // `{{$datetime iso8601 1 d}}`: a reference is one word, its spaces and quotes
                    // included, as `.http` files write it; nothing in it is unquoted.
                    word += bytes[index..<end]
                    index = end
                    continue
                }
                switch byte {
                case UInt8(ascii: "'"):
                    guard let close = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: "'")) else {
                        throw WorkbenchError("unterminated single quote at \(position(index))")
                    }
                    word += bytes[(index + 1)..<close]
                    index = close + 1
                case UInt8(ascii: "$") where bash && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "'"):
                    word += try ansiCQuoted()
                case UInt8(ascii: "\""):
                    word += try doubleQuoted()
                case UInt8(ascii: "$") where bash:
                    word += try environmentReference()
                case UInt8(ascii: "\\"):
                    if index + 1 < bytes.count {
                        word.append(bytes[index + 1])
                        index += 2
                    } else {
                        index += 1
                    }
                default:
                    word.append(byte)
                    index += 1
                }
            }
            return word
        }

        mutating func doubleQuoted() throws(WorkbenchError) -> [UInt8] {
            let open = index
            index += 1
            var word: [UInt8] = []
            while index < bytes.count {
                let inner = bytes[index]
                if inner == UInt8(ascii: "\"") {
                    index += 1
                    return word
                }
                let continuation = continuationLength(at: index)
                if continuation > 0 { index += continuation; continue }
                if inner == UInt8(ascii: "$"), bash {
                    word += try environmentReference()
                    continue
                }
                if inner == UInt8(ascii: "\\"), index + 1 < bytes.count {
                    let next = bytes[index + 1]
                    if next == UInt8(ascii: "\"") || next == UInt8(ascii: "\\")
                        || next == UInt8(ascii: "$") || next == UInt8(ascii: "`")
                    {
                        word.append(next)
                        index += 2
                        continue
                    }
                }
                word.append(inner)
                index += 1
            }
            throw WorkbenchError("unterminated double quote at \(position(open))")
        }

        /// Just past the `}}` closing a `{{` at `offset`, or nil when none closes it.
        func referenceEnd(at offset: Int) -> Int? {
            guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "{"), bytes[offset + 1] == UInt8(ascii: "{") else {
                return nil
            }
            var cursor = offset + 2
            while cursor + 1 < bytes.count {
                if bytes[cursor] == UInt8(ascii: "{") { return nil }
                if bytes[cursor] == UInt8(ascii: "}") && bytes[cursor + 1] == UInt8(ascii: "}") { return cursor + 2 }
                cursor += 1
            }
            return nil
        }

        /// The length of a bash control operator at `offset` (`;`, `|`, `||`, `&&`), or nil.
        /// A lone `&` is left in the word: an unquoted URL's query pasted into the REPL keeps it.
        func operatorLength(at offset: Int) -> Int? {
            guard bash else { return nil }
            let byte = bytes[offset]
            let next = offset + 1 < bytes.count ? bytes[offset + 1] : 0
            if byte == UInt8(ascii: ";") { return 1 }
            if byte == UInt8(ascii: "|") { return next == UInt8(ascii: "|") ? 2 : 1 }
            if byte == UInt8(ascii: "&") && next == UInt8(ascii: "&") { return 2 }
            return nil
        }

        /// `$NAME` or `${NAME}` at the index as `{{env.NAME}}`; any other `$` as itself.
        /// `${NAME:-default}` and bash's other operators on a value are refused: a reference
        /// cannot say them, and sent as written they would be neither the value nor the default.
        mutating func environmentReference() throws(WorkbenchError) -> [UInt8] {
            var cursor = index + 1
            let braced = cursor < bytes.count && bytes[cursor] == UInt8(ascii: "{")
            if braced { cursor += 1 }
            let nameStart = cursor
            while cursor < bytes.count, ShellWords.isNameByte(bytes[cursor], first: cursor == nameStart) { cursor += 1 }
            if braced, cursor > nameStart, cursor < bytes.count, bytes[cursor] != UInt8(ascii: "}") {
                let close = bytes[cursor...].firstIndex(of: UInt8(ascii: "}")).map { $0 + 1 } ?? bytes.count
                let written = String(decoding: bytes[index..<min(close, index + 80)], as: UTF8.self)
                let name = String(decoding: bytes[nameStart..<cursor], as: UTF8.self)
                throw WorkbenchError(
                    "\(written) at \(position(index)): bash works out a default or a pattern there, which the import "
                        + "cannot keep: write $\(name) (read from the environment when sent) or the value")
            }
            guard cursor > nameStart, !braced || (cursor < bytes.count && bytes[cursor] == UInt8(ascii: "}")) else {
                index += 1
                return [UInt8(ascii: "$")]
            }
            let name = String(decoding: bytes[nameStart..<cursor], as: UTF8.self)
            index = braced ? cursor + 1 : cursor
            if !names.contains(name) { names.append(name) }
            return Array("{{env.\(name)}}".utf8)
        }

        /// `$'...'`: bash's ANSI-C quoting (`\n`, `\t`, `\xHH`, `\uHHHH`, `\'` ...).
        mutating func ansiCQuoted() throws(WorkbenchError) -> [UInt8] {
            let open = index
            index += 2
            var word: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "'") {
                    index += 1
                    return word
                }
                guard byte == UInt8(ascii: "\\"), index + 1 < bytes.count else {
                    word.append(byte)
                    index += 1
                    continue
                }
                let escape = bytes[index + 1]
                index += 2
                switch escape {
                case UInt8(ascii: "n"): word.append(0x0A)
                case UInt8(ascii: "t"): word.append(0x09)
                case UInt8(ascii: "r"): word.append(0x0D)
                case UInt8(ascii: "a"): word.append(0x07)
                case UInt8(ascii: "b"): word.append(0x08)
                case UInt8(ascii: "e"), UInt8(ascii: "E"): word.append(0x1B)
                case UInt8(ascii: "f"): word.append(0x0C)
                case UInt8(ascii: "v"): word.append(0x0B)
                case UInt8(ascii: "x"): word.append(UInt8(hexDigits(maximum: 2)))
                case UInt8(ascii: "u"): word += Array(String(Character(Unicode.Scalar(hexDigits(maximum: 4)) ?? "\u{FFFD}")).utf8)
                case UInt8(ascii: "U"): word += Array(String(Character(Unicode.Scalar(hexDigits(maximum: 8)) ?? "\u{FFFD}")).utf8)
                case UInt8(ascii: "0")...UInt8(ascii: "7"):
                    var value = UInt32(escape - UInt8(ascii: "0"))
                    var digits = 1
                    while digits < 3, index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[index]) {
                        value = value * 8 + UInt32(bytes[index] - UInt8(ascii: "0"))
                        index += 1
                        digits += 1
                    }
                    word.append(UInt8(truncatingIfNeeded: value))
                case UInt8(ascii: "\\"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "?"): word.append(escape)
                default: word += [UInt8(ascii: "\\"), escape]
                }
            }
            throw WorkbenchError("unterminated $'...' quote at \(position(open))")
        }

        /// Up to `maximum` hex digits at the index, as a number (0 for none).
        mutating func hexDigits(maximum: Int) -> UInt32 {
            var value: UInt32 = 0
            var count = 0
            while count < maximum, index < bytes.count, let digit = PercentEncoding.hexValue(bytes[index]) {
                value = value * 16 + UInt32(digit)
                index += 1
                count += 1
            }
            return value
        }
    }

    /// A byte of a shell variable's name: a letter or `_`, then digits too.
    static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || (!first && byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// Quotes `text` so that `split` gives it back as one word.
    public static func quote(_ text: String) -> String {
        if !text.isEmpty,
            text.utf8.allSatisfy({ byte in
                PercentEncoding.isAlphaNumeric(byte) || "-_./:@%+=,".utf8.contains(byte)
            })
        {
            return text
        }
        return singleQuoted(text)
    }

    /// `text` unchanged when `split` already gives it back as one word (no
    /// blank, quote or backslash in it), single-quoted otherwise: for a word
    /// written back into a line that is parsed again, such as the path in
    /// `capture id $.items[0].id`, which should stay as readable as typed.
    public static func quoteIfNeeded(_ text: String) -> String {
        let special: [UInt8] = [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "\\")]
        if !text.isEmpty && !text.utf8.contains(where: special.contains) {
            return text
        }
        return singleQuoted(text)
    }

    /// `'text'`, each `'` in it written `'\''`. By Unicode scalars, not
    /// Characters: a quote followed by a combining mark is one Character, and
    /// `split`, which reads bytes, still ends the quoted part at it.
    static func singleQuoted(_ text: String) -> String {
        var quoted = "'"
        for scalar in text.unicodeScalars {
            if scalar == "'" {
                quoted += "'\\''"
            } else {
                quoted.unicodeScalars.append(scalar)
            }
        }
        quoted += "'"
        return quoted
    }
}

extension String {
    package func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }

    /// The text from UTF-8 offset `offset` to the end.
    package func suffix(fromUTF8Offset offset: Int) -> String {
        let bytes = utf8
        let start = bytes.index(bytes.startIndex, offsetBy: min(offset, bytes.count))
        return String(self[start...])
    }
}
