import WorkbenchBasics

/// A response as it came back, with what is needed to print it, check it and time it.
public struct HTTPResponse: Equatable, Sendable {
    /// The status line as received, without CRLF: `HTTP/1.1 200 OK`, `HTTP/2 200`.
    public var statusLine: String
    public var statusCode: Int
    /// Header fields of the final response, in the order received.
    public var headers: [HeaderField]
    /// The body, decoded from any Content-Encoding; empty when it went to a file.
    public var body: [UInt8]
    /// A JSON body's verdict when it was checked as it arrived; nil when it was not.
    public var bodyCheck: JSONBodyCheck.Verdict?
    /// Where values start every 64 KiB or so in a body the check found valid,
    /// for printing it on two threads (`JSONFormatter.formatInSegments`).
    public var bodyCheckpoints: [JSONCheckpoint] = []
    /// Where the body was written with `send > FILE`.
    public var bodyFile: String?
    /// Body size in bytes (also when it went to a file).
    public var bodySize: Int
    /// Redirects followed before the final response.
    public var hops: [RedirectHop]
    public var timings: Timings
    /// `HTTP/1.1`, `HTTP/2`, ...
    public var httpVersion: String
    /// `127.0.0.1:8080`, or `[::1]:8080`.
    public var remoteAddress: String
    /// True when the request went over a connection kept alive from an earlier one.
    public var reusedConnection: Bool
    /// The URL of the final response (after redirects).
    public var url: String
    /// The session's cookie jar after this exchange (every hop's Set-Cookie
    /// taken in by libcurl's engine); nil from a transport without cookies.
    public var cookies: CookieJar?
    /// Set when the body was shown while it arrived (`ResponseStream`).
    public var stream: StreamEnd?
    /// A `text/event-stream` body's events as they arrived, with their times; nil for any other
    /// body, or when the response was not received by a transport that reads them.
    public var events: EventStream?

    public init(
        statusLine: String, statusCode: Int, headers: [HeaderField], body: [UInt8],
        bodyCheck: JSONBodyCheck.Verdict? = nil, bodyFile: String? = nil,
        bodySize: Int? = nil, hops: [RedirectHop] = [], timings: Timings = Timings(), httpVersion: String = "HTTP/1.1",
        remoteAddress: String = "", reusedConnection: Bool = false, url: String = "", stream: StreamEnd? = nil
    ) {
        self.stream = stream
        self.statusLine = statusLine
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
        self.bodyCheck = bodyCheck
        self.bodyFile = bodyFile
        self.bodySize = bodySize ?? body.count
        self.hops = hops
        self.timings = timings
        self.httpVersion = httpVersion
        self.remoteAddress = remoteAddress
        self.reusedConnection = reusedConnection
        self.url = url
    }

    /// The events of an event-stream body: those read as it arrived, or else the body's read now
    /// (without times); nil when the body is not `text/event-stream`.
    public var eventStream: EventStream? {
        if let events { return events }
        return mediaType == "text/event-stream" ? EventStream.parse(body) : nil
    }

    /// The last Content-Type header's value.
    public var contentType: String? {
        headers.last { $0.hasName("Content-Type") }?.value
    }

    /// The media type of the body, lower-cased, without parameters (`application/json`).
    public var mediaType: String? {
        contentType.map(Self.mediaType(of:))
    }

    /// The `charset` parameter of the Content-Type, lower-cased.
    public var charset: String? {
        contentType.flatMap(Self.charset(of:))
    }

    static func mediaType(of contentType: String) -> String {
        // Asked several times for every response, and most are plain already (`application/json`):
        // no parameters, spaces or capitals, so the text itself, found in one pass over its bytes.
        let plain = contentType.utf8.withContiguousStorageIfAvailable { bytes in
            !bytes.contains { byte in
                byte == UInt8(ascii: ";") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
                    || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte >= 0x80
            }
        }
        if plain == true { return contentType }
        let end = contentType.utf8.firstIndex(of: UInt8(ascii: ";")) ?? contentType.endIndex
        return contentType[..<end].trimmingSpaces().lowercased()
    }

    static func charset(of contentType: String) -> String? {
        guard contentType.utf8.contains(UInt8(ascii: ";")) else { return nil }
        return HTTPSyntax.parameter("charset", in: contentType)?.lowercased()
    }
}

/// How a streamed body ended.
public struct StreamEnd: Equatable, Sendable {
    /// Ctrl-C stopped it; what came before is the body.
    public var stoppedByUser: Bool
    /// It went past `maxbody`: it was all shown, only the first part is kept.
    public var keptPartOnly: Bool

    public init(stoppedByUser: Bool, keptPartOnly: Bool) {
        self.stoppedByUser = stoppedByUser
        self.keptPartOnly = keptPartOnly
    }
}

/// One redirect on the way: its status line and where it pointed.
public struct RedirectHop: Equatable, Sendable {
    public var statusLine: String
    public var location: String

    public init(statusLine: String, location: String) {
        self.statusLine = statusLine
        self.location = location
    }

    /// The status code of `HTTP/1.1 303 See Other`; 0 when the line names none.
    public var statusCode: Int {
        let words = statusLine.split(separator: " ", maxSplits: 2)
        return words.count > 1 ? Int(words[1]) ?? 0 : 0
    }
}

/// When each phase of a transfer ended, in seconds from its start (curl's `*_TIME_T`).
public struct Timings: Equatable, Sendable {
    public var nameLookup: Double = 0
    public var connect: Double = 0
    /// Zero when there was no TLS.
    public var tlsHandshake: Double = 0
    /// Ready to send: the request goes out now.
    public var preTransfer: Double = 0
    public var firstByte: Double = 0
    public var total: Double = 0
    /// Time spent in redirects before the final request.
    public var redirect: Double = 0

    public init() {}
}
