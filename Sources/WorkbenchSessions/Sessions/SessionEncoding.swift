import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs

/// Writes a session as pretty JSON with a fixed key order, so files diff well in
/// git; members this workbench does not know go back where the file had them
/// (`UnknownMembers`).
public enum SessionEncoding {
    public static func encode(_ document: SessionDocument) -> [UInt8] {
        SessionEncoder().encode(document)
    }

    /// The same bytes as `encode`, made in one pass over the whole document,
    /// as the autosave did before `SessionEncoder` kept each record's text: the
    /// reference the encoder is tested and benchmarked against.
    public static func encodeAtOnce(_ document: SessionDocument) -> [UInt8] {
        pretty(frame(document).setting("requests", to: .array(document.requests.map(encode))))
    }

    /// The document's top level, with its unknown members, and `requests` empty:
    /// the frame the encoded request records go into.
    static func frame(_ document: SessionDocument) -> JSONValue {
        document.unknown.apply(to: canonicalFrame(document))
    }

    /// The top level as this workbench writes it, `requests` empty.
    static func canonicalFrame(_ document: SessionDocument) -> JSONValue {
        .object(
            [
                member("format", .string(SessionDocument.formatName)),
                member("version", .number(String(SessionDocument.formatVersion))),
                member("endpoint", encode(document.endpoint)),
                member("variables", .object(document.variables.keys.sorted().map { member($0, .string(document.variables[$0] ?? "")) })),
                member("secrets", .array(document.secretNames.map { .string($0) })),
                member("settings", encode(document.settings)),
                member("requests", .array([])),
            ] + (document.cookies.isEmpty ? [] : [member("cookies", .array(document.cookies.map(encode)))])
                + (document.openapi.map { [member("openapi", .string($0))] } ?? [])
                + (document.graphqlSchema.map { [member("graphqlSchema", .string($0))] } ?? [])
                + (document.environment.map { [member("environment", encode($0))] } ?? [])
                + (document.grpcSchemas.isEmpty ? [] : [member("grpcDescriptors", encode(document.grpcSchemas))])
                + (document.secretSources.isEmpty
                    ? []
                    : [
                        member(
                            "secretSources",
                            .object(
                                document.secretSources.keys.sorted().map { member($0, .string(document.secretSources[$0]?.text ?? "")) }))
                    ]))
    }

    /// Each server's schema as a base64 `FileDescriptorSet`; one past the bound is left out
    /// (its calls then need reflection again, as before sessions kept schemas).
    static func encode(_ schemas: GRPCSessionSchemas) -> JSONValue {
        .array(
            schemas.entries.compactMap { entry in
                GRPCSessionSchemas.encoded(entry.schema).map {
                    JSONValue.object([member("origin", .string(entry.origin)), member("fileDescriptorSet", .string($0))])
                }
            })
    }

