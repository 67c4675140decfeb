import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs

/// One request sent in a session: the Endpoint as typed, the settings in
/// force, what to capture and check, and the response it got.
public struct RequestRecord: Equatable, Sendable {
    public var endpoint: Endpoint
    public var settings: Settings
    public var captures: [Capture]
    public var expectations: [Expectation]
    public var response: RecordedResponse?
    /// `send --until` / `--retry`: how it was sent again, and the tries it took (the response
    /// is the last try's); nil for a request sent once.
    public var repetition: SendRepetition?
    public var tries: [SendTry] = []
    /// `ws connect`: the conversation (the endpoint is its handshake, the response the 101).
    public var conversation: RecordedConversation?
    /// `compare ENV1 ENV2 --save`: a check across two environments (the endpoint is its request;
    /// no response is kept).
    public var comparison: SavedComparison?
    /// Members of the record in its file (and in its endpoint, settings,
    /// captures, response) that this workbench does not know, written back when saved.
    public var unknown: UnknownMembers?
    /// The URL its latest send went to, as shown (secrets masked): `history` names it, as the
    /// endpoint's references (`{{host}}` of an environment) may hold other values since.
    /// Files do not keep it.
    public var sentURL: String?
    /// Why its latest send got no response (`connection refused: 127.0.0.1:9`), secrets masked;
    /// nil once a response is kept. History and HAR show it; files do not keep it.
    public var failure: String?

    public init(
        endpoint: Endpoint, settings: Settings, captures: [Capture] = [], expectations: [Expectation] = [],
        response: RecordedResponse? = nil
    ) {
        self.endpoint = endpoint
        self.settings = settings
        self.captures = captures
        self.expectations = expectations
        self.response = response
    }

    /// This record as a file may hold it: every secret the redactor knows masked
    /// in the response and in the members this workbench does not know.
    public func redacted(by redactor: SecretRedactor) -> RequestRecord {
        var copy = self
        copy.response = response?.redacted(by: redactor)
        copy.conversation = conversation?.redacted(by: redactor)
        copy.unknown = unknown?.redacted(by: redactor)
        return copy
    }

    /// Keeps what a new send of this request got (`replay` in the REPL, `run FILE.http`):
    /// history, `diff`, `serve` and the exports show it. A replay that checked the status
    /// recorded goes on checking that one: it becomes an explicit `expect status`, so a
    /// failing answer kept here does not become what the next replay expects.
    public mutating func keep(_ newResponse: RecordedResponse) {
        if expectations.isEmpty, let old = response.flatMap({ GRPCStatus(fields: $0.headers) }),
            GRPCStatus(fields: newResponse.headers)?.code != old.code
        {
            expectations = [.grpcStatus(old.code)]
        } else if expectations.isEmpty, let status = response?.statusCode, status != newResponse.statusCode {
            expectations = [.status(.code(status))]
        }
        response = newResponse
        failure = nil
    }

    /// What a replay checks: the expectations, or else the status recorded.
    public var effectiveExpectations: [Expectation] {
        if !expectations.isEmpty { return expectations }
        // A gRPC call answers 200 whatever happened: its status is in its trailers.
        if let headers = response?.headers, let status = GRPCStatus(fields: headers) { return [.grpcStatus(status.code)] }
        if let status = response?.statusCode { return [.status(.code(status))] }
        return []
    }
}

/// What is kept of a response in a session file.
public struct RecordedResponse: Equatable, Sendable {
    public var statusLine: String
    public var statusCode: Int
    public var headers: [HeaderField]
    /// The body when it is text and at most `bodyLimit` bytes; nil otherwise.
    public var body: String?
    public var bodySize: Int
    /// Total time in milliseconds.
    public var elapsedMilliseconds: Double
    /// The statuses of the redirects followed on the way, in order (`[303]`); empty when
    /// none was; nil when not known (a file or an import that does not say). An export
    /// reads them to say how another tool would follow those redirects.
    public var redirectStatuses: [Int]?
    /// An event-stream body's events (`events`, `expect event`, `send --resume`), within
    /// `eventsKept` and `eventBytesKept`; nil for any other body.
    public var events: EventStream?

    /// Equal when what is kept is: redirects not known and none known are the same (a file
    /// writes the statuses only when there were some).
    public static func == (lhs: RecordedResponse, rhs: RecordedResponse) -> Bool {
        lhs.statusLine == rhs.statusLine && lhs.statusCode == rhs.statusCode && lhs.headers == rhs.headers
            && lhs.body == rhs.body && lhs.bodySize == rhs.bodySize && lhs.elapsedMilliseconds == rhs.elapsedMilliseconds
            && (lhs.redirectStatuses ?? []) == (rhs.redirectStatuses ?? []) && lhs.events == rhs.events
    }

