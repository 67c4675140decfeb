import WorkbenchBasics
import WorkbenchHTTP

/// A call as the history keeps it and a replay sends it again: an Endpoint (POST to
/// `/package.Service/Method` on the target, the request's headers and auths, `Content-Type:
/// application/grpc+json`, the messages' JSON as typed, templates and all, as its text body),
/// and the answer kept as JSON (one message as it is, several as an array) with the metadata
/// and the status as its headers, so `expect json`, `capture`, `diff` and sessions read it as
/// any response. Running one: the JSON encoded from the schema, sent through `GRPCClient`.
public enum GRPCCall {
    /// What marks a recorded call: gRPC's JSON content subtype, never sent as such.
    public static let recordContentType = "application/grpc+json"

    public static func isCall(_ endpoint: Endpoint) -> Bool {
        endpoint.headers.contains { $0.hasName("Content-Type") && $0.value.lowercased() == recordContentType }
    }

    /// The origins the calls among `endpoints` go to (bases with templates left out).
    public static func origins(of endpoints: [Endpoint]) -> Set<String> {
        Set(endpoints.filter(isCall).compactMap { endpoint in endpoint.base.flatMap { try? BaseURL.parse($0).origin } })
    }

    /// The history's form of a call to `service`/`method` on `url`, from the request `base` (headers, auths).
    public static func endpoint(url: String, service: String, method: String, messages: String, from base: Endpoint) throws(WorkbenchError)
        -> Endpoint
    {
        var call = Endpoint()
        _ = try call.setURL(url.trimmingSuffix("/") + "/" + service + "/" + method)
        call.method = "POST"
        call.headers =
            base.headers.filter { !GRPCClient.replacedHeaders.contains($0.name.lowercased()) }
            + [HeaderField(name: "Content-Type", value: recordContentType)]
        call.auths = base.auths
        try GRPCClient.checkAuth(of: call)
        call.body = .text(messages)
        return call
    }

    /// What one call brought back.
    public struct Outcome {
        /// As sent (its shown body: the messages' JSON, secrets masked).
        public var request: PreparedRequest
        /// As kept: the messages as JSON, the metadata and the status as headers.
        public var response: HTTPResponse
        public var status: GRPCStatus
    }

    /// One answer message, as it arrives: its JSON, or why it does not read as the output type.
    public typealias MessageHandler = (_ number: Int, _ message: Result<JSONValue, WorkbenchError>) -> Void

    /// Runs `prepared` (a recorded call's endpoint, prepared: its body the messages' JSON with
    /// the variables filled in) against `schema`; `scope` holds the proxy password's secret, if any.
    public static func run(
        _ prepared: PreparedRequest, schema: ProtoSchema, sender: Sender, settings: Settings, cookies: CookieJar,
        in scope: VariableScope, onMessage: @escaping MessageHandler
    ) throws(WorkbenchError) -> Outcome {
        let path = String(prepared.target.split(separator: "?", maxSplits: 1).first ?? "").drop { $0 == "/" }
        guard let (_, method) = schema.method(String(path)) else {
            throw WorkbenchError("grpc: no method \(Excerpt.quoted(String(path), limit: 80)) in the server's schema")
        }
        if method.clientStreaming && method.serverStreaming {
            throw WorkbenchError(
                "grpc: \(method.name) is a bidirectional stream, which is not supported (the transport sends the request's messages before it reads the answer)"
            )
        }
        let texts = try GRPCMessageText.split(String(decoding: prepared.body, as: UTF8.self))
        guard method.clientStreaming || texts.count == 1 else {
            throw WorkbenchError("grpc: \(method.name) takes one message (it is not a client stream), not \(texts.count)")
        }
        let encoder = ProtoEncoder(schema: schema)
        var encoded: [[UInt8]] = []
        for (index, text) in texts.enumerated() {
            let label = texts.count == 1 ? "the message" : "message \(index + 1)"
            let value: JSONValue
            do {
                value = try JSONParser.parse(text)
            } catch {
                throw WorkbenchError("grpc: \(label) is not valid JSON once its variables are filled in: \(error)")
            }
            do throws(WorkbenchError) {
                encoded.append(try encoder.encode(value, as: method.inputType))
            } catch {
                throw error.prefixed("grpc: \(label): ")
            }
        }
        var request = prepared
        let own = GRPCClient.ownHeaders(settings: settings)
        let kept = { (field: HeaderField) in !GRPCClient.replacedHeaders.contains(field.name.lowercased()) }
        request.headers = prepared.headers.filter(kept) + own
        request.shownHeaders = prepared.shownHeaders.filter(kept) + own
        request.body = GRPCFrames.frame(encoded)
        request.requiresHTTP2 = true
        let decoder = ProtoDecoder(schema: schema)
        var decoded: [JSONValue] = []
        let result = try GRPCClient.call(request, sender: sender, settings: settings, cookies: cookies, in: scope) { bytes in
            do throws(WorkbenchError) {
                let json = try decoder.decode(bytes, as: method.outputType)
                decoded.append(json)
                onMessage(decoded.count, .success(json))
            } catch {
                onMessage(decoded.count + 1, .failure(error))
            }
        }
        // What is shown and kept of the request: its messages' JSON (masked), not their bytes.
        request.shownBody = prepared.shownBody
        var answer = result.response
        let body: JSONValue? = method.serverStreaming ? .array(decoded) : decoded.first
        answer.body = body.map { Array($0.jsonText.utf8) } ?? []
        answer.bodySize = answer.body.count
        answer.headers = result.response.headers.map {
            $0.hasName("Content-Type") ? HeaderField(name: $0.name, value: "application/json") : $0
        }
        if result.status.code != 0, !answer.headers.contains(where: { $0.hasName("grpc-status") }) {
            answer.headers.append(HeaderField(name: "grpc-status", value: String(result.status.code)))
        }
        answer.stream = nil
        return Outcome(request: request, response: answer, status: result.status)
    }
}

/// The JSON messages of a call as typed: one value, or several one after another (a client
/// stream), `{{NAME}}` templates allowed where JSON allows a value.
public enum GRPCMessageText {
    /// The top-level values' texts, checked as JSON templates.
    public static func split(_ text: String) throws(WorkbenchError) -> [String] {
        var values: [String] = []
        var depth = 0
        var inString = false
        var escaped = false
        var start: String.Index?
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                    if depth == 0, let begin = start {
                        values.append(String(text[begin...index]))
                        start = nil
                    }
                }
            } else if character == "\"" {
                inString = true
                if depth == 0, start == nil { start = index }
            } else if character == "{" || character == "[" {
                if depth == 0 { start = index }
                depth += 1
            } else if character == "}" || character == "]" {
                depth -= 1
                guard depth >= 0 else { throw WorkbenchError("grpc call: an unmatched '\(character)' in the messages") }
                if depth == 0, let begin = start {
                    values.append(String(text[begin...index]))
                    start = nil
                }
            } else if depth == 0, !character.isWhitespace, character != "," {
                throw WorkbenchError(
                    "grpc call: expected JSON objects as the messages, found \(Excerpt.quoted(String(text[index...].prefix(20))))")
            }
            index = text.index(after: index)
        }
        guard depth == 0, !inString else { throw WorkbenchError("grpc call: a message is not closed (a '}' or '\"' is missing)") }
        if values.isEmpty { values = ["{}"] }
        for value in values { try JSONTemplate.check(value, what: "gRPC message") }
        return values
    }
}
