import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs
import WorkbenchSessions

extension GRPCCommand {
    /// `grpc [connect URL [--proto FILE...] [--import-path DIR...] | ls [SERVICE] | describe NAME | off]`;
    /// `grpc call` is read from the line itself (`CommandParser.grpcCall`).
    static func parseGRPC(_ words: CommandWords) throws(WorkbenchError) -> ParsedLine {
        guard let sub = words.texts.first?.lowercased() else { return .command(.grpc(.show)) }
        let rest = Array(words.texts.dropFirst())
        switch sub {
        case "connect":
            guard let url = rest.first, !url.hasPrefix("--") else {
                throw words.usageError("expected the server's URL after `connect` (http://host:port for h2c, https:// for TLS)")
            }
            let lowered = url.lowercased()
            guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else {
                throw words.usageError("expected an http:// (h2c) or https:// (TLS) URL, not \(Excerpt.quoted(url))")
            }
            _ = try BaseURL.parse(url)
            var protoFiles: [String] = []
            var importPaths: [String] = []
            var index = 1
            var list: Int?
            while index < rest.count {
                switch rest[index] {
                case "--proto": list = 0
                case "--import-path", "-I": list = 1
                default:
                    guard let current = list else {
                        throw words.usageError("unexpected \(Excerpt.quoted(rest[index])): expected --proto FILE or --import-path DIR")
                    }
                    if current == 0 { protoFiles.append(rest[index]) } else { importPaths.append(rest[index]) }
                }
                index += 1
            }
            if list != nil, protoFiles.isEmpty, importPaths.isEmpty { throw words.usageError("expected a file after --proto") }
            if !importPaths.isEmpty, protoFiles.isEmpty { throw words.usageError("--import-path goes with --proto FILE") }
            return .command(.grpc(.connect(url: url, protoFiles: protoFiles, importPaths: importPaths)))
        case "ls":
            guard rest.count <= 1 else { throw words.usageError("expected at most one SERVICE after `ls`") }
            return .command(.grpc(.ls(rest.first)))
        case "describe":
            guard rest.count == 1 else { throw words.usageError("expected one NAME (a service, method, message or enum) after `describe`") }
            return .command(.grpc(.describe(rest[0])))
        case "off":
            guard rest.isEmpty else { throw words.usageError("`grpc off` takes nothing more") }
            return .command(.grpc(.off))
        case "call":
            // Reached only without a method: the line reader takes every other `grpc call`.
            throw words.usageError("expected SERVICE/METHOD after `call`")
        default:
            throw words.usageError("unknown subcommand \(Excerpt.quoted(words.texts[0])): expected connect, ls, describe, call or off")
        }
    }
}

extension Workspace {
    /// `grpc ...`'s effect on the workspace.
    mutating func applyGRPC(_ command: GRPCCommand) throws(WorkbenchError) -> CommandOutcome {
        switch command {
        case .show:
            return .output(grpcTarget?.summary ?? "(no gRPC target: `grpc connect URL` reads its services by reflection)")
        case .connect(let url, let protoFiles, let importPaths):
            return .grpcConnect(url: url, protoFiles: protoFiles, importPaths: importPaths)
        case .off:
            guard let target = grpcTarget else { return .output("(no gRPC target)") }
            grpcTarget = nil
            return .output("forgot the gRPC target \(target.url)")
        case .ls(nil):
            return .output(try requireGRPCTarget("grpc ls").listing)
        case .ls(let name?):
            let target = try requireGRPCTarget("grpc ls")
            guard let listing = target.listing(of: name) else {
                throw WorkbenchError(
                    "grpc ls: no service \(Excerpt.quoted(name))"
                        + Suggestion.didYouMean(name, among: target.schema.services.map(\.fullName)))
            }
            return .output(listing)
        case .describe(let name):
            let target = try requireGRPCTarget("grpc describe")
            guard let text = ProtoText.describe(name, in: target.schema) else {
                let names = target.schema.services.map(\.fullName) + Array(target.schema.messages.keys) + Array(target.schema.enums.keys)
                throw WorkbenchError(
                    "grpc describe: nothing named \(Excerpt.quoted(name)) in the schema" + Suggestion.didYouMean(name, among: names))
            }
            return .output(text)
        case .call(let method, let messages):
            let target = try requireGRPCTarget("grpc call")
            guard let (_, found) = target.schema.method(method) else {
                let names = target.schema.services.flatMap { service in service.methods.map { "\(service.fullName)/\($0.name)" } }
                throw WorkbenchError(
                    "grpc call: no method \(Excerpt.quoted(method, limit: 80)) in the schema" + Suggestion.didYouMean(method, among: names))
            }
            if found.clientStreaming && found.serverStreaming {
                throw WorkbenchError(
                    "grpc call: \(found.name) is a bidirectional stream, which is not supported (the transport sends the request's messages before it reads the answer)"
                )
            }
            return .grpcCall(method: method, messages: messages)
        }
    }

    func requireGRPCTarget(_ command: String) throws(WorkbenchError) -> GRPCTarget {
        guard let grpcTarget else { throw WorkbenchError("\(command): no gRPC target: `grpc connect URL` first") }
        return grpcTarget
    }
}
