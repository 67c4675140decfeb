import CCurl
import Platform
import WorkbenchBasics

/// How much load `bench` puts on a server: how many requests or for how long, over how many
/// connections, and at what rate (nil: as fast as the connections allow, a closed loop).
public struct LoadPlan: Equatable, Sendable {
    /// Requests to send; nil with a duration: as many as fit in it.
    public var count: Int?
    /// Seconds to keep sending; nil: until `count` are sent.
    public var duration: Double?
    /// Connections (and so requests in flight) at most.
    public var concurrency: Int
    /// Requests started per second on a fixed schedule (an open loop, as wrk2's `-R`): each
    /// one's latency counts from its scheduled start, so a stalled server's queue is measured.
    public var rate: Double?

    public init(count: Int?, duration: Double?, concurrency: Int, rate: Double?) {
        self.count = count
        self.duration = duration
        self.concurrency = concurrency
        self.rate = rate
    }
}

/// One finished request of a bench: its latency, and its status or why it got none.
public struct LoadSample: Sendable {
    public var latencyNanoseconds: UInt64
    /// Nil when the request got no response.
    public var status: Int?
    public var failure: TransportFailure?
    public var bytes: Int
}

/// Sends one prepared request many times over a fixed number of connections with libcurl's
/// multi interface: one easy handle a connection, set up once and re-added after each transfer,
/// so connections are kept alive and nothing is built again per request. The multi handle
/// allows at most `concurrency` connections in all (CURLMOPT_MAX_TOTAL_CONNECTIONS).
public final class LoadEngine {
    private let multi: UnsafeMutableRawPointer
    private var handles: [UnsafeMutableRawPointer] = []
    private var headerLists: [UnsafeMutablePointer<curl_slist>?] = []
    /// The body libcurl reads from (CURLOPT_POSTFIELDS points into it): kept for the engine's life.
    private let body: UnsafeMutableBufferPointer<UInt8>
    private let plan: LoadPlan
    private let discard = BodyCounter()

    /// The first problem libcurl reported while the handles were set up.
    /// `cookies`: the session's jar, loaded into each handle's cookie engine (libcurl sends each
    /// only where it belongs). `scope` holds the proxy password's secret variable, if the proxy
    /// has a login.
    public init(
        request: PreparedRequest, settings: Settings, cookies: CookieJar, plan: LoadPlan, in scope: VariableScope
    ) throws(WorkbenchError) {
        let settings = try settings.forWire(in: scope)
        if request.multipart != nil { throw WorkbenchError("bench: a multipart body is not supported; a JSON, form or text body is") }
        if request.digest != nil || request.awsSigV4 != nil {
            throw WorkbenchError(
                "bench: digest and AWS SigV4 auth answer each request anew, which bench does not do; use a bearer or basic auth")
        }
        guard CurlTransport.globalInit, let multi = curl_multi_init() else {
            throw WorkbenchError("cannot start the HTTP engine (libcurl failed to initialise)")
        }
        self.multi = multi
        self.plan = plan
        body = .allocate(capacity: max(request.body.count, 1))
        _ = body.initialize(from: request.body)
        _ = wb_curl_multi_set_long(multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, plan.concurrency)
        _ = wb_curl_multi_set_long(multi, CURLMOPT_MAXCONNECTS, plan.concurrency)
        _ = wb_curl_multi_set_long(multi, CURLMOPT_PIPELINING, Int(CURLPIPE_NOTHING))
        for index in 0..<plan.concurrency {
            guard let easy = curl_easy_init() else { throw WorkbenchError("bench: libcurl could not make a handle") }
            handles.append(easy)
            headerLists.append(nil)
            try configure(easy, index: index, request: request, settings: settings)
            _ = wb_curl_set_string(easy, CURLOPT_COOKIEFILE, "")
            for cookie in cookies.cookies { _ = wb_curl_set_string(easy, CURLOPT_COOKIELIST, cookie.netscapeLine) }
        }
    }

