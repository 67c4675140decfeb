import CCurl
import Testing
import Platform
@testable import WorkbenchBasics
@testable import WorkbenchHTTP
import WorkbenchTestSupport

/// The parts of the transport that need no socket: what curl is told to send,
/// and how the header lines it hands back are collected.
@Suite struct TransportTests {
    @Test func headerLinesAreExactlyTheRequestsPlusSuppressions() throws {
        var endpoint = Endpoint(base: "http://127.0.0.1:8080", path: "/x", method: "POST")
        endpoint.headers = [HeaderField(name: "X-Empty", value: ""), HeaderField(name: "X-A", value: "1")]
        endpoint.body = .text("hi")
        let request = try endpoint.prepare(in: VariableScope())
        #expect(
            CurlTransport.headerLines(for: request) == [
                "Host: 127.0.0.1:8080", "User-Agent: workbench/\(WorkbenchVersion.current)", "Accept: */*",
                "Accept-Encoding: \(AcceptEncoding.supported)", "X-Empty;", "X-A: 1", "Content-Length: 2",
                "Expect:", "Content-Type:",
            ])
    }

    @Test func theTransportAndExportCurlSuppressTheSameHeaders() throws {
        let base = try BaseURL.parse("http://127.0.0.1:8080")
        let bare = PreparedRequest(method: "POST", base: base, target: "/x", headers: [], body: Array("a".utf8))
        let lines = CurlTransport.headerLines(for: bare)
        #expect(lines == ["Expect:", "Content-Type:", "Accept:", "User-Agent:", "Accept-Encoding:"])
        let command = try CurlCommand.text(for: bare, body: nil, settings: Settings())
        for line in lines {
            #expect(command.contains("-H \(ShellWords.quote(line)) "), "\(line) in \(command)")
        }
        var typed = bare
        typed.headers = [HeaderField(name: "content-type", value: "text/plain")]
        #expect(!CurlTransport.headerLines(for: typed).contains("Content-Type:"))
        #expect(!(try CurlCommand.text(for: typed, body: nil, settings: Settings())).contains("-H Content-Type: "))
    }

    @Test func aHeadNeverHandsCurlABody() throws {
        let base = try BaseURL.parse("http://h")
        #expect(!CurlTransport.sendsBody(PreparedRequest(method: "HEAD", base: base, target: "/", headers: [], body: [1])))
        let announced = [HeaderField(name: "Content-Length", value: "0")]
        #expect(CurlTransport.sendsBody(PreparedRequest(method: "POST", base: base, target: "/", headers: announced, body: [])))
        // `header rm Content-Length`, an imported `curl -X POST URL`: no data at all, as curl sends it.
        #expect(!CurlTransport.sendsBody(PreparedRequest(method: "POST", base: base, target: "/", headers: [], body: [])))
        #expect(CurlTransport.sendsBody(PreparedRequest(method: "GET", base: base, target: "/", headers: [], body: [1])))
        #expect(!CurlTransport.sendsBody(PreparedRequest(method: "DELETE", base: base, target: "/", headers: [], body: [])))
    }

    @Test func aContentLengthPromisingMoreThanIsSentIsRefused() throws {
        let base = try BaseURL.parse("http://h")
        func request(_ method: String, length: String, body: String = "") -> PreparedRequest {
            PreparedRequest(
                method: method, base: base, target: "/",
                headers: [HeaderField(name: "Content-Length", value: length)], body: Array(body.utf8))
        }
        #expect(
            throws: WorkbenchError(
                "Content-Length: 5 promises more than is sent (a HEAD request sends no body); the server would wait for the rest: remove the header or set the body"
            )
        ) {
            try CurlTransport.checkContentLength(request("HEAD", length: "5", body: "hello"))
        }
        #expect(
            throws: WorkbenchError(
                "Content-Length: 3 promises more than is sent (the body is 0 bytes); the server would wait for the rest: remove the header or set the body"
            )
        ) {
            try CurlTransport.checkContentLength(request("GET", length: "3"))
        }
        #expect(throws: WorkbenchError.self) { try CurlTransport.checkContentLength(request("POST", length: "6", body: "hello")) }
        try CurlTransport.checkContentLength(request("POST", length: "5", body: "hello"))
        try CurlTransport.checkContentLength(request("GET", length: "0"))
        try CurlTransport.checkContentLength(request("HEAD", length: "0"))
        // Fewer bytes promised than sent cannot hang, and a header that is no number is the user's experiment.
        try CurlTransport.checkContentLength(request("PUT", length: "1", body: "hello"))
        try CurlTransport.checkContentLength(request("GET", length: "abc"))
    }

    @Test func collectorSeparatesInterimRedirectAndFinalBlocks() {
        let collector = ResponseCollector(bodyLimit: 10, outputDescriptor: nil)
        for line in [
            "HTTP/1.1 100 Continue\r\n", "\r\n",
            "HTTP/1.1 302 Found\r\n", "Location: /b\r\n", "\r\n",
            "HTTP/1.1 200 OK\r\n", "Content-Type: text/plain\r\n", "X-Folded: a\r\n", "  b\r\n", "\r\n",
        ] {
            Array(line.utf8).withUnsafeBufferPointer { collector.receiveHeaderLine($0) }
        }
        #expect(collector.finalBlock?.statusLine == "HTTP/1.1 200 OK")
        #expect(
            collector.finalBlock?.headers == [
                HeaderField(name: "Content-Type", value: "text/plain"),
                HeaderField(name: "X-Folded", value: "a b"),
            ])
        #expect(collector.hops == [RedirectHop(statusLine: "HTTP/1.1 302 Found", location: "/b")])
    }

    /// The per-request fast paths read the same as the slow ones: the status code read once,
    /// the media type by bytes, the base URL kept from the last parse.
    @Test func perRequestFastPathsReadWhatTheSlowOnesRead() throws {
        for (line, code) in [
            ("HTTP/1.1 204 No Content", 204), ("HTTP/2 200", 200), ("HTTP/1.1  404  Not Found", 404),
            ("HTTP/1.1 2x0 OK", 0), ("garbage", 0), ("HTTP/1.1 +201 Created", 201),
        ] {
            #expect(ResponseCollector.HeaderBlock(statusLine: line).statusCode == code, "\(line)")
        }
        for (type, media) in [
            ("application/json", "application/json"), (" Application/JSON ; charset=UTF-8", "application/json"),
            ("\ttext/HTML;", "text/html"), ("", ""), ("text/plain; charset=\"é\"", "text/plain"),
            ("Tëxt/Plain ;x", "tëxt/plain"),
        ] {
            #expect(HTTPResponse.mediaType(of: type) == media, "\(type)")
        }
        #expect(HTTPResponse.charset(of: "text/plain; Charset=\"Latin1\"") == "latin1")
        #expect(HTTPResponse.charset(of: "text/plain") == nil)
        // Parsing A, B, A (and a failure between) gives each its own result.
        let first = try BaseURL.parse("http://a.test:8080/v1")
        #expect(throws: WorkbenchError.self) { try BaseURL.parse("ftp://b.test") }
        #expect(try BaseURL.parse("https://b.test").origin == "https://b.test")
        #expect(try BaseURL.parse("http://a.test:8080/v1") == first)
        #expect(throws: WorkbenchError.self) { try BaseURL.parse("ftp://b.test") }
        #expect(try BaseURL.parse("unix:/tmp/s.sock:http://c.test").unixSocket == "/tmp/s.sock")
        #expect(try BaseURL.parse("http://c.test").unixSocket == nil)
    }

    @Test func collectorStopsAtTheBodyLimit() {
        let collector = ResponseCollector(bodyLimit: 4, outputDescriptor: nil)
        #expect([UInt8](repeating: 1, count: 3).withUnsafeBufferPointer { collector.receiveBody($0) } == 3)
        #expect([UInt8](repeating: 1, count: 3).withUnsafeBufferPointer { collector.receiveBody($0) } == 0)
        #expect(collector.exceededLimit)
    }

    /// A JSON body of `size` bytes or more: an array of varied records.
    func largeJSON(atLeast size: Int) -> [UInt8] {
        var text = "["
        var index = 0
        while text.utf8.count < size {
            text += index == 0 ? "" : ", "
            text +=
                #"{"id": \#(index), "name": "caf\u00e9 \#(index) é😀", "ratio": -\#(index).5e-3, "ok": true, "none": null, "tags": ["a", "b"]}"#
            index += 1
        }
        return Array((text + "]").utf8)
    }

    /// Feeds `body` to a collector as libcurl would (headers announcing `announced`
    /// bytes of JSON, then pieces of `piece` bytes); returns the collector and
    /// whether it checked on a thread of its own.
    func collect(
        _ body: [UInt8], announced: Int, piece: Int = 16 * 1024,
        limit: Int = 1 << 30
    ) -> (ResponseCollector, usedThread: Bool) {
        let collector = ResponseCollector(bodyLimit: limit, outputDescriptor: nil)
        for line in ["HTTP/1.1 200 OK\r\n", "Content-Type: application/json\r\n", "Content-Length: \(announced)\r\n", "\r\n"] {
            Array(line.utf8).withUnsafeBufferPointer { collector.receiveHeaderLine($0) }
        }
        var usedThread = false
        body.withUnsafeBufferPointer { buffer in
            var start = 0
            while start < buffer.count {
                let end = min(start + piece, buffer.count)
                guard collector.receiveBody(UnsafeBufferPointer(rebasing: buffer[start..<end])) == end - start else { break }
                usedThread = usedThread || collector.isCheckingInBackground
                start = end
            }
        }
        return (collector, usedThread)
    }

    func verdictOfOneCheck(_ body: [UInt8]) -> JSONBodyCheck.Verdict? {
        body.withUnsafeBufferPointer { buffer in
            var check = JSONBodyCheck()
            check.add(buffer)
            return check.finish(buffer)
        }
    }

    @Test func aLargeJSONBodyIsCheckedOnAThreadWithTheVerdictOfOneCheck() {
        let valid = largeJSON(atLeast: 3 << 20)
        var broken = valid
        broken[broken.count - 40] = UInt8(ascii: "x")
        var brokenEarly = valid
        brokenEarly[100] = 0x01
        for body in [valid, broken, brokenEarly] {
            let expected = verdictOfOneCheck(body)
            for piece in [16 * 1024, 1000, 1 << 20] {
                let (collector, usedThread) = collect(body, announced: body.count, piece: piece)
                #expect(usedThread)
                #expect(collector.finishJSONCheck() == expected)
                #expect(!collector.isCheckingInBackground)
            }
        }
        #expect(verdictOfOneCheck(valid) == .valid)
        #expect(verdictOfOneCheck(broken) != .valid)
    }

    @Test func smallOrUnannouncedBodiesAreCheckedInTheCallback() {
        let small = largeJSON(atLeast: 4000)
        let (collector, usedThread) = collect(small, announced: small.count)
        #expect(!usedThread)
        #expect(collector.finishJSONCheck() == .valid)
        // Announced small but more arrives (a decoded body, say): never on a thread.
        let large = largeJSON(atLeast: 2 << 20)
        let (more, moreUsedThread) = collect(large, announced: 100)
        #expect(!moreUsedThread)
        #expect(more.finishJSONCheck() == .valid)
    }

    @Test func aBodyLargerThanAnnouncedTakesTheCheckBackBeforeTheStorageMoves() {
        let body = largeJSON(atLeast: 4 << 20)
        var broken = body
        broken[broken.count - 3] = UInt8(ascii: "?")
        for input in [body, broken] {
            // The storage reserved for 2 MiB; twice that arrives.
            let (collector, usedThread) = collect(input, announced: 2 << 20)
            #expect(usedThread)
            #expect(collector.finishJSONCheck() == verdictOfOneCheck(input))
        }
    }

    @Test func aTransferStoppedEarlyStopsTheThread() {
        let body = largeJSON(atLeast: 3 << 20)
        // Over the limit (a decoded body larger than announced): the callback refuses the piece and the thread is stopped.
        let (limited, usedThread) = collect(body, announced: 2 << 20, limit: 2 << 20)
        #expect(usedThread)
        #expect(limited.exceededLimit)
        #expect(!limited.isCheckingInBackground)
        #expect(limited.finishJSONCheck() == nil)
        // An error or Ctrl-C after some pieces: `endJSONCheck` ends the thread.
        let collector = ResponseCollector(bodyLimit: 1 << 30, outputDescriptor: nil)
        for line in ["HTTP/1.1 200 OK\r\n", "Content-Type: application/json\r\n", "Content-Length: \(body.count)\r\n", "\r\n"] {
            Array(line.utf8).withUnsafeBufferPointer { collector.receiveHeaderLine($0) }
        }
        _ = body.withUnsafeBufferPointer { collector.receiveBody(UnsafeBufferPointer(rebasing: $0[0..<(2 << 20)])) }
        #expect(collector.isCheckingInBackground)
        collector.endJSONCheck()
        #expect(!collector.isCheckingInBackground)
    }

    @Test func responseMediaTypeAndCharset() {
        let response = HTTPResponse(
            statusLine: "HTTP/1.1 200 OK", statusCode: 200,
            headers: [HeaderField(name: "content-type", value: "Text/HTML; Charset=\"ISO-8859-1\"")], body: [])
        #expect(response.mediaType == "text/html")
        #expect(response.charset == "iso-8859-1")
    }

    @Test func aContentLengthThatLibcurlLetsThroughIsChecked() {
        func check(_ values: [String], received: Int = 5) -> String? {
            thrownError { () throws(WorkbenchError) in
                try CurlTransport.checkReceivedContentLength(
                    values.map { HeaderField(name: "Content-Length", value: $0) },
                    from: "127.0.0.1:9", received: received)
            }?.message
        }
        #expect(
            check(["99999999999999999999"])
                == "malformed reply from 127.0.0.1:9: invalid Content-Length '99999999999999999999'; 5 bytes arrived, perhaps not all of the body"
        )
        #expect(
            check(["5", "7"])
                == "malformed reply from 127.0.0.1:9: Content-Length headers disagree (5, 7), so the body's length is unknown; 5 bytes arrived"
        )
        #expect(check(["-1"])?.contains("invalid Content-Length '-1'") == true)
        #expect(throws: Never.self) {
            try CurlTransport.checkReceivedContentLength(
                [HeaderField(name: "Content-Length", value: "5"), HeaderField(name: "content-length", value: "5, 05")],
                from: "h", received: 5)
        }
    }

    @Test func acceptEncodingFollowsLibcurlsDecoders() {
        #expect(AcceptEncoding.value(zlib: true, brotli: true) == "gzip, deflate, br")
        #expect(AcceptEncoding.value(zlib: true, brotli: false) == "gzip, deflate")
        #expect(AcceptEncoding.value(zlib: false, brotli: false) == "identity")
        #expect(AcceptEncoding.value(zlib: true, brotli: true, zstd: true) == "gzip, deflate, br, zstd")
        #expect(AcceptEncoding.value(zlib: false, brotli: false, zstd: true) == "zstd")
        #expect(Endpoint.defaultHeaders(for: try! BaseURL.parse("http://h")).last?.value == AcceptEncoding.supported)
    }
}

