/// The request as a short curl command, as a person would type it: only what
/// differs from curl's own behaviour (typed headers, the body and its type,
/// the settings in force). `export curl --exact` is `CurlCommand`, which pins
/// every byte instead.
enum CurlExport {
    static func text(request: PreparedRequest, endpoint: Endpoint, settings: Settings) throws(WorkbenchError) -> String {
        var words = ["curl"]
        let hasBody = !request.body.isEmpty || (endpoint.body != nil && Endpoint.methodsWithBody.contains(request.method))
        switch request.method {
        case "HEAD": words.append("-I")
        case "GET" where !hasBody: break
        case "POST" where hasBody: break
        default: words += ["-X", ShellWords.quote(request.method)]
        }
        if settings.followRedirects { words.append("-L") }
        if settings.insecure { words.append("-k") }
        words.append(ShellWords.quote(request.url))
        for field in ExportHeaders.typed(request, endpoint: endpoint) {
            words += ["-H", ShellWords.quote(field.value.isEmpty ? "\(field.name);" : "\(field.name): \(field.value)")]
        }
        for name in endpoint.omittedDefaults where name != "Accept-Encoding" { words += ["-H", ShellWords.quote("\(name):")] }
        if hasBody && request.method != "HEAD" {
            if case .file(let path) = endpoint.body {
                words += ["--data-binary", ShellWords.quote("@" + path)]
            } else if request.body.contains(0) {
                throw WorkbenchError("the body has NUL bytes, which a shell argument cannot carry: use `body @FILE` and export again")
            } else {
                words += ["--data-raw", ShellWords.quote(String(decoding: request.body, as: UTF8.self))]
            }
        }
        return ExportHeaders.wrapped(words)
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
            !automatic.contains { field.hasName($0) } || endpoint.headers.contains(name: field.name)
        }
    }

    /// One line when short; otherwise an option and its value per line, joined by ` \`.
    static func wrapped(_ words: [String]) -> String {
        let line = words.joined(separator: " ")
        guard line.count > 100 else { return line }
        var lines: [String] = []
        var current = ""
        for word in words {
            if !current.isEmpty && word.hasPrefix("-") && !current.hasSuffix(" -X") {
                lines.append(current)
                current = "  " + word
            } else {
                current += current.isEmpty ? word : " " + word
            }
        }
        lines.append(current)
        return lines.joined(separator: " \\\n")
    }
}
