import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs
import WorkbenchSessions

/// The commands of help's group "Live protocols": each one's help, parsing and completion.
enum LiveCommands {
    static let group = CommandGroup(title: "Live protocols", commands: [ws])

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