/// Each libcurl failure becomes one sentence naming what happened and where.
@Suite struct CurlFailureTests {
    func message(
        _ code: CURLcode, detail: String = "", osErrno: Int = 0, timeout: Double = 30,
        collector: ResponseCollector = ResponseCollector(bodyLimit: 1024, outputDescriptor: nil)
    ) throws -> String {
        let request = try Endpoint(base: "http://example.test:8080", path: "/x").prepare(in: VariableScope())
        var settings = Settings()
        settings.timeout = timeout
        return CurlFailure.error(
            code: code, detail: detail, request: request, settings: settings,
            collector: collector, osErrno: osErrno, bodyLimit: 1024
        ).message
    }

    @Test func namesEachFailure() throws {
        #expect(try message(CURLE_COULDNT_RESOLVE_HOST) == "host not found: example.test")
        #expect(try message(CURLE_COULDNT_CONNECT, osErrno: Int(ECONNREFUSED)) == "connection refused: example.test:8080")
        #expect(
            try message(CURLE_COULDNT_CONNECT, osErrno: Int(EHOSTUNREACH))
                == "cannot connect to example.test:8080: No route to host")
        #expect(
            try message(CURLE_OPERATION_TIMEDOUT, detail: "Operation timed out after 2000 milliseconds", timeout: 2)
                == "timeout after 2 s: GET http://example.test:8080/x (no reply)")
        #expect(
            try message(CURLE_PEER_FAILED_VERIFICATION, detail: "SSL certificate problem: self-signed certificate")
                == "TLS verification failed for example.test: SSL certificate problem: self-signed certificate (`insecure on` skips verification)"
        )
        #expect(try message(CURLE_TOO_MANY_REDIRECTS) == "too many redirects: stopped after 30 (last: http://example.test:8080/x)")
        #expect(try message(CURLE_GOT_NOTHING) == "empty reply: example.test:8080 closed the connection without answering")
        #expect(
            try message(CURLE_WEIRD_SERVER_REPLY, detail: "Received HTTP/0.9 when not allowed")
                == "malformed reply from example.test:8080: not an HTTP response")
        #expect(
            try message(CURLE_RECV_ERROR, detail: "Illegal or missing hexadecimal sequence in chunked-encoding")
                == "malformed reply from example.test:8080: Illegal or missing hexadecimal sequence in chunked-encoding")
        #expect(
            try message(CURLE_RECV_ERROR, detail: "Recv failure: Connection reset by peer", osErrno: Int(ECONNRESET))
                == "connection to example.test:8080 failed while receiving: Recv failure: Connection reset by peer")
    }

    @Test func aBodyOverTheCapSaysHowToSaveIt() throws {
        let collector = ResponseCollector(bodyLimit: 1024, outputDescriptor: nil)
        collector.exceededLimit = true
        #expect(
            try message(CURLE_WRITE_ERROR, collector: collector)
                == "response body too large: more than 1.0 KB (the `maxbody` setting); save it with `send > FILE`, or raise the limit")
    }
}

