/// Splits a command line into words the way a POSIX shell does.
///
/// 'single quotes' are literal; "double quotes" honour `\"`, `\\`, `\$` and
/// `` \` ``; outside quotes a backslash escapes the next character. Each word
/// remembers where it started, so a command can also take the rest of the
/// line verbatim (`body TEXT`).
public struct ShellWord: Equatable, Sendable {
    public var text: String
    /// Offset, in UTF-8 bytes, where the word starts in the line (its opening quote, if any).
    public var start: Int
    /// Offset just past the word's last byte.
    public var end: Int
}

public enum ShellWords {
    public static func split(_ line: String) throws(WorkbenchError) -> [ShellWord] {
        let bytes = Array(line.utf8)
        var words: [ShellWord] = []
        var index = 0
        while true {
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
                index += 1
            }
            guard index < bytes.count else { break }
            let start = index
            var word: [UInt8] = []
            wordLoop: while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: " "), UInt8(ascii: "\t"):
                    break wordLoop
                case UInt8(ascii: "'"):
                    guard let close = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: "'")) else {
                        throw WorkbenchError("unterminated single quote at column \(index + 1)")
                    }
                    word += bytes[(index + 1)..<close]
                    index = close + 1
                case UInt8(ascii: "\""):
                    let open = index
                    index += 1
                    var closed = false
                    while index < bytes.count {
                        let inner = bytes[index]
                        if inner == UInt8(ascii: "\"") {
                            closed = true
                            index += 1
                            break
                        }
                        if inner == UInt8(ascii: "\\"), index + 1 < bytes.count {
                            let next = bytes[index + 1]
                            if next == UInt8(ascii: "\"") || next == UInt8(ascii: "\\")
                                || next == UInt8(ascii: "$") || next == UInt8(ascii: "`") {
                                word.append(next)
                                index += 2
                                continue
                            }
                        }
                        word.append(inner)
                        index += 1
                    }
                    if !closed {
                        throw WorkbenchError("unterminated double quote at column \(open + 1)")
                    }
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
            words.append(ShellWord(text: String(decoding: word, as: UTF8.self), start: start, end: index))
        }
        return words
    }

    /// Quotes `text` so that `split` gives it back as one word.
    public static func quote(_ text: String) -> String {
        if !text.isEmpty, text.utf8.allSatisfy({ byte in
            PercentEncoding.isAlphaNumeric(byte) || "-_./:@%+=,".utf8.contains(byte)
        }) {
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
    func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }

    /// The text from UTF-8 offset `offset` to the end.
    func suffix(fromUTF8Offset offset: Int) -> String {
        let bytes = utf8
        let start = bytes.index(bytes.startIndex, offsetBy: min(offset, bytes.count))
        return String(self[start...])
    }
}
