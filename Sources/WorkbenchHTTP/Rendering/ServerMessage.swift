import WorkbenchBasics

/// Finds the server's own explanation in a JSON error body, as seed 5's
/// ServerError tried to: the first of the common fields that holds a string.
public enum ServerMessage {
    /// Paths tried in order: `message`, `error`, `error.message`, `status_message`, `detail`, `data`.
    public static func find(in body: [UInt8]) -> String? {
        guard var value = try? JSONParser.parse(body, skippingByteOrderMark: true) else { return nil }
        // A body nested 100,000 deep must be freed without recursion.
        defer { value.dismantle() }
        let candidates: [JSONValue?] = [
            value["message"], value["error"], value["error"]?["message"], value["status_message"],
            value["detail"], value["data"], value["error_description"], value["title"],
        ]
        for candidate in candidates {
            if let text = candidate?.stringValue, !text.isEmpty { return text }
        }
        return nil
    }

    /// `401 Unauthorized: Invalid API key` for a 4xx/5xx response, or nil.
    /// `kind`: the body's kind when the caller already classified it (saves a scan).
    public static func summary(for response: HTTPResponse, kind: BodyKind? = nil) -> String? {
        guard response.statusCode >= 400, (kind ?? BodyKind.classify(response)) == .json,
            let message = find(in: response.body)
        else { return nil }
        let reason = StatusText.reason(for: response.statusCode)
        let kind = response.statusCode >= 500 ? "server error" : "client error"
        return "\(kind): \(response.statusCode)\(reason.isEmpty ? "" : " " + reason): \(message)"
    }
}
