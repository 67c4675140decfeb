import WorkbenchBasics

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
        // Read only where it matters: a JSON response (most of them) never needs it.
        var charset: String? { contentType.flatMap(HTTPResponse.charset(of:)) }
        if let type = contentType.map(HTTPResponse.mediaType(of:)), !type.isEmpty {
            if JSONMediaType.isJSONSequence(type) { return .jsonSequence }
            if JSONMediaType.isJSON(type) { return .json }
            if isTextType(type) { return .text(charset: charset ?? "utf-8") }
            if isBinaryType(type) { return .binary(mediaType: type) }
        }
        // No type, or one we cannot judge: look at the bytes.
        if looksLikeJSON(body) { return .json }
        let declared = charset
        if let declared, declared != "utf-8" && declared != "utf8" { return .text(charset: declared) }
        if isBinaryContent(body) { return .binary(mediaType: response.mediaType ?? "application/octet-stream") }
        return .text(charset: declared ?? "utf-8")
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
