import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs
import WorkbenchSessions

/// `grpc connect` and `grpc call`: the network half of the gRPC commands, through the one
/// send path (the request's headers as metadata, its auth for the target's origin only).
struct GRPCSessionDriver {
    /// Whose workspace (the request, its target, the history) and transport the calls use.
    let interpreter: Interpreter

    func connect(url: String, protoFiles: [String], importPaths: [String]) throws(WorkbenchError) {
        let origin = url.trimmingSuffixSlash
        let schema: ProtoSchema
        if protoFiles.isEmpty {
            schema = try GRPCReflection.schema { path, requests throws(WorkbenchError) in
                let result = try grpcExchange(url: origin, path: path, messages: requests, onMessage: { _ in })
                return (result.messages, result.status)
            }
        } else {
            schema = try ProtoCompiler.compile(protoFiles, importPaths: importPaths)
        }
        let target = GRPCTarget(url: origin, schema: schema, protoFiles: protoFiles, importPaths: importPaths)
        interpreter.workspace.grpcTarget = target
        // Kept for `replay` and `save` too: a loaded session's calls to this server replay with it.
        if let parsed = try? BaseURL.parse(origin) { interpreter.workspace.grpcSchemas.remember(schema, origin: parsed.origin) }
        interpreter.say(target.summary)
    }

    /// One exchange with the target: the request prepared from the workspace's endpoint.
    func grpcExchange(
        url: String, path: String, messages: [[UInt8]], onMessage: @escaping ([UInt8]) -> Void
    ) throws(WorkbenchError) -> GRPCClient.Result {
        let workspace = interpreter.workspace
        let scope = try interpreter.wireScope(for: [workspace.endpoint], texts: [url])
        let request = try GRPCClient.prepare(
            endpoint: workspace.endpoint, url: url, path: path, messages: messages, in: scope, settings: workspace.settings,
            readFile: interpreter.context.readFile)
        defer { interpreter.waiting?(nil) }
        var received = false
        let sender = try interpreter.sender(options: interpreter.reportingWait(interpreter.sendOptions, until: { received }))
        return try GRPCClient.call(
            request, sender: sender, settings: workspace.settings, cookies: workspace.cookies, in: scope
        ) { bytes in
            received = true
            onMessage(bytes)
        }
    }

    func call(method path: String, messages: String?) throws(WorkbenchError) -> Interpreter.LineResult {
        let interpreter = self.interpreter
        let output = interpreter.output
        let workspace = interpreter.workspace
        let context = interpreter.context
        let target = try workspace.requireGRPCTarget("grpc call")
        guard let (service, method) = target.schema.method(path) else {
            throw WorkbenchError("grpc call: no method \(Excerpt.quoted(path, limit: 80)) in the schema")
        }
        // An OAuth 2.0 token about to run out is renewed first, as before any send.
        try interpreter.renewOAuth2TokenIfDue()
        let endpoint = try GRPCCall.endpoint(
            url: target.url, service: service.fullName, method: method.name, messages: messages ?? "{}", from: workspace.endpoint)
        let scope = try interpreter.wireScope(for: [endpoint])
        let prepared: PreparedRequest
        do throws(WorkbenchError) {
            prepared = try endpoint.prepare(in: scope, readFile: context.readFile)
        } catch {
            throw workspace.explainingMissingSecret(error)
        }
        let color = interpreter.usesColor
        let terminal = interpreter.display.outputIsTerminal
        defer { interpreter.waiting?(nil) }
        var received = false
        let sender = try interpreter.sender(options: interpreter.reportingWait(interpreter.sendOptions, until: { received }))
        let call: GRPCCall.Outcome
        do throws(WorkbenchError) {
            call = try GRPCCall.run(
                prepared, schema: target.schema, sender: sender, settings: workspace.settings, cookies: workspace.cookies,
                in: scope
            ) { number, message in
                received = true
                switch message {
                case .success(let json):
                    let formatted = JSONFormatter.format(
                        Array(json.jsonText.utf8), palette: color ? .standard : nil, escapingControls: terminal)
                    var text = String(decoding: formatted, as: UTF8.self)
                    while text.hasSuffix("\n") { text.removeLast() }
                    output.printLine(text)
                case .failure(let error):
                    output.printError("error: answer \(number) does not read as \(method.outputType): \(error.message)")
                }
                // Each message on the screen (or down the pipe) as it arrives.
                output.flush()
            }
        } catch {
            throw WorkbenchError("grpc call: " + error.message.droppingPrefix("grpc: "), kind: error.kind)
        }
        interpreter.waiting?(nil)
        for line in GRPCResponseText.metadataLines(call.response) { output.printLine(interpreter.shown(line)) }
        for line in GRPCResponseText.statusLines(call.status, schema: target.schema) { output.printLine(interpreter.shown(line)) }
        let record = RequestRecord(
            endpoint: endpoint, settings: workspace.settings, response: RecordedResponse(call.response, redactor: interpreter.redactor))
        interpreter.workspace.commit(Exchange(request: call.request, response: call.response, record: record))
        interpreter.workspace.grpcSchemas.remember(target.schema, origin: call.request.base.origin)
        return .ok
    }
}

/// What a call's answer says besides its messages, as lines.
enum GRPCResponseText {
    /// Headers every gRPC answer has, left out of the metadata shown.
    static let ordinary: Set<String> = [
        "content-type", "grpc-status", "grpc-message", "grpc-status-details-bin", "grpc-encoding", "grpc-accept-encoding",
        "content-length", "date", "server", "user-agent",
    ]

    static func metadataLines(_ response: HTTPResponse) -> [String] {
        response.headers.filter { !ordinary.contains($0.name.lowercased()) }.map { "\($0.name.lowercased()): \($0.value)" }
    }

    static func statusLines(_ status: GRPCStatus, schema: ProtoSchema) -> [String] {
        var lines = [
            "grpc-status: \(status.name) (\(status.code))"
                + (status.message.isEmpty ? "" : " \(Template.oneLine(status.message.prefix(2000)))")
        ]
        if let details = status.detailsJSON(schema: schema), case .array(let items) = details {
            for item in items { lines.append("details: " + item.jsonText) }
        }
        return lines
    }
}

extension String {
    var trimmingSuffixSlash: String {
        var text = self
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }
}

extension String {
    func droppingPrefix(_ prefix: String) -> String {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self
    }
}
