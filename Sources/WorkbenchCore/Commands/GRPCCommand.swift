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
            throw WorkbenchError(
                "grpc call: expected SERVICE/METHOD (as in `grpc call helloworld.Greeter/SayHello`), not \(Excerpt.quoted(method))")
        }
        if json.hasPrefix("<<") {
            let terminator = String(json.dropFirst(2))
            if let (word, after) = splitFirstWord(terminator), !word.isEmpty, let mark = after.first, mark == ">" || mark == "|" {
                throw redirectRefused(mark)
            }
            guard !terminator.isEmpty, !terminator.contains(where: { $0 == " " || $0 == "\t" }) else {
                throw WorkbenchError("grpc call: expected one word as the terminator after '<<', as in `grpc call S/M <<END`")
            }
            return .grpcHeredoc(method: method, terminator: terminator)
        }
        if json.isEmpty { return .command(.grpc(.call(method: method, messages: nil))) }
        do throws(WorkbenchError) {
            _ = try GRPCMessageText.split(json)
        } catch {
            try refuseRedirect(json)
            throw error
        }
        return .command(.grpc(.call(method: method, messages: json)))
    }

    /// `grpc call S/M JSON > FILE` (or `| COMMAND`): a call's messages go to the screen as they
    /// arrive; `last > FILE` writes them once the call is over, as after `send`.
    private static func refuseRedirect(_ json: String) throws(WorkbenchError) {
        var cut = json.endIndex
        while let mark = json[..<cut].lastIndex(where: { $0 == ">" || $0 == "|" }) {
            let before = json[..<mark].trimmingSpaces()
            if before.isEmpty || (try? GRPCMessageText.split(String(before))) != nil { throw redirectRefused(json[mark]) }
            cut = mark
        }
    }

    private static func redirectRefused(_ mark: Character) -> WorkbenchError {
        WorkbenchError(
            "grpc call: \(mark == ">" ? "`> FILE`" : "`| COMMAND`") does not go with a call, whose messages are shown as they "
                + "arrive: `last > FILE` or `last | COMMAND` after it takes them (one message, or a stream's as a JSON array)")
    }
}
