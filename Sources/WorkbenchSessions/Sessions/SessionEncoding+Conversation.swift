import WorkbenchBasics
import WorkbenchHTTP

/// A WebSocket conversation in a session file, as a record's `conversation` member (only on
/// the records that hold one, so other files stay as they were):
///
///     "conversation": {
///       "subprotocols": ["chat.v1"],
///       "frames": [
///         {"from": "client", "type": "text", "text": "{\"token\": \"****\"}", "typed": "{\"token\": \"{{token}}\"}", "t": 0.002},
///         {"from": "server", "type": "binary", "base64": "AAEC", "t": 0.004}
///       ],
///       "steps": [{"after": 1, "expect": "frame next json $.ok == true --within 5s"},
///                 {"after": 1, "capture": "id", "from": "frame last $.id", "secret": false}]
///     }
extension SessionEncoding {
    static func encode(_ conversation: RecordedConversation) -> JSONValue {
        .object([
            member("subprotocols", .array(conversation.subprotocols.map { .string($0) })),
            member("frames", .array(conversation.frames.map(encode))),
            member("steps", .array(conversation.steps.map(encode))),
        ])
    }

    static func encode(_ frame: RecordedFrame) -> JSONValue {
        var members = [
            member("from", .string(frame.received ? "server" : "client")), member("type", .string(frame.opcode.name)),
        ]
        if frame.opcode == .close {
            let details = WebSocketFrame.closeDetails(frame.payload)
            if let code = details.code { members.append(member("code", .number(String(code)))) }
            if !details.reason.isEmpty { members.append(member("reason", .string(details.reason))) }
        } else if frame.opcode != .binary, let text = String(validating: frame.payload, as: UTF8.self) {
            members.append(member("text", .string(text)))
        } else {
            members.append(member("base64", .string(SecretRedactor.base64(frame.payload))))
        }
        if let typed = frame.typed { members.append(member("typed", .string(typed))) }
        members.append(member("t", .number(Quantities.trimmed((frame.time * 1_000_000).rounded() / 1_000_000))))
        return .object(members)
    }

    static func encode(_ step: ConversationStep) -> JSONValue {
        switch step.action {
        case .check:
            return .object([member("after", .number(String(step.afterSent))), member("expect", .string(step.text))])
        case .capture(let capture):
            return .object([
                member("after", .number(String(step.afterSent))), member("capture", .string(capture.name)),
                member("from", .string(step.text)), member("secret", .bool(capture.isSecret)),
            ])
        }
    }
}

extension FieldReader {
    func conversation(_ value: JSONValue, _ path: String) throws(WorkbenchError) -> RecordedConversation {
        let object = try object(value, path)
        var conversation = RecordedConversation()
        for (index, item) in try array(object["subprotocols"], "\(path).subprotocols", optional: true).enumerated() {
            conversation.subprotocols.append(try string(item, "\(path).subprotocols[\(index)]"))
        }
        for (index, item) in try array(object["frames"], "\(path).frames", optional: true).enumerated() {
            conversation.frames.append(try frame(item, "\(path).frames[\(index)]"))
        }
        for (index, item) in try array(object["steps"], "\(path).steps", optional: true).enumerated() {
            conversation.steps.append(try step(item, "\(path).steps[\(index)]"))
        }
        return conversation
    }

    func frame(_ value: JSONValue, _ path: String) throws(WorkbenchError) -> RecordedFrame {
        let object = try object(value, path)
        let from = try string(object["from"], "\(path).from")
        guard from == "client" || from == "server" else { throw fail("\(path).from", "expected client or server, found '\(from)'") }
        let type = try string(object["type"], "\(path).type")
        let opcodes: [WebSocketOpcode] = [.text, .binary, .ping, .pong, .close]
        guard let opcode = opcodes.first(where: { $0.name == type }) else {
            throw fail("\(path).type", "expected text, binary, ping, pong or close, found '\(type)'")
        }
        let payload: [UInt8]
        if opcode == .close {
            let code = object["code"] == nil ? nil : try integer(object["code"], "\(path).code")
            guard code.map({ (1000...4999).contains($0) }) ?? true else {
                throw fail("\(path).code", "expected a close code from 1000 to 4999")
            }
            payload = WebSocketFrame.closePayload(
                code: code.map { UInt16($0) }, reason: try optionalString(object["reason"], "\(path).reason") ?? "")
        } else if let text = try optionalString(object["text"], "\(path).text") {
            payload = Array(text.utf8)
        } else if let encoded = try optionalString(object["base64"], "\(path).base64") {
            guard let bytes = Base64.decode(encoded) else { throw fail("\(path).base64", "not base64") }
            payload = bytes
        } else {
            payload = []
        }
        return RecordedFrame(
            received: from == "server", opcode: opcode, payload: payload, typed: try optionalString(object["typed"], "\(path).typed"),
            time: object["t"] == nil ? 0 : try number(object["t"], "\(path).t"))
    }

