import WorkbenchBasics

/// A WebSocket frame as the REPL shows it: `< ` before a received frame, `> ` before a sent
/// one; JSON text indented (coloured on a terminal), other text as it is, binary as its size
/// and a hex head, control frames by name. Control and bidirectional characters are escaped
/// by the caller (`Interpreter.shown`) on a terminal; a text frame is capped here.
public enum WebSocketFrameText {
    /// Bytes of binary shown in hex.
    static let hexHead = 32
    /// Text shown of one frame (the rest is in `ws frames`'s count and `ws last > FILE`).
    public static let shownTextLimit = 64 << 10

    public static func text(received: Bool, opcode: WebSocketOpcode, payload: [UInt8], color: Bool) -> String {
        let mark = received ? "< " : "> "
        switch opcode {
        case .text, .continuation:
            if let first = payload.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }),
                first == UInt8(ascii: "{") || first == UInt8(ascii: "["), payload.count <= shownTextLimit,
                case .success(let formatted) = JSONFormatter.formatIfValid(
                    payload, palette: color ? .standard : nil, escapingControls: true)
            {
                return indented(mark, String(decoding: formatted, as: UTF8.self))
            }
            let shown = String(decoding: payload.prefix(shownTextLimit), as: UTF8.self)
            let rest = payload.count > shownTextLimit ? " … (\(Quantities.size(payload.count)) in all)" : ""
            return indented(mark, shown + rest)
        case .binary:
            return mark + "binary \(Quantities.size(payload.count))" + (payload.isEmpty ? "" : ": " + hex(payload))
        case .ping, .pong:
            return mark + opcode.name + (payload.isEmpty ? "" : " " + String(decoding: payload, as: UTF8.self))
        case .close:
            let details = WebSocketFrame.closeDetails(payload)
            return mark + "close" + (details.code.map { " \($0)" } ?? "") + (details.reason.isEmpty ? "" : " " + details.reason)
        }
    }

    /// One line for `ws frames`: text as it came (line breaks shown as `\n`), cut at `width`.
    public static func summary(received: Bool, opcode: WebSocketOpcode, payload: [UInt8], width: Int = 100) -> String {
        guard opcode == .text || opcode == .continuation else {
            return text(received: received, opcode: opcode, payload: payload, color: false)
        }
        var line = ""
        for scalar in String(decoding: payload.prefix(width * 4), as: UTF8.self).unicodeScalars {
            switch scalar {
            case "\n": line += "\\n"
            case "\r": line += "\\r"
            default: line.unicodeScalars.append(scalar)
            }
        }
        if line.count > width { line = String(line.prefix(width - 1)) + "…" }
        return (received ? "< " : "> ") + line
    }

    /// The first bytes in hex, `…` when there are more.
    public static func hex(_ payload: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for (index, byte) in payload.prefix(hexHead).enumerated() {
            if index > 0 { text.append(UInt8(ascii: " ")) }
            text += [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
        }
        return String(decoding: text, as: UTF8.self) + (payload.count > hexHead ? " …" : "")
    }

    /// Every line after the first indented under the mark, so a frame reads as one block.
    static func indented(_ mark: String, _ text: String) -> String {
        var text = Substring(text)
        while text.hasSuffix("\n") { text = text.dropLast() }
        return mark + text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n  ")
    }
}
