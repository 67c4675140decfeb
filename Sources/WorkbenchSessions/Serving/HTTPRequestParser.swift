import WorkbenchBasics
import WorkbenchHTTP

/// Reads HTTP/1.1 requests from the bytes a connection has received so far,
/// for the mock server: the request line, headers (at most `headerLimit`
/// bytes), and a body by Content-Length or chunked transfer-encoding (at most
/// `bodyLimit` bytes). A pure function of the buffer, so it is tested without
/// a socket; the server calls it again as more bytes arrive.
struct HTTPRequestParser {
    static let headerLimit = 64 * 1024
    static let bodyLimit = 16 * 1024 * 1024

    struct Request: Equatable {
        var method: String
        var target: String
        var version: String
        var headers: [HeaderField]
        var body: [UInt8]

        /// HTTP/1.1 keeps the connection unless told to close; HTTP/1.0 only when asked to keep it.
        var keepsAlive: Bool {
            let tokens = headers.values(of: "Connection").flatMap { $0.lowercased().split(separator: ",").map { $0.filter { $0 != " " } } }
            return version == "HTTP/1.0" ? tokens.contains("keep-alive") : !tokens.contains("close")
        }

        var expectsContinue: Bool { headers.values(of: "Expect").contains { $0.lowercased() == "100-continue" } }
    }

    package enum Result: Equatable {
        /// Not all of it yet; `expectsContinue`: the head was read and asks for `100 Continue`.
        case incomplete(expectsContinue: Bool)
        /// A whole request, and how many bytes of the buffer it took.
        case complete(Request, consumed: Int)
        /// A status to answer with before closing the connection.
        case failed(status: Int, reason: String)
    }

    static func parse(_ buffer: [UInt8]) -> Result {
        guard let headEnd = find([13, 10, 13, 10], in: buffer, from: 0) else {
            return buffer.count > headerLimit
                ? .failed(status: 431, reason: "Request Header Fields Too Large") : .incomplete(expectsContinue: false)
        }
        guard headEnd <= headerLimit else { return .failed(status: 431, reason: "Request Header Fields Too Large") }
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        // Empty lines before a request line are allowed (RFC 9112, 2.2).
        while lines.first == "" { lines.removeFirst() }
        guard let requestLine = lines.first else { return .incomplete(expectsContinue: false) }
        let words = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard words.count == 3, HTTPSyntax.isToken(String(words[0])), words[1].first == "/" || words[1] == "*",
            words[2] == "HTTP/1.1" || words[2] == "HTTP/1.0"
        else {
            return .failed(status: 400, reason: "Bad Request")
        }
        var headers: [HeaderField] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":"), HTTPSyntax.isToken(String(line[..<colon])) else {
                return .failed(status: 400, reason: "Bad Request")
            }
            let value = line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
            headers.append(
                HeaderField(
                    name: String(line[..<colon]),
                    value: String(value.reversed().drop { $0 == " " || $0 == "\t" }.reversed())))
        }
        var request = Request(method: String(words[0]), target: String(words[1]), version: String(words[2]), headers: headers, body: [])
        let bodyStart = headEnd + 4
        if headers.values(of: "Transfer-Encoding").contains(where: { $0.lowercased().contains("chunked") }) {
            switch dechunk(buffer, from: bodyStart) {
            case .incomplete: return .incomplete(expectsContinue: request.expectsContinue)
            case .failed(let status, let reason): return .failed(status: status, reason: reason)
            case .complete(let body, let end):
                request.body = body
                return .complete(request, consumed: end)
            }
        }
        let lengths = headers.values(of: "Content-Length")
        guard lengths.count <= 1 else { return .failed(status: 400, reason: "Bad Request") }
        let length: Int
        if let text = lengths.first {
            guard !text.isEmpty, text.utf8.count < 12, text.allSatisfy(\.isASCII), let value = Int(text), value >= 0 else {
                return .failed(status: 400, reason: "Bad Request")
            }
            length = value
        } else {
            length = 0
        }
        guard length <= bodyLimit else { return .failed(status: 413, reason: "Content Too Large") }
        guard buffer.count - bodyStart >= length else { return .incomplete(expectsContinue: request.expectsContinue) }
        request.body = Array(buffer[bodyStart..<(bodyStart + length)])
        return .complete(request, consumed: bodyStart + length)
    }

    enum Chunked {
        case incomplete
        case complete([UInt8], end: Int)
        case failed(status: Int, reason: String)
    }

    /// A chunked body from `start`: sizes in hex (extensions ignored), then trailers up to an empty line.
    static func dechunk(_ buffer: [UInt8], from start: Int) -> Chunked {
        var body: [UInt8] = []
        var position = start
        while true {
            guard let lineEnd = find([13, 10], in: buffer, from: position) else {
                return buffer.count - position > 1024 ? .failed(status: 400, reason: "Bad Request") : .incomplete
            }
            let sizeText = String(decoding: buffer[position..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            guard !sizeText.isEmpty, sizeText.count <= 8, let size = Int(sizeText.filter { $0 != " " }, radix: 16), size >= 0 else {
                return .failed(status: 400, reason: "Bad Request")
            }
            position = lineEnd + 2
            if size == 0 {
                // Trailers, if any, then the empty line.
                while true {
                    guard let end = find([13, 10], in: buffer, from: position) else { return .incomplete }
                    if end == position { return .complete(body, end: end + 2) }
                    position = end + 2
                }
            }
            guard body.count + size <= bodyLimit else { return .failed(status: 413, reason: "Content Too Large") }
            guard buffer.count >= position + size + 2 else { return .incomplete }
            guard buffer[position + size] == 13, buffer[position + size + 1] == 10 else {
                return .failed(status: 400, reason: "Bad Request")
            }
            body += buffer[position..<(position + size)]
            position += size + 2
        }
    }

    static func find(_ needle: [UInt8], in buffer: [UInt8], from start: Int) -> Int? {
        guard buffer.count >= needle.count, start <= buffer.count - needle.count else { return nil }
        for index in start...(buffer.count - needle.count) where buffer[index] == needle[0] {
            if buffer[index..<(index + needle.count)].elementsEqual(needle) { return index }
        }
        return nil
    }
}
