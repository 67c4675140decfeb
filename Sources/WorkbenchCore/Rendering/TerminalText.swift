/// Server bytes on a terminal: control characters shown escaped, never interpreted.
///
/// A reply could otherwise set the window title, clear the screen or write the
/// clipboard (OSC 52). C0 controls except tab and newline, DEL and C1 controls
/// (U+0080..U+009F) are written as `\x1b`; files and pipes get the raw bytes.
public enum TerminalText {
    /// `text` with control characters escaped; the same string when there are none.
    public static func escape(_ text: String, keepingNewlines: Bool = true) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0, keepingNewlines: keepingNewlines) }) else { return text }
        var output = ""
        output.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if isControl(scalar, keepingNewlines: keepingNewlines) {
                output += "\\x" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// One line: newlines escaped too (status lines, headers, error messages).
    public static func escapeLine(_ text: String) -> String {
        escape(text, keepingNewlines: false)
    }

    static func isControl(_ scalar: Unicode.Scalar, keepingNewlines: Bool) -> Bool {
        switch scalar.value {
        case 0x09: false
        case 0x0A: !keepingNewlines
        case 0x00..<0x20, 0x7F...0x9F: true
        default: false
        }
    }
}
