import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs

/// A GraphQL body in a Hurl file: Hurl's own ```` ```graphql ```` body (the document,
/// then `variables { ... }`), which Hurl sends as `{"query", "variables"}`. Hurl has no
/// operation name, so a document of several operations goes as the JSON it is.
extension HurlExport {
    static func graphqlBody(_ graphql: GraphQLBody, portable: PortableRequest) -> [String] {
        let operations = (try? GraphQLDocument.check(graphql.query)) ?? []
        // Hurl's body ends at a line of three backticks, and `variables` starts the variables.
        let lines = graphql.query.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let expressible =
            operations.count <= 1
            && !lines.contains { $0.trimmingSpaces().hasPrefix("```") || $0.trimmingSpaces().hasPrefix("variables") }
        guard expressible else {
            return [graphql.typedPayload]
        }
        var body = ["```graphql"] + lines
        if let variables = graphql.variables {
            body +=
                [""] + ("variables " + variables.trimmingSpaces()).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        return body + ["```"]
    }
}
