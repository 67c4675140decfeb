import WorkbenchBasics
import WorkbenchHTTP

/// Replaying a saved comparison (`compare ENV1 ENV2 --save`): the request sent once in each
/// environment, each with that environment's values, and the two responses compared as the
/// comparison was saved. Both environments are read before anything is sent; one that is
/// missing is the check's error. What the outcome holds (its URL, errors, differences) is
/// masked already with both environments' private values, which the caller's redaction step
/// may not know; no response is kept, as `compare` keeps none.
extension Replayer {
    /// The variables to send in environment NAME, from the replay's, and that environment's
    /// private values (secrets to mask).
    public typealias EnvironmentVariables = (String, Variables) throws(WorkbenchError) -> (variables: Variables, secrets: [String])

    func runComparison(
        _ record: RequestRecord, _ comparison: SavedComparison, number: Int, variables: Variables, cookies: CookieJar
    ) -> Outcome {
        let endpoint = record.endpoint
        let heading = "compare \(comparison.first) \(comparison.second): "
        var outcome = Outcome(
            number: number, method: endpoint.method,
            url: Excerpt.cut((endpoint.base ?? "") + endpoint.path) + " in \(comparison.first) → \(comparison.second)",
            response: nil, problems: [], checks: [])
        guard let environmentVariables else {
            outcome.problems.append(.notSent(WorkbenchError(heading + "environments cannot be read here")))
            return outcome
        }
        var scopes: [(name: String, variables: Variables)] = []
        var secrets: [String] = []
        for name in [comparison.first, comparison.second] {
            do throws(WorkbenchError) {
                let switched = try environmentVariables(name, variables)
                scopes.append((name, switched.variables))
                secrets += switched.secrets
            } catch {
                outcome.problems.append(.notSent(error.prefixed(heading)))
                return outcome
            }
        }
        // Both environments' private values masked alike: a token echoed back is no difference.
        let redactor = SecretRedactor(
            variables: scopes[0].variables, endpoints: [endpoint], environment: environment,
            also: secrets + scopes[1].variables.secretValues + cookies.values)
        let sender = Sender(transport: transport, options: options, readFile: readFile)
        var responses: [RecordedResponse] = []
        for (name, scoped) in scopes {
            let scope = VariableScope(variables: scoped, environment: environment).forWire
            do throws(WorkbenchError) {
                let request = try endpoint.prepare(in: scope, readFile: readFile)
                if outcome.request == nil { outcome.request = request.shown }
                let response = try sender.send(request, settings: record.settings, cookies: cookies, in: scope)
                responses.append(RecordedResponse(response, redactor: redactor))
            } catch {
                let failure = error.mapMessage(redactor.redact).prefixed("\(heading)in \(name): ")
                outcome.problems.append(error.transportFailure == nil ? .notSent(failure) : .transport(failure))
                return outcome
            }
        }
        do throws(WorkbenchError) {
            let diff = try comparison.differences(responses[0], responses[1])
            outcome.diff = diff
            if !diff.isEmpty {
                outcome.problems.append(.environmentsDiffer(first: comparison.first, second: comparison.second, count: diff.count))
            }
        } catch {
            outcome.problems.append(.notSent(error.prefixed(heading)))
        }
        return outcome
    }
}
