import WorkbenchBasics

/// What puts a prepared request on the wire and brings the response back.
///
/// libcurl (`CurlTransport`) is the production engine; unit tests use a
/// scripted fake, so sending, replay and recording are tested without a socket.
public protocol HTTPTransport: AnyObject {
    func send(_ request: PreparedRequest, settings: Settings, options: SendOptions) throws(WorkbenchError) -> HTTPResponse
}

extension CurlTransport: HTTPTransport {}
