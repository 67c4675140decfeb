/// How a response body should be shown: as JSON, as text in a charset, or not at all.
public enum BodyKind: Equatable, Sendable {
    case empty
    case json
    /// JSON Lines / NDJSON or an RFC 7464 JSON text sequence: one value after another.
    case jsonSequence
    case text(charset: String)
    case binary(mediaType: String)

    /// Decides from the Content-Type first and from the bytes when it is missing or vague.
    public static func classify(_ response: HTTPResponse) -> BodyKind {
        let body = response.body
        if body.isEmpty { return .empty }
        let contentType = response.contentType
        let charset = contentType.flatMap(HTTPResponse.charset(of:))
        if let type = contentType.map(HTTPResponse.mediaType(of:)), !type.isEmpty {
            if isJSONSequenceType(type) { return .jsonSequence }
            if isJSONType(type) { return .json }
            if isTextType(type) { return .text(charset: charset ?? "utf-8") }
            if isBinaryType(type) { return .binary(mediaType: type) }
        }
        // No type, or one we cannot judge: look at the bytes.
        if looksLikeJSON(body) { return .json }
        if let charset, charset != "utf-8" && charset != "utf8" { return .text(charset: charset) }
        if isBinaryContent(body) { return .binary(mediaType: response.mediaType ?? "application/octet-stream") }
        return .text(charset: charset ?? "utf-8")
    }

    static func isJSONType(_ type: String) -> Bool {
        type == "application/json" || type.hasSuffix("+json") || type == "text/json"
    }

    /// Types whose body is one JSON value per line (or per RS): NDJSON, JSON
    /// Lines under its several names, RFC 7464 sequences (`+json-seq` too),
    /// and `application/stream+json`, which servers such as Spring send as NDJSON.
    static func isJSONSequenceType(_ type: String) -> Bool {
        type.hasSuffix("+json-seq") || [
            "application/x-ndjson", "application/ndjson", "application/jsonl", "application/x-jsonl",
            "application/jsonlines", "application/x-jsonlines", "application/json-seq", "application/stream+json",
            "application/x-json-stream",
        ].contains(type)
    }

    static func isTextType(_ type: String) -> Bool {
        if type.hasPrefix("text/") || type.hasSuffix("+xml") { return true }
        return [
            "application/xml", "application/javascript", "application/ecmascript", "application/x-www-form-urlencoded",
            "application/x-sh", "application/sql", "application/graphql", "application/yaml", "application/x-yaml",
            "application/toml", "image/svg+xml",
        ].contains(type)
    }

    static func isBinaryType(_ type: String) -> Bool {
        type.hasPrefix("image/") || type.hasPrefix("audio/") || type.hasPrefix("video/") || type.hasPrefix("font/")
            || [
                "application/octet-stream", "application/pdf", "application/zip", "application/gzip",
                "application/x-gzip", "application/x-tar", "application/wasm", "application/protobuf",
                "application/x-protobuf", "application/msgpack", "application/vnd.ms-excel",
            ].contains(type)
    }

    /// Starts with `{` or `[` after a byte order mark and white space, and is valid JSON.
    static func looksLikeJSON(_ body: [UInt8]) -> Bool {
        body.withUnsafeBufferPointer { buffer in
            var tokenizer = JSONTokenizer(buffer, skippingByteOrderMark: true)
            let first = tokenizer.next().kind
            return (first == .beginObject || first == .beginArray) && tokenizer.checkToEnd()
        }
    }

    /// NUL bytes or invalid UTF-8 in the first 8 KiB mean binary.
    static func isBinaryContent(_ body: [UInt8]) -> Bool {
        var sample = Array(body.prefix(8192))
        if sample.contains(0) { return true }
        // A multi-byte sequence cut at the sample's end is not a sign of binary.
        if body.count > sample.count {
            var trailing = 0
            while trailing < 3, let last = sample.last, last & 0xC0 == 0x80 || last >= 0xC0 {
                sample.removeLast()
                trailing += 1
                if last >= 0xC0 { break }
            }
        }
        return String(validating: sample, as: UTF8.self) == nil
    }
}
