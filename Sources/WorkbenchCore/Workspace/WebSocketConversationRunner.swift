import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchSessions

/// `ws ...`: the conversation the interpreter holds (a connection outlives a command), the
/// frames printed as they arrive, and the checks and captures on them.
struct WebSocketConversationRunner {
    /// Whose conversation (`Interpreter.webSocket`), workspace and output the commands use.
    let interpreter: Interpreter

    private var webSocket: WebSocketSession { interpreter.webSocket }
    private var output: RedactingSink { interpreter.output }

    /// How long `next` waits for a frame without --within.
    static let defaultFrameWait = 5.0

    /// `ws HOST/PATH> ` while a conversation is open.
    var prompt: String? {
        webSocket.isOpen ? "ws \(TerminalText.escapeLine(interpreter.redactor.redact(webSocket.promptLocation)))> " : nil
    }

    /// The socket to watch beside the keyboard while a conversation is open.
    var descriptor: Int32? {
        webSocket.isOpen ? webSocket.connection?.descriptor : nil
    }

    /// Reads and prints what has arrived, waiting for nothing (between lines, and when the
    /// line editor sees the socket ready). True when it printed something.
    @discardableResult
    func poll() -> Bool {
        guard let connection = webSocket.connection, connection.isOpen else { return false }
        var printed = false
        do {
            let events = try connection.receive(waitingUpTo: 0)
            printed = take(events)
        } catch {
            output.printError("error: \(output.redactor.redact(error.message))")
            printed = true
        }
        output.finish()
        return printed
    }

    /// Leaving the workbench with a conversation open: the closing handshake (1001, going
    /// away), waiting a moment for the server's answer, so the server sees a clean close.
    /// Frames that came before are kept (and shown, as after any line); those that answer the
    /// close are kept too.
    func leave() {
        defer { recordConversation() }
        poll()
        guard let connection = webSocket.connection, connection.isOpen else { return }
        webSocket.append(received: false, opcode: .close, payload: WebSocketFrame.closePayload(code: 1001, reason: ""))
        for event in (try? connection.close(code: 1001, reason: "", waitingUpTo: 1)) ?? [] {
            switch event {
            case .message(let opcode, let payload): webSocket.append(received: true, opcode: opcode, payload: payload)
            case .closed(let code, let reason, true):
                webSocket.append(received: true, opcode: .close, payload: WebSocketFrame.closePayload(code: code, reason: reason))
            case .closed: break
            }
        }
    }

    /// Writes the conversation so far into its history entry, secrets masked: when it ends,
    /// and before any other command (`save`, `history`, `replay`, an export) reads the history.
    /// Not at every frame: the entry is a value, copied whole when changed.
    func recordConversation() {
        guard webSocket.recordIsBehind, let index = webSocket.recordIndex, interpreter.workspace.history.indices.contains(index),
            interpreter.workspace.history[index].conversation != nil
        else { return }
        let redactor = interpreter.redactor
        let frames = webSocket.frames.map { frame in
            RecordedFrame(
                received: frame.received, opcode: frame.opcode,
                payload: frame.opcode == .binary || frame.opcode == .close
                    ? frame.payload : Array(redactor.redact(String(decoding: frame.payload, as: UTF8.self)).utf8),
                typed: frame.typed, time: frame.time)
        }
        interpreter.workspace.history[index].conversation = RecordedConversation(
            subprotocols: webSocket.subprotocols, frames: frames, steps: webSocket.steps)
        webSocket.recordIsBehind = false
    }

    /// Keeps and prints received events; true when anything was printed.
    @discardableResult
    private func take(_ events: [WebSocketConnection.Event]) -> Bool {
        var printed = false
        for event in events {
            switch event {
            case .message(let opcode, let payload):
                if let warning = webSocket.append(received: true, opcode: opcode, payload: payload) { output.printError(warning) }
                interpreter.say(WebSocketFrameText.text(received: true, opcode: opcode, payload: payload, color: interpreter.usesColor))
            case .closed(let code, let reason, let cleanly):
                if cleanly {
                    webSocket.append(received: true, opcode: .close, payload: WebSocketFrame.closePayload(code: code, reason: reason))
                    interpreter.say(
                        WebSocketFrameText.text(
                            received: true, opcode: .close, payload: WebSocketFrame.closePayload(code: code, reason: reason), color: false))
                    interpreter.say(
                        "ws: \(webSocket.url) closed by the server" + (code.map { " (\($0)\(reason.isEmpty ? "" : " \(reason)"))" } ?? ""))
                } else {
                    interpreter.say("ws: \(webSocket.url) closed: \(reason)")
                }
                recordConversation()
            }
            printed = true
        }
        return printed
    }