/// The redirect rules, without a socket.
@Suite struct RedirectPolicyTests {
    func request(_ method: String, body: String = "", headers: [HeaderField] = [], secret: Set<String> = []) throws -> PreparedRequest {
        var endpoint = Endpoint(base: "http://a.example:8080", path: "/x/y", method: method, headers: headers)
        if !body.isEmpty { endpoint.body = .json(body) }
        var prepared = try endpoint.prepare(in: VariableScope())
        prepared.secretHeaderNames = secret
        return prepared
    }

    @Test func seeOtherAndPostRedirectsBecomeGet() throws {
        let post = try request("POST", body: #"{"a":1}"#)
        for status in [301, 302, 303] {
            let next = try RedirectPolicy.next(after: post, status: status, location: "/z")
            #expect(next.method == "GET" && next.body.isEmpty && next.target == "/z")
            #expect(!next.headers.contains(name: "Content-Type") && !next.headers.contains(name: "Content-Length"))
        }
        let head = try RedirectPolicy.next(after: try request("HEAD"), status: 303, location: "/z")
        #expect(head.method == "HEAD")
        let put = try RedirectPolicy.next(after: try request("PUT", body: "[1]"), status: 302, location: "/z")
        #expect(put.method == "PUT")
    }

    @Test func temporaryAndPermanentKeepMethodAndBody() throws {
        for status in [307, 308] {
            let next = try RedirectPolicy.next(after: try request("POST", body: "[1]"), status: status, location: "z")
            #expect(next.method == "POST" && next.body == Array("[1]".utf8) && next.target == "/x/z")
        }
    }

    @Test func anotherOriginDropsCredentialsAndSecretHeaders() throws {
        let original = try request(
            "GET",
            headers: [
                HeaderField(name: "Authorization", value: "Bearer t"), HeaderField(name: "Cookie", value: "s=1"),
                HeaderField(name: "X-Api-Key", value: "k"), HeaderField(name: "X-Plain", value: "p"),
            ], secret: ["x-api-key"])
        let same = try RedirectPolicy.next(after: original, status: 302, location: "http://a.example:8080/q?x=1")
        #expect(same.headers.contains(name: "Authorization") && same.headers.contains(name: "X-Api-Key"))
        for location in ["http://b.example:8080/", "https://a.example:8080/", "http://a.example:9090/", "//b.example/"] {
            let next = try RedirectPolicy.next(after: original, status: 302, location: location)
            #expect(!next.headers.contains(name: "Authorization") && !next.headers.contains(name: "Cookie"), "\(location)")
            #expect(!next.headers.contains(name: "X-Api-Key") && next.headers.contains(name: "X-Plain"), "\(location)")
            #expect(next.headers.values(of: "Host") == [next.base.authority])
        }
    }

    @Test func onlyHTTPAndHTTPSAreFollowed() throws {
        let original = try request("GET")
        for location in ["ftp://h/x", "file:///etc/passwd", "javascript:alert(1)"] {
            #expect(throws: WorkbenchError.self) { _ = try RedirectPolicy.next(after: original, status: 302, location: location) }
        }
    }

    @Test func becomingGetDropsEveryContentHeaderButKeepsTheRest() throws {
        let post = try request(
            "POST", body: "[1]",
            headers: [
                HeaderField(name: "Content-Encoding", value: "identity"), HeaderField(name: "X-Trace", value: "t"),
            ])
        let next = try RedirectPolicy.next(after: post, status: 303, location: "/z")
        #expect(!next.headers.contains { $0.name.lowercased().hasPrefix("content-") })
        #expect(!next.shownHeaders.contains { $0.name.lowercased().hasPrefix("content-") })
        #expect(next.headers.values(of: "X-Trace") == ["t"] && next.shownBody.isEmpty)
        let kept = try RedirectPolicy.next(after: post, status: 308, location: "/z")
        #expect(kept.headers.values(of: "Content-Encoding") == ["identity"] && kept.headers.contains(name: "Content-Length"))
    }

    @Test func theHostHeaderAndTheSecretNamesFollowTheNewOrigin() throws {
        let original = try request("GET", headers: [HeaderField(name: "X-Api-Key", value: "k")], secret: ["x-api-key"])
        let same = try RedirectPolicy.next(after: original, status: 301, location: "HTTP://a.example:8080/other")
        #expect(same.headers.values(of: "Host") == ["a.example:8080"] && same.secretHeaderNames == ["x-api-key"])
        let other = try RedirectPolicy.next(after: original, status: 301, location: "https://b.example/p?q")
        #expect(other.url == "https://b.example/p?q" && other.shownURL == "https://b.example/p?q")
        #expect(other.headers.values(of: "Host") == ["b.example"] && other.shownHeaders.values(of: "Host") == ["b.example"])
        #expect(other.secretHeaderNames.isEmpty)
        // The default port written out is the same origin.
        let explicit = try RedirectPolicy.next(
            after: try request("GET", headers: [HeaderField(name: "Cookie", value: "c")]),
            status: 302, location: "http://a.example:8080/")
        #expect(explicit.headers.contains(name: "Cookie"))
    }

    @Test func aRefusedSchemeIsNamed() throws {
        #expect(
            throws: WorkbenchError("redirect to 'ftp://h/x' refused: the scheme 'ftp' is not followed, only http and https redirects are")
        ) {
            _ = try RedirectPolicy.next(after: try request("GET"), status: 302, location: "ftp://h/x")
        }
    }

