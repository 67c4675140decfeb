import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs
import WorkbenchSessions

/// The commands of help's group "Know the API": each one's help, parsing and completion.
enum APICommands {
    static let group = CommandGroup(title: "Know the API", commands: [openapi, ls, cd, describe, graphql, grpc])

    static let openapi = CommandDeclaration(
        name: "openapi", usage: ["openapi FILE|URL", "openapi off", "openapi"],
        summary:
            "Load an OpenAPI 3.0/3.1 or Swagger 2.0 description (JSON or YAML, from a file or fetched from a URL) that `ls`, `cd`, `describe` and Tab then use; its first server becomes the base when none is set. Saved with the session; `openapi off` forgets it, `openapi` says what is loaded.",
        example: "openapi petstore.yaml", subcommands: ["off"],
        parse: { words throws(WorkbenchError) in try APICommands.parseOpenapi(words) },
        complete: { input in
            input.position == 1 ? input.matching(input.subcommands) + input.files(matching: input.current) : nil
        })

    static let ls = CommandDeclaration(
        name: "ls", usage: ["ls [PATH]"],
        summary: "List the description's paths below PATH (default: the current path) as a tree, with their methods.",
        example: "ls /pets", subcommands: [],
        parse: { words throws(WorkbenchError) in try APICommands.parseLs(words) },
        complete: { input in
            input.position == 1 ? input.completion.apiPaths(current: input.current, relative: true) : nil
        })

    static let cd = CommandDeclaration(
        name: "cd", usage: ["cd PATH", "cd ..", "cd /"],
        summary:
            "Move the path like a folder: relative to the current path or absolute. With a description loaded the path must be one of its paths; a parameter segment stays `{name}` until a value fills it (`cd 42`).",
        example: "cd pets/{petId}", subcommands: [".."],
        parse: { words throws(WorkbenchError) in try APICommands.parseCd(words) },
        complete: { input in
            if input.position == 1, let found = input.completion.apiPaths(current: input.current, relative: true) { return found }
            return CommandDeclaration.subcommandsAtFirst(input)
        })

    static let describe = CommandDeclaration(
        name: "describe", usage: ["describe [METHOD] [PATH]"],
        summary:
            "Show an operation of the description (default: the current method and path; every method of the path when the current one has none): parameters with location, required, type, enum and default; the request body's schema; the responses.",
        example: "describe POST /pets", subcommands: [],
        parse: { words throws(WorkbenchError) in try APICommands.parseDescribe(words) },
        complete: { input in
            input.completion.apiDescribe(position: input.position, current: input.current)
        })

    static let graphql = CommandDeclaration(
        name: "graphql",
        usage: ["graphql schema [URL|FILE]", "graphql schema off", "graphql ls [TYPE]", "graphql describe TYPE[.FIELD]", "graphql"],
        summary:
            "Load a GraphQL schema by introspection of the request's URL (with its headers and auth) or of URL, or from an SDL or introspection JSON file; saved with the session by reference. `ls` lists the root types and their fields, or a type's fields; `describe` shows a type or a field with arguments, defaults and descriptions. Tab completes fields, arguments and enum values in `body graphql` from it.",
        example: "graphql describe Query.repository", subcommands: ["schema", "ls", "describe"],
        parse: { words throws(WorkbenchError) in try APICommands.parseGraphql(words) })