    func run(_ command: WebSocketCommand) throws(WorkbenchError) -> Interpreter.LineResult {
        switch command {
        case .connect(let target, let subprotocols):
            try connectWebSocket(target, subprotocols: subprotocols)
        case .send(let payload):
            let connection = try openConnection()
            let template: String =
                switch payload {
                case .text(let text), .json(let text), .binaryFile(let text): text
                }
            let scope = try interpreter.wireScope(texts: [template])
            let frame: WebSocketFrame
            let typed: String
            switch payload {
            case .text(let text):
                typed = text
                frame = WebSocketFrame(opcode: .text, payload: Array(try Template.expand(text, in: scope).utf8))
            case .json(let text):
                typed = text
                let expanded = try Template.expand(text, in: scope)
                do {
                    try JSONSyntax.validate(expanded)
                } catch {
                    throw WorkbenchError("ws send json: not valid JSON after expanding variables: \(error)")
                }
                frame = WebSocketFrame(opcode: .text, payload: Array(expanded.utf8))
            case .binaryFile(let path):
                typed = "@" + path
                frame = WebSocketFrame(opcode: .binary, payload: try interpreter.context.readFile(try Template.expand(path, in: scope)))
            }
            try checkOutgoing(frame.payload.count)
            // What came before it is shown first, so the conversation reads in order.
            poll()
            try connection.send(frame)
            if let warning = webSocket.append(received: false, opcode: frame.opcode, payload: frame.payload, typed: typed) {
                output.printError(warning)
            }
        case .ping(let text):
            let connection = try openConnection()
            let payload = Array(try Template.expand(text, in: try interpreter.wireScope(texts: [text])).utf8)
            guard payload.count <= 125 else { throw WorkbenchError("ws ping: a ping carries at most 125 bytes, this one \(payload.count)") }
            try connection.send(WebSocketFrame(opcode: .ping, payload: payload))
            webSocket.append(received: false, opcode: .ping, payload: payload, typed: text)
        case .close(let code, let reason):
            let connection = try openConnection()
            let payload = WebSocketFrame.closePayload(code: code, reason: reason)
            webSocket.append(received: false, opcode: .close, payload: payload)
            let events = try connection.close(code: code, reason: reason)
            take(events.filter { if case .message = $0 { true } else { false } })
            let answer = events.compactMap { event -> UInt16?? in
                if case .closed(let code, _, true) = event { return code }
                return nil
            }.first
            if let answer {
                webSocket.append(received: true, opcode: .close, payload: WebSocketFrame.closePayload(code: answer, reason: ""))
                interpreter.say("ws: closed \(webSocket.url)" + (answer.map { " (the server answered \($0))" } ?? ""))
            } else {
                interpreter.say("ws: closed \(webSocket.url) (the server did not answer the close within 2 s)")
            }
            recordConversation()
        case .frames:
            poll()
            guard !webSocket.frames.isEmpty else { throw WorkbenchError("no frames yet: `ws connect URL`, then `ws send TEXT`") }
            var lines: [String] = []
            for (offset, frame) in webSocket.frames.enumerated() {
                let number = offset + webSocket.firstNumber
                let line = WebSocketFrameText.summary(received: frame.received, opcode: frame.opcode, payload: frame.payload)
                let size = frame.opcode == .text ? "  (\(Quantities.size(frame.payload.count)))" : ""
                lines.append("\(number)  \(Self.seconds(frame.time))  \(line)\(size)")
            }
            interpreter.say(lines.joined(separator: "\n"))
        case .last:
            poll()
            guard let number = webSocket.lastReceived(), let frame = webSocket.frame(numbered: number) else {
                throw WorkbenchError("no frame received yet")
            }
            interpreter.say(
                WebSocketFrameText.text(received: true, opcode: frame.opcode, payload: frame.payload, color: interpreter.usesColor))
        case .expect(let selector, let expectation, let within):
            let (number, frame) = try receivedFrame(selector, within: within)
            let response = Self.response(for: frame)
            let result = expectation.check(response, in: interpreter.workspace.scope(environment: interpreter.context.environment))
            // Kept with the conversation, placed after the frames sent so far, as `expect` keeps a check.
            webSocket.steps.append(
                ConversationStep(afterSent: webSocket.sentCount, selector: selector, action: .check(expectation), within: within))
            webSocket.recordIsBehind = true
            guard result.passed else {
                return try interpreter.perform(.checkFailed(summary: "frame \(number): \(result.message)", details: []))
            }
            interpreter.say("PASS frame \(number): \(result.message)")
        case .capture(let name, let selector, let path, let within, let secret):
            let (number, frame) = try receivedFrame(selector, within: within)
            let capture = Capture(name: name, source: .json(path), isSecret: secret)
            let value = try capture.value(from: Self.response(for: frame))
            webSocket.steps.removeAll { if case .capture(let kept) = $0.action { kept.name == name } else { false } }
            webSocket.steps.append(
                ConversationStep(afterSent: webSocket.sentCount, selector: selector, action: .capture(capture), within: within))
            webSocket.recordIsBehind = true
            interpreter.workspace.variables.set(name, to: value, secret: secret || interpreter.workspace.variables.isSecret(name))
            interpreter.say(
                "\(name) = \(secret || interpreter.workspace.variables.isSecret(name) ? Variables.mask : Template.oneLine(value.prefix(200))) (frame \(number))"
            )
        }
        return .ok
    }

