import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs
import WorkbenchSessions

/// `graphql schema [URL]`: the introspection query sent as any request is (proxy,
/// certificates, cookies, the request's headers and auth), but not kept in the history.
extension Interpreter {
    /// The line that says what was loaded.
    func introspectGraphQL(_ url: String?) throws(WorkbenchError) -> String {
        let scope = workspace.scope(environment: context.environment)
        var endpoint = workspace.endpoint
        if let url {
            guard url.contains("://") else { throw WorkbenchError("graphql schema: \(url) is not a URL") }
            let (origin, path) = Endpoint.originAndTarget(of: url)
            // Credentials belong to their origin: another origin gets none of the request's headers or auth.
            let current = try? endpoint.resolvedBase(in: scope).origin
            let target = try BaseURL.parse(Template.expand(origin, in: scope)).origin
            if current?.lowercased() != target.lowercased() {
                endpoint = Endpoint(base: origin)
            } else {
                endpoint.base = origin
            }
            endpoint.query = []
            endpoint.segments = []
            try endpoint.setPath(path)
        }
        endpoint.method = "POST"
        endpoint.body = .graphql(GraphQLBody(query: GraphQLAPI.introspectionQuery, operationName: "IntrospectionQuery"))
        if !endpoint.headers.contains(name: "Accept") {
            endpoint.setHeader("Accept", "application/graphql-response+json, application/json")
        }
        let request = try endpoint.prepare(in: scope, readFile: context.readFile)
        let location = url ?? request.shownURL
        var settings = workspace.settings
        settings.maxBodyBytes = max(settings.maxBodyBytes, FileSystem.defaultReadLimit)
        let response = try sender().send(request, settings: settings, cookies: workspace.cookies)
        guard (200..<300).contains(response.statusCode) else {
            let reason = GraphQLResponseErrors.entries(response).first.map { ": " + $0.text } ?? ""
            throw WorkbenchError("graphql schema: \(location) answered \(response.statusLine)\(reason)")
        }
        return try workspace.adoptIntrospection(response.body, location: location)
    }
}