    @Test func relativeLocationsResolveByRFC3986() throws {
        let original = try request("GET")
        #expect(try RedirectPolicy.next(after: original, status: 302, location: "../up").target == "/up")
        #expect(try RedirectPolicy.next(after: original, status: 302, location: "?q=1").target == "/x/y?q=1")
        #expect(try RedirectPolicy.next(after: original, status: 302, location: "/a/./b/../c#frag").target == "/a/c")
    }

}

/// Fast paths of this unit, each checked against the plain version it replaced.
extension TransportTests {
    @Test func statusCodesAreReadAsTheSplitLineReadsThem() {
        func bySplitting(_ line: String) -> Int {
            let parts = line.utf8.split(separator: UInt8(ascii: " "), maxSplits: 2)
            return parts.count >= 2 ? Int(Substring(parts[1])) ?? 0 : 0
        }
        let lines = [
            "HTTP/1.1 200 OK", "HTTP/2 204", "HTTP/1.1  404  Not Found", "HTTP/1.1 2000 Big", "HTTP/1.1 20 Short",
            "HTTP/1.1 -200 Sign", "HTTP/1.1 +200 Sign", "HTTP/1.1 0200 Zero", "HTTP/1.1", "HTTP/1.1 ", "HTTP/1.1 abc",
            "HTTP/1.1 99999999999999999999999 Overflow", "HTTP/1.1 1\u{301}00 Mark", "HTTP/1.1 ２００ Wide",
        ]
        for line in lines {
            #expect(ResponseCollector.HeaderBlock.code(in: line) == bySplitting(line), "\(line)")
        }
    }

