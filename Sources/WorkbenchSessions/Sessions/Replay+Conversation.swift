import WorkbenchBasics
import WorkbenchHTTP

/// Replaying a WebSocket conversation: the handshake prepared as any request is (its origin's
/// credentials and cookies), the client frames sent again in order (typed text expanded again),
/// and between them the checks and captures typed there; before each client frame the replay
/// waits (at most 5 s, or the step's --within) for as many server frames as had come before it
/// in the recording, so the conversation keeps its order.
extension Replayer {
    static let conversationWait = 5.0

    func runConversation(
        _ record: RequestRecord, _ conversation: RecordedConversation, endpoint: Endpoint, outcome: Outcome,
        variables: inout Variables, cookies: CookieJar
    ) -> Outcome {
        var outcome = outcome
        let request: PreparedRequest
        do throws(WorkbenchError) {
            request = try endpoint.prepare(in: VariableScope(variables: variables, environment: environment).forWire, readFile: readFile)
        } catch {
            outcome.problems.append(.notSent(error))
            return outcome
        }
        let scheme = request.base.scheme == "https" ? "wss" : "ws"
        outcome.url = "\(scheme)://\(request.base.authority)\(request.shownTarget)"
        outcome.request = request.shown
        let path = String(request.target.prefix { $0 != "?" })
        let handshake = WebSocketHandshake(
            request, subprotocols: conversation.subprotocols,
            cookieHeader: WebSocketHandshake.cookieHeader(
                cookies, host: request.base.host, path: path.isEmpty ? "/" : path, secure: request.base.scheme == "https",
                now: CookieJar.now))
        let connection: WebSocketConnection
        do throws(WorkbenchError) {
            switch try WebSocketConnection.open(
                handshake, settings: record.settings, in: VariableScope(variables: variables, environment: environment),
                shouldAbort: options.shouldAbort)
            {
            case .refused(let response):
                outcome.response = response
                outcome.problems.append(
                    .expectation(Expectation.Result(passed: false, message: "the server refused the upgrade: \(response.statusLine)")))
                return outcome
            case .open(let opened):
                connection = opened
            }
        } catch {
            outcome.problems.append(error.transportFailure == nil ? .notSent(error) : .transport(error))
            return outcome
        }
        outcome.response = connection.upgradeResponse(url: outcome.url)
        var live = LiveFrames()
        let clientFrames = conversation.clientFrames
        func receive(_ seconds: Double) -> Bool {
            do throws(WorkbenchError) {
                for event in try connection.receive(waitingUpTo: seconds, shouldAbort: options.shouldAbort) {
                    if case .message(let opcode, let payload) = event { live.received(opcode, payload) }
                }
                return true
            } catch {
                outcome.problems.append(.transport(error))
                return false
            }
        }
        for index in 0...clientFrames.count {
            // The server's frames that came before this client frame in the recording.
            let expected = conversation.serverDataFrames(beforeClientFrame: index)
            let deadline = Deadline(seconds: Self.conversationWait)
            while live.receivedData < expected && connection.isOpen && !deadline.isPast {
                guard receive(min(0.1, deadline.remaining)) else { return outcome }
            }
            for step in conversation.steps where step.afterSent == index {
                let wait = step.within ?? Self.conversationWait
                let stepDeadline = Deadline(seconds: wait)
                while live.find(step.selector) == nil && connection.isOpen && !stepDeadline.isPast {
                    guard receive(min(0.1, stepDeadline.remaining)) else { return outcome }
                }
                guard let found = live.find(step.selector) else {
                    let message = "frame \(step.selector.text): no frame arrived within \(Quantities.trimmed(wait)) s"
                    switch step.action {
                    case .check:
                        outcome.problems.append(.expectation(Expectation.Result(passed: false, message: message)))
                    case .capture(let capture):
                        outcome.problems.append(.capture(name: capture.name, WorkbenchError(message)))
                    }
                    continue
                }
                if step.selector == .next { live.nextAfter = found.number }
                let response = HTTPResponse(
                    statusLine: "", statusCode: 0,
                    headers: [
                        HeaderField(name: "Content-Type", value: found.opcode == .binary ? "application/octet-stream" : "application/json")
                    ],
                    body: found.payload)
                switch step.action {
                case .check(let expectation):
                    var result = expectation.check(response, in: VariableScope(variables: variables, environment: environment))
                    result.message = "frame \(found.number): " + result.message
                    outcome.checks.append(result)
                    if !result.passed { outcome.problems.append(.expectation(result)) }
                case .capture(let capture):
                    do throws(WorkbenchError) {
                        let value = try capture.value(from: response)
                        variables.set(capture.name, to: value, secret: capture.isSecret || variables.isSecret(capture.name))
                    } catch {
                        outcome.problems.append(.capture(name: capture.name, error))
                    }
                }
            }
            guard index < clientFrames.count else { break }
            let frame = clientFrames[index]
            let payload: [UInt8]
            do throws(WorkbenchError) {
                let scope = VariableScope(variables: variables, environment: environment).forWire
                if let typed = frame.typed, frame.opcode == .binary, typed.hasPrefix("@") {
                    payload = try readFile(try Template.expand(String(typed.dropFirst()), in: scope))
                } else if let typed = frame.typed {
                    payload = Array(try Template.expand(typed, in: scope).utf8)
                } else {
                    payload = frame.payload
                }
                try connection.send(WebSocketFrame(opcode: frame.opcode, payload: payload))
            } catch {
                outcome.problems.append(error.transportFailure == nil ? .notSent(error) : .transport(error))
                return outcome
            }
            live.sent()
        }
        _ = try? connection.close(code: 1000, reason: "", waitingUpTo: 1)
        return outcome
    }
}

/// The frames a replayed conversation has seen, numbered as `ws frames` numbers them.
struct LiveFrames {
    struct Frame {
        var number: Int
        var opcode: WebSocketOpcode
        var payload: [UInt8]
    }

    private(set) var count = 0
    private(set) var data: [Frame] = []
    var nextAfter = 0
    var receivedData: Int { data.count }

    mutating func sent() {
        count += 1
        nextAfter = count
    }

    mutating func received(_ opcode: WebSocketOpcode, _ payload: [UInt8]) {
        count += 1
        if opcode == .text || opcode == .binary { data.append(Frame(number: count, opcode: opcode, payload: payload)) }
    }

    func find(_ selector: FrameSelector) -> Frame? {
        switch selector {
        case .next: data.first { $0.number > nextAfter }
        case .last: data.last
        case .number(let number): data.first { $0.number == number }
        }
    }
}