    /// The most events a record keeps (the last ones), and the most bytes of their data in all.
    public static let eventsKept = 10_000
    public static let eventBytesKept = 256 * 1024

    /// The last events of `stream` within the record's bounds; the others are counted as dropped,
    /// so the kept ones keep their numbers. Times are kept to the microsecond, as a file holds them.
    static func kept(_ stream: EventStream) -> EventStream {
        var kept = stream
        var bytes = 0
        var start = stream.events.endIndex
        while start > stream.events.startIndex, stream.events.endIndex - start < eventsKept {
            let size = stream.events[start - 1].data.utf8.count
            guard bytes + size <= eventBytesKept else { break }
            bytes += size
            start -= 1
        }
        kept.events = stream.events[start...].map { event in
            var event = event
            event.time = event.time.map { ($0 * 1_000_000).rounded() / 1_000_000 }
            return event
        }
        kept.dropped += start - stream.events.startIndex
        return kept
    }

    /// Larger text bodies are not kept, so session files stay readable in a diff.
    public static let bodyLimit = 256 * 1024

    public init(statusLine: String, statusCode: Int, headers: [HeaderField], body: String?, bodySize: Int, elapsedMilliseconds: Double) {
        self.statusLine = statusLine
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
        self.bodySize = bodySize
        self.elapsedMilliseconds = elapsedMilliseconds
    }

    /// Headers that carry credentials: always masked in what is kept.
    /// The credentials a redirect keeps from another origin, and the cookies a server sets.
    public static let credentialHeaders = RedirectPolicy.credentialHeaders.union(["set-cookie"])

    /// What is kept of `response`: status, headers and a text body, with
    /// credential headers, every header that holds a secret, and every
    /// occurrence of a secret in the body replaced by the mask.
    public init(_ response: HTTPResponse, redactor: SecretRedactor = .none) {
        var text: String?
        if response.body.count <= Self.bodyLimit && response.bodyFile == nil {
            switch BodyKind.classify(response) {
            case .json, .jsonSequence, .empty: text = String(decoding: response.body, as: UTF8.self)
            case .text(let charset): text = TextDecoding.decode(response.body, charset: charset)
            case .binary: text = nil
            }
        }
        self.init(
            statusLine: response.statusLine, statusCode: response.statusCode, headers: response.headers,
            body: text, bodySize: response.bodySize,
            elapsedMilliseconds: (response.timings.total * 1_000_000).rounded() / 1000)
        redirectStatuses = response.hops.map(\.statusCode)
        events = response.eventStream.map(Self.kept)
        self = redacted(by: redactor)
    }

    /// The kept response as a response again, for `restore` (`last`, `capture` and
    /// `expect` work on it): a body that was not kept (binary, too large) is empty.
    public var response: HTTPResponse {
        var timings = Timings()
        timings.total = elapsedMilliseconds / 1000
        var response = HTTPResponse(
            statusLine: statusLine, statusCode: statusCode, headers: headers,
            body: Array((body ?? "").utf8), bodySize: bodySize, timings: timings)
        response.events = events
        return response
    }

    /// This response with credential headers masked, and every secret the
    /// redactor knows masked in headers and body: a secret captured from it
    /// later is masked in it too.
    public func redacted(by redactor: SecretRedactor) -> RecordedResponse {
        var copy = self
        copy.headers = headers.map { field in
            // Compared folding ASCII case, as header names are: no lowered copy of every name.
            let masked =
                Self.credentialHeaders.contains { HTTPSyntax.equalIgnoringASCIICase($0, field.name) }
                || redactor.reveals(field.value)
            return masked ? HeaderField(name: field.name, value: Variables.mask) : field
        }
        copy.statusLine = redactor.redact(statusLine)
        copy.body = body.map(redactor.redact)
        if var stream = events {
            stream.lastEventID = redactor.redact(stream.lastEventID)
            for index in stream.events.indices {
                stream.events[index].data = redactor.redact(stream.events[index].data)
                stream.events[index].id = redactor.redact(stream.events[index].id)
                stream.events[index].type = redactor.redact(stream.events[index].type)
            }
            copy.events = stream
        }
        return copy
    }
}
