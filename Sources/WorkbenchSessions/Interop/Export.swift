import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs

/// The environment in force when exporting, and the names whose values it gives.
public struct ExportedEnvironment: Equatable, Sendable {
    public var name: String
    /// The env file as it is named to users.
    public var file: String
    public var variables: Set<String>

    public init(name: String, file: String, variables: Set<String>) {
        self.name = name
        self.file = file
        self.variables = variables
    }
}

/// `export FORMAT`: the current request (or with `--session` every request of
/// the history) written for another tool.
public struct Export: Equatable, Sendable {
    public enum Format: String, CaseIterable, Sendable {
        case curl, httpie, http, hurl, swift, har, postman, grpcurl, locust
    }

    public var format: Format
    /// `export curl --exact`: every byte pinned, as `curl` prints it.
    public var exact = false
    public var session = false
    /// Shell commands carry values; `--secrets` puts secret ones in them unmasked.
    public var revealSecrets = false
    /// `export swift --runnable`: a `main` that sends the requests.
    public var runnable = false
    /// `> FILE`
    public var outputFile: String?
    /// The environment in force (`env use NAME`), its env file, and the variables it gives: a
    /// `.http` file leaves them to the env file, as `@name` would override the client's choice.
    public var environment: ExportedEnvironment?

    public init(format: Format, exact: Bool = false, session: Bool = false, revealSecrets: Bool = false, outputFile: String? = nil) {
        self.format = format
        self.exact = exact
        self.session = session
        self.revealSecrets = revealSecrets
        self.outputFile = outputFile
    }

    /// What a format leaves out, when it does.
    enum LeftOut {
        case grpcCall, webSocket
    }

    /// Whether this format leaves `record` out (see `leftOut`).
    public func leavesOut(_ record: RequestRecord) -> Bool { leftOut(record) != nil }

    /// What `record` is when this format leaves it out: a gRPC call, which curl, HTTPie, Hurl,
    /// Postman, HAR and URLSession code would send as a POST of its JSON (the session's
    /// `application/grpc+json`, a subtype never sent) that no gRPC server reads; a WebSocket
    /// conversation, which they would send as a plain GET that upgrades nothing and carries no
    /// frame. `.http` writes both (JetBrains' `GRPC` and `WEBSOCKET` requests), grpcurl a call
    /// as its command; Locust names both in its comment.
    func leftOut(_ record: RequestRecord) -> LeftOut? {
        switch format {
        case .curl, .httpie, .hurl, .swift, .har, .postman:
            if GRPCCall.isCall(record.endpoint) { return .grpcCall }
            return record.conversation == nil ? nil : .webSocket
        case .http, .grpcurl, .locust: return nil
        }
    }

    /// The line for a request left out, numbered as in the history.
    func leftOutLine(_ number: Int, _ kind: LeftOut) -> String {
        switch kind {
        case .grpcCall:
            "request \(number) is a gRPC call, left out of the \(format.rawValue) export "
                + "(`export grpcurl` writes it; `export http` as a JetBrains GRPC request)"
        case .webSocket:
            "request \(number) is a WebSocket conversation, left out of the \(format.rawValue) export "
                + "(`export http` writes it as a JetBrains WEBSOCKET request)"
        }
    }

