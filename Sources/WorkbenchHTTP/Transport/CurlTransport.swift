import CCurl
import Platform
import WorkbenchBasics

/// What one send may do besides the settings: where the body goes and when to give up.
public struct SendOptions {
    /// `send > FILE`: write the body to this file instead of keeping it.
    public var outputFile: String?
    /// Polled every few milliseconds during the transfer; true aborts it (Ctrl-C).
    /// Sendable: the jobs of a parallel replay, each on its own thread, poll the one flag.
    public var shouldAbort: @Sendable () -> Bool
    /// The session's cookies: loaded into libcurl's engine before the first hop;
    /// the response carries the jar as the engine left it.
    public var cookies: CookieJar
    /// Shown the body while it arrives, when it is a stream.
    public var stream: ResponseStream?
    /// Told, as often as `shouldAbort` is polled, the body bytes received so far and
    /// the Content-Length once the headers announced one (a progress line).
    public var progress: ((_ received: Int, _ expected: Int?) -> Void)?

    public init(
        outputFile: String? = nil, cookies: CookieJar = CookieJar(), stream: ResponseStream? = nil,
        shouldAbort: @escaping @Sendable () -> Bool = { false }
    ) {
        self.outputFile = outputFile
        self.cookies = cookies
        self.stream = stream
        self.shouldAbort = shouldAbort
    }
}

