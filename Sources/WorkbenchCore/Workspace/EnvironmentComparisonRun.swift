import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchSessions

/// `compare ENV1 ENV2 [--save]` in the REPL: the request being built sent twice in ENV1 and
/// once in ENV2 (`EnvironmentComparison` judges the three responses), and the environments a
/// saved comparison is replayed in.
struct EnvironmentComparisonRun {
    let first: String
    let second: String
    let options: ResponseDiff.Options
    /// `--ignore PATH`s, named on the result line.
    let ignored: [String]
    /// `--save`: the comparison joins the history as a check `replay` runs.
    let save: Bool

    /// A saved comparison's environment NAME, as `compare` switches to it: the replay's
    /// variables with NAME's values laid under those set here. Its private values stay
    /// masked from then on, as after `compare`.
    static func environment(_ name: String, _ variables: Variables, on interpreter: Interpreter) throws(WorkbenchError) -> (
        variables: Variables, secrets: [String]
    ) {
        var switched = interpreter.workspace
        switched.variables = variables
        _ = try switched.useEnvironment(name, file: nil, context: interpreter.context)
        interpreter.workspace.environmentSecretValues = switched.environmentSecretValues
        return (switched.variables, switched.environmentSecretValues)
    }

    /// `compare ENV1 ENV2`: the request being built sent twice in ENV1 and once in ENV2, each
    /// time through the one send path with that environment's values; nothing is kept in the
    /// history, unless `save`: then the comparison joins it as a check `replay` runs. Every
    /// environment's private values stay masked afterwards. Sent on `interpreter`'s transport,
    /// from its workspace, printed through its output.
    func run(on interpreter: Interpreter) throws(WorkbenchError) {
        let context = interpreter.context
        let output = interpreter.output
        defer { interpreter.waiting?(nil) }
        var responses: [RecordedResponse] = []
        for name in [first, first, second] {
            var switched = interpreter.workspace
            _ = try switched.useEnvironment(name, file: nil, context: context)
            // Known before anything comes back: a reply echoing a private value is masked.
            interpreter.workspace.environmentSecretValues = switched.environmentSecretValues
            let transport = try interpreter.engine()
            let exchange: Exchange
            do throws(WorkbenchError) {
                exchange = try Exchange.send(switched, context: context, transport: transport, options: interpreter.sendOptions)
            } catch {
                throw error.prefixed("compare: in \(name): ")
            }
            interpreter.waiting?(nil)
            if let response = exchange.record.response { responses.append(response) }
        }
        guard responses.count == 3 else { throw WorkbenchError("compare: a response was not kept") }
        // Every environment's private values known to the redaction step before anything is printed.
        _ = interpreter.redactor
        let comparison = EnvironmentComparison.compare(first: responses[0], again: responses[1], second: responses[2], options: options)
        for line in comparison.lines(first: first, second: second, ignored: ignored, color: interpreter.usesColor) {
            output.printLine(line)
        }
        guard save else { return }
        var record = RequestRecord(endpoint: interpreter.workspace.endpoint, settings: interpreter.workspace.settings)
        record.comparison = SavedComparison(
            comparison, first: first, second: second, headers: options.allHeaders ? ["*"] : options.headers, ignored: ignored)
        if interpreter.workspace.history.isEmpty { interpreter.workspace.initialCookies = interpreter.workspace.cookies }
        // In place: the history is not copied to keep one more record.
        interpreter.workspace.history.append(record)
        let number = interpreter.workspace.history.count
        let note = comparison.diff.isEmpty ? "" : " (it differs now: a replay fails until the differences go or are ignored)"
        output.printLine("kept as request \(number): `replay \(number)` compares \(first) and \(second) again\(note)")
    }
}
