/// A text of several commands cut where bash would end each one: at a newline
/// that is neither escaped (backslash-newline joins lines) nor inside quotes
/// (a `-d '{...}'` of API docs spans lines), nor in a `#` comment's text.
public enum ShellCommandLines {
    /// One command: its text (with its continuation lines) and the line it starts on.
    public struct Command: Equatable, Sendable {
        public var line: Int
        public var text: String
    }

    /// Where a quote opened that the text never closed.
    public struct OpenQuote: Error, Equatable, Sendable {
        /// `single quote`, `double quote` or `$'...' quote`.
        public var kind: String
        public var line: Int
        public var column: Int

        public var message: String {
            "unterminated \(kind) opened at line \(line), column \(column) (bash reads a quote across lines until it closes)"
        }
    }

    /// The commands of `text`, in order; blank ones left out.
    public static func split(_ text: String) -> (commands: [Command], openQuote: OpenQuote?) {
        var scanner = Scanner(bytes: Array(text.utf8))
        return scanner.commands()
    }

    /// Whether `text` goes on: a quote still open, or a last line ending with a backslash.
    public static func isIncomplete(_ text: String) -> Bool {
        var scanner = Scanner(bytes: Array(text.utf8))
        let (_, open) = scanner.commands()
        return open != nil || scanner.endsInContinuation
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var line = 1
        var lineStart = 0
        var endsInContinuation = false

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func commands() -> (commands: [Command], openQuote: OpenQuote?) {
            var commands: [Command] = []
            var start = 0
            var startLine = 1
            var atWordStart = true
            func flush(upTo end: Int) {
                let text = String(decoding: bytes[start..<end], as: UTF8.self)
                if text.contains(where: { !$0.isWhitespace }) { commands.append(Command(line: startLine, text: text)) }
            }
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\n"):
                    flush(upTo: index)
                    newLine(at: index)
                    index += 1
                    start = index
                    startLine = line
                    atWordStart = true
                    continue
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                    atWordStart = true
                    index += 1
                    continue
                case UInt8(ascii: "#") where atWordStart:
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                    continue
                case UInt8(ascii: "\\"):
                    // Backslash-newline (or backslash-CR-LF) joins the next line to this command.
                    let crlf = index + 2 < bytes.count && bytes[index + 1] == UInt8(ascii: "\r") && bytes[index + 2] == UInt8(ascii: "\n")
                    if crlf { index += 1 }
                    if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") { newLine(at: index + 1) }
                    if index + 1 == bytes.count || (index + 2 == bytes.count && bytes[index + 1] == UInt8(ascii: "\r")) {
                        endsInContinuation = true
                    }
                    index += 2
                case UInt8(ascii: "'"):
                    if let open = skipQuote(closing: UInt8(ascii: "'"), escapes: false, kind: "single quote") { return (commands, open) }
                case UInt8(ascii: "$") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "'"):
                    index += 1
                    if let open = skipQuote(closing: UInt8(ascii: "'"), escapes: true, kind: "$'...' quote", from: index - 1) {
                        return (commands, open)
                    }
                case UInt8(ascii: "\""):
                    if let open = skipQuote(closing: UInt8(ascii: "\""), escapes: true, kind: "double quote") { return (commands, open) }
                default:
                    index += 1
                }
                atWordStart = false
            }
            flush(upTo: min(index, bytes.count))
            return (commands, nil)
        }

        mutating func newLine(at offset: Int) {
            line += 1
            lineStart = offset + 1
        }

        /// Moves past a quoted stretch starting at the index; the quote still open at the end, if so.
        mutating func skipQuote(closing: UInt8, escapes: Bool, kind: String, from opening: Int? = nil) -> OpenQuote? {
            let openLine = line
            let openColumn = (opening ?? index) - lineStart + 1
            index += 1
            while index < bytes.count {
                let byte = bytes[index]
                if byte == closing {
                    index += 1
                    return nil
                }
                if byte == UInt8(ascii: "\n") { newLine(at: index) }
                if escapes, byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                    if bytes[index + 1] == UInt8(ascii: "\n") { newLine(at: index + 1) }
                    index += 2
                    continue
                }
                index += 1
            }
            return OpenQuote(kind: kind, line: openLine, column: openColumn)
        }
    }
}