    deinit {
        for easy in handles { curl_easy_cleanup(easy) }
        for list in headerLists { curl_slist_free_all(list) }
        curl_multi_cleanup(multi)
        body.deallocate()
    }

    private func configure(_ easy: UnsafeMutableRawPointer, index: Int, request: PreparedRequest, settings: Settings) throws(WorkbenchError)
    {
        // A refusal reads as a send's does, network options or not.
        let check = CurlNetworkOptions.check
        var list: UnsafeMutablePointer<curl_slist>?
        for header in request.headers {
            guard let appended = curl_slist_append(list, "\(header.name): \(header.value)") else {
                throw WorkbenchError("bench: out of memory while listing the request headers")
            }
            list = appended
        }
        // curl's own defaults go only when the request names them (as `send` does).
        for name in ["Accept", "User-Agent"] where !request.headers.contains(where: { $0.hasName(name) }) {
            list = curl_slist_append(list, "\(name):") ?? list
        }
        headerLists[index] = list
        try check(wb_curl_set_string(easy, CURLOPT_URL, request.url), "the URL")
        try check(wb_curl_set_long(easy, CURLOPT_NOSIGNAL, 1), "CURLOPT_NOSIGNAL")
        try check(wb_curl_set_long(easy, CURLOPT_PATH_AS_IS, 1), "CURLOPT_PATH_AS_IS")
        try check(wb_curl_set_list(easy, CURLOPT_HTTPHEADER, list), "the headers")
        try check(wb_curl_set_pointer(easy, CURLOPT_PRIVATE, UnsafeMutableRawPointer(bitPattern: index + 1)), "CURLOPT_PRIVATE")
        try check(wb_curl_set_data_callback(easy, CURLOPT_WRITEFUNCTION, countBody), "the body callback")
        try check(wb_curl_set_pointer(easy, CURLOPT_WRITEDATA, Unmanaged.passUnretained(discard).toOpaque()), "CURLOPT_WRITEDATA")
        try CurlNetworkOptions.apply(settings, for: request, to: easy)
        switch request.method {
        case "HEAD": try check(wb_curl_set_long(easy, CURLOPT_NOBODY, 1), "CURLOPT_NOBODY")
        case "GET" where request.body.isEmpty: try check(wb_curl_set_long(easy, CURLOPT_HTTPGET, 1), "CURLOPT_HTTPGET")
        default: try check(wb_curl_set_string(easy, CURLOPT_CUSTOMREQUEST, request.method), "the method")
        }
        if !request.body.isEmpty || (request.method != "GET" && request.method != "HEAD") {
            try check(wb_curl_set_offset(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(request.body.count)), "the body size")
            try check(wb_curl_set_pointer(easy, CURLOPT_POSTFIELDS, UnsafeMutableRawPointer(body.baseAddress!)), "the body")
        }
    }

    /// What the run did, for the progress line.
    public struct Progress: Sendable {
        public var finished: Int
        public var failed: Int
        public var elapsedSeconds: Double
    }

