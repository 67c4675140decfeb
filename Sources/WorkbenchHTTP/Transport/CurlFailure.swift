import CCurl
import Platform
import WorkbenchBasics

/// Turns libcurl's error codes into one sentence that says what happened and where.
enum CurlFailure {
    static func error(
        code: CURLcode, detail: String, request: PreparedRequest, settings: Settings,
        collector: ResponseCollector, osErrno: Int, bodyLimit: Int, outputFile: String? = nil
    ) -> WorkbenchError {
        let host = request.base.host
        let address = "\(host):\(request.base.effectivePort)"
        var proxy: String?
        if case .url(let url) = settings.proxy, request.base.unixSocket == nil { proxy = url }
        let why = osErrno != 0 ? String(cString: strerror(Int32(osErrno))) : detail
        switch code {
        case CURLE_COULDNT_CONNECT where request.base.unixSocket != nil:
            return failure(.cannotConnect, "cannot connect to the Unix socket \(request.base.unixSocket ?? ""): \(why)")
        case CURLE_COULDNT_CONNECT where proxy != nil:
            return failure(.proxy, "cannot connect to the proxy \(proxy ?? ""): \(why) (`proxy off` goes without it)")
        case CURLE_COULDNT_RESOLVE_PROXY:
            return failure(.proxy, "proxy host not found: \(detail)")
        case CURLE_PROXY:
            return failure(.proxy, "the proxy refused to connect to \(address): \(detail)")
        case CURLE_RECV_ERROR where detail.contains("CONNECT"):
            return failure(.proxy, "the proxy refused to connect to \(address): \(detail)")
        case CURLE_SSL_CACERT_BADFILE:
            return failure(.tls, "cannot use the CA certificates of `cacert \(settings.caCertificate ?? "")`: \(detail)")
        case CURLE_RECV_ERROR where detail.contains("alert certificate required"),
            CURLE_SSL_CONNECT_ERROR where detail.contains("alert certificate required"):
            return failure(.tls, "\(address) requires a client certificate (`cert FILE [KEY]`): \(detail)")
        case CURLE_SSL_CERTPROBLEM:
            return failure(.tls, "cannot use the client certificate of `cert \(settings.clientCertificate ?? "")`: \(detail)")
        case CURLE_PEER_FAILED_VERIFICATION where settings.caCertificate != nil:
            return failure(
                .tls, "TLS verification failed for \(host) with the CA certificates of `cacert \(settings.caCertificate ?? "")`: \(detail)")
        case CURLE_COULDNT_RESOLVE_HOST:
            return failure(.hostNotFound, "host not found: \(host)")
        case CURLE_COULDNT_CONNECT:
            if osErrno == Int(ECONNREFUSED) {
                return failure(.connectionRefused, "connection refused: \(address)")
            }
            let reason = osErrno != 0 ? String(cString: strerror(Int32(osErrno))) : detail
            return failure(.cannotConnect, "cannot connect to \(address): \(reason)")
        case CURLE_OPERATION_TIMEDOUT:
            if collector.blocks.isEmpty && detail.lowercased().contains("connect") {
                return failure(
                    .timeout,
                    "timeout: could not connect to \(address) within \(seconds(min(settings.timeout == 0 ? 10 : settings.timeout, 10)))")
            }
            return failure(
                .timeout,
                "timeout after \(seconds(settings.timeout)): \(request.method) \(Excerpt.cut(request.shownURL))"
                    + (collector.blocks.isEmpty ? " (no reply)" : " (reply incomplete: \(collector.bytesReceived) body bytes received)"))
        case CURLE_PEER_FAILED_VERIFICATION:
            return failure(
                .tls,
                "TLS verification failed for \(host): \(detail.isEmpty ? "certificate not trusted" : detail) (`insecure on` skips verification)"
            )
        case CURLE_SSL_CONNECT_ERROR:
            return failure(.tls, "TLS handshake with \(address) failed: \(detail)")
        case CURLE_TOO_MANY_REDIRECTS:
            return failure(
                .redirect,
                "too many redirects: stopped after \(CurlTransport.maxRedirects) (last: \(collector.hops.last?.location ?? Excerpt.cut(request.shownURL)))"
            )
        case CURLE_WRITE_ERROR where collector.exceededLimit:
            return tooLarge(bodyLimit)
        case CURLE_WRITE_ERROR where collector.outputError != nil:
            let reason = String(cString: strerror(collector.outputError ?? EIO))
            // The file is what failed (`send > /dev/full`), not the URL.
            return failure(
                .body, "cannot write the body of \(Excerpt.cut(request.shownURL)) to '\(outputFile ?? "the output file")': \(reason)")
        case CURLE_HTTP2_STREAM where collector.blocks.isEmpty:
            // libcurl 7.88 loses an answer sent before the request was read whole and then reset
            // (a gRPC server's UNIMPLEMENTED or refused credential): nothing of it can be shown.
            return failure(
                .emptyReply,
                "no answer: \(address) reset the HTTP/2 stream before an answer could be read (a gRPC server does so when it refuses a call at once, as for an unknown method)"
            )
        case CURLE_GOT_NOTHING:
            return failure(.emptyReply, "empty reply: \(address) closed the connection without answering")
        case CURLE_WEIRD_SERVER_REPLY, CURLE_UNSUPPORTED_PROTOCOL:
            let reason = detail.isEmpty || detail.contains("HTTP/0.9") ? "not an HTTP response" : detail
            return failure(.malformedReply, "malformed reply from \(address): \(reason)")
        case CURLE_RECV_ERROR where osErrno == 0:
            // No system error: curl rejected what the server sent (bad chunking, oversized headers).
            if detail.lowercased().contains("header") {
                return failure(.malformedReply, "malformed reply from \(address): response headers too large (\(detail))")
            }
            return failure(.malformedReply, "malformed reply from \(address): \(detail.isEmpty ? "invalid response" : detail)")
        case CURLE_RECV_ERROR:
            return failure(
                .connectionLost, "connection to \(address) failed while receiving: \(detail.isEmpty ? "connection reset" : detail)")
        case CURLE_OUT_OF_MEMORY where collector.bytesReceived == 0:
            // curl 7.88 reports a status or header line over its 100 KB limit as out of memory
            // (what is sent is within `HTTPSyntax.maximumHeaderValueBytes`).
            return failure(.malformedReply, "malformed reply from \(address): a response status or header line is too large (over 100 KB)")
        case CURLE_SEND_ERROR:
            return failure(
                .connectionLost, "connection to \(address) failed while sending: \(detail.isEmpty ? "connection reset" : detail)")
        case CURLE_PARTIAL_FILE:
            return failure(.connectionLost, "reply from \(address) ended early: \(detail)")
        case CURLE_BAD_CONTENT_ENCODING:
            return failure(.body, "cannot decode the response body from \(address): \(detail)")
        case CURLE_FILESIZE_EXCEEDED:
            return tooLarge(bodyLimit)
        default:
            let name = String(cString: curl_easy_strerror(code))
            return failure(
                .engine,
                "transfer failed: \(name)\(detail.isEmpty ? "" : ": " + detail) (\(request.method) \(Excerpt.cut(request.shownURL)))")
        }
    }

    static func tooLarge(_ limit: Int) -> WorkbenchError {
        failure(
            .bodyTooLarge,
            "response body too large: more than \(Quantities.size(limit)) (the `maxbody` setting); "
                + "save it with `send > FILE`, or raise the limit")
    }

    /// The error for a transfer that failed this way.
    static func failure(_ kind: TransportFailure, _ message: String) -> WorkbenchError {
        WorkbenchError(message, kind: .transport(kind))
    }

    static func seconds(_ value: Double) -> String {
        Settings.format(seconds: value)
    }
}
