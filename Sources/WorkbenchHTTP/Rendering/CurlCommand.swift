import WorkbenchBasics

/// The request as a curl command line that sends the same bytes, for sharing
/// and for scripts. Every value is single-quoted for a POSIX shell, so quotes,
/// `$(...)`, backticks and newlines arrive as typed and are never run.
public enum CurlCommand {
    /// `typedHost`: the user typed a Host header, which is then written too; `redirects`:
    /// the statuses of the redirects the request met when sent, if known.
    public static func text(
        for request: PreparedRequest, body: Body?, settings: Settings, typedHost: Bool = false,
        redirects: [Int]? = nil
    ) throws(WorkbenchError) -> String {
        var words = ["curl", "--path-as-is", "--compressed"]
        if globs(request.url) { words.append("-g") }
        let sendsData = request.announcesBody
        if request.method == "HEAD" {
            words.append("--head")
        } else if !(request.method == "GET" && !sendsData) && !(request.method == "POST" && sendsData) {
            // Data or a form makes curl send POST itself; `-X POST` would keep POST
            // through a redirect that the workbench (and curl without it) turns into GET.
            words += ["-X", ShellWords.quote(request.method)]
        }
        if RedirectFidelity.follows(request, settings: settings, tool: .curl, redirects: redirects) {
            words += ["-L", "--max-redirs", String(CurlTransport.maxRedirects)]
        }
        if settings.insecure { words.append("-k") }
        switch settings.proxy {
        case .environment: break
        case .none: words += ["--noproxy", ShellWords.quote("*")]
        // The proxy's password is a secret variable's: masked, as every secret the export holds.
        case .url(let url): words += ["-x", ShellWords.quote(URLPasswordMask.apply(url)), "--noproxy", "''"]
        }
        if let file = settings.caCertificate { words += ["--cacert", ShellWords.quote(file)] }
        if let file = settings.clientCertificate { words += ["--cert", ShellWords.quote(file)] }
        if let file = settings.clientKey { words += ["--key", ShellWords.quote(file)] }
        switch settings.httpVersion {
        case .auto: break
        case .http1_1: words.append("--http1.1")
        case .http2: words.append("--http2")
        }
        if let socket = request.base.unixSocket { words += ["--unix-socket", ShellWords.quote(socket)] }
        if settings.timeout > 0 { words += ["--max-time", Quantities.trimmed(settings.timeout)] }
        words.append(ShellWords.quote(request.url))
        if let digest = request.digest {
            words += ["--digest", "-u", ShellWords.quote("\(digest.user):\(digest.password)")]
        }
        if let aws = request.awsSigV4 {
            words += ["--aws-sigv4", ShellWords.quote(aws.provider), "--user", ShellWords.quote("\(aws.accessKey):\(aws.secretKey)")]
            // As the transport does: curl writes these itself, unsigned (see CurlTransport.isWrittenByOption).
            if let agent = request.headers.first(where: { $0.hasName("User-Agent") }) { words += ["-A", ShellWords.quote(agent.value)] }
        }
        // Host and Content-Length are curl's own: it writes the same, and a pinned
        // Host would go on to the host a redirect names.
        for field in request.headers
        where !field.hasName("Content-Length") && !(field.hasName("Host") && !typedHost)
            && !CurlTransport.isWrittenByOption(field, in: request)
        {
            words += ["-H", ShellWords.quote(field.value.isEmpty ? "\(field.name);" : "\(field.name): \(field.value)")]
        }
        // The same suppressions as the transport's, so the command sends what `show` prints.
        for name in CurlTransport.suppressedHeaders(for: request) where !request.headers.contains(name: name) {
            words += ["-H", ShellWords.quote("\(name):")]
        }
        if let parts = request.multipart {
            // --form-string takes a value as is (no @ or < meaning); -F names a file.
            for part in parts {
                if part.isFile {
                    words += ["-F", ShellWords.quote("\(part.name)=@\(part.value)" + (part.contentType.map { ";type=\($0)" } ?? ""))]
                } else {
                    words += ["--form-string", ShellWords.quote("\(part.name)=\(part.value)")]
                }
            }
        } else if request.announcesBody {
            if case .file(let path) = body {
                // curl reads the same file, byte for byte.
                words += ["--data-binary", ShellWords.quote("@" + path)]
            } else if request.body.contains(0) {
                throw WorkbenchError("the body has NUL bytes, which a shell argument cannot carry: use `body @FILE` and export again")
            } else {
                let text = String(decoding: request.body, as: UTF8.self)
                // --data-binary treats a leading @ as a file name; --data-raw does not.
                words += ["--data-raw", ShellWords.quote(text)]
            }
        }
        return words.joined(separator: " ")
    }

    /// Whether curl would read `url` as a glob (`{a,b}`, `[1-3]`) and send other requests:
    /// then `-g` (--globoff) keeps it one URL, as the workbench sends it.
    public static func globs(_ url: String) -> Bool {
        url.utf8.contains { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") || $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }
    }
}