    /// Seconds since the connection opened, as `ws frames` shows them.
    static func seconds(_ time: Double) -> String {
        let millis = Int((time * 1000).rounded())
        let fraction = String(millis % 1000)
        return "+\(millis / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)s"
    }

    private func openConnection() throws(WorkbenchError) -> WebSocketConnection {
        guard let connection = webSocket.connection, connection.isOpen else {
            throw WorkbenchError("no WebSocket conversation is open: `ws connect URL` first")
        }
        return connection
    }

    private func checkOutgoing(_ size: Int) throws(WorkbenchError) {
        guard size <= WebSocketBounds.maximumMessageBytes else {
            throw WorkbenchError(
                "ws send: \(Quantities.size(size)) is larger than the WebSocket message bound (\(Quantities.size(WebSocketBounds.maximumMessageBytes)))"
            )
        }
    }

    /// A frame as a response, so `expect`'s checks and `capture`'s JSON paths read it as a body.
    static func response(for frame: WebSocketFrameRecord) -> HTTPResponse {
        let type = frame.opcode == .binary ? "application/octet-stream" : "application/json"
        return HTTPResponse(statusLine: "", statusCode: 0, headers: [HeaderField(name: "Content-Type", value: type)], body: frame.payload)
    }

    /// The frame a selector names: `next` waits (`within`, 5 s by default) and moves on.
    private func receivedFrame(_ selector: FrameSelector, within: Double?) throws(WorkbenchError) -> (Int, WebSocketFrameRecord) {
        poll()
        switch selector {
        case .last:
            guard let number = webSocket.lastReceived(), let frame = webSocket.frame(numbered: number) else {
                throw WorkbenchError("no frame received yet")
            }
            return (number, frame)
        case .number(let number):
            // A frame not yet arrived is waited for, as `next` is, while the conversation is open.
            if number > webSocket.lastNumber, webSocket.isOpen {
                try waitForFrames(within: within ?? Self.defaultFrameWait) { self.webSocket.lastNumber >= number }
            }
            guard let frame = webSocket.frame(numbered: number) else {
                throw WorkbenchError(
                    webSocket.frames.isEmpty
                        ? "no frames yet" : "no frame \(number): `ws frames` lists \(webSocket.firstNumber) to \(webSocket.lastNumber)")
            }
            guard frame.received else { throw WorkbenchError("frame \(number) was sent, not received") }
            return (number, frame)
        case .next:
            try waitForFrames(within: within ?? Self.defaultFrameWait) { self.webSocket.nextReceived() != nil }
            guard let number = webSocket.nextReceived(), let frame = webSocket.frame(numbered: number) else {
                throw WorkbenchError(
                    webSocket.connection == nil
                        ? "no WebSocket conversation yet: `ws connect URL` first" : "no next frame: the conversation is closed")
            }
            webSocket.nextAfter = number
            return (number, frame)
        }
    }

