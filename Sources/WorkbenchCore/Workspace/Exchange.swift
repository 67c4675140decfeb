import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchSessions

/// Sending as a stage: a workspace's Endpoint in, the request as sent and the
/// response out, as a value. Nothing is written into the workspace here; the
/// caller commits the exchange (`Workspace.commit`), so a failed send changes
/// nothing, as a failed command does not.
public struct Exchange: Sendable {
    public var request: PreparedRequest
    public var response: HTTPResponse
    /// The history entry: the Endpoint as typed, the settings, the response as kept.
    public var record: RequestRecord

    /// Builds the workspace's request and sends it through `transport`; `redactors`
    /// keeps the redactor between sends (it is made again only when the secrets change).
    /// `withBody`: the send asked for the body whatever the method (`send --body`; a request
    /// that already sends it keeps doing so); the record keeps that, so a replay sends the same; `pathAsIs` (`send --path-as-is`) likewise.
    public static func send(
        _ workspace: Workspace, context: CommandContext, transport: HTTPTransport, options: SendOptions,
        withBody: Bool = false, pathAsIs: Bool = false, lastEventID: String? = nil,
        redactors: SecretRedactorCache = SecretRedactorCache()
    ) throws(WorkbenchError) -> Exchange {
        var endpoint = workspace.endpoint
        if let lastEventID {
            // `send --resume`: for this send (and its record) only; the request being built keeps its headers.
            endpoint.headers.removeAll { $0.hasName("Last-Event-ID") }
            endpoint.headers.append(HeaderField(name: "Last-Event-ID", value: lastEventID))
        }
        // A request imported or taken from the history with its body for any method (`curl -X GET -d`,
        // a `.http` GET with a body, `send --body`) sends it as `show` says; `--body` asks it of this send.
        endpoint.sendsBodyWithAnyMethod = (withBody || endpoint.sendsBodyWithAnyMethod) && endpoint.body != nil
        endpoint.sendsPathAsIs = pathAsIs
        let sender = Sender(transport: transport, options: options, readFile: context.readFile)
        let (request, response): (PreparedRequest, HTTPResponse)
        do throws(WorkbenchError) {
            (request, response) = try sender.send(
                endpoint, in: workspace.scope(environment: context.environment),
                settings: workspace.settings, cookies: workspace.cookies)
        } catch {
            throw workspace.explainingUnchosenEnvironment(workspace.explainingMissingSecret(error), context: context)
        }
        // Cookies this exchange set are secrets in what is kept of it too.
        let redactor = redactors.redactor(
            for: workspace.secretValues(
                environment: context.environment,
                cookies: response.cookies))
        var record = RequestRecord(
            endpoint: endpoint, settings: workspace.settings, response: RecordedResponse(response, redactor: redactor))
        record.sentURL = request.shownURL
        return Exchange(request: request, response: response, record: record)
    }
}
