import WorkbenchBasics

/// The one way a request goes out: the endpoint prepared in a scope (templates, credentials
/// of its origin only, the body the method holds back), the cookie jar, the settings and the
/// transport. Sending, replay, the flows' token requests and the fetches of descriptions and
/// schemas all go through here, so a request is built one way whatever sends it.
public struct Sender {
    public var transport: HTTPTransport
    /// Ctrl-C, progress, the output file, the stream: as the caller wants them for this send.
    public var options: SendOptions
    public var readFile: (String) throws(WorkbenchError) -> [UInt8]

    public init(
        transport: HTTPTransport, options: SendOptions = SendOptions(),
        readFile: @escaping (String) throws(WorkbenchError) -> [UInt8] = FileSystem.read
    ) {
        self.transport = transport
        self.options = options
        self.readFile = readFile
    }

    /// Prepares `endpoint` in `scope` and sends it with `cookies`; the request as prepared
    /// (for what is kept and reported) and the response, whose `cookies` is the jar after it.
    public func send(
        _ endpoint: Endpoint, in scope: VariableScope, settings: Settings,
        cookies: CookieJar
    ) throws(WorkbenchError) -> (request: PreparedRequest, response: HTTPResponse) {
        let request = try endpoint.prepare(in: scope.forWire, readFile: readFile)
        return (request, try send(request, settings: settings, cookies: cookies, in: scope))
    }

    /// A request already prepared (an OAuth 2.0 token request, which `OAuth2Protocol` builds);
    /// `scope` holds the proxy password's secret variable, if the proxy has a login.
    public func send(
        _ request: PreparedRequest, settings: Settings, cookies: CookieJar, in scope: VariableScope
    ) throws(WorkbenchError) -> HTTPResponse {
        var options = options
        options.cookies = cookies
        let settings = try settings.forWire(in: scope)
        return try transport.send(request, settings: settings, options: options)
    }

    /// The one description fetcher (`openapi URL`, a session's description on replay): a GET
    /// of `url` asking for JSON or YAML, redirects followed, the body allowed as large as a file
    /// read, a status outside 2xx an error (`failure` words it: each command says it its way).
    public func fetchDocument(
        _ url: String, in scope: VariableScope = VariableScope(), settings: Settings = Settings(),
        cookies: CookieJar = CookieJar(),
        failure: (HTTPResponse) -> WorkbenchError
    ) throws(WorkbenchError) -> HTTPResponse {
        var endpoint = Endpoint()
        _ = try endpoint.setURL(url)
        endpoint.setHeader("Accept", "application/json, application/yaml;q=0.9, */*;q=0.5")
        var settings = settings
        settings.followRedirects = true
        settings.maxBodyBytes = max(settings.maxBodyBytes, FileSystem.defaultReadLimit)
        let response = try send(endpoint, in: scope, settings: settings, cookies: cookies).response
        guard (200..<300).contains(response.statusCode) else { throw failure(response) }
        return response
    }
}
