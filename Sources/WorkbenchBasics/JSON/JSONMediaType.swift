/// Which media types hold JSON: one value, or a sequence of values.
public enum JSONMediaType {
    /// `application/json`, any `+json` type (`application/problem+json`), `text/json`.
    public static func isJSON(_ type: String) -> Bool {
        type == "application/json" || type.hasSuffix("+json") || type == "text/json"
    }

    /// Types whose body is one JSON value per line (or per RS): NDJSON, JSON
    /// Lines under its several names, RFC 7464 sequences (`+json-seq` too),
    /// and `application/stream+json`, which servers such as Spring send as NDJSON.
    public static func isJSONSequence(_ type: String) -> Bool {
        type.hasSuffix("+json-seq") || sequenceTypes.contains(type)
    }

    /// Made once: every response with a body asks.
    private static let sequenceTypes: Set<String> = [
        "application/x-ndjson", "application/ndjson", "application/jsonl", "application/x-jsonl",
        "application/jsonlines", "application/x-jsonlines", "application/json-seq", "application/stream+json",
        "application/x-json-stream",
    ]
}
