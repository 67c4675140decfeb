import WorkbenchBasics
import WorkbenchHTTP

/// The request as a short curl command, as a person would type it: only what
/// differs from curl's own behaviour (typed headers, the body and its type,
/// the settings in force). `export curl --exact` is `CurlCommand`, which pins
/// every byte instead.
enum CurlExport {
    /// `redirects`: the statuses of the redirects the request met when sent, if known.
    static func text(request: PreparedRequest, endpoint: Endpoint, settings: Settings, redirects: [Int]? = nil) throws(WorkbenchError)
        -> String
    {
        var head = ["curl"]
        var groups: [[String]] = []
        // As the transport: POST, PUT and PATCH announce even an empty body (Content-Length: 0), unless left out.
        let hasBody = request.announcesBody
        switch request.method {
        case "HEAD": head.append("-I")
        case "GET" where !hasBody: break
        case "POST" where hasBody: break
        default: head += ["-X", ShellWords.quote(request.method)]
        }
        if RedirectFidelity.follows(request, settings: settings, tool: .curl, redirects: redirects) { head.append("-L") }
        if settings.insecure { head.append("-k") }
        // `send --path-as-is` kept `..` in the path: curl would work it out.
        if DotSegments.present(in: request.target) { head.append("--path-as-is") }
        if CurlCommand.globs(request.url) { head.append("-g") }
        head.append(ShellWords.quote(request.url))
        if let digest = request.digest {
            groups.append(["--digest", "-u", ShellWords.quote("\(digest.user):\(digest.password)")])
        }
        if let aws = request.awsSigV4 {
            groups.append(["--aws-sigv4", ShellWords.quote(aws.provider), "--user", ShellWords.quote("\(aws.accessKey):\(aws.secretKey)")])
        }
        for field in ExportHeaders.typed(request, endpoint: endpoint) {
            groups.append(["-H", ShellWords.quote(field.value.isEmpty ? "\(field.name);" : "\(field.name): \(field.value)")])
        }
        // Content-Length left out needs no word: curl announces no empty body without -d.
        for name in endpoint.omittedDefaults where name != "Accept-Encoding" && name != Endpoint.emptyBodyLength {
            groups.append(["-H", ShellWords.quote("\(name):")])
        }
        if let parts = request.multipart {
            // -F names a file; --form-string takes a value as is.
            for part in parts {
                groups.append(
                    part.isFile
                        ? ["-F", ShellWords.quote("\(part.name)=@\(part.value)" + (part.contentType.map { ";type=\($0)" } ?? ""))]
                        : ["--form-string", ShellWords.quote("\(part.name)=\(part.value)")])
            }
        } else if hasBody && request.method != "HEAD" {
            if case .file(let path) = endpoint.body {
                groups.append(["--data-binary", ShellWords.quote("@" + path)])
            } else if case .jsonFile(let path) = endpoint.body {
                groups.append(["--data-binary", ShellWords.quote("@" + path)])
            } else if request.body.contains(0) {
                throw WorkbenchError("the body has NUL bytes, which a shell argument cannot carry: use `body @FILE` and export again")
            } else {
                groups.append(["--data-raw", ShellWords.quote(String(decoding: request.body, as: UTF8.self))])
            }
            // The transport's suppressions (none with SigV4, where libcurl would sign the empty line):
            // curl calls data a form unless told a type, and asks for 100-continue before a body
            // over 1 MiB; the workbench sent neither.
            let suppressed = CurlTransport.suppressedHeaders(for: request)
            if suppressed.contains("Content-Type"), !request.headers.contains(name: "Content-Type") {
                groups.append(["-H", ShellWords.quote("Content-Type:")])
            }
            if suppressed.contains("Expect"), request.body.count > 1 << 20 { groups.append(["-H", ShellWords.quote("Expect:")]) }
        }
        return ExportHeaders.wrapped([head] + groups)
    }
}

/// What the short exports share: which headers were the user's, and how a long
/// command is broken over lines.
enum ExportHeaders {
    /// The request's headers less those every client writes itself (Host, the
    /// defaults, Content-Length), unless the user typed them; the implied
    /// Content-Type stays, since the other tool would pick another.
    static func typed(_ request: PreparedRequest, endpoint: Endpoint) -> [HeaderField] {
        let automatic = ["Host", "User-Agent", "Accept", "Accept-Encoding", "Content-Length"]
        return request.headers.filter { field in
            !automatic.contains { field.hasName($0) } || endpoint.headersInForce.contains(name: field.name)
        }
    }

    /// One line when short; otherwise the first group (command, method, URL)
    /// on the first line and each further group (a header, the body) on its
    /// own, joined by ` \` as browsers' "Copy as cURL" does.
    static func wrapped(_ groups: [[String]]) -> String {
        let line = groups.map { $0.joined(separator: " ") }.joined(separator: " ")
        guard line.count > 100 else { return line }
        return groups.map { $0.joined(separator: " ") }.joined(separator: " \\\n  ")
    }
}
