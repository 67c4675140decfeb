import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs

/// Requests as a `.http` file, the format JetBrains' HTTP Client and VS Code's
/// REST Client read (and httpyac, kulala.nvim, rest.nvim).
///
/// Variables stay references: plain ones are declared as `@name = value` at the
/// top, secrets are only named (their values belong in
/// `http-client.private.env.json`), `{{env.NAME}}` becomes `{{$processEnv NAME}}`,
/// and a value captured from an earlier response becomes a request reference
/// (`{{r1.response.body.$.token}}`), which is how these clients chain requests.
enum HTTPFileExport {
    /// `environment`: the one in force and the names its env file gives. Those are not declared
    /// with `@`: in the JetBrains client and httpyac a file variable wins over the environment
    /// chosen, so `@host = ...` would send every environment's requests to this one's host.
    static func text(
        records: [RequestRecord], variables: Variables, environment: ExportedEnvironment? = nil
    ) throws(WorkbenchError) -> String {
        var lines = ["# Exported by workbench \(WorkbenchVersion.current): JetBrains HTTP Client / VS Code REST Client format."]
        let referenced = records.flatMap(\.endpoint.referencedVariables)
        var captured: [String] = []
        for record in records { captured += record.captures.map(\.name) }
        var declared: [String] = []
        var secrets: [String] = []
        var fromEnvironment: [String] = []
        for name in variables.names where referenced.contains(name) && !captured.contains(name) {
            if environment?.variables.contains(name) == true && !variables.isSecret(name) {
                fromEnvironment.append(name)
            } else if variables.isSecret(name) {
                secrets.append(name)
            } else {
                declared.append(name)
            }
        }
        if let environment, !fromEnvironment.isEmpty {
            lines.append(
                "# From environment \(environment.name) of \(environment.file), not written here so that "
                    + "the environment chosen in the client applies: \(fromEnvironment.joined(separator: ", ")).")
        }
        for name in declared { lines.append("@\(name) = \(variables.value(of: name) ?? "")") }
        let missing = referenced.filter { !captured.contains($0) && variables.value(of: $0) == nil }
        if !secrets.isEmpty || !missing.isEmpty {
            lines.append(
                "# Not written here: \((secrets + missing).uniqued().joined(separator: ", ")); give them in http-client.private.env.json.")
        }
        // The latest capture of each name before the request being written.
        var captures: [String: (request: String, source: Capture.Source)] = [:]
        for (index, record) in records.enumerated() {
            let name = "r\(index + 1)"
            let portable = try PortableRequest(record.endpoint, variables: variables) { part in
                switch part {
                case .literal(let text): return text
                case .environment(let variable): return "{{$processEnv \(variable)}}"
                case .variable(let variable):
                    guard let capture = captures[variable] else { return "{{\(variable)}}" }
                    switch capture.source {
                    case .json(let path): return "{{\(capture.request).response.body.\(path.text)}}"
                    case .header(let header): return "{{\(capture.request).response.headers.\(header)}}"
                    case .status, .event: return "{{\(variable)}}"
                    }
                }
            }
            lines.append("")
            lines.append("### \(index + 1): \(record.endpoint.method) \(record.endpoint.path.isEmpty ? "/" : record.endpoint.path)")
            lines.append("# @name \(name)")
            let isLive = record.conversation != nil || GRPCCall.isCall(record.endpoint)
            // Redirects are an HTTP request's: a handshake or a gRPC call follows none.
            if record.settings.followRedirects == false && !isLive { lines.append("# @no-redirect") }
            for expectation in record.expectations { lines.append("# @workbench expect \(expectation.text)") }
            var headers = portable.headers.map { "\($0.name): \($0.value)" }
            headers += portable.auth.map { $0.scheme.kind.httpFileLines($0) } ?? []
            if let conversation = record.conversation {
                lines += HTTPFileLiveExport.webSocket(url: portable.url, headers: headers, conversation: conversation)
            } else if GRPCCall.isCall(record.endpoint) {
                // The record's marker Content-Type is never sent, so never written.
                let metadata = portable.headers.filter {
                    !($0.hasName("Content-Type") && $0.value.lowercased() == GRPCCall.recordContentType)
                }
                lines += HTTPFileLiveExport.grpc(
                    url: portable.url,
                    headers: metadata.map { "\($0.name): \($0.value)" } + (portable.auth.map { $0.scheme.kind.httpFileLines($0) } ?? []),
                    messages: portable.bodyText)
            } else {
                lines.append("\(portable.method) \(portable.url)")
                lines += headers
                if case .multipart = portable.body, !portable.headers.contains(name: "Content-Type") {
                    lines.append("Content-Type: multipart/form-data; boundary=\(Self.multipartBoundary)")
                }
            }
            if let body = portable.body, !isLive {
                lines.append("")
                if case .multipart(let parts) = body {
                    lines += Self.multipartLines(parts)
                } else if case .file(let path) = body {
                    lines.append("< \(path)")
                } else if case .jsonFile(let path) = body {
                    lines.append("< \(path)")
                } else if case .templateFile(let path) = body {
                    // JetBrains and REST Client: `<@` expands the file's {{variables}} when sent.
                    lines.append("<@ \(path)")
                } else if let text = portable.bodyText {
                    lines += text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                }
            }
            for capture in record.captures { captures[capture.name] = (name, capture.source) }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension HTTPFileExport {
    static let multipartBoundary = "WorkbenchBoundary"

    /// The parts as JetBrains and REST Client write them: a file part as `< path`, which they
    /// (and `load`) send in its place.
    static func multipartLines(_ parts: [MultipartPart]) -> [String] {
        var lines: [String] = []
        for part in parts {
            lines.append("--" + multipartBoundary)
            let filename = part.filename ?? (part.isFile ? part.value.split(separator: "/").last.map(String.init) ?? part.value : nil)
            lines.append(
                "Content-Disposition: form-data; name=\"\(part.name)\"" + (filename.map { "; filename=\"\($0)\"" } ?? ""))
            if let type = part.contentType { lines.append("Content-Type: \(type)") }
            lines.append("")
            if part.isFile {
                lines.append("< \(part.value)")
            } else {
                lines += part.value.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            }
        }
        lines.append("--" + multipartBoundary + "--")
        return lines
    }
}

extension Array where Element: Equatable {
    /// The elements in order, each once.
    func uniqued() -> [Element] {
        var seen: [Element] = []
        for element in self where !seen.contains(element) { seen.append(element) }
        return seen
    }
}