    /// Reads (and prints) frames until `arrived` holds, at most `seconds`; an error when they
    /// did not come in time, or the conversation closed first (then `arrived` is asked once more).
    private func waitForFrames(within seconds: Double, until arrived: () -> Bool) throws(WorkbenchError) {
        let clock = ContinuousClock()
        let start = clock.now
        while !arrived() {
            guard let connection = webSocket.connection, connection.isOpen else { return }
            let elapsed = clock.now - start
            let remaining = seconds - (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
            guard remaining > 0 else {
                throw WorkbenchError("no frame arrived within \(Quantities.trimmed(seconds)) s (--within)")
            }
            if interpreter.sendOptions.shouldAbort() {
                throw WorkbenchError("stopped waiting for a frame (Ctrl-C)", kind: .transport(.aborted))
            }
            take(try connection.receive(waitingUpTo: min(remaining, 0.1), shouldAbort: interpreter.sendOptions.shouldAbort))
            output.finish()
        }
    }

    /// `ws connect`: the current request, aimed at the WebSocket URL, prepared as any request
    /// is (headers, auth and cookies of that origin only), then the upgrade.
    private func connectWebSocket(_ target: String, subprotocols: [String]) throws(WorkbenchError) {
        if let open = webSocket.connection, open.isOpen {
            _ = try? open.close(code: 1000, reason: "", waitingUpTo: 1)
            interpreter.say("ws: closed \(webSocket.url)")
        }
        recordConversation()
        var endpoint = interpreter.workspace.endpoint
        let lowered = target.lowercased()
        if lowered.hasPrefix("ws://") || lowered.hasPrefix("wss://") {
            let secure = lowered.hasPrefix("wss://")
            let rest = target.dropFirst(secure ? 6 : 5)
            _ = try endpoint.setURL((secure ? "https://" : "http://") + rest)
        } else if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            _ = try endpoint.setURL(target)
        } else if let scheme = URLParts.scheme(of: Substring(target)) {
            throw WorkbenchError(
                "ws connect: unsupported scheme '\(Template.oneLine(scheme.prefix(40)))' in \(Excerpt.quoted(target)): "
                    + "give a ws:// or wss:// URL (http:// and https:// are taken as ws:// and wss://), or a path below the base")
        } else {
            guard endpoint.base != nil else {
                throw WorkbenchError(
                    "ws connect: \(Excerpt.quoted(target)) is a path and there is no base: give a ws:// or wss:// URL, or set `base URL`")
            }
            try endpoint.setPath(target)
        }
        endpoint.method = "GET"
        endpoint.body = nil
        let scope = try interpreter.wireScope(for: [endpoint])
        let prepared: PreparedRequest
        do {
            prepared = try endpoint.prepare(in: scope, readFile: interpreter.context.readFile)
        } catch {
            throw interpreter.workspace.explainingMissingSecret(error)
        }
        let path = String(prepared.target.prefix { $0 != "?" })
        let cookie = WebSocketHandshake.cookieHeader(
            interpreter.workspace.cookies, host: prepared.base.host, path: path.isEmpty ? "/" : path,
            secure: prepared.base.scheme == "https",
            now: CookieJar.now)
        let handshake = WebSocketHandshake(prepared, subprotocols: subprotocols, cookieHeader: cookie)
        let scheme = prepared.base.scheme == "https" ? "wss" : "ws"
        let shownURL = "\(scheme)://\(prepared.base.authority)\(prepared.shownTarget)"
        defer { interpreter.waiting?(nil) }
        switch try WebSocketConnection.open(
            handshake, settings: interpreter.workspace.settings, in: scope, shouldAbort: interpreter.sendOptions.shouldAbort)
        {
        case .refused(let response):
            try ResponsePresenter(interpreter: interpreter).present(response, parts: interpreter.workspace.view.parts)
            throw WorkbenchError(
                "ws connect: \(prepared.base.authority) refused the upgrade: \(TerminalText.escapeLine(response.statusLine))")
        case .open(let connection):
            // One history entry: the handshake as the endpoint, the 101 as the response, the frames.
            let reply = connection.upgradeResponse(url: shownURL)
            var record = RequestRecord(
                endpoint: endpoint, settings: interpreter.workspace.settings,
                response: RecordedResponse(reply, redactor: interpreter.redactor))
            record.conversation = RecordedConversation(subprotocols: subprotocols)
            record.sentURL = shownURL
            interpreter.workspace.history.append(record)
            webSocket.begin(
                connection, url: shownURL, promptLocation: prepared.base.authority + path, subprotocols: subprotocols,
                recordIndex: interpreter.workspace.history.count - 1)
            var note = "ws: connected to \(shownURL) (\(TerminalText.escapeLine(connection.reply.statusLine)))"
            if let chosen = connection.subprotocol { note += ", subprotocol \(chosen)" }
            interpreter.say(note)
            poll()
        }
    }
}