    /// The header lines go to libcurl as one array of NUL-ended lines: a NUL inside a name
    /// (from a file: typed names are checked) ends that line, as the C string did, and
    /// what follows it never becomes a header of its own.
    @Test func headerLinesAreTheRequestsWithTheSuppressionsAndANULEndsALine() {
        let base = BaseURL(scheme: "http", host: "api.test", port: nil, pathPrefix: "")
        let request = PreparedRequest(
            method: "GET", base: base, target: "/",
            headers: [
                HeaderField(name: "Host", value: "api.test"), HeaderField(name: "X-Empty", value: ""),
                HeaderField(name: "X\u{0}Evil", value: "injected"), HeaderField(name: "Accept", value: "*/*"),
            ], body: [])
        #expect(
            CurlTransport.headerLines(for: request) == [
                "Host: api.test", "X-Empty;", "X", "Accept: */*", "Expect:", "Content-Type:", "User-Agent:", "Accept-Encoding:",
            ])
        #expect(CurlTransport.headerLineBytes(for: request).filter { $0 == 0 }.count == 8)
    }

    /// The backstop on the one send path: a secret whose source no caller read stops the send
    /// with one error naming it; the transport is never reached, so no `******` goes out.
    @Test func senderRefusesASecretNotReadFromItsSource() throws {
        var variables = Variables()
        variables.set("token", from: try SecretSource(parsing: "cmd:pass show api"))
        var endpoint = Endpoint(base: "http://127.0.0.1:8080", path: "/x")
        endpoint.headers = [HeaderField(name: "Authorization", value: "Bearer {{token}}")]
        let transport = ScriptedTransport()
        let sender = Sender(transport: transport)
        let error = #expect(throws: WorkbenchError.self) {
            try sender.send(endpoint, in: VariableScope(variables: variables), settings: Settings(), cookies: CookieJar())
        }
        #expect(error?.message.hasPrefix("{{token}} was not read from its source (cmd:pass show api) before sending: nothing sent") == true)
        #expect(transport.sent.isEmpty)
        // `show` builds the same request for display: the mask, no error.
        let shown = try endpoint.prepare(in: VariableScope(variables: variables)).shown
        #expect(shown.headers.first { $0.hasName("Authorization") }?.value == "Bearer ******")
    }
}
