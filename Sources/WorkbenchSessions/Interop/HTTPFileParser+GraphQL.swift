import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs

/// JetBrains' `GRAPHQL URL` requests: the body is the document, then (after a blank line)
/// the variables as a JSON object; sent as POST `{"query", "variables"}`, as `body graphql` sends.
extension HTTPFileParser {
    static func graphqlBody(_ body: Body?) throws(WorkbenchError) -> Body {
        let text: String
        switch body {
        case .text(let typed)?, .json(let typed)?: text = typed
        case nil: throw WorkbenchError("a GRAPHQL request needs a query in its body")
        default: throw WorkbenchError("a GRAPHQL request's body is the query itself, not a file")
        }
        var query = text
        var variables: String?
        // The variables: the last block after a blank line, when it is a JSON object.
        if let blank = text.ranges(of: "\n\n").last {
            let tail = String(text[blank.upperBound...]).trimmingSpaces()
            if tail.hasPrefix("{"), (try? GraphQLDocument.checkVariables(tail)) != nil, (try? GraphQLDocument.check(tail)) == nil {
                query = String(text[..<blank.lowerBound])
                variables = tail
            }
        }
        let operations = try GraphQLDocument.check(query)
        return .graphql(
            GraphQLBody(
                query: query, variables: variables,
                operationName: operations.count == 1 ? operations[0].name : nil))
    }
}
