import WorkbenchBasics

/// `expect schema`: a response body checked against the schema the
/// description documents for the request's operation and the response's
/// status (its exact code, else its range such as `2XX`, else `default`).
///
/// Pure: the caller hands over the request's method and path and the
/// response's status and body, so the check runs the same in the REPL and on
/// replay. Every outcome is one message: what was checked when it passed, the
/// reason (no operation, no documented response, not JSON) or each violation
/// with its JSON path, one per line, when it failed.
public enum ResponseSchemaCheck {
    /// The most violations listed; the rest are counted.
    public static let listedViolations = 20

    public struct Outcome: Equatable, Sendable {
        public var passed: Bool
        /// `GET /pets/{petId} 200 (Pet)` when passed; the reason or the violations when not.
        public var detail: String
    }

    public static func check(
        _ api: APIDescription, method: String, path: String, status: Int, body: [UInt8], bodyWentToFile: Bool = false
    ) -> Outcome {
        guard let operation = api.operation(forRequestPath: path, method: method) else {
            return Outcome(passed: false, detail: "\(method) \(path) is not an operation of \(api.location)")
        }
        let name = "\(operation.method) \(operation.pathTemplate)"
        guard let response = operation.response(forStatus: status) else {
            let documented = operation.responses.map(\.status).joined(separator: ", ")
            return Outcome(
                passed: false,
                detail: "\(name) documents no response for \(status) (\(documented.isEmpty ? "none at all" : "only \(documented)"))")
        }
        let what = "\(name) \(response.status)"
        guard let schema = response.jsonSchema else {
            if response.contentTypes.isEmpty && body.isEmpty {
                return Outcome(passed: true, detail: "\(what) (no body, as documented)")
            }
            let types = response.contentTypes.isEmpty ? "no body" : response.contentTypes.joined(separator: ", ")
            return Outcome(passed: false, detail: "\(what) has no JSON schema to check against (it documents \(types))")
        }
        let named = response.jsonSchemaName.map { "\(what) (\($0))" } ?? what
        if bodyWentToFile { return Outcome(passed: false, detail: "the body went to a file: nothing to check against \(named)") }
        guard !body.isEmpty else { return Outcome(passed: false, detail: "the response has no body; \(named) documents one") }
        var value: JSONValue
        do {
            value = try JSONParser.parse(body, skippingByteOrderMark: true)
        } catch {
            return Outcome(passed: false, detail: "the response body is not JSON (\(error))")
        }
        defer { value.dismantle() }
        let report = SchemaValidation.check(
            value, against: schema, components: api.document.components,
            direction: .response, limit: listedViolations)
        if report.passed { return Outcome(passed: true, detail: named) }
        let count = report.violations.count + report.omitted
        var lines = ["\(count) violation\(count == 1 ? "" : "s") of \(named)"]
        lines += report.violations.map { "  " + $0.description }
        if report.omitted > 0 { lines.append("  ... and \(report.omitted) more") }
        return Outcome(passed: false, detail: lines.joined(separator: "\n"))
    }
}

extension APIDescription {
    /// The operation a request path names: as it is, or without the path of one
    /// of the servers (a base of `http://host` and a path of `/v1/pets` still
    /// find `/pets` when the server is `http://host/v1`).
    public func operation(forRequestPath path: String, method: String) -> APIOperation? {
        let path = path.isEmpty ? "/" : path
        if let found = operation(method: method, path: path) { return found }
        for server in servers {
            guard let schemeEnd = server.range(of: "://") else { continue }
            let afterScheme = server[schemeEnd.upperBound...]
            guard let slash = afterScheme.firstIndex(of: "/") else { continue }
            let prefix = String(afterScheme[slash...])
            if prefix.count > 1, path.hasPrefix(prefix + "/"),
                let found = operation(method: method, path: String(path.dropFirst(prefix.count)))
            {
                return found
            }
        }
        return nil
    }
}
