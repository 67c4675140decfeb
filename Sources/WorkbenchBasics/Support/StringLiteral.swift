/// The inside of a double-quoted string literal in Swift's form, which Hurl's
/// quoted strings share: `\"`, `\\`, `\n`, `\r`, `\t`, and `\u{X}` for other controls.
public enum StringLiteral {
    public static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `"text"`, escaped.
    public static func quoted(_ text: String) -> String {
        "\"" + escaped(text) + "\""
    }
}
