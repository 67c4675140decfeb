import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs

/// The request as an HTTPie command (`http METHOD URL Header:value ...`).
///
/// The body goes through `--raw` (HTTPie 3.2), so it is sent byte for byte
/// rather than rebuilt from `key=value` items; forms use `--form`; a file body
/// is redirected from the file.
enum HTTPieExport {
    /// `redirects`: the statuses of the redirects the request met when sent, if known.
    static func text(request: PreparedRequest, endpoint: Endpoint, settings: Settings, redirects: [Int]? = nil) throws(WorkbenchError)
        -> String
    {
        var words = ["http"]
        var groups: [[String]] = []
        if RedirectFidelity.follows(request, settings: settings, tool: .httpie, redirects: redirects) { words.append("--follow") }
        if settings.insecure { words.append("--verify=no") }
        // `send --path-as-is` kept `..` in the path: HTTPie would work it out.
        if DotSegments.present(in: request.target) { words.append("--path-as-is") }
        if request.awsSigV4 != nil {
            throw WorkbenchError(
                "export httpie: HTTPie signs AWS Signature Version 4 only with a plug-in; `export curl` writes it (--aws-sigv4)")
        }
        if let digest = request.digest {
            words += ["--auth-type=digest", "--auth", ShellWords.quote("\(digest.user):\(digest.password)")]
        }
        let sendsBody = endpoint.body != nil && endpoint.sendsBody
        var redirect: String?
        var items: [String] = []
        var headers = ExportHeaders.typed(request, endpoint: endpoint)
        if sendsBody {
            switch endpoint.body {
            case .form?:
                words.append("--form")
                // HTTPie's own form type adds `; charset=utf-8`, which the workbench does not send: name it.
                if !headers.contains(name: "Content-Type"), let type = request.headers.values(of: "Content-Type").first {
                    headers.append(HeaderField(name: "Content-Type", value: type))
                }
                // Values as sent (templates expanded, secrets as shown): decoded back from the built body.
                items = String(decoding: request.body, as: UTF8.self).split(separator: "&").map { pair in
                    let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                    let name = PercentEncoding.decode(String(parts[0]), plusIsSpace: true)
                    let value = parts.count > 1 ? PercentEncoding.decode(String(parts[1]), plusIsSpace: true) : ""
                    return ShellWords.quote("\(name)=\(value)")
                }
            case .file(let path)?, .jsonFile(let path)?:
                redirect = path
            case .multipart?:
                words.append("--multipart")
                items = (request.multipart ?? []).map { part in
                    ShellWords.quote(
                        part.isFile
                            ? "\(part.name)@\(part.value)" + (part.contentType.map { ";type=\($0)" } ?? "")
                            : "\(part.name)=\(part.value)")
                }
            default:
                if request.body.contains(0) {
                    throw WorkbenchError("the body has NUL bytes, which a shell argument cannot carry: use `body @FILE` and export again")
                }
                groups.append(["--raw", ShellWords.quote(String(decoding: request.body, as: UTF8.self))])
            }
            // HTTPie would call a raw body JSON; without a typed type, send none, as the workbench does.
            if !headers.contains(name: "Content-Type"),
                endpoint.body.map({
                    switch $0 {
                    case .form, .multipart: false;
                    default: true
                    }
                }) ?? false
            {
                headers.append(HeaderField(name: "Content-Type", value: ""))
            }
        }
        // HTTPie reads standard input as the body when it is not a terminal (a
        // script, CI): without a `< FILE` body, it must not.
        if redirect == nil { words.insert("--ignore-stdin", at: 1) }
        words += [request.method, ShellWords.quote(request.url)]
        var itemGroups: [[String]] = headers.map { field in
            [ShellWords.quote(field.value.isEmpty && !field.hasName("Content-Type") ? "\(field.name);" : "\(field.name):\(field.value)")]
        }
        itemGroups += endpoint.omittedDefaults.map { [ShellWords.quote("\($0):")] }
        itemGroups += items.map { [$0] }
        if let redirect { itemGroups.append(["<", ShellWords.quote(redirect)]) }
        return ExportHeaders.wrapped([words] + itemGroups + groups)
    }
}
