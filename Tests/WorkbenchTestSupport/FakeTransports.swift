import WorkbenchBasics
import WorkbenchHTTP

/// A transport that sends nothing: it records each request and answers from a script
/// (by default `200 OK` with an empty JSON object), so sending is tested without a socket.
public final class ScriptedTransport: HTTPTransport {
    public struct Sent {
        public var request: PreparedRequest
        public var settings: Settings
        public var outputFile: String?
    }

    public var sent: [Sent] = []
    /// Answers in order; when they run out, `fallback` answers.
    public var responses: [Result<HTTPResponse, WorkbenchError>] = []
    public var fallback = HTTPResponse(
        statusLine: "HTTP/1.1 200 OK", statusCode: 200,
        headers: [HeaderField(name: "Content-Type", value: "application/json")], body: Array("{}".utf8))

    public init() {}

    public func send(_ request: PreparedRequest, settings: Settings, options: SendOptions) throws(WorkbenchError) -> HTTPResponse {
        sent.append(Sent(request: request, settings: settings, outputFile: options.outputFile))
        guard !responses.isEmpty else { return fallback }
        return try responses.removeFirst().get()
    }
}

/// A transport that answers each request with a closure.
public final class ClosureTransport: HTTPTransport {
    let respond: (PreparedRequest) throws(WorkbenchError) -> HTTPResponse
    public init(_ respond: @escaping (PreparedRequest) throws(WorkbenchError) -> HTTPResponse) { self.respond = respond }

    public func send(_ request: PreparedRequest, settings: Settings, options: SendOptions) throws(WorkbenchError) -> HTTPResponse {
        try respond(request)
    }
}
