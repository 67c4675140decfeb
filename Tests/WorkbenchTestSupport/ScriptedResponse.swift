import WorkbenchHTTP

/// A response as a server would send it: the status with its reason, JSON by default, and a
/// total time, so what is kept and reported of it has every part.
public func scriptedResponse(
    _ status: Int, _ body: String, headers: [HeaderField] = [HeaderField(name: "Content-Type", value: "application/json")]
) -> HTTPResponse {
    var response = HTTPResponse(
        statusLine: "HTTP/1.1 \(status) \(StatusText.reason(for: status))", statusCode: status,
        headers: headers, body: Array(body.utf8))
    response.timings.total = 0.012
    return response
}
