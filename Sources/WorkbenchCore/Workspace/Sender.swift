/// Carries out `send`, `timing` and `replay` for an Interpreter: builds the
/// request, puts it on the wire, prints the response, and records it.
public final class Sender {
    public var display: DisplayOptions
    public var options: SendOptions
    private var transport: CurlTransport?

    public init(display: DisplayOptions, options: SendOptions = SendOptions()) {
        self.display = display
        self.options = options
    }

    /// Wires this sender into `interpreter`.
    public func attach(to interpreter: Interpreter) {
        interpreter.performer = { [self] outcome, interpreter throws(WorkbenchError) in
            try self.perform(outcome, interpreter: interpreter)
        }
    }

    public func perform(_ outcome: Outcome, interpreter: Interpreter) throws(WorkbenchError) {
        let workspace = interpreter.workspace
        let color = display.usesColor(workspace.settings.color)
        switch outcome {
        case .send(let outputFile):
            let scope = workspace.scope(environment: interpreter.context.environment)
            let request = try workspace.endpoint.prepare(in: scope, readFile: interpreter.context.readFile)
            let response = try send(request, settings: workspace.settings, outputFile: outputFile)
            interpreter.workspace.lastResponse = response
            interpreter.workspace.history.append(RequestRecord(
                endpoint: workspace.endpoint, settings: workspace.settings, response: RecordedResponse(response)))
            interpreter.workspace.lastRecordIndex = interpreter.workspace.history.count - 1
            ResponseRenderer.render(response, color: color, outputIsTerminal: display.outputIsTerminal, to: interpreter.output)
        case .timing:
            guard let response = workspace.lastResponse else {
                throw WorkbenchError("no response yet: `send` a request first")
            }
            interpreter.output.printLine(TimingReport.text(for: response))
        case .replay(let target):
            try replay(target, interpreter: interpreter, color: color)
        default:
            return
        }
    }

    /// Sends one prepared request with this sender's options.
    public func send(_ request: PreparedRequest, settings: Settings, outputFile: String? = nil) throws(WorkbenchError) -> HTTPResponse {
        var sendOptions = options
        sendOptions.outputFile = outputFile
        return try engine().send(request, settings: settings, options: sendOptions)
    }

    /// `replay N` prints the response as `send` does; `replay all` prints one line a request.
    private func replay(_ target: ReplayTarget, interpreter: Interpreter, color: Bool) throws(WorkbenchError) {
        let history = interpreter.workspace.history
        let numbers: [Int]
        switch target {
        case .all: numbers = Array(1...history.count)
        case .number(let number): numbers = [number]
        }
        let replayer = Replayer(environment: interpreter.context.environment, readFile: interpreter.context.readFile) {
            request, settings throws(WorkbenchError) in try self.send(request, settings: settings)
        }
        var variables = interpreter.workspace.variables
        var outcomes: [Replayer.Outcome] = []
        for number in numbers {
            let outcome = replayer.run(history[number - 1], number: number, variables: &variables)
            outcomes.append(outcome)
            if let response = outcome.response {
                interpreter.workspace.lastResponse = response
                interpreter.workspace.lastRecordIndex = number - 1
                if numbers.count == 1 {
                    ResponseRenderer.render(response, color: color, outputIsTerminal: display.outputIsTerminal, to: interpreter.output)
                }
            }
            interpreter.output.printLine(Replayer.line(for: outcome, color: color))
        }
        interpreter.workspace.variables = variables
        if numbers.count > 1 {
            interpreter.output.printLine(Replayer.summary(outcomes))
        }
        let failed = outcomes.filter { !$0.passed }.count
        if failed > 0 {
            throw WorkbenchError("replay: \(failed) of \(outcomes.count) request\(outcomes.count == 1 ? "" : "s") failed")
        }
    }

    /// The engine is made on first use, so starting the workbench costs no TLS set-up.
    private func engine() throws(WorkbenchError) -> CurlTransport {
        if let transport { return transport }
        let made = try CurlTransport()
        transport = made
        return made
    }
}
