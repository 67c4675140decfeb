import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs
import WorkbenchSessions

/// `body example`, `expect schema` and the parameter warnings of `show` and
/// `send`: the loaded description applied to the request at hand.
extension Workspace {
    /// The operation the current request names in the loaded description.
    private func currentOperation(_ command: String) throws(WorkbenchError) -> (APIDescription, APIOperation) {
        guard let api else {
            throw WorkbenchError("\(command): no API description loaded: `openapi FILE-or-URL` first")
        }
        guard let operation = api.operation(forRequestPath: currentPath, method: endpoint.method) else {
            let methods = api.route(matching: currentPath)?.methods ?? []
            let known = methods.isEmpty ? "`ls` lists its paths" : "it has \(methods.joined(separator: ", ")) there"
            throw WorkbenchError("\(command): \(endpoint.method) \(currentPath) is not an operation of \(api.location) (\(known))")
        }
        return (api, operation)
    }

    /// `body example`: the operation's JSON request body, from its media
    /// type's example or else its schema, pretty-printed, as a JSON body.
    mutating func setExampleBody() throws(WorkbenchError) -> CommandOutcome {
        let (api, operation) = try currentOperation("body example")
        let example = try BodyExample.build(for: operation, in: api)
        var value = example.value
        let text = String(decoding: JSONFormatter.format(Array(value.jsonText.utf8), palette: nil), as: UTF8.self)
        value.dismantle()
        let formatted = text.hasSuffix("\n") ? String(text.dropLast()) : text
        // A published example's `{{` is its text, not a reference: `{{open_braces}}`, a variable holding `{{`.
        let json = LiteralText.escaped(formatted)
        if json != formatted { variables.set(LiteralText.variable, to: "{{") }
        endpoint.body = .json(json)
        if example.contentType.lowercased() != "application/json" {
            endpoint.setHeader("Content-Type", example.contentType)
        }
        let output =
            "body: an example \(example.contentType) body for \(operation.method) \(operation.pathTemplate) (`show` shows it, `body edit` changes it)"
        guard !example.notes.isEmpty else { return .output(output) }
        return .outputWithWarning(output, warning: example.notes.map { "warning: body example: \($0)" }.joined(separator: "\n"))
    }

    /// What `expect schema` checks against: nil for other checks; an error
    /// (and nothing recorded) when no description is loaded.
    func schemaSource(for expectation: Expectation, request: Endpoint, scope: VariableScope) throws(WorkbenchError) -> SchemaSource? {
        guard expectation == .schema else { return nil }
        guard let api else {
            let hint = apiLocation.map { "the session names \($0) but it is not loaded: `openapi \($0)`" } ?? "`openapi FILE-or-URL` first"
            throw WorkbenchError("expect schema: no API description loaded: \(hint)")
        }
        return SchemaSource(description: .success(api), endpoint: request, scope: scope)
    }

    /// `warning:` lines for the current request against its operation's
    /// parameters; none when no description is loaded or no operation matches.
    /// Values are compared as sent and shown with secrets masked.
    public func parameterWarnings(in scope: VariableScope) -> [String] {
        guard let api, let operation = api.operation(forRequestPath: currentPath, method: endpoint.method) else { return [] }
        // A value whose variable is not set yet is given all the same (sending says which is
        // undefined): it stays as typed, and a value holding `{{` is not compared with an enum.
        func values(_ pairs: [(name: String, value: String)]) -> [ParameterCheck.Value] {
            pairs.map { pair in
                guard let value = try? Template.expand(pair.value, in: scope) else {
                    return ParameterCheck.Value(name: pair.name, value: pair.value, shown: pair.value)
                }
                let shown = (try? Template.expand(pair.value, in: scope.masked)) ?? value
                return ParameterCheck.Value(name: pair.name, value: value, shown: shown)
            }
        }
        let query = values(
            endpoint.allQueryItems.map {
                (name: $0.decodedName, value: $0.isEncoded ? PercentEncoding.decode($0.value, plusIsSpace: true) : $0.value)
            })
        let headers = values(endpoint.headers.map { (name: $0.name, value: $0.value) })
        // Likewise a path segment: `/pets/{{petid}}` fills {petId} even before petid is set. Such a
        // segment is marked (a byte no path holds) so the path tree takes it as a value.
        let unset = "\u{1}"
        let path =
            (try? Template.expand(currentPath, in: scope))
            ?? currentPath.split(separator: "/", omittingEmptySubsequences: false).map { segment in
                (try? Template.expand(String(segment), in: scope)) ?? unset + segment
            }.joined(separator: "/")
        let pathValues = api.pathParameterValues(path: path, template: operation.pathTemplate)
            .mapValues { $0.hasPrefix(unset) ? String($0.dropFirst()) : $0 }
        return ParameterCheck.warnings(
            for: operation, pathValues: pathValues, query: query, headers: headers,
            sendsBody: endpoint.body != nil && endpoint.sendsBody)
    }
}