    static let grpc = CommandDeclaration(
        name: "grpc",
        usage: [
            "grpc connect URL [--proto FILE...] [--import-path DIR...]", "grpc ls [SERVICE]", "grpc describe NAME",
            "grpc call SERVICE/METHOD [JSON]", "grpc call SERVICE/METHOD <<END", "grpc off", "grpc",
        ],
        summary:
            "Talk to a gRPC server: `connect` names it (http:// is h2c, https:// TLS with ALPN h2) and reads its services by server reflection (v1, then v1alpha), or from .proto files compiled with protoc; `ls` lists services or a service's methods, `describe` shows a service, method, message or enum as proto text. `call` sends JSON messages (the proto3 JSON mapping; several in a here-document for a client stream) with the request's headers as metadata, its auth for that origin and `timeout` as grpc-timeout, and prints each answer message as it arrives, then the status (code, message, details); Ctrl-C cancels the call.",
        example: "grpc call helloworld.Greeter/SayHello {\"name\": \"ana\"}",
        subcommands: ["connect", "ls", "describe", "call", "off"],
        parse: { words throws(WorkbenchError) in try GRPCCommand.parseGRPC(words) },
        verbatim: { line throws(WorkbenchError) in try CommandParser.grpcCall(line) },
        complete: { input in input.completion.grpc(input) })
}

extension APICommands {
    static func parseOpenapi(_ words: CommandWords) throws(WorkbenchError) -> ParsedLine {
        guard words.args.count <= 1 else { throw words.usageError("expected one file name or URL (quote one with spaces)") }
        guard let location = words.texts.first else { return .command(.openapiShow) }
        if location == "off" { return .command(.openapiOff) }
        guard !location.isEmpty else { throw words.usageError("expected a file name or URL") }
        return .command(.openapi(location))
    }

    static func parseLs(_ words: CommandWords) throws(WorkbenchError) -> ParsedLine {
        guard words.args.count <= 1 else { throw words.usageError("expected at most one PATH") }
        return .command(.ls(words.texts.first))
    }

    static func parseCd(_ words: CommandWords) throws(WorkbenchError) -> ParsedLine {
        guard words.args.count == 1, !words.texts[0].isEmpty else {
            throw words.usageError("expected one PATH (`cd ..` goes up, `cd /` to the top)")
        }
        _ = try Endpoint.pathParts(words.texts[0])
        return .command(.cd(words.texts[0]))
    }

    /// `graphql [schema [URL|FILE|off] | ls [TYPE] | describe TYPE[.FIELD]]`.
    static func parseGraphql(_ words: CommandWords) throws(WorkbenchError) -> ParsedLine {
        guard let sub = words.texts.first?.lowercased() else { return .command(.graphql(.show)) }
        let rest = Array(words.texts.dropFirst())
        switch sub {
        case "schema":
            guard rest.count <= 1 else { throw words.usageError("expected at most one URL or FILE after `schema`") }
            if rest.first?.lowercased() == "off" { return .command(.graphql(.schemaOff)) }
            if let location = rest.first { try Template.validate(location) }
            return .command(.graphql(.schema(rest.first)))
        case "ls":
            guard rest.count <= 1 else { throw words.usageError("expected at most one TYPE after `ls`") }
            return .command(.graphql(.ls(rest.first)))
        case "describe":
            guard rest.count == 1 else { throw words.usageError("expected TYPE or TYPE.FIELD after `describe`") }
            return .command(.graphql(.describe(rest[0])))
        default:
            // "schema, ls or describe": the declared words.subcommands.
            let expected = words.subcommands.dropLast().joined(separator: ", ") + " or " + (words.subcommands.last ?? "")
            throw words.usageError("unknown subcommand \(Excerpt.quoted(words.texts[0])): expected \(expected)")
        }
    }

    /// `describe`, `describe METHOD`, `describe PATH`, `describe METHOD PATH`.
    static func parseDescribe(_ words: CommandWords) throws(WorkbenchError) -> ParsedLine {
        switch words.args.count {
        case 0:
            return .command(.describe(method: nil, path: nil))
        case 1 where words.texts[0].hasPrefix("/"):
            return .command(.describe(method: nil, path: words.texts[0]))
        case 1:
            return .command(.describe(method: try HTTPSyntax.normalizedMethod(words.texts[0]), path: nil))
        case 2:
            return .command(.describe(method: try HTTPSyntax.normalizedMethod(words.texts[0]), path: words.texts[1]))
        default:
            throw words.usageError("expected [METHOD] [PATH]")
        }
    }
}
