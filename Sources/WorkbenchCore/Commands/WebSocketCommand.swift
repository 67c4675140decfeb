import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchSessions

/// `ws ...`, and the checks and captures on received frames.
public enum WebSocketCommand: Equatable, Sendable {
    /// `ws connect URL|PATH [--protocol NAME]...`
    case connect(target: String, subprotocols: [String])
    case send(WebSocketPayload)
    case ping(String)
    case close(code: UInt16?, reason: String)
    case frames
    case last
    /// `expect frame next|last|N CHECK [--within 5s]`
    case expect(FrameSelector, Expectation, within: Double?)
    /// `capture [--secret] NAME frame next|last|N JSONPATH [--within 5s]`
    case capture(name: String, FrameSelector, JSONPath, within: Double?, secret: Bool)
}

/// What `ws send` sends: templates expanded when it goes.
public enum WebSocketPayload: Equatable, Sendable {
    case text(String)
    /// Checked as JSON when typed (templates standing for values), sent as a text frame.
    case json(String)
    /// `binary @FILE`: the file's bytes, read when it is sent.
    case binaryFile(String)
}

extension WebSocketCommand {
    static func parseWebSocket(_ words: CommandWords) throws(WorkbenchError) -> ParsedLine {
        guard let sub = words.texts.first else { throw words.usageError("expected connect, send, ping, close, frames or last") }
        switch sub {
        case "connect":
            var operands = Array(words.texts.dropFirst())
            var subprotocols: [String] = []
            while let flag = operands.firstIndex(of: "--protocol") {
                guard flag + 1 < operands.count, !operands[flag + 1].isEmpty else {
                    throw words.usageError("expected a subprotocol name after --protocol")
                }
                subprotocols += operands[flag + 1].split(separator: ",").map { String($0).trimmingSpaces() }
                operands.removeSubrange(flag...(flag + 1))
            }
            guard operands.count == 1 else { throw words.usageError("expected one URL (ws://, wss://) or a path below the base") }
            try Template.validate(operands[0])
            return .command(.webSocket(.connect(target: operands[0], subprotocols: subprotocols)))
        case "send":
            guard words.args.count > 1 else { throw words.usageError("expected the text to send (or json VALUE, binary @FILE, <<END)") }
            let kind = words.texts[1]
            if kind.hasPrefix("<<") && words.args.count == 2 {
                let terminator = String(kind.dropFirst(2))
                guard !terminator.isEmpty else { throw words.usageError("expected a terminator after '<<', as in `ws send <<END`") }
                return .webSocketHeredoc(terminator: terminator)
            }
            if kind == "json" && words.args.count > 2 {
                let text = words.rest(from: 2)
                do throws(WorkbenchError) {
                    try JSONTemplate.check(text)
                    return .command(.webSocket(.send(.json(text))))
                } catch {
                    // `ws send json '{"a": 1}'`: quoted as one word.
                    guard words.args.count == 3, (try? JSONTemplate.check(words.texts[2])) != nil else {
                        throw words.usageError(error.message)
                    }
                    return .command(.webSocket(.send(.json(words.texts[2]))))
                }
            }
            if kind == "binary" && words.args.count == 3 && words.texts[2].hasPrefix("@") && words.texts[2].count > 1 {
                let file = String(words.texts[2].dropFirst())
                try Template.validate(file)
                return .command(.webSocket(.send(.binaryFile(file))))
            }
            if kind == "binary" { throw words.usageError("expected `ws send binary @FILE`") }
            // The text verbatim after `send `, as `body TEXT` takes it; one quoted word unquoted.
            let raw = Array(words.line.utf8)[words.args[1].start..<words.args[1].end]
            let inQuotes =
                words.args.count == 2 && raw.count >= 2 && (raw.first == UInt8(ascii: "'") || raw.first == UInt8(ascii: "\""))
                && raw.last == raw.first
            let text = inQuotes ? words.texts[1] : words.rest(from: 1)
            try Template.validate(text)
            return .command(.webSocket(.send(.text(text))))
        case "ping":
            return .command(.webSocket(.ping(words.rest(from: 1))))
        case "close":
            guard words.args.count > 1 else { return .command(.webSocket(.close(code: 1000, reason: ""))) }
            guard let code = UInt16(words.texts[1]), (1000...4999).contains(code), ![1004, 1005, 1006, 1015].contains(code) else {
                throw words.usageError(
                    "expected a close code from 1000 to 4999 (not 1004, 1005, 1006 or 1015), got \(Excerpt.quoted(words.texts[1]))")
            }
            let reason = words.rest(from: 2)
            guard reason.utf8.count <= 123 else { throw words.usageError("a close reason holds at most 123 bytes") }
            return .command(.webSocket(.close(code: code, reason: reason)))
        case "frames", "last":
            guard words.args.count == 1 else { throw words.usageError("`ws \(sub)` takes no arguments") }
            return .command(.webSocket(sub == "frames" ? .frames : .last))
        default:
            throw words.usageError("unknown subcommand \(Excerpt.quoted(sub)): expected connect, send, ping, close, frames or last")
        }
    }