/// The HTTP engine: libcurl's easy handle driven through a multi handle.
///
/// One engine per workspace, reused for every request, so connections are kept
/// alive between sends and replays. The multi interface lets the loop wake
/// every 50 ms to notice Ctrl-C, so an abort takes effect within 100 ms.
///
/// An engine is used by one thread at a time; several engines may work on
/// several threads at once (a parallel replay makes one per job): each has its
/// own easy and multi handles, libcurl keeps no other state between them once
/// `curl_global_init` has run, which happens once, before any engine exists.
public final class CurlTransport {
    private let multi: UnsafeMutableRawPointer
    let easy: UnsafeMutableRawPointer
    /// curl writes its detailed error text here (CURLOPT_ERRORBUFFER).
    let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)

    /// How long the loop waits for activity before checking for an abort.
    static let pollMilliseconds: Int32 = 50
    static let maxRedirects = 30

    /// `curl_global_init`, run once for the process (a Swift `static let` is
    /// initialised exactly once, even when two threads ask at the same moment):
    /// libcurl requires it before any handle and does not allow it to race another thread.
    static let globalInit: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

    public init() throws(WorkbenchError) {
        guard Self.globalInit, let multi = curl_multi_init() else {
            throw WorkbenchError("cannot start the HTTP engine (libcurl failed to initialise)")
        }
        guard let easy = curl_easy_init() else {
            curl_multi_cleanup(multi)
            throw WorkbenchError("cannot start the HTTP engine (libcurl failed to initialise)")
        }
        self.multi = multi
        self.easy = easy
    }

    deinit {
        curl_easy_cleanup(easy)
        curl_multi_cleanup(multi)
        errorBuffer.deallocate()
    }

    /// Sends `request`; with `follow on`, follows redirects itself by `RedirectPolicy`
    /// (libcurl's own following would re-send a POST body to a 303 and forward
    /// every header to another host).
    public func send(_ request: PreparedRequest, settings: Settings, options: SendOptions) throws(WorkbenchError) -> HTTPResponse {
        var current = request
        var hops: [RedirectHop] = []
        var earlier = 0.0
        try loadCookies(options.cookies)
        while true {
            let (response, output) = try transfer(current, settings: settings, options: options)
            let location = response.headers.values(of: "Location").last
            guard settings.followRedirects, RedirectPolicy.redirectStatuses.contains(response.statusCode), let location else {
                do { try output?.commit() } catch { output?.discard(); throw error }
                var final = response
                final.cookies = readCookies()
                final.hops = hops
                final.timings.redirect = earlier
                final.timings.total += earlier
                return final
            }
            output?.discard()
            guard hops.count < Self.maxRedirects else {
                throw WorkbenchError(
                    "too many redirects: stopped after \(Self.maxRedirects) (last: \(Template.oneLine(location.prefix(200))))",
                    kind: .transport(.redirect))
            }
            hops.append(RedirectHop(statusLine: response.statusLine, location: location))
            earlier += response.timings.total
            current = try RedirectPolicy.next(after: current, status: response.statusCode, location: location)
        }
    }

    /// Replaces what libcurl's cookie engine holds by `jar`. The engine keeps
    /// its cookies across `curl_easy_reset`, so every hop of this send sees
    /// them, and libcurl alone decides which go to which host and path.
    private func loadCookies(_ jar: CookieJar) throws(WorkbenchError) {
        try setString(CURLOPT_COOKIELIST, "CURLOPT_COOKIELIST", "ALL")
        for cookie in jar.cookies {
            try setString(CURLOPT_COOKIELIST, "CURLOPT_COOKIELIST", cookie.netscapeLine)
        }
    }

    /// The jar as libcurl's engine holds it now (CURLINFO_COOKIELIST).
    private func readCookies() -> CookieJar {
        var list: UnsafeMutablePointer<curl_slist>?
        guard wb_curl_get_list(easy, CURLINFO_COOKIELIST, &list) == CURLE_OK else { return CookieJar() }
        defer { curl_slist_free_all(list) }
        var cookies: [Cookie] = []
        var node = list
        while let current = node {
            if let data = current.pointee.data, let cookie = Cookie(netscapeLine: String(cString: data)) {
                cookies.append(cookie)
            }
            node = current.pointee.next
        }
        return CookieJar(cookies)
    }

    /// One request and its response, with the body file (if any) not yet put in place.
    private func transfer(
        _ request: PreparedRequest, settings: Settings, options: SendOptions
    ) throws(WorkbenchError) -> (HTTPResponse, OutputFile?) {
        try Self.checkContentLength(request)
        var output: OutputFile?
        if let path = options.outputFile {
            output = try OutputFile(path: path)
        }
        let collector = ResponseCollector(
            bodyLimit: settings.maxBodyBytes, outputDescriptor: output?.descriptor,
            stream: options.stream)
        // A body check still running on its thread (the transfer failed or was stopped) ends here.
        defer { collector.endJSONCheck() }
        let uploads = UploadFileSizes(request.method == "HEAD" ? nil : request.multipart)
        do {
            // SigV4 is signed here (AWSSigV4Signing), at the moment of sending, on a copy: what
            // is recorded is the request as built. libcurl signs a multipart body, whose bytes it makes.
            var sent = request
            if let aws = request.awsSigV4, request.multipart == nil {
                sent.headers += AWSSigV4Signing.headers(for: request, credentials: aws, now: CookieJar.now)
                sent.awsSigV4 = nil
            }
            let outcome = try sent.body.withUnsafeBufferPointer { body throws(WorkbenchError) in
                try perform(
                    sent, body: body, settings: settings, collector: collector,
                    shouldAbort: {
                        options.progress?(collector.bytesReceived, collector.announcedLength)
                        return options.shouldAbort()
                    })
            }
            let response = try makeResponse(
                outcome: outcome, request: request, settings: settings,
                collector: collector, options: options)
            return (response, output)
        } catch {
            output?.discard()
            throw uploads.explain(error)
        }
    }

    /// The result of the transfer loop: curl's code, or an abort.
    private enum TransferOutcome {
        case finished(CURLcode)
        case aborted
    }

    private func perform(
        _ request: PreparedRequest, body: UnsafeBufferPointer<UInt8>, settings: Settings,
        collector: ResponseCollector, shouldAbort: () -> Bool
    ) throws(WorkbenchError) -> TransferOutcome {
        curl_easy_reset(easy)
        errorBuffer[0] = 0
        var headerList: UnsafeMutablePointer<curl_slist>?
        defer { curl_slist_free_all(headerList) }
        let lines = Self.headerLineBytes(for: request)
        let listed = lines.withUnsafeBufferPointer { bytes -> Bool in
            // Each line ends with its NUL: libcurl copies it from where it starts.
            var start = 0
            for end in bytes.indices where bytes[end] == 0 {
                guard
                    let appended = curl_slist_append(
                        headerList,
                        UnsafeRawPointer(bytes.baseAddress! + start)
                            .assumingMemoryBound(to: CChar.self))
                else { return false }
                headerList = appended
                start = end + 1
            }
            return true
        }
        guard listed else {
            throw WorkbenchError("cannot send: out of memory while listing the request headers", kind: .transport(.engine))
        }
        let context = Unmanaged.passUnretained(collector).toOpaque()

        try setString(CURLOPT_URL, "CURLOPT_URL", request.url)
        try set(CURLOPT_ERRORBUFFER, "CURLOPT_ERRORBUFFER") { wb_curl_set_pointer($0, $1, errorBuffer) }
        try set(CURLOPT_NOSIGNAL, "CURLOPT_NOSIGNAL") { wb_curl_set_long($0, $1, 1) }
        try set(CURLOPT_PATH_AS_IS, "CURLOPT_PATH_AS_IS") { wb_curl_set_long($0, $1, 1) }
        // The cookie engine on, reading no file: the jar was loaded by `send`.
        try setString(CURLOPT_COOKIEFILE, "CURLOPT_COOKIEFILE", "")
        try set(CURLOPT_HTTPHEADER, "CURLOPT_HTTPHEADER") { wb_curl_set_list($0, $1, headerList) }
        // Decode gzip, deflate and br; the Accept-Encoding header itself comes from the request.
        let acceptEncoding = request.awsSigV4 == nil ? "" : request.headers.first { $0.hasName("Accept-Encoding") }?.value ?? ""
        try setString(CURLOPT_ACCEPT_ENCODING, "CURLOPT_ACCEPT_ENCODING", acceptEncoding)
        if request.awsSigV4 != nil, let agent = request.headers.first(where: { $0.hasName("User-Agent") })?.value {
            try setString(CURLOPT_USERAGENT, "CURLOPT_USERAGENT", agent)
        }
        try set(CURLOPT_HEADERFUNCTION, "CURLOPT_HEADERFUNCTION") { wb_curl_set_data_callback($0, $1, headerCallback) }
        try set(CURLOPT_HEADERDATA, "CURLOPT_HEADERDATA") { wb_curl_set_pointer($0, $1, context) }
        try set(CURLOPT_WRITEFUNCTION, "CURLOPT_WRITEFUNCTION") { wb_curl_set_data_callback($0, $1, bodyCallback) }
        try set(CURLOPT_WRITEDATA, "CURLOPT_WRITEDATA") { wb_curl_set_pointer($0, $1, context) }
        // Redirects are followed by `send`, hop by hop, never by libcurl.
        try set(CURLOPT_FOLLOWLOCATION, "CURLOPT_FOLLOWLOCATION") { wb_curl_set_long($0, $1, 0) }
        try CurlNetworkOptions.apply(settings, for: request, to: easy)
        if let digest = request.digest {
            // libcurl's digest engine: the first request goes without, the 401's challenge is answered.
            try set(CURLOPT_HTTPAUTH, "CURLOPT_HTTPAUTH") { wb_curl_set_long($0, $1, wb_curlauth_digest) }
            try setString(CURLOPT_USERNAME, "CURLOPT_USERNAME", digest.user)
            try setString(CURLOPT_PASSWORD, "CURLOPT_PASSWORD", digest.password)
        }
        if let aws = request.awsSigV4 {
            // libcurl's signer (it implies CURLAUTH_AWS_SIGV4): it hashes the body and signs the
            // headers as they are listed, so what `show` prints is what is signed.
            try setString(CURLOPT_AWS_SIGV4, "CURLOPT_AWS_SIGV4", aws.provider)
            try setString(CURLOPT_USERNAME, "CURLOPT_USERNAME", aws.accessKey)
            try setString(CURLOPT_PASSWORD, "CURLOPT_PASSWORD", aws.secretKey)
        }

        switch request.method {
        case "HEAD":
            // NOBODY tells curl not to wait for a body that never comes; a HEAD sends none.
            try set(CURLOPT_NOBODY, "CURLOPT_NOBODY") { wb_curl_set_long($0, $1, 1) }
        case "GET" where body.isEmpty && request.multipart == nil:
            try set(CURLOPT_HTTPGET, "CURLOPT_HTTPGET") { wb_curl_set_long($0, $1, 1) }
        default:
            // MIMEPOST and POSTFIELDS make libcurl say POST; the method named is the one that goes out.
            try setString(CURLOPT_CUSTOMREQUEST, "CURLOPT_CUSTOMREQUEST", request.method)
        }
        var mime: OpaquePointer?
        defer { curl_mime_free(mime) }
        if let parts = request.multipart, request.method != "HEAD" {
            mime = try makeMime(parts)
            try set(CURLOPT_MIMEPOST, "CURLOPT_MIMEPOST") { wb_curl_set_pointer($0, $1, UnsafeMutableRawPointer(mime)) }
        } else if Self.sendsBody(request) {
            try set(CURLOPT_POSTFIELDSIZE_LARGE, "CURLOPT_POSTFIELDSIZE_LARGE") {
                wb_curl_set_offset($0, $1, curl_off_t(body.count))
            }
            if let start = body.baseAddress, !body.isEmpty {
                try set(CURLOPT_POSTFIELDS, "CURLOPT_POSTFIELDS") { wb_curl_set_pointer($0, $1, UnsafeMutableRawPointer(mutating: start)) }
            } else {
                try setString(CURLOPT_COPYPOSTFIELDS, "CURLOPT_COPYPOSTFIELDS", "")
            }
        }

        guard curl_multi_add_handle(multi, easy) == CURLM_OK else {
            return .finished(CURLE_FAILED_INIT)
        }
        defer { curl_multi_remove_handle(multi, easy) }
        var running: Int32 = 1
        while running > 0 {
            if curl_multi_perform(multi, &running) != CURLM_OK { break }
            if running == 0 { break }
            if shouldAbort() { return .aborted }
            _ = curl_multi_poll(multi, nil, 0, Self.pollMilliseconds, nil)
            if shouldAbort() { return .aborted }
        }
        var remaining: Int32 = 0
        while let message = curl_multi_info_read(multi, &remaining) {
            if message.pointee.msg == CURLMSG_DONE {
                return .finished(message.pointee.data.result)
            }
        }
        return .finished(CURLE_FAILED_INIT)
    }

    /// A multipart body on libcurl's mime API: text parts copied, file parts
    /// named by path and streamed by libcurl while it sends (never read into
    /// memory here). A file that cannot be opened is an error before anything is sent.
    private func makeMime(_ parts: [MultipartPart]) throws(WorkbenchError) -> OpaquePointer {
        guard let mime = curl_mime_init(easy) else {
            throw WorkbenchError("cannot send: out of memory while building the multipart body", kind: .transport(.engine))
        }
        for part in parts {
            guard let handle = curl_mime_addpart(mime) else {
                curl_mime_free(mime)
                throw WorkbenchError("cannot send: out of memory while building the multipart body", kind: .transport(.engine))
            }
            var code = curl_mime_name(handle, part.name)
            if code == CURLE_OK {
                if part.isFile {
                    let path = FileSystem.expandTilde(part.value)
                    do throws(WorkbenchError) {
                        try FileSystem.checkReadableRegularFile(path, shownAs: part.value, for: "upload")
                    } catch {
                        curl_mime_free(mime)
                        throw error
                    }
                    code = curl_mime_filedata(handle, path)
                } else {
                    code = curl_mime_data(handle, part.value, part.value.utf8.count)
                }
            }
            if code == CURLE_OK, let type = part.contentType {
                code = curl_mime_type(handle, type)
            }
            if code == CURLE_OK, let filename = part.filename {
                code = curl_mime_filename(handle, filename)
            }
            guard code == CURLE_OK else {
                curl_mime_free(mime)
                throw WorkbenchError(
                    "cannot build the multipart part '\(part.name)': \(String(cString: curl_easy_strerror(code)))",
                    kind: .transport(.engine))
            }
        }
        return mime
    }

    /// Sets one option; a refusal (an option this libcurl was built without,
    /// a value out of range, no memory) is one error naming the option.
    func set(
        _ option: CURLoption, _ name: String, _ call: (UnsafeMutableRawPointer, CURLoption) -> CURLcode
    ) throws(WorkbenchError) {
        try check(call(easy, option), name)
    }

    /// Sets a string option from the string's own bytes (`withCString`): a `String` handed
    /// to C as it is is first copied into a new array, several times a request.
    func setString(_ option: CURLoption, _ name: String, _ value: String) throws(WorkbenchError) {
        try CurlNetworkOptions.setString(easy, option, name, value)
    }

    private func check(_ code: CURLcode, _ name: String) throws(WorkbenchError) {
        try CurlNetworkOptions.check(code, name)
    }

    /// Whether curl is handed a body (possibly empty, announced as `Content-Length: 0`).
    /// A HEAD never is: curl would send the bytes, or the length without them.
    static func sendsBody(_ request: PreparedRequest) -> Bool {
        request.method != "HEAD" && request.multipart == nil && request.announcesBody
    }

    /// Headers curl (the library, or the `curl` tool of `export curl`) would add
    /// or change on its own; an empty `Name:` line stops it, so what is sent is
    /// what `show` printed. CurlCommand uses the same list.
    static let suppressedHeaders = ["Expect", "Content-Type", "Accept", "User-Agent", "Accept-Encoding"]

    /// The suppressions for `request`: a multipart body's Content-Type (with its
    /// boundary) is libcurl's to write.
    /// With AWS Signature Version 4, none: libcurl 7.88 signs an empty `Name:` line as a
    /// header it then does not send, so the server's signature would never match (curl's own
    /// `--aws-sigv4` has the same limit); libcurl adds its defaults as the curl command does.
    package static func suppressedHeaders(for request: PreparedRequest) -> [String] {
        if request.awsSigV4 != nil { return [] }
        return request.multipart == nil ? suppressedHeaders : suppressedHeaders.filter { $0 != "Content-Type" }
    }

    /// The header lines handed to curl: the request's own, plus lines that stop
    /// curl from adding headers `show` did not print.
    static func headerLines(for request: PreparedRequest) -> [String] {
        headerLineBytes(for: request).split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    /// `headerLines`, each ending with a NUL, one after another in one array: as libcurl's list
    /// takes them, without a string made for each line of each request. With the workspace
    /// lent in place and controls found by bytes: 196,983 to 188,698 instructions a GET
    /// (Benchmarks/README.md, "Fourth round", `scale.py --only i`; not measured apart).
    static func headerLineBytes(for request: PreparedRequest) -> [UInt8] {
        let suppressed = suppressedHeaders(for: request)
        // One pass over the headers (bit i: the request has a header named suppressed[i]).
        var typed = 0
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        for field in request.headers {
            for (index, name) in suppressed.enumerated() where field.hasName(name) { typed |= 1 << index }
            guard !Self.isWrittenByOption(field, in: request) else { continue }
            let start = bytes.count
            bytes += field.name.utf8
            // curl drops `Name:` with an empty value; `Name;` sends it empty.
            if field.value.isEmpty {
                bytes.append(UInt8(ascii: ";"))
            } else {
                bytes += ": ".utf8
                bytes += field.value.utf8
            }
            // A NUL inside (values are checked, a name from a file may not be) ends the line
            // there, as it did as a C string: what follows must not become a line of its own.
            if let nul = bytes[start...].firstIndex(of: 0) { bytes.removeSubrange(nul...) }
            bytes.append(0)
        }
        for (index, name) in suppressed.enumerated() where typed & (1 << index) == 0 {
            bytes += name.utf8
            bytes += [UInt8(ascii: ":"), 0]
        }
        return bytes
    }

    /// With AWS Signature Version 4, the headers libcurl writes itself from an option
    /// (`User-Agent`, `Accept-Encoding`) or by default (`Accept: */*`) are left to it: libcurl
    /// 7.88 sorts the signed headers as `name:value` lines, which puts `accept-encoding` before
    /// `accept`, where AWS sorts by name, so a request with both listed would never verify.
    /// Headers libcurl writes on its own are not signed, which AWS allows.
    static func isWrittenByOption(_ field: HeaderField, in request: PreparedRequest) -> Bool {
        guard request.awsSigV4 != nil else { return false }
        return field.hasName("User-Agent") || field.hasName("Accept-Encoding") || (field.hasName("Accept") && field.value == "*/*")
    }

    /// A `Content-Length` that promises more bytes than are sent (one set by
    /// hand on a GET, any on a HEAD) would leave the server waiting for the
    /// rest until the timeout: refused before anything is sent.
    static func checkContentLength(_ request: PreparedRequest) throws(WorkbenchError) {
        let sent = sendsBody(request) ? request.body.count : 0
        for value in request.headers.values(of: "Content-Length") {
            guard let promised = Int(value.trimmingSpaces()), promised > sent else { continue }
            let what = request.method == "HEAD" ? "a HEAD request sends no body" : "the body is \(Quantities.size(sent))"
            throw WorkbenchError(
                "Content-Length: \(promised) promises more than is sent (\(what)); the server would wait for the rest: remove the header or set the body"
            )
        }
    }

    /// A reply's Content-Length that libcurl let through: values that disagree (RFC 9112
    /// 6.3: the length is then unknown, a sign of request smuggling) or one past what a
    /// 64-bit length holds (libcurl then reads to the end and calls 5 bytes complete).
    static func checkReceivedContentLength(_ headers: [HeaderField], from authority: String, received: Int) throws(WorkbenchError) {
        var lengths: [String] = []
        for value in headers.values(of: "Content-Length") {
            for piece in value.split(separator: ",") {
                let text = String(piece.trimmingSpaces())
                guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), Int64(text) != nil else {
                    throw WorkbenchError(
                        "malformed reply from \(authority): invalid Content-Length \(Excerpt.quoted(text, limit: 40)); "
                            + "\(Quantities.size(received)) arrived, perhaps not all of the body")
                }
                let canonical = String(Int64(text) ?? 0)
                if !lengths.contains(canonical) { lengths.append(canonical) }
            }
        }
        if lengths.count > 1 {
            throw WorkbenchError(
                "malformed reply from \(authority): Content-Length headers disagree (\(lengths.joined(separator: ", "))), "
                    + "so the body's length is unknown; \(Quantities.size(received)) arrived")
        }
    }

    /// Whether the final response carried a `grpc-status`: the end of a gRPC answer.
    private static func endedWithStatus(_ collector: ResponseCollector) -> Bool {
        collector.finalBlock?.headers.contains { $0.hasName("grpc-status") } ?? false
    }

    private func makeResponse(
        outcome: TransferOutcome, request: PreparedRequest, settings: Settings,
        collector: ResponseCollector, options: SendOptions
    ) throws(WorkbenchError) -> HTTPResponse {
        let code: CURLcode
        switch outcome {
        case .aborted where collector.isStreaming:
            // Ctrl-C ends a stream: what came is kept.
            code = CURLE_OK
        case .aborted:
            throw WorkbenchError("request aborted (Ctrl-C): \(request.method) \(request.shownURL)", kind: .transport(.aborted))
        case .finished(CURLE_HTTP2_STREAM) where request.requiresHTTP2 && Self.endedWithStatus(collector):
            // A gRPC server may answer (a trailers-only error, UNIMPLEMENTED) before the request's
            // body is all read, then reset the stream: RFC 9113 8.1 says the response stands, but
            // libcurl 7.88 reports the reset. The answer is complete: its grpc-status arrived.
            code = CURLE_OK
        case .finished(let finished):
            code = finished
        }
        if code != CURLE_OK {
            throw CurlFailure.error(
                code: code, detail: String(cString: errorBuffer), request: request, settings: settings,
                collector: collector, osErrno: getLong(CURLINFO_OS_ERRNO), bodyLimit: settings.maxBodyBytes,
                outputFile: options.outputFile
            )
        }
        guard let block = collector.finalBlock else {
            throw WorkbenchError("malformed reply from \(request.base.authority): no HTTP status line", kind: .transport(.malformedReply))
        }
        try Self.checkReceivedContentLength(block.headers, from: request.base.authority, received: collector.bytesReceived)
        var timings = Timings()
        timings.nameLookup = getSeconds(CURLINFO_NAMELOOKUP_TIME_T)
        timings.connect = getSeconds(CURLINFO_CONNECT_TIME_T)
        timings.tlsHandshake = getSeconds(CURLINFO_APPCONNECT_TIME_T)
        timings.preTransfer = getSeconds(CURLINFO_PRETRANSFER_TIME_T)
        timings.firstByte = getSeconds(CURLINFO_STARTTRANSFER_TIME_T)
        timings.total = getSeconds(CURLINFO_TOTAL_TIME_T)
        timings.redirect = getSeconds(CURLINFO_REDIRECT_TIME_T)
        let ip = getString(CURLINFO_PRIMARY_IP)
        let port = getLong(CURLINFO_PRIMARY_PORT)
        let address = ip.utf8.contains(UInt8(ascii: ":")) ? "[\(ip)]:\(port)" : .concatenation(ip, ":", String(port))
        var response = HTTPResponse(
            statusLine: block.statusLine,
            statusCode: Int(getLong(CURLINFO_RESPONSE_CODE)),
            headers: block.headers,
            body: collector.body,
            bodyCheck: collector.finishJSONCheck(),
            bodyFile: options.outputFile,
            bodySize: collector.bytesReceived,
            hops: collector.hops,
            timings: timings,
            httpVersion: Self.versionName(getLong(CURLINFO_HTTP_VERSION)),
            remoteAddress: address,
            reusedConnection: getLong(CURLINFO_NUM_CONNECTS) == 0,
            url: getString(CURLINFO_EFFECTIVE_URL),
            stream: collector.isStreaming
                ? StreamEnd(
                    stoppedByUser: { if case .aborted = outcome { true } else { false } }(),
                    keptPartOnly: collector.keptPartOnly) : nil
        )
        response.bodyCheckpoints = collector.jsonCheckpoints
        response.events = collector.eventStream
        return response
    }

    static func versionName(_ version: Int) -> String {
        switch version {
        case Int(CURL_HTTP_VERSION_1_0): "HTTP/1.0"
        case Int(CURL_HTTP_VERSION_2_0): "HTTP/2"
        case Int(CURL_HTTP_VERSION_3): "HTTP/3"
        default: "HTTP/1.1"
        }
    }

    func getLong(_ info: CURLINFO) -> Int {
        var value = 0
        _ = wb_curl_get_long(easy, info, &value)
        return value
    }

    func getSeconds(_ info: CURLINFO) -> Double {
        var value: curl_off_t = 0
        _ = wb_curl_get_offset(easy, info, &value)
        return Double(value) / 1_000_000
    }

    func getString(_ info: CURLINFO) -> String {
        var value: UnsafeMutablePointer<CChar>?
        _ = wb_curl_get_string(easy, info, &value)
        return value.map { String(cString: $0) } ?? ""
    }
}

private let headerCallback: wb_curl_data_callback = { data, size, count, context in
    guard let data, let context else { return 0 }
    let collector = Unmanaged<ResponseCollector>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    data.withMemoryRebound(to: UInt8.self, capacity: length) {
        collector.receiveHeaderLine(UnsafeBufferPointer(start: $0, count: length))
    }
    return length
}

private let bodyCallback: wb_curl_data_callback = { data, size, count, context in
    guard let context else { return 0 }
    let collector = Unmanaged<ResponseCollector>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    guard let data, length > 0 else { return 0 }
    return data.withMemoryRebound(to: UInt8.self, capacity: length) {
        collector.receiveBody(UnsafeBufferPointer(start: $0, count: length))
    }
}
