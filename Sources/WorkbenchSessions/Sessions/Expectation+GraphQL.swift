import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs

/// A replayed GraphQL request whose response holds `errors` fails, unless one of
/// its expectations is about those errors (`expect json $.errors exists`,
/// `expect json $.errors[0].message == "..."`): then the expectations decide.
extension Expectation {
    var isAboutGraphQLErrors: Bool {
        let path: JSONPath
        switch self {
        case .jsonExists(let found), .jsonEquals(let found, _), .jsonCompare(let found, _, _): path = found
        default: return false
        }
        return ["$.errors", "$['errors']", "$[\"errors\"]"].contains {
            path.text == $0 || path.text.hasPrefix($0 + "[") || path.text.hasPrefix($0 + ".")
        }
    }
}

extension Replayer {
    /// The failure to add for a GraphQL response with errors, if any.
    static func graphqlFailure(_ record: RequestRecord, _ response: HTTPResponse) -> String? {
        guard case .graphql = record.endpoint.body,
            !record.effectiveExpectations.contains(where: \.isAboutGraphQLErrors)
        else { return nil }
        return GraphQLResponseErrors.failure(response)
    }
}