    /// What the exported commands do differently from the workbench, one line
    /// each (a redirect the tool would follow its own way, a URL HTTPie re-encodes),
    /// for standard error.
    public func warnings(
        records: [RequestRecord], variables: Variables, scope: VariableScope,
        readFile: (String) throws(WorkbenchError) -> [UInt8]
    ) throws(WorkbenchError) -> [String] {
        // No other tool's format has a check across two environments: the request goes alone.
        var warnings = records.enumerated().compactMap { index, record in
            record.comparison.map { comparison in
                "request \(index + 1): `\(comparison.text)` is a check only a workbench replay runs; "
                    + "\(format.rawValue) has its request alone, sent once"
            }
        }
        warnings += records.indices.compactMap { index in leftOut(records[index]).map { leftOutLine(index + 1, $0) } }
        warnings += templateFileWarnings(records: records)
        warnings += pathAsIsWarnings(records: records, scope: scope, readFile: readFile)
        if format == .swift {
            // The Swift code's path is built from its values: a link's query or origin is not taken apart.
            warnings += records.enumerated().compactMap { index, record in
                guard record.endpoint.wholeTargetReference != nil else { return nil }
                let prefix = records.count > 1 ? "request \(index + 1): " : ""
                return prefix + "\(Template.oneLine(record.endpoint.path)) is the whole target, taken apart when sent (a query, "
                    + "an origin); the Swift code puts its value in the path (`export curl` sends what the workbench sends)"
            }
        }
        let tool: RedirectFidelity.Tool
        switch format {
        case .locust:
            let prefix = records.count > 1 ? "" : "request 1: "
            return try warnings
                + LocustExport.export(
                    records: records, variables: variables, scope: scope, revealSecrets: revealSecrets, readFile: readFile
                ).notMapped.map { "locust: " + ($0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0) }
        case .curl: tool = .curl
        case .httpie: tool = .httpie
        case .hurl: tool = .hurl
        case .http, .swift, .har, .postman, .grpcurl: return warnings
        }
        for (index, record) in records.enumerated() where !leavesOut(record) {
            let request = try record.endpoint.prepare(in: scope.masked, readFile: readFile)
            let prefix = records.count > 1 ? "request \(index + 1): " : ""
            if record.settings.followRedirects,
                let reason = RedirectFidelity.reason(
                    request, settings: record.settings, tool: tool,
                    redirects: record.response?.redirectStatuses)
            {
                warnings.append(prefix + reason)
            }
            if tool == .curl, let aws = request.awsSigV4, let reason = Self.sigV4PathReason(request, aws) {
                warnings.append(prefix + reason)
            }
            if tool == .httpie, HTTPieURL.sent(request.target) != request.target {
                warnings.append(
                    prefix + "HTTPie sends \(Template.oneLine(HTTPieURL.sent(request.target))) where the workbench sends "
                        + "\(Template.oneLine(request.target)): it re-encodes the URL (`export curl` sends it as it is)")
            }
        }
        return warnings
    }

    /// A `<@ FILE` body (its `{{variables}}` expanded when sent) in a format that names the file
    /// and sends it as it is: one line each. curl, HTTPie and HAR carry the body as it is sent;
    /// `.http` writes `<@` again.
    func templateFileWarnings(records: [RequestRecord]) -> [String] {
        let tool: String
        switch format {
        case .hurl: tool = "Hurl's `file,...;`"
        case .postman: tool = "Postman's file body"
        case .swift: tool = "the Swift code"
        case .curl, .httpie, .http, .har, .grpcurl, .locust: return []
        }
        return records.enumerated().compactMap { index, record in
            guard record.endpoint.sendsBody, case .templateFile(let path) = record.endpoint.body else { return nil }
            let prefix = records.count > 1 ? "request \(index + 1): " : ""
            return prefix + "\(tool) sends \(Template.oneLine(path)) as it is: the {{variables}} in it are not expanded "
                + "(`export http` keeps the file's `<@`; `export curl` carries the body as sent)"
        }
    }

    /// A request sent with `--path-as-is` whose `.` and `..` segments a format cannot keep: the
    /// clients of `.http` files, Postman, URLSession and requests (Locust) have no option to send
    /// them as typed, so the file has them worked out. curl, HTTPie and Hurl say `--path-as-is`.
    func pathAsIsWarnings(
        records: [RequestRecord], scope: VariableScope, readFile: (String) throws(WorkbenchError) -> [UInt8]
    ) -> [String] {
        let tool: String
        switch format {
        case .http: tool = "a .http client"
        case .postman: tool = "Postman"
        case .swift: tool = "URLSession"
        case .locust: tool = "Locust (requests)"
        case .curl, .httpie, .hurl, .har, .grpcurl: return []
        }
        var warnings: [String] = []
        for (index, record) in records.enumerated() where record.endpoint.sendsPathAsIs && record.conversation == nil {
            // A request that cannot be built now (a variable not set) is the export's own error to give.
            guard let target = try? record.endpoint.prepare(in: scope.masked, readFile: readFile).target,
                DotSegments.present(in: target)
            else { continue }
            let prefix = records.count > 1 ? "request \(index + 1): " : ""
            warnings.append(
                prefix + "the workbench sends \(Template.oneLine(target)) as typed (--path-as-is); \(tool) has no way to, "
                    + "so the export has \(Template.oneLine(DotSegments.removing(target))) (`export curl` keeps the segments)")
        }
        return warnings
    }

