import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs

/// `grpc ...`: the gRPC target, what its schema says, and calls.
public enum GRPCCommand: Equatable, Sendable {
    /// `grpc`: the target and where its schema came from.
    case show
    /// `grpc connect URL [--proto FILE...] [--import-path DIR...]`.
    case connect(url: String, protoFiles: [String], importPaths: [String])
    /// `grpc off`.
    case off
    /// `grpc ls [SERVICE]`.
    case ls(String?)
    /// `grpc describe NAME`.
    case describe(String)
    /// `grpc call SERVICE/METHOD [JSON]`: the messages' text (one JSON value, or several for a
    /// client stream); nil sends one empty message.
    case call(method: String, messages: String?)
}

extension CommandParser {
    /// A `grpc call METHOD JSON` line: the JSON is the rest of the line as typed (its quotes are
    /// its own), `<<END` starts a here-document. Nil for the other `grpc` lines.
    static func grpcCall(_ trimmedLine: String) throws(WorkbenchError) -> ParsedLine? {
        guard let (first, afterGRPC) = splitFirstWord(trimmedLine), first.lowercased() == "grpc",
            let (second, rest) = splitFirstWord(afterGRPC), second.lowercased() == "call"
        else { return nil }
        guard let (method, json) = splitFirstWord(rest) else {
            throw WorkbenchError("grpc call: expected SERVICE/METHOD, then a JSON message or <<END; see `help grpc`")
        }
        guard method.contains("/") || method.contains(".") else {
            throw WorkbenchError("grpc call: expected SERVICE/METHOD (as in `grpc call helloworld.Greeter/SayHello`), not \(Excerpt.quoted(method))")
        }
        if json.hasPrefix("<<") {
            let terminator = String(json.dropFirst(2))
            guard !terminator.isEmpty, !terminator.contains(where: { $0 == " " || $0 == "\t" }) else {
                throw WorkbenchError("grpc call: expected one word as the terminator after '<<', as in `grpc call S/M <<END`")
            }
            return .grpcHeredoc(method: method, terminator: terminator)
        }
        if json.isEmpty { return .command(.grpc(.call(method: method, messages: nil))) }
        _ = try GRPCMessageText.split(json)
        return .command(.grpc(.call(method: method, messages: json)))
    }
}

/// The JSON messages of a call as typed: one value, or several one after another (a client
/// stream), `{{NAME}}` templates allowed where JSON allows a value.
enum GRPCMessageText {
    /// The top-level values' texts, checked as JSON templates.
    static func split(_ text: String) throws(WorkbenchError) -> [String] {
        var values: [String] = []
        var depth = 0
        var inString = false
        var escaped = false
        var start: String.Index?
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                    if depth == 0, let begin = start {
                        values.append(String(text[begin...index]))
                        start = nil
                    }
                }
            } else if character == "\"" {
                inString = true
                if depth == 0, start == nil { start = index }
            } else if character == "{" || character == "[" {
                if depth == 0 { start = index }
                depth += 1
            } else if character == "}" || character == "]" {
                depth -= 1
                guard depth >= 0 else { throw WorkbenchError("grpc call: an unmatched '\(character)' in the messages") }
                if depth == 0, let begin = start {
                    values.append(String(text[begin...index]))
                    start = nil
                }
            } else if depth == 0, !character.isWhitespace, character != "," {
                throw WorkbenchError("grpc call: expected JSON objects as the messages, found \(Excerpt.quoted(String(text[index...].prefix(20))))")
            }
            index = text.index(after: index)
        }
        guard depth == 0, !inString else { throw WorkbenchError("grpc call: a message is not closed (a '}' or '\"' is missing)") }
        for value in values { try JSONTemplate.check(value, what: "gRPC message") }
        return values
    }
}
