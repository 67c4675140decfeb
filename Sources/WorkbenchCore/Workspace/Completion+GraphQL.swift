import WorkbenchBasics
import WorkbenchAPIs

/// Completion from the GraphQL schema: inside `body graphql QUERY` (and the lines of
/// `body graphql <<END`), the names that may come next in the document; after
/// `graphql ls|describe`, type names and `Type.field`; after `body graphql operation`,
/// the document's operation names.
extension Completion {
    /// Nil when the line is not a GraphQL one (the usual completion applies).
    func graphqlCandidates(linePrefix: String, before: [String], current: String) -> [String]? {
        if let graphqlDocument {
            guard let api = workspace.graphqlSchema else { return [] }
            return inDocument(graphqlDocument + linePrefix, current: current, api: api)
        }
        let lowered = before.map { $0.lowercased() }
        if lowered.count >= 2, lowered[0] == "body", lowered[1] == "graphql" {
            if lowered.count == 2 && !current.hasPrefix("{") && !current.hasPrefix("<") {
                let keywords = matching(["vars", "operation", "<<END", "query", "mutation", "subscription", "{"], current)
                if !current.isEmpty || workspace.graphqlSchema == nil { return keywords }
            }
            if lowered.count >= 3 && ["vars", "variables"].contains(lowered[2]) { return [] }
            if lowered.count >= 3 && lowered[2] == "operation" {
                guard lowered.count == 3, case .graphql(let body)? = workspace.endpoint.body,
                    let operations = try? GraphQLDocument.check(body.query)
                else { return [] }
                return matching(operations.compactMap(\.name) + ["clear"], current)
            }
            guard let api = workspace.graphqlSchema, let start = documentStart(linePrefix) else { return [] }
            return inDocument(String(linePrefix[start...]), current: current, api: api)
        }
        guard lowered.first == "graphql" else { return nil }
        switch lowered.count {
        case 1:
            return matching(APICommands.graphql.subcommands, current)
        case 2 where lowered[1] == "schema":
            return matching(["off"], current) + filesFor(current)
        case 2 where lowered[1] == "ls" || lowered[1] == "describe":
            guard let api = workspace.graphqlSchema else { return [] }
            if lowered[1] == "describe", let dot = current.firstIndex(of: ".") {
                let typeName = String(current[..<dot])
                guard let type = api.type(named: typeName) else { return [] }
                let names = (type.fields.map(\.name) + type.inputFields.map(\.name)).filter(GraphQLCompletion.isName)
                return matching(names.map { typeName + "." + $0 }, current)
            }
            return matching(api.userTypes.map(\.name).filter(GraphQLCompletion.isName), current)
        default:
            return []
        }
    }

    /// Where the document starts in `body graphql ...`: after the second word.
    private func documentStart(_ linePrefix: String) -> String.Index? {
        var index = linePrefix.startIndex
        for _ in 0..<2 {
            while index < linePrefix.endIndex, linePrefix[index] == " " || linePrefix[index] == "\t" {
                index = linePrefix.index(after: index)
            }
            while index < linePrefix.endIndex, linePrefix[index] != " " && linePrefix[index] != "\t" {
                index = linePrefix.index(after: index)
            }
        }
        return index
    }

    /// Candidates replacing the current word: what it holds before the name being typed, then each name.
    private func inDocument(_ document: String, current: String, api: GraphQLAPI) -> [String] {
        let result = GraphQLCompletion.candidates(document, api: api)
        guard current.hasSuffix(result.partial) else { return [] }
        let kept = current.dropLast(result.partial.count)
        return result.names.map { kept + $0 }
    }
}