    /// curl's `--aws-sigv4` (libcurl 7.88 here) signs the path as it is sent, where AWS encodes
    /// it a second time for every service but S3 (`AWSSigV4Signing`): with a byte to encode
    /// in the path, curl's signature is refused.
    static func sigV4PathReason(_ request: PreparedRequest, _ aws: AWSSigV4Credentials) -> String? {
        guard !aws.provider.hasSuffix(":s3") else { return nil }
        let path = AWSSigV4Signing.split(request.target).path
        guard AWSSigV4Signing.doublyEncoded(path) != path else { return nil }
        return "curl signs the path \(Excerpt.quoted(path)) as sent; AWS signs it encoded twice for this service, "
            + "so the exported command's signature will not verify (the workbench's does)"
    }

    /// The exported text for `records` (each with the settings it was sent with).
    /// `.http` and Hurl files keep `{{references}}`, so they never hold a
    /// secret's value; curl and HTTPie commands carry values, secrets masked
    /// unless revealed.
    public func text(
        records: [RequestRecord], variables: Variables, scope: VariableScope,
        readFile: (String) throws(WorkbenchError) -> [UInt8]
    ) throws(WorkbenchError) -> String {
        let kept = records.filter { !leavesOut($0) }
        if kept.isEmpty, !records.isEmpty { throw nothingToExport(records) }
        switch format {
        case .http: return try HTTPFileExport.text(records: records, variables: variables, environment: environment)
        case .hurl: return try HurlExport.text(records: kept, variables: variables)
        case .swift: return try SwiftExport.text(records: kept, variables: variables, runnable: runnable)
        case .har: return try HARExport.text(records: kept, variables: variables, scope: scope, readFile: readFile)
        case .postman: return try PostmanExport.text(records: kept, variables: variables)
        case .grpcurl: return try GRPCurlExport.text(records: records, scope: scope, revealSecrets: revealSecrets, readFile: readFile)
        case .locust:
            return try LocustExport.export(
                records: records, variables: variables, scope: scope, revealSecrets: revealSecrets, readFile: readFile
            ).text
        case .curl, .httpie:
            var commands: [String] = []
            for (index, record) in records.enumerated() {
                if let kind = leftOut(record) {
                    commands.append("# " + leftOutLine(index + 1, kind))
                    continue
                }
                let prepared = try record.endpoint.prepare(in: scope, readFile: readFile)
                let request = revealSecrets ? prepared : prepared.shown
                switch format {
                case .curl where exact:
                    commands.append(
                        try CurlCommand.text(
                            for: request, body: record.endpoint.body, settings: record.settings,
                            typedHost: record.endpoint.headersInForce.contains(name: "Host"),
                            redirects: record.response?.redirectStatuses))
                case .curl:
                    commands.append(
                        try CurlExport.text(
                            request: request, endpoint: record.endpoint, settings: record.settings,
                            redirects: record.response?.redirectStatuses))
                default:
                    commands.append(
                        try HTTPieExport.text(
                            request: request, endpoint: record.endpoint, settings: record.settings,
                            redirects: record.response?.redirectStatuses))
                }
            }
            return commands.joined(separator: "\n") + "\n"
        }
    }

    /// Every request left out: one line saying what they are and which export writes them.
    func nothingToExport(_ records: [RequestRecord]) -> WorkbenchError {
        let kinds = records.compactMap(leftOut)
        let one = records.count == 1
        let what: String
        let writer: String
        if !kinds.contains(.webSocket) {
            what = one ? "the request is a gRPC call" : "every request is a gRPC call"
            writer = "`export grpcurl` writes \(one ? "it" : "them")"
        } else if !kinds.contains(.grpcCall) {
            what = one ? "the request is a WebSocket conversation" : "every request is a WebSocket conversation"
            writer = "`export http` writes \(one ? "it" : "them")"
        } else {
            what = "every request is a gRPC call or a WebSocket conversation"
            writer = "`export http` writes them"
        }
        return WorkbenchError("nothing to export: \(what), which \(format.rawValue) cannot send (\(writer))")
    }
}
