import WorkbenchBasics
import WorkbenchAPIs
import WorkbenchHTTP

/// What `expect schema` checks a response against, beside the response: the
/// API description (or why it could not be loaded, which then fails the
/// check with that reason) and the method and path of the request that got
/// the response.
public struct SchemaSource: Sendable {
    public var description: Result<APIDescription, WorkbenchError>
    public var method: String
    /// The path below the base, templates filled in where they can be.
    public var path: String

    public init(description: Result<APIDescription, WorkbenchError>, method: String, path: String) {
        self.description = description
        self.method = method
        self.path = path
    }

    /// For the request `endpoint` describes, its path expanded in `scope`
    /// (a path whose variables are not set keeps them, which still finds the
    /// operation: a `{{id}}` segment stands where a `{petId}` does).
    public init(description: Result<APIDescription, WorkbenchError>, endpoint: Endpoint, scope: VariableScope) {
        let path = endpoint.typedPathWithSegments
        self.init(description: description, method: endpoint.method, path: (try? Template.expand(path, in: scope)) ?? path)
    }
}
