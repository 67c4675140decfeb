import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs
import WorkbenchSessions

/// `grpc connect` and `grpc call`: the network half of the gRPC commands, through the one
/// send path (the request's headers as metadata, its auth for the target's origin only).
extension Interpreter {
    func connectGRPC(url: String, protoFiles: [String], importPaths: [String]) throws(WorkbenchError) {
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
        workspace.grpcTarget = target
        say(target.summary)
    }

    /// One exchange with the target: the request prepared from the workspace's endpoint.
    func grpcExchange(
        url: String, path: String, messages: [[UInt8]], onMessage: @escaping ([UInt8]) -> Void
    ) throws(WorkbenchError) -> GRPCClient.Result {
        let scope = workspace.scope(environment: context.environment)
        let request = try GRPCClient.prepare(
            endpoint: workspace.endpoint, url: url, path: path, messages: messages, in: scope, settings: workspace.settings,
            readFile: context.readFile)
        defer { waiting?(nil) }
        var received = false
        let sender = try sender(options: reportingWait(sendOptions, until: { received }))
        return try GRPCClient.call(request, sender: sender, settings: workspace.settings, cookies: workspace.cookies) { bytes in
            received = true
            onMessage(bytes)
        }
    }

    func callGRPC(method path: String, messages: String?) throws(WorkbenchError) -> LineResult {
        let target = try workspace.requireGRPCTarget("grpc call")
        guard let (service, method) = target.schema.method(path) else {
            throw WorkbenchError("grpc call: no method \(Excerpt.quoted(path, limit: 80)) in the schema")
        }
        let texts = try messages.map(GRPCMessageText.split) ?? ["{}"]
        guard method.clientStreaming || texts.count == 1 else {
            throw WorkbenchError("grpc call: \(method.name) takes one message (it is not a client stream), not \(texts.count)")
        }
        let scope = workspace.scope(environment: context.environment)
        let encoder = ProtoEncoder(schema: target.schema)
        var encoded: [[UInt8]] = []
        for (index, text) in texts.enumerated() {
            let label = texts.count == 1 ? "the message" : "message \(index + 1)"
            let expanded = try Template.expand(text, in: scope)
            let value: JSONValue
            do {
                value = try JSONParser.parse(expanded)
            } catch {
                throw WorkbenchError("grpc call: \(label) is not valid JSON once its variables are filled in: \(error)")
            }
            do throws(WorkbenchError) {
                encoded.append(try encoder.encode(value, as: method.inputType))
            } catch {
                throw WorkbenchError("grpc call: \(label): \(error.message)")
            }
        }
        let decoder = ProtoDecoder(schema: target.schema)
        let color = usesColor
        let terminal = display.outputIsTerminal
        var count = 0
        let result = try grpcExchange(url: target.url, path: "/\(service.fullName)/\(method.name)", messages: encoded) { [self] bytes in
            count += 1
            do throws(WorkbenchError) {
                let json = try decoder.decode(bytes, as: method.outputType)
                let formatted = JSONFormatter.format(Array(json.jsonText.utf8), palette: color ? .standard : nil, escapingControls: terminal)
                var text = String(decoding: formatted, as: UTF8.self)
                while text.hasSuffix("\n") { text.removeLast() }
                output.printLine(text)
            } catch {
                output.printError("error: answer \(count) (\(bytes.count) bytes) does not read as \(method.outputType): \(error.message)")
            }
        }
        for line in GRPCResponseText.metadataLines(result.response) { output.printLine(shown(line)) }
        for line in GRPCResponseText.statusLines(result.status, schema: target.schema) { output.printLine(shown(line)) }
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
        var lines = ["grpc-status: \(status.name) (\(status.code))" + (status.message.isEmpty ? "" : " \(Template.oneLine(status.message.prefix(2000)))")]
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
