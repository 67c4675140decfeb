import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs
import WorkbenchSessions

/// `body graphql ...` and `graphql ...`: the workspace with a GraphQL body and schema.
extension Workspace {
    /// `body graphql QUERY|vars JSON|operation NAME`. The document was checked when parsed.
    mutating func applyGraphQLBody(_ change: GraphQLBodyCommand) throws(WorkbenchError) -> CommandOutcome {
        var notes: [String] = []
        switch change {
        case .query(let text):
            let operations = try GraphQLDocument.check(text)
            var body = currentGraphQLBody ?? GraphQLBody(query: text)
            body.query = text
            let names = operations.compactMap(\.name)
            if operations.count == 1 {
                body.operationName = operations[0].name
            } else if let chosen = body.operationName, names.contains(chosen) {
                notes.append("operation \(chosen) (of \(names.joined(separator: ", ")))")
            } else {
                body.operationName = nil
                notes.append(
                    "the document has \(operations.count) operations (\(names.joined(separator: ", "))): "
                        + "`body graphql operation NAME` picks the one to run")
            }
            endpoint.body = .graphql(body)
            // GraphQL over HTTP: a body goes with POST.
            if endpoint.method != "POST" {
                notes.append("method POST (was \(endpoint.method))")
                endpoint.method = "POST"
            }
        case .variables(let text):
            guard var body = currentGraphQLBody else { throw Self.noGraphQLBody }
            body.variables = text
            endpoint.body = .graphql(body)
        case .operation(let name):
            guard var body = currentGraphQLBody else { throw Self.noGraphQLBody }
            if let name {
                let names = (try GraphQLDocument.check(body.query)).compactMap(\.name)
                guard names.contains(name) else {
                    throw WorkbenchError(
                        "body graphql: the document has no operation \(Excerpt.quoted(name))"
                            + (names.isEmpty ? "" : " (it has \(names.joined(separator: ", ")))"))
                }
            }
            body.operationName = name
            endpoint.body = .graphql(body)
        }
        return notes.isEmpty ? .done : .output(notes.joined(separator: "\n"))
    }

    var currentGraphQLBody: GraphQLBody? {
        if case .graphql(let body) = endpoint.body { return body }
        return nil
    }

    static let noGraphQLBody = WorkbenchError("body graphql: no GraphQL body yet: `body graphql QUERY` first")

    /// `graphql ...`.
    mutating func applyGraphQL(_ command: GraphQLCommand, context: CommandContext) throws(WorkbenchError) -> CommandOutcome {
        switch command {
        case .show:
            if let graphqlSchema { return .output(GraphQLText.summary(graphqlSchema, location: graphqlSchemaLocation ?? "?")) }
            if let graphqlSchemaLocation { return .output(Self.schemaNotLoaded(graphqlSchemaLocation)) }
            return .output(
                "(no GraphQL schema: `graphql schema` introspects the request's URL; `graphql schema FILE` reads SDL or introspection JSON)"
            )
        case .schema(nil):
            guard endpoint.base != nil else {
                throw WorkbenchError(
                    "graphql schema: no URL to introspect: set the base and path of the GraphQL endpoint first, or give a URL or FILE")
            }
            return .introspectGraphQL(url: nil)
        case .schema(let location?):
            if Self.isURL(location) { return .introspectGraphQL(url: location) }
            let bytes = try context.readFile(location)
            let api = try Self.graphqlSchema(bytes, source: location)
            graphqlSchema = api
            graphqlSchemaLocation = location
            return .output("loaded " + GraphQLText.summary(api, location: location).dropFirst("GraphQL schema from ".count))
        case .schemaOff:
            guard let location = graphqlSchemaLocation else { return .output("(no GraphQL schema loaded)") }
            graphqlSchema = nil
            graphqlSchemaLocation = nil
            return .output("forgot the GraphQL schema from \(location)")
        case .ls(nil):
            return .output(GraphQLText.roots(try requireGraphQLSchema("graphql ls")))
        case .ls(let name?):
            let api = try requireGraphQLSchema("graphql ls")
            return .output(GraphQLText.members(try Self.type(name, in: api, command: "graphql ls")))
        case .describe(let target):
            let api = try requireGraphQLSchema("graphql describe")
            let parts = target.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let type = try Self.type(parts[0], in: api, command: "graphql describe")
            guard parts.count == 2 else { return .output(GraphQLText.describe(type)) }
            let members = type.fields.map(\.name) + type.inputFields.map(\.name)
            if let field = type.field(named: parts[1]) {
                return .output(GraphQLText.describe(field, of: type, in: api))
            }
            if let input = type.inputFields.first(where: { $0.name == parts[1] }) {
                let asField = GraphQLAPI.Field(
                    name: input.name, description: input.description, arguments: [], type: input.type, deprecationReason: nil)
                return .output(GraphQLText.describe(asField, of: type, in: api))
            }
            throw WorkbenchError(
                "graphql describe: \(type.name) has no field \(Excerpt.quoted(parts[1]))"
                    + Suggestion.didYouMean(parts[1], among: members))
        }
    }

