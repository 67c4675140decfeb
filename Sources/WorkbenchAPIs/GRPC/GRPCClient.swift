import WorkbenchBasics
import WorkbenchHTTP

/// A gRPC call through the one send path (`Sender`): the request's headers as metadata and its
/// auth bound to its origin as for any request, the proxy and TLS settings shared, HTTP/2 only.
/// The messages go framed in one body (unary, server and client streaming; a bidirectional
/// method is refused by the caller), the answer's messages are handed over as they arrive.
public enum GRPCClient {
    /// What one call brought back.
    public struct Result {
        public var request: PreparedRequest
        public var response: HTTPResponse
        public var messages: [[UInt8]]
        public var status: GRPCStatus
    }

    /// Headers a gRPC request has of its own; the request's other headers go as metadata.
    package static let replacedHeaders: Set<String> = ["content-type", "accept", "te", "grpc-timeout", "content-length", "accept-encoding"]

    /// The request for `path` (`/package.Service/Method`) on `url`, from `endpoint`'s headers and auths.
    public static func prepare(
        endpoint: Endpoint, url: String, path: String, messages: [[UInt8]], in scope: VariableScope, settings: Settings,
        readFile: (String) throws(WorkbenchError) -> [UInt8]
    ) throws(WorkbenchError) -> PreparedRequest {
        var call = Endpoint()
        _ = try call.setURL(url.trimmingSuffix("/") + path)
        call.method = "POST"
        call.headers = endpoint.headers.filter { !replacedHeaders.contains($0.name.lowercased()) }
        call.auths = endpoint.auths
        try checkAuth(of: call)
        var request = try call.prepare(in: scope.forWire, readFile: readFile)
        let own = ownHeaders(settings: settings)
        let kept = { (field: HeaderField) in !replacedHeaders.contains(field.name.lowercased()) }
        request.headers = request.headers.filter(kept) + own
        request.shownHeaders = request.shownHeaders.filter(kept) + own
        request.body = GRPCFrames.frame(messages)
        request.shownBody = request.body
        request.requiresHTTP2 = true
        return request
    }

    /// Refuses the auth in force for `call`'s origin when it cannot go with a gRPC call.
    static func checkAuth(of call: Endpoint) throws(WorkbenchError) {
        guard let auth = call.auth, let reason = auth.scheme.kind.grpcRefusal(auth) else { return }
        throw WorkbenchError(
            "grpc: auth \(auth.scheme.displayName) does not apply to a gRPC call: \(reason); "
                + "bearer, basic, API key headers and OAuth 2.0 go as metadata (`auth none` drops it)")
    }

    /// The headers of every call: its content type, trailers, and the deadline from `timeout`.
    static func ownHeaders(settings: Settings) -> [HeaderField] {
        var own = [HeaderField(name: "Content-Type", value: "application/grpc"), HeaderField(name: "TE", value: "trailers")]
        if settings.timeout > 0 {
            own.append(HeaderField(name: "grpc-timeout", value: timeoutText(settings.timeout)))
        }
        return own
    }

    /// `grpc-timeout`: at most eight digits, in milliseconds, or seconds past that.
    static func timeoutText(_ seconds: Double) -> String {
        let milliseconds = Int((seconds * 1000).rounded(.up))
        return milliseconds < 100_000_000 ? "\(max(1, milliseconds))m" : "\(min(99_999_999, Int(seconds.rounded(.up))))S"
    }

    /// Sends `request`; `onMessage` sees each answer message when it is whole. `scope` holds
    /// the proxy password's secret variable, if the proxy has a login.
    public static func call(
        _ request: PreparedRequest, sender: Sender, settings: Settings, cookies: CookieJar, in scope: VariableScope,
        onMessage: @escaping ([UInt8]) -> Void
    ) throws(WorkbenchError) -> Result {
        let stream = GRPCMessageStream(onMessage: onMessage)
        var sender = sender
        sender.options.stream = stream
        sender.options.outputFile = nil
        var settings = settings
        settings.followRedirects = false
        // The server's DEADLINE_EXCEEDED comes first: libcurl's own limit a little later.
        if settings.timeout > 0 { settings.timeout += 2 }
        let response = try sender.send(request, settings: settings, cookies: cookies, in: scope)
        if let failure = stream.failure { throw failure }
        guard response.statusCode == 200 else {
            throw WorkbenchError(
                "grpc: \(request.shownURL) answered \(Template.oneLine(response.statusLine.prefix(80))), not a gRPC response",
                kind: .transport(.malformedReply))
        }
        if response.stream?.stoppedByUser == true {
            return Result(
                request: request, response: response, messages: stream.messages,
                status: GRPCStatus(code: 1, message: "cancelled by Ctrl-C"))
        }
        guard let status = GRPCStatus(fields: response.headers) else {
            throw WorkbenchError(
                "grpc: the answer ended without a grpc-status \(stream.leftover > 0 ? " (a message cut short)" : ""); is it a gRPC server?",
                kind: .transport(.malformedReply))
        }
        return Result(request: request, response: response, messages: stream.messages, status: status)
    }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
