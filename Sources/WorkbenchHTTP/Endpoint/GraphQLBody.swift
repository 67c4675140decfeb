import WorkbenchBasics

/// `body graphql QUERY` (and `body graphql vars JSON`, `body graphql operation NAME`):
/// a GraphQL operation as typed. It is sent as the JSON object the GraphQL-over-HTTP
/// convention names, `{"query", "variables", "operationName"}`, built when the request
/// is, so variables (`{{NAME}}`) in the query or the variables are filled in then.
public struct GraphQLBody: Equatable, Sendable {
    /// The document as typed (checked when typed: `GraphQLDocument.check`).
    public var query: String
    /// The operation's variables: a JSON object as typed, templates allowed.
    public var variables: String?
    /// Which operation of the document to run; nil: the document's only one.
    public var operationName: String?

    public init(query: String, variables: String? = nil, operationName: String? = nil) {
        self.query = query
        self.variables = variables
        self.operationName = operationName
    }

    /// Every text a template may stand in.
    var texts: [String] { [query] + (variables.map { [$0] } ?? []) }

    /// The payload with `{{NAME}}` references left as typed (exports, which keep
    /// them as their own variables): the query as a JSON string, the variables as typed.
    public var typedPayload: String {
        var text = "{\"query\":" + JSONValue.string(query).jsonText
        if let variables { text += ",\"variables\":" + variables.trimmingSpaces() }
        if let operationName { text += ",\"operationName\":" + JSONValue.string(operationName).jsonText }
        return text + "}"
    }

    /// The bytes sent: members absent when not set (servers differ on `null`), the
    /// query a JSON string, the variables as typed, checked to be a JSON object once filled in.
    func payload(in scope: VariableScope) throws(WorkbenchError) -> [UInt8] {
        var text = "{\"query\":" + JSONValue.string(try Template.expand(query, in: scope)).jsonText
        if let variables {
            let expanded = try Template.expand(variables, in: scope)
            let value: JSONValue
            do {
                value = try JSONParser.parse(expanded)
            } catch {
                throw WorkbenchError("GraphQL variables are not valid JSON after expanding variables: \(error)")
            }
            guard case .object = value else {
                throw WorkbenchError("GraphQL variables must be a JSON object, not \(value.kindDescription)")
            }
            // As typed (spaces and number texts kept), so an export of it sends the same bytes.
            text += ",\"variables\":" + expanded.trimmingSpaces()
        }
        if let operationName { text += ",\"operationName\":" + JSONValue.string(operationName).jsonText }
        return Array((text + "}").utf8)
    }
}
