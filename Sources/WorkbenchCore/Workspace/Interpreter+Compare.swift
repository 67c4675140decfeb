import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchSessions

extension Interpreter {
    /// A saved comparison's environment NAME, as `compare` switches to it: the replay's
    /// variables with NAME's values laid under those set here. Its private values stay
    /// masked from then on, as after `compare`.
    func comparisonEnvironments(_ name: String, _ variables: Variables) throws(WorkbenchError) -> (
        variables: Variables, secrets: [String]
    ) {
        var switched = workspace
        switched.variables = variables
        _ = try switched.useEnvironment(name, file: nil, context: context)
        workspace.environmentSecretValues = switched.environmentSecretValues
        return (switched.variables, switched.environmentSecretValues)
    }

    /// `compare ENV1 ENV2`: the request being built sent twice in ENV1 and once in ENV2, each
    /// time through the one send path with that environment's values; nothing is kept in the
    /// history, unless `save`: then the comparison joins it as a check `replay` runs. Every
    /// environment's private values stay masked afterwards.
    func compare(_ first: String, _ second: String, options: ResponseDiff.Options, ignored: [String], save: Bool)
        throws(WorkbenchError)
    {
        defer { waiting?(nil) }
        var responses: [RecordedResponse] = []
        for name in [first, first, second] {
            var switched = workspace
            _ = try switched.useEnvironment(name, file: nil, context: context)
            // Known before anything comes back: a reply echoing a private value is masked.
            workspace.environmentSecretValues = switched.environmentSecretValues
            let transport = try engine()
            let exchange: Exchange
            do throws(WorkbenchError) {
                exchange = try Exchange.send(switched, context: context, transport: transport, options: sendOptions)
            } catch {
                throw error.prefixed("compare: in \(name): ")
            }
            waiting?(nil)
            if let response = exchange.record.response { responses.append(response) }
        }
        guard responses.count == 3 else { throw WorkbenchError("compare: a response was not kept") }
        // Every environment's private values known to the redaction step before anything is printed.
        _ = redactor
        let comparison = EnvironmentComparison.compare(first: responses[0], again: responses[1], second: responses[2], options: options)
        for line in comparison.lines(first: first, second: second, ignored: ignored, color: usesColor) {
            output.printLine(line)
        }
        guard save else { return }
        var record = RequestRecord(endpoint: workspace.endpoint, settings: workspace.settings)
        record.comparison = SavedComparison(
            comparison, first: first, second: second, headers: options.allHeaders ? ["*"] : options.headers, ignored: ignored)
        if workspace.history.isEmpty { workspace.initialCookies = workspace.cookies }
        workspace.history.append(record)
        let number = workspace.history.count
        let note = comparison.diff.isEmpty ? "" : " (it differs now: a replay fails until the differences go or are ignored)"
        output.printLine("kept as request \(number): `replay \(number)` compares \(first) and \(second) again\(note)")
    }
}