    func step(_ value: JSONValue, _ path: String) throws(WorkbenchError) -> ConversationStep {
        let object = try object(value, path)
        let after = try integer(object["after"], "\(path).after")
        guard after >= 0 else { throw fail("\(path).after", "expected a count of frames sent") }
        let text: String
        let isCapture = object["capture"] != nil
        text = try string(isCapture ? object["from"] : object["expect"], isCapture ? "\(path).from" : "\(path).expect")
        do throws(WorkbenchError) {
            // `frame SELECTOR REST [--within Ns]`, REST as typed (a check keeps its quotes).
            var rest = Substring(text)
            var within: Double?
            let pieces = rest.split(separator: " ")
            if pieces.count >= 2, pieces[pieces.count - 2] == "--within", let duration = pieces.last {
                guard let seconds = Double(duration.hasSuffix("s") ? duration.dropLast() : duration), seconds >= 0 else {
                    throw WorkbenchError("expected a duration after --within, found '\(duration)'")
                }
                within = seconds
                rest = rest.dropLast(duration.count + " --within ".count)
            }
            guard pieces.count >= 3, pieces[0] == "frame", let selector = FrameSelector.parse(String(pieces[1])) else {
                throw WorkbenchError("expected `frame next|last|N ...`")
            }
            rest = rest.dropFirst(pieces[0].count + 1 + pieces[1].count + 1)
            if isCapture {
                let name = try string(object["capture"], "\(path).capture")
                let source = try ShellWords.split(String(rest)).map(\.text)
                guard Template.isValidVariableName(name), source.count == 1 else {
                    throw WorkbenchError("expected a variable name and one JSON path")
                }
                let capture = Capture(
                    name: name, source: .json(try JSONPath(parsing: source[0])),
                    isSecret: try bool(object["secret"], "\(path).secret", default: false))
                return ConversationStep(afterSent: after, selector: selector, action: .capture(capture), within: within)
            }
            return ConversationStep(
                afterSent: after, selector: selector, action: .check(try ConversationStep.frameCheck(String(rest))), within: within)
        } catch {
            throw fail(path, error.message)
        }
    }
}

/// Standard base64 (RFC 4648) back to bytes: binary frames in session files.
enum Base64 {
    static func decode(_ text: String) -> [UInt8]? {
        var values: [UInt8] = []
        values.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): values.append(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): values.append(byte - UInt8(ascii: "a") + 26)
            case UInt8(ascii: "0")...UInt8(ascii: "9"): values.append(byte - UInt8(ascii: "0") + 52)
            case UInt8(ascii: "+"): values.append(62)
            case UInt8(ascii: "/"): values.append(63)
            case UInt8(ascii: "="): continue
            default: return nil
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(values.count * 3 / 4)
        var index = 0
        while index + 1 < values.count {
            let chunk = values[index..<min(index + 4, values.count)]
            let first = chunk[chunk.startIndex]
            let second = chunk[chunk.startIndex + 1]
            bytes.append(first << 2 | second >> 4)
            if chunk.count > 2 { bytes.append(second << 4 | chunk[chunk.startIndex + 2] >> 2) }
            if chunk.count > 3 { bytes.append(chunk[chunk.startIndex + 2] << 6 | chunk[chunk.startIndex + 3]) }
            index += 4
        }
        return bytes
    }
}
