import WorkbenchBasics
import WorkbenchHTTP

/// `graphql schema [URL]`: the standard introspection query sent as any request is (proxy,
/// certificates, cookies, the request's headers and auth), but not kept in the history. A
/// type of its own, with no interpreter: the request is built from the endpoint being edited
/// and sent through a `Sender`.
public struct GraphQLIntrospection {
    /// The endpoint the query goes to: the request being built, or `url` when given (another
    /// origin than the request's gets none of its headers or auth: credentials stay with theirs).
    public var endpoint: Endpoint
    /// The URL asked for; nil: the request's own.
    let url: String?

    public init(from endpoint: Endpoint, url: String?, in scope: VariableScope) throws(WorkbenchError) {
        var endpoint = endpoint
        if let url {
            guard url.contains("://") else { throw WorkbenchError("graphql schema: \(url) is not a URL") }
            let (origin, path) = Endpoint.originAndTarget(of: url)
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
        self.endpoint = endpoint
        self.url = url
    }

    /// Sends the query: the response (its body the introspection result) and what the schema
    /// is said to come from (`url`, or the request's URL, masked). A status other than 2xx is
    /// an error naming the first GraphQL error of the reply, if any.
    public func fetch(
        with sender: Sender, in scope: VariableScope, settings: Settings, cookies: CookieJar
    ) throws(WorkbenchError) -> (response: HTTPResponse, location: String) {
        let request = try endpoint.prepare(in: scope.forWire, readFile: sender.readFile)
        let location = url ?? request.shownURL
        var settings = settings
        settings.maxBodyBytes = max(settings.maxBodyBytes, FileSystem.defaultReadLimit)
        let response = try sender.send(request, settings: settings, cookies: cookies, in: scope)
        guard (200..<300).contains(response.statusCode) else {
            let reason = GraphQLResponseErrors.entries(response).first.map { ": " + $0.text } ?? ""
            throw WorkbenchError("graphql schema: \(location) answered \(response.statusLine)\(reason)")
        }
        return (response, location)
    }
}
