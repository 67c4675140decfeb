import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs
import WorkbenchSessions

/// The commands of help's group "Live protocols": each one's help, parsing and completion.
enum LiveCommands {
    static let group = CommandGroup(title: "Live protocols", commands: [ws, events])

    static let events = CommandDeclaration(
        name: "events", usage: ["events", "events N"],
        summary:
            "The server-sent events of the last response (a text/event-stream body, read by the WHATWG rules): one line each with its number, the time since the request started, its type, id and the start of its data; `events N` shows event N whole. `expect event N|last CHECK` and `capture NAME event N|last JSONPATH|id|type|data` check and take values from one event; `send --resume` reconnects with Last-Event-ID.",
        example: "events 3", subcommands: [],
        parse: { words throws(WorkbenchError) in
            let texts = words.texts
            if texts.isEmpty { return .command(.events(nil)) }
            guard texts.count == 1, let number = Int(texts[0]), number >= 1 else {
                throw words.usageError("expected an event number (see `events`), got \(Excerpt.quoted(texts.joined(separator: " ")))")
            }
            return .command(.events(number))
        })

    /// `events [N]`
    static func events(_ number: Int?, _ workspace: Workspace) throws(WorkbenchError) -> CommandOutcome {
        let (response, _) = try workspace.lastExchange()
        guard let stream = response.eventStream else {
            throw WorkbenchError(
                "the last response is not an event stream (Content-Type: \(Template.oneLine((response.contentType ?? "none").prefix(80)))): no events"
            )
        }
        guard let number else {
            guard !stream.events.isEmpty else { return .output("the stream sent no events") }
            return .output(EventStreamText.list(stream))
        }
        let (_, event) = try EventSelector.number(number).event(in: response)
        return .output(EventStreamText.whole(event, number: number))
    }

    static let ws = CommandDeclaration(
        name: "ws",
        usage: [
            "ws connect URL|PATH [--protocol NAME]...", "ws send TEXT", "ws send json VALUE", "ws send binary @FILE",
            "ws send <<END", "ws ping [TEXT]", "ws close [CODE [REASON]]", "ws frames", "ws last",
        ],
        summary:
            "A WebSocket conversation: `connect` opens it (ws://, wss://; a PATH is taken against the base, http to ws, https to wss) with the request's headers, auth and cookies for that origin only, its proxy and TLS settings, and the subprotocols asked for; a refused upgrade prints the HTTP response. `send` sends one frame (templates expanded), `ping` a ping, `close` the closing handshake (1000 unless CODE). Received frames print as they arrive (`< `; JSON indented, binary as size and hex); `frames` lists both ways with times, `last` prints the last received frame again. `expect frame` and `capture NAME frame` check and take values from received frames.",
        example: "ws connect wss://echo.example.com/chat", subcommands: ["connect", "send", "ping", "close", "frames", "last"],
        parse: { words throws(WorkbenchError) in try WebSocketCommand.parseWebSocket(words) },
        complete: { input in
            if input.position == 1 { return input.matching(input.subcommands) }
            if input.position == 2 && input.before[1] == "send" { return input.matching(["json", "binary"]) }
            return nil
        })
}