    /// SDL or an introspection result (JSON: it starts with `{`).
    static func graphqlSchema(_ bytes: [UInt8], source: String) throws(WorkbenchError) -> GraphQLAPI {
        let text = String(decoding: bytes, as: UTF8.self)
        let start = text.unicodeScalars.first { !$0.properties.isWhitespace && $0 != "\u{FEFF}" }
        if start == "{" {
            let value: JSONValue
            do {
                value = try JSONParser.parse(bytes, skippingByteOrderMark: true)
            } catch  where error.isNestingBound {
                throw WorkbenchError("\(source): JSON \(error)")
            } catch {
                throw WorkbenchError("\(source): not valid JSON: \(error)")
            }
            return try GraphQLAPI(introspection: value, source: source)
        }
        return try GraphQLAPI(sdl: text, source: source)
    }

    /// The answer to the introspection query, from `url` (the request's own when nil).
    public mutating func adoptIntrospection(_ bytes: [UInt8], location: String) throws(WorkbenchError) -> String {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes, skippingByteOrderMark: true)
        } catch  where error.isNestingBound {
            throw WorkbenchError("graphql schema: \(location) answered JSON \(error)")
        } catch {
            throw WorkbenchError("graphql schema: \(location) did not answer JSON: \(error)")
        }
        let api = try GraphQLAPI(introspection: value, source: location)
        graphqlSchema = api
        graphqlSchemaLocation = location
        return "loaded " + GraphQLText.summary(api, location: location).dropFirst("GraphQL schema from ".count)
    }

    /// After `load` or `restore`: a schema file the session names is read again (a
    /// URL is not fetched behind the user's back: the note says how). A session file
    /// (`input`) names it: within `localFiles`, and what fails is said without the
    /// file's text (the session may name any file).
    mutating func reloadGraphQLSchema(after outcome: CommandOutcome, namedBy input: String? = nil, context: CommandContext)
        -> CommandOutcome
    {
        graphqlSchema = nil
        guard let location = graphqlSchemaLocation else { return outcome }
        var line: String
        var warning: String?
        if Self.isURL(location) {
            line = Self.schemaNotLoaded(location)
        } else if let input, let reason = localFiles.refusal(of: location, namedBy: input) {
            line = ""
            warning = "warning: the session's GraphQL schema was not loaded: \(input) \(reason): \(LocalFileRule.howToAllow)"
        } else if input != nil {
            do throws(WorkbenchError) {
                let api = try Self.graphqlSchema(try context.readFile(location), source: location)
                graphqlSchema = api
                line = "loaded " + GraphQLText.summary(api, location: location).dropFirst("GraphQL schema from ".count)
            } catch {
                line = ""
                warning =
                    "warning: the session's GraphQL schema \(Excerpt.quoted(location, limit: 200)) was not loaded: "
                    + "not a readable GraphQL schema (`graphql schema \(location)` says why)"
            }
        } else {
            do throws(WorkbenchError) {
                let api = try Self.graphqlSchema(try context.readFile(location), source: location)
                graphqlSchema = api
                line = "loaded " + GraphQLText.summary(api, location: location).dropFirst("GraphQL schema from ".count)
            } catch {
                line = ""
                warning = "warning: the session's GraphQL schema was not loaded: \(error.message)"
            }
        }
        switch outcome {
        case .output(let text):
            let joined = line.isEmpty ? text : text + "\n" + line
            return warning.map { .outputWithWarning(joined, warning: $0) } ?? .output(joined)
        case .outputWithWarning(let text, let other, _):
            return .outputWithWarning(line.isEmpty ? text : text + "\n" + line, warning: other + (warning.map { "\n" + $0 } ?? ""))
        default:
            // An outcome with no text to add the line to goes on as it is.
            return outcome
        }
    }

    static func schemaNotLoaded(_ location: String) -> String {
        "the session's GraphQL schema is from \(location), not loaded: `graphql schema \(location)` loads it again"
    }

    func requireGraphQLSchema(_ command: String) throws(WorkbenchError) -> GraphQLAPI {
        if let graphqlSchema { return graphqlSchema }
        if let graphqlSchemaLocation { throw WorkbenchError("\(command): " + Self.schemaNotLoaded(graphqlSchemaLocation)) }
        throw WorkbenchError("\(command): no GraphQL schema: `graphql schema [URL|FILE]` loads one")
    }

    static func type(_ name: String, in api: GraphQLAPI, command: String) throws(WorkbenchError) -> GraphQLAPI.TypeInfo {
        if let type = api.type(named: name) { return type }
        throw WorkbenchError(
            "\(command): no type \(Excerpt.quoted(name)) in the schema" + Suggestion.didYouMean(name, among: api.types.map(\.name)))
    }
}
