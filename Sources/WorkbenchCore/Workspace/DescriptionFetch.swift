import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs

/// `openapi URL` and `graphql schema [URL]`: a description fetched through the send path as
/// any request is sent (`Sender`: proxy, certificates, cookies, redirects followed for a
/// document), never kept in the history. What is fetched is handed back: the interpreter has
/// the workspace adopt it, so a failed fetch changes nothing.
struct DescriptionFetch {
    let sender: Sender
    /// The workspace's variables and environment.
    let scope: VariableScope
    let settings: Settings
    let cookies: CookieJar

    /// `openapi URL`: the document, and the URL it came from once redirects were followed.
    func openAPIDocument(_ url: String) throws(WorkbenchError) -> (body: [UInt8], sourceURL: String) {
        let response = try sender.fetchDocument(url, in: scope, settings: settings, cookies: cookies) { response in
            WorkbenchError("openapi: \(url) answered \(response.statusLine)")
        }
        return (response.body, response.url.isEmpty ? url : response.url)
    }

    /// `graphql schema [URL]`: the introspection query sent with `endpoint`'s headers and
    /// auth, to URL or to the request's own URL; the result and where it came from.
    func graphQLIntrospection(from endpoint: Endpoint, url: String?) throws(WorkbenchError) -> (body: [UInt8], location: String) {
        let fetched = try GraphQLIntrospection(from: endpoint, url: url, in: scope)
            .fetch(with: sender, in: scope, settings: settings, cookies: cookies)
        return (fetched.response.body, fetched.location)
    }
}
