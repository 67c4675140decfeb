/// Output held in memory: the bytes for standard output and the lines for
/// standard error, to be measured (does it fit the screen?) or sent
/// somewhere else (a pager, a pipe, a file) once complete.
public final class OutputBuffer: OutputSink {
    public private(set) var bytes: [UInt8] = []
    public private(set) var errors: [String] = []

    public init() {}

    public func printLine(_ text: String) {
        bytes.append(contentsOf: text.utf8)
        bytes.append(UInt8(ascii: "\n"))
    }

    public func writeBytes(_ bytes: [UInt8]) {
        self.bytes.append(contentsOf: bytes)
    }

    public func write(_ buffer: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: buffer)
    }

    public func printError(_ text: String) {
        errors.append(text)
    }

    /// How many lines the bytes take on a screen `columns` wide (escape sequences take no room).
    public func screenLines(columns: Int) -> Int {
        let width = max(columns, 1)
        var lines = 0
        var column = 0
        var inEscape = false
        for byte in bytes {
            if inEscape {
                if (0x40...0x7E).contains(byte) && byte != UInt8(ascii: "[") { inEscape = false }
                continue
            }
            switch byte {
            case 0x1B:
                inEscape = true
            case UInt8(ascii: "\n"):
                lines += 1
                column = 0
            case 0x80..<0xC0:
                continue  // a UTF-8 continuation byte: no column of its own
            default:
                column += 1
                if column > width {
                    lines += 1
                    column = 1
                }
            }
        }
        return lines + (column > 0 ? 1 : 0)
    }
}
