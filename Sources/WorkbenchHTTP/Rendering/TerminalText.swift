import WorkbenchBasics

/// Server bytes on a terminal: control characters shown escaped, never interpreted.
///
/// A reply could otherwise set the window title, clear the screen or write the
/// clipboard (OSC 52). C0 controls except tab and newline, DEL and C1 controls
/// (U+0080..U+009F) are written as `\x1b`, bidirectional controls (U+202A..U+202E,
/// U+2066..U+2069) as `\u{202e}`; files and pipes get the raw bytes.
public enum TerminalText {
    /// `text` with control characters escaped; the same string when there are none.
    public static func escape(_ text: String, keepingNewlines: Bool = true) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0, keepingNewlines: keepingNewlines) }) else { return text }
        var output = ""
        output.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if scalar.value > 0xFF, isControl(scalar, keepingNewlines: keepingNewlines) {
                output += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else if isControl(scalar, keepingNewlines: keepingNewlines) {
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

    package static func isControl(_ scalar: Unicode.Scalar, keepingNewlines: Bool) -> Bool {
        switch scalar.value {
        case 0x09: false
        case 0x0A: !keepingNewlines
        case 0x00..<0x20, 0x7F...0x9F: true
        // Bidirectional embeddings, overrides and isolates: they reorder what is shown after them.
        case 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
