/// Writes a session as pretty JSON with a fixed key order, so files diff well in git.
public enum SessionEncoding {
    public static func encode(_ document: SessionDocument) -> [UInt8] {
        let value = JSONValue.object([
            member("format", .string(SessionDocument.formatName)),
            member("version", .number(String(SessionDocument.formatVersion))),
            member("endpoint", encode(document.endpoint)),
            member("variables", .object(document.variables.keys.sorted().map { member($0, .string(document.variables[$0] ?? "")) })),
            member("secrets", .array(document.secretNames.map { .string($0) })),
            member("settings", encode(document.settings)),
            member("requests", .array(document.requests.map(encode))),
        ])
        return pretty(value)
    }

    /// Pretty JSON text of `value`, ending with a newline.
    static func pretty(_ value: JSONValue) -> [UInt8] {
        JSONFormatter.format(Array(value.jsonText.utf8), palette: nil)
    }

    static func member(_ key: String, _ value: JSONValue) -> JSONMember {
        JSONMember(key: key, value: value)
    }

    static func encode(_ endpoint: Endpoint) -> JSONValue {
        var members = [
            member("base", endpoint.base.map { .string($0) } ?? .null),
            member("method", .string(endpoint.method)),
            member("path", .string(endpoint.path)),
            member("segments", .array(endpoint.segments.map { .string($0) })),
            member("query", .array(endpoint.query.map(encode))),
            member("headers", .array(endpoint.headers.map { pair($0.name, $0.value) })),
        ]
        // Only where set, so files without removed defaults stay as they were.
        if !endpoint.omittedDefaults.isEmpty {
            members.append(member("omittedHeaders", .array(endpoint.omittedDefaults.map { .string($0) })))
        }
        members.append(member("body", encode(endpoint.body)))
        return .object(members)
    }

    /// A query item; `encoded` and `bare` only where set, so files stay small.
    static func encode(_ item: QueryItem) -> JSONValue {
        var members = [member("name", .string(item.name)), member("value", .string(item.value))]
        if item.isEncoded { members.append(member("encoded", .bool(true))) }
        if item.isBare { members.append(member("bare", .bool(true))) }
        return .object(members)
    }

    static func pair(_ name: String, _ value: String) -> JSONValue {
        .object([member("name", .string(name)), member("value", .string(value))])
    }

    static func encode(_ body: Body?) -> JSONValue {
        switch body {
        case nil: .null
        case .text(let text): .object([member("kind", .string("text")), member("text", .string(text))])
        case .json(let text): .object([member("kind", .string("json")), member("text", .string(text))])
        case .form(let fields):
            .object([member("kind", .string("form")), member("fields", .array(fields.map { pair($0.name, $0.value) }))])
        case .file(let path): .object([member("kind", .string("file")), member("path", .string(path))])
        }
    }

    static func encode(_ settings: Settings) -> JSONValue {
        .object([
            member("follow", .bool(settings.followRedirects)),
            member("timeout", .number(Quantities.trimmed(settings.timeout))),
            member("insecure", .bool(settings.insecure)),
            member("color", .string(settings.color.rawValue)),
            member("maxBody", .number(String(settings.maxBodyBytes))),
        ])
    }

    static func encode(_ record: RequestRecord) -> JSONValue {
        .object([
            member("endpoint", encode(record.endpoint)),
            member("settings", encode(record.settings)),
            member("captures", .array(record.captures.map {
                .object([member("name", .string($0.name)), member("from", .string($0.sourceText))]
                    + ($0.isSecret ? [member("secret", .bool(true))] : []))
            })),
            member("expectations", .array(record.expectations.map { .string($0.text) })),
            member("response", record.response.map(encode) ?? .null),
        ])
    }

    static func encode(_ response: RecordedResponse) -> JSONValue {
        .object([
            member("status", .number(String(response.statusCode))),
            member("statusLine", .string(response.statusLine)),
            member("headers", .array(response.headers.map { pair($0.name, $0.value) })),
            member("body", response.body.map { .string($0) } ?? .null),
            member("bodySize", .number(String(response.bodySize))),
            member("elapsedMs", .number(Quantities.trimmed(response.elapsedMilliseconds))),
        ])
    }
}