    /// Runs the plan; `record` is told each finished request, `progress` about four times a
    /// second; `shouldStop` (Ctrl-C) is polled as often, and ends the run with what finished.
    /// Returns the seconds the run took.
    public func run(record: (LoadSample) -> Void, progress: (Progress) -> Void, shouldStop: () -> Bool) -> Double {
        let start = Self.now()
        let end = plan.duration.map { start + UInt64($0 * 1e9) }
        // With a rate, request i is due at start + i / rate; without, whenever a handle is free.
        let interval = plan.rate.map { UInt64(1e9 / $0) }
        var started = 0
        var finished = 0
        var failed = 0
        var free = Array(handles.indices.reversed())
        var beganAt = [UInt64](repeating: 0, count: handles.count)
        var lastProgress = start
        var stopped = false  // a handle could not be added: nothing more starts

        func mayStartMore(_ now: UInt64) -> Bool {
            if stopped { return false }
            if let count = plan.count, started >= count { return false }
            if let end, now >= end { return false }
            if let end, let interval, start + UInt64(started) * interval >= end { return false }
            return true
        }

        while true {
            var now = Self.now()
            // Start what is due on the free handles.
            while !free.isEmpty, mayStartMore(now) {
                var due = now
                if let interval {
                    due = start + UInt64(started) * interval
                    if due > now { break }
                }
                let index = free.removeLast()
                beganAt[index] = due
                started += 1
                if curl_multi_add_handle(multi, handles[index]) != CURLM_OK {
                    free.append(index)
                    stopped = true
                    break
                }
            }
            if free.count == handles.count && !mayStartMore(now) { break }
            var running: Int32 = 0
            _ = curl_multi_perform(multi, &running)
            var remaining: Int32 = 0
            var completed = false
            while let message = curl_multi_info_read(multi, &remaining) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
                var privateValue: UnsafeMutablePointer<CChar>?
                _ = wb_curl_get_string(easy, CURLINFO_PRIVATE, &privateValue)
                let index = Int(bitPattern: privateValue) - 1
                let done = Self.now()
                let code = message.pointee.data.result
                var sample = LoadSample(
                    latencyNanoseconds: done &- beganAt[index], status: nil, failure: nil, bytes: 0)
                if code == CURLE_OK {
                    var status = 0
                    _ = wb_curl_get_long(easy, CURLINFO_RESPONSE_CODE, &status)
                    var size: curl_off_t = 0
                    _ = wb_curl_get_offset(easy, CURLINFO_SIZE_DOWNLOAD_T, &size)
                    sample.status = status
                    sample.bytes = Int(size)
                } else {
                    var osErrno = 0
                    _ = wb_curl_get_long(easy, CURLINFO_OS_ERRNO, &osErrno)
                    sample.failure = Self.failure(code, osErrno: osErrno)
                    failed += 1
                }
                curl_multi_remove_handle(multi, easy)
                free.append(index)
                finished += 1
                completed = true
                record(sample)
            }
            now = Self.now()
            if now &- lastProgress >= 250_000_000 {
                lastProgress = now
                progress(Progress(finished: finished, failed: failed, elapsedSeconds: Double(now - start) / 1e9))
            }
            if shouldStop() {
                // Ctrl-C: what is in flight is dropped, what finished is reported.
                for index in handles.indices where !free.contains(index) { curl_multi_remove_handle(multi, handles[index]) }
                break
            }
            // A handle came free: start the next request at once, not after a wait.
            if completed { continue }
            // Wait for activity, or until the next request is due.
            var wait: Int32 = 50
            if let interval, mayStartMore(now), !free.isEmpty {
                let due = start + UInt64(started) * interval
                wait = due > now ? Int32(min((due - now) / 1_000_000, 50)) : 0
            }
            if wait > 0 && (running > 0 || plan.rate != nil) { _ = curl_multi_poll(multi, nil, 0, wait, nil) }
        }
        return Double(Self.now() - start) / 1e9
    }

    /// The transport failure a transfer's code means (the kinds `send` reports too).
    static func failure(_ code: CURLcode, osErrno: Int) -> TransportFailure {
        switch code {
        case CURLE_COULDNT_CONNECT: osErrno == Int(ECONNREFUSED) ? .connectionRefused : .cannotConnect
        case CURLE_COULDNT_RESOLVE_HOST: .hostNotFound
        case CURLE_COULDNT_RESOLVE_PROXY: .proxy
        case CURLE_OPERATION_TIMEDOUT: .timeout
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CERTPROBLEM: .tls
        case CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_PARTIAL_FILE: .connectionLost
        case CURLE_GOT_NOTHING: .emptyReply
        case CURLE_WEIRD_SERVER_REPLY, CURLE_UNSUPPORTED_PROTOCOL, CURLE_HTTP2, CURLE_HTTP2_STREAM: .malformedReply
        case CURLE_BAD_CONTENT_ENCODING: .body
        default: .engine
        }
    }

    /// Monotonic nanoseconds.
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}

/// Counts body bytes and throws them away: a bench keeps no body.
private final class BodyCounter {}

private func countBody(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?) -> Int {
    size * count
}
