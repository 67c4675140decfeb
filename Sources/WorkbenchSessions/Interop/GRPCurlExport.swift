import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs

/// `export grpcurl`: recorded gRPC calls as grpcurl commands (`-plaintext` for h2c, `-cacert`,
/// `-insecure`, `-cert`/`-key` from the settings, `-H` for each metadata header, `-max-time`
/// from `timeout`, `-d` with the messages' JSON, the server's own reflection for the types).
/// Requests that are not gRPC calls are named in a comment: `export curl` writes those.
enum GRPCurlExport {
    static func text(
        records: [RequestRecord], scope: VariableScope, revealSecrets: Bool,
        readFile: (String) throws(WorkbenchError) -> [UInt8]
    ) throws(WorkbenchError) -> String {
        var lines: [String] = []
        for (index, record) in records.enumerated() {
            guard GRPCCall.isCall(record.endpoint) else {
                let which = records.count == 1 ? "the request" : "request \(index + 1)"
                lines.append("# \(which) is not a gRPC call (`export curl` writes it; `grpc call` makes one)")
                continue
            }
            let prepared = try record.endpoint.prepare(in: scope, readFile: readFile)
            let request = revealSecrets ? prepared : prepared.shown
            var words = ["grpcurl"]
            let secure = request.base.origin.lowercased().hasPrefix("https:")
            if !secure { words.append("-plaintext") }
            if secure, record.settings.insecure { words.append("-insecure") }
            if let file = record.settings.caCertificate { words += ["-cacert", file] }
            if let file = record.settings.clientCertificate {
                words += ["-cert", file]
                if let key = record.settings.clientKey { words += ["-key", key] }
            }
            if record.settings.timeout > 0 { words += ["-max-time", Quantities.trimmed(record.settings.timeout)] }
            for field in request.headers
            where !GRPCClient.replacedHeaders.contains(field.name.lowercased())
                && !["host", "user-agent"].contains(field.name.lowercased())
            {
                words += ["-H", "\(field.name): \(field.value)"]
            }
            let messages = try GRPCMessageText.split(String(decoding: request.body, as: UTF8.self))
            words += ["-d", messages.joined(separator: "\n")]
            words.append(request.base.authority)
            words.append(String(request.target.drop { $0 == "/" }))
            lines.append(words.map(ShellWords.quote).joined(separator: " "))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