    /// `--within 5s` (or `500ms`, or plain seconds) taken out of `words`.
    static func takeWithin(_ words: inout [String]) throws(WorkbenchError) -> Double? {
        guard let flag = words.firstIndex(of: "--within") else { return nil }
        guard flag + 1 < words.count else { throw WorkbenchError("expected a duration after --within, as in `--within 5s`") }
        let text = words[flag + 1]
        let seconds: Double?
        if text.hasSuffix("ms") {
            seconds = Double(text.dropLast(2)).map { $0 / 1000 }
        } else if text.hasSuffix("s") {
            seconds = Double(text.dropLast())
        } else {
            seconds = Double(text)
        }
        guard let seconds, seconds >= 0, seconds <= 3600 else {
            throw WorkbenchError("expected a duration up to 1 hour after --within (5s, 500ms), got \(Excerpt.quoted(text))")
        }
        words.removeSubrange(flag...(flag + 1))
        return seconds
    }

    /// `expect frame SELECTOR CHECK [--within D]`: the check as typed (quotes kept, as `expect`
    /// reads it), --within before or after it.
    static func parseExpectFrame(_ input: CommandWords) throws(WorkbenchError) -> ParsedLine {
        var first = 1
        var end = input.args.count
        var within: Double?
        do throws(WorkbenchError) {
            if input.args.count > 2, input.texts[1] == "--within" {
                var words = Array(input.texts[1...2])
                within = try Self.takeWithin(&words)
                first = 3
            } else if input.args.count > 2, input.texts[input.args.count - 2] == "--within" {
                var words = Array(input.texts[(input.args.count - 2)...])
                within = try Self.takeWithin(&words)
                end = input.args.count - 2
            }
        } catch {
            throw input.usageError(error.message)
        }
        guard first < end, let selector = FrameSelector.parse(input.texts[first]) else {
            throw input.usageError("expected next, last or a frame number after `expect frame`")
        }
        guard first + 1 < end else { throw input.usageError("expected a check after `expect frame \(input.texts[first])`") }
        let bytes = Array(input.line.utf8)
        let stop = end < input.args.count ? input.args[end].start : bytes.count
        let check = String(decoding: bytes[input.args[first + 1].start..<stop], as: UTF8.self).trimmingSpaces()
        do throws(WorkbenchError) {
            return .command(.webSocket(.expect(selector, try ConversationStep.frameCheck(check), within: within)))
        } catch {
            throw input.usageError(error.message)
        }
    }

    /// `capture [--secret] NAME frame SELECTOR JSONPATH [--within D]`
    static func parseCaptureFrame(_ input: CommandWords) throws(WorkbenchError) -> ParsedLine {
        var words = input.texts
        let secret = words.first == "--secret"
        if secret { words.removeFirst() }
        let within: Double?
        do throws(WorkbenchError) { within = try Self.takeWithin(&words) } catch { throw input.usageError(error.message) }
        guard words.count == 4, words[1] == "frame", let selector = FrameSelector.parse(words[2]) else {
            throw input.usageError("expected `capture NAME frame next|last|N JSONPATH`")
        }
        guard Template.isValidVariableName(words[0]) else { throw input.usageError("invalid variable name \(Excerpt.quoted(words[0]))") }
        do throws(WorkbenchError) {
            let path = try JSONPath(parsing: words[3])
            return .command(.webSocket(.capture(name: words[0], selector, path, within: within, secret: secret)))
        } catch {
            throw input.usageError(error.message)
        }
    }
}