    static func encode(_ environment: SessionEnvironment) -> JSONValue {
        .object([member("name", .string(environment.name))] + (environment.file.map { [member("file", .string($0))] } ?? []))
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
            member("headers", .array(endpoint.headers.map(encode))),
        ]
        // Only where set, so files of requests without them stay as they were.
        if let pasted = endpoint.pathQuery { members.insert(member("pathQuery", .string(pasted)), at: 5) }
        if endpoint.sendsBodyWithAnyMethod { members.append(member("sendsBody", .bool(true))) }
        if endpoint.sendsPathAsIs { members.append(member("pathAsIs", .bool(true))) }
        // Only where set, so files without removed defaults stay as they were.
        if !endpoint.omittedDefaults.isEmpty {
            members.append(member("omittedHeaders", .array(endpoint.omittedDefaults.map { .string($0) })))
        }
        members.append(member("body", encode(endpoint.body)))
        // The one in force as `auth` (what older workbenches read), those bound
        // to other origins beside it.
        if let auth = endpoint.auth { members.append(member("auth", encode(auth))) }
        let others = endpoint.auths.filter { $0 != endpoint.auth }
        if !others.isEmpty { members.append(member("otherAuths", .array(others.map(encode)))) }
        return .object(members)
    }

    /// The secret is a reference (`{{auth_password}}`), never a value; the origin it is sent to.
    static func encode(_ auth: Auth) -> JSONValue {
        var members = [
            member("scheme", .string(auth.scheme.rawValue)),
            member("user", .string(auth.user)), member("secret", .string(auth.secret)),
        ]
        if let origin = auth.origin { members.append(member("origin", .string(origin))) }
        members += auth.scheme.kind.savedMembers(auth)
        return .object(members)
    }

    /// A typed header; a credential with the origin it is sent to.
    static func encode(_ field: HeaderField) -> JSONValue {
        guard let origin = field.origin else { return pair(field.name, field.value) }
        return .object([
            member("name", .string(field.name)), member("value", .string(field.value)),
            member("origin", .string(origin)),
        ])
    }

    /// A query item, saying how it was typed: `encoded` (pasted with a URL, sent
    /// byte for byte) and `bare` (written without `=`), explicit since version 2.
    static func encode(_ item: QueryItem) -> JSONValue {
        .object([
            member("name", .string(item.name)), member("value", .string(item.value)),
            member("encoded", .bool(item.isEncoded)), member("bare", .bool(item.isBare)),
        ])
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
        case .jsonFile(let path): .object([member("kind", .string("jsonFile")), member("path", .string(path))])
        case .templateFile(let path): .object([member("kind", .string("templateFile")), member("path", .string(path))])
        case .multipart(let parts):
            .object([
                member("kind", .string("multipart")),
                member(
                    "parts",
                    .array(
                        parts.map { part in
                            .object(
                                [member("name", .string(part.name)), member(part.isFile ? "file" : "value", .string(part.value))]
                                    + (part.contentType.map { [member("type", .string($0))] } ?? [])
                                    + (part.filename.map { [member("filename", .string($0))] } ?? []))
                        })),
            ])
        case .graphql(let graphql):
            .object(
                [member("kind", .string("graphql")), member("query", .string(graphql.query))]
                    + (graphql.variables.map { [member("variables", .string($0))] } ?? [])
                    + (graphql.operationName.map { [member("operationName", .string($0))] } ?? []))
        }
    }

    /// A cookie without its value: the value is a secret and is never written.
    static func encode(_ cookie: Cookie) -> JSONValue {
        .object([
            member("name", .string(cookie.name)),
            member("domain", .string(cookie.domain)),
            member("subdomains", .bool(cookie.includeSubdomains)),
            member("path", .string(cookie.path)),
            member("secure", .bool(cookie.secure)),
            member("httpOnly", .bool(cookie.httpOnly)),
            member("expires", .number(String(cookie.expires))),
        ])
    }

    static func encode(_ settings: Settings) -> JSONValue {
        .object(
            [
                member("follow", .bool(settings.followRedirects)),
                member("timeout", .number(Quantities.trimmed(settings.timeout))),
                member("insecure", .bool(settings.insecure)),
                member("color", .string(settings.color.rawValue)),
                member("maxBody", .number(String(settings.maxBodyBytes))),
            ] + networkMembers(settings))
    }

    /// Network settings, each only when set, so files without them stay as they were.
    static func networkMembers(_ settings: Settings) -> [JSONMember] {
        var members: [JSONMember] = []
        switch settings.proxy {
        case .environment: break
        case .none: members.append(member("proxy", .string("none")))
        case .url(let url): members.append(member("proxy", .string(url)))
        }
        if let file = settings.caCertificate { members.append(member("cacert", .string(file))) }
        if let file = settings.clientCertificate { members.append(member("cert", .string(file))) }
        if let file = settings.clientKey { members.append(member("key", .string(file))) }
        if settings.httpVersion != .auto { members.append(member("http", .string(settings.httpVersion.rawValue))) }
        return members
    }

    /// A request record with its unknown members.
    static func encode(_ record: RequestRecord) -> JSONValue {
        record.unknown.apply(to: canonical(record))
    }

    /// A request record as this workbench writes it.
    static func canonical(_ record: RequestRecord) -> JSONValue {
        var members: [JSONMember] = [
            member("endpoint", encode(record.endpoint)),
            member("settings", encode(record.settings)),
            member(
                "captures",
                .array(
                    record.captures.map {
                        .object([
                            member("name", .string($0.name)), member("from", .string($0.sourceText)),
                            member("secret", .bool($0.isSecret)),
                        ])
                    })),
            member("expectations", .array(record.expectations.map { .string($0.text) })),
            member("response", record.response.map(encode) ?? .null),
        ]
        // Only for a repeated send, so files of the others stay as they were.
        if let repetition = record.repetition { members.append(member("repeat", encode(repetition, tries: record.tries))) }
        // Only for a WebSocket conversation.
        if let conversation = record.conversation { members.append(member("conversation", encode(conversation))) }
        // Only for a saved comparison.
        if let comparison = record.comparison { members.append(member("comparison", encode(comparison))) }
        return .object(members)
    }

    /// `send --until` / `--retry` and the tries it took.
    static func encode(_ repetition: SendRepetition, tries: [SendTry]) -> JSONValue {
        var members: [JSONMember] = []
        if let until = repetition.until {
            members += [
                member("until", .string(until.text)), member("everySeconds", .number(Quantities.trimmed(repetition.every))),
                member("forSeconds", .number(Quantities.trimmed(repetition.limit))),
            ]
        }
        if repetition.retries > 0 { members.append(member("retry", .number(String(repetition.retries)))) }
        members.append(
            member(
                "tries",
                .array(
                    tries.map { attempt in
                        var fields: [JSONMember] = []
                        if let status = attempt.status { fields.append(member("status", .number(String(status)))) }
                        if let failure = attempt.failure { fields.append(member("failure", .string(failure))) }
                        fields.append(member("elapsedMs", .number(Quantities.trimmed(attempt.elapsedMilliseconds))))
                        if let again = attempt.again { fields.append(member("again", .string(again))) }
                        if let waited = attempt.waitedSeconds {
                            fields.append(member("waitedSeconds", .number(Quantities.trimmed(waited))))
                        }
                        return .object(fields)
                    })))
        return .object(members)
    }

    static func encode(_ response: RecordedResponse) -> JSONValue {
        var members = [
            member("status", .number(String(response.statusCode))),
            member("statusLine", .string(response.statusLine)),
            member("headers", .array(response.headers.map { pair($0.name, $0.value) })),
            member("body", response.body.map { .string($0) } ?? .null),
            member("bodySize", .number(String(response.bodySize))),
            member("elapsedMs", .number(Quantities.trimmed(response.elapsedMilliseconds))),
        ]
        // Only when redirects were followed, so files of the others stay as they were.
        if let statuses = response.redirectStatuses, !statuses.isEmpty {
            members.append(member("redirects", .array(statuses.map { .number(String($0)) })))
        }
        if let events = response.events { members.append(member("events", encode(events))) }
        return .object(members)
    }

    /// An event stream as `events`: the events kept (time in milliseconds from the request's
    /// start when known; `retry` and `tooLarge` only when set), how many came before them, the
    /// last event ID and the server's reconnection time.
    static func encode(_ stream: EventStream) -> JSONValue {
        var members = [member("lastEventId", .string(stream.lastEventID))]
        if stream.dropped > 0 { members.append(member("dropped", .number(String(stream.dropped)))) }
        if let retry = stream.reconnectionTime { members.append(member("retry", .number(String(retry)))) }
        members.append(
            member(
                "list",
                .array(
                    stream.events.map { event in
                        var fields: [JSONMember] = []
                        if let time = event.time {
                            fields.append(member("timeMs", .number(Quantities.trimmed((time * 1_000_000).rounded() / 1000))))
                        }
                        fields.append(member("type", .string(event.type)))
                        fields.append(member("id", .string(event.id)))
                        fields.append(member("data", .string(event.data)))
                        if let retry = event.retry { fields.append(member("retry", .number(String(retry)))) }
                        if event.dataTooLarge { fields.append(member("tooLarge", .bool(true))) }
                        return .object(fields)
                    })))
        return .object(members)
    }
}
