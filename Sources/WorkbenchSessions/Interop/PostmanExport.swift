import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs

/// `export postman [--session]`: the requests as a Postman collection v2.1
/// (https://schema.getpostman.com/json/collection/v2.1.0/collection.json),
/// which Postman, Insomnia, Bruno and Hoppscotch import.
///
/// Written here: a mapping of our records onto the schema. References stay
/// references (Postman's `{{name}}` is ours; `{{env.NAME}}` becomes
/// `{{NAME}}`); plain variables are the collection's variables, secret ones are
/// named with an empty value (their values never leave), auth helpers become
/// the request's `auth`, status and time expectations become `pm.test` lines.
enum PostmanExport {
    static let schema = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"

    static func text(records: [RequestRecord], variables: Variables) throws(WorkbenchError) -> String {
        var items: [JSONValue] = []
        for (index, record) in records.enumerated() {
            do throws(WorkbenchError) {
                items.append(try item(record, variables: variables))
            } catch {
                throw WorkbenchError(records.count > 1 ? "request \(index + 1): \(error.message)" : error.message)
            }
        }
        let referenced = records.flatMap(\.endpoint.referencedVariables)
        var declared: [JSONValue] = []
        for name in variables.names where referenced.contains(name) {
            let value = variables.isSecret(name) ? "" : (variables.value(of: name) ?? "")
            declared.append(
                .object(
                    [member("key", .string(name)), member("value", .string(value)), member("type", .string("string"))]
                        + (variables.isSecret(name) ? [member("description", .string("secret: give its value in Postman"))] : [])))
        }
        let collection: JSONValue = .object([
            member(
                "info",
                .object([
                    member("name", .string("workbench export")),
                    member("description", .string("Exported by workbench \(WorkbenchVersion.current)")),
                    member("schema", .string(schema)),
                ])),
            member("item", .array(items)),
            member("variable", .array(declared)),
        ])
        // The recorded responses were masked when kept; a secret captured since is masked here.
        let redactor = SecretRedactor(secrets: variables.entries.values.filter(\.isSecret).map(\.value))
        return redactor.redact(String(decoding: SessionEncoding.pretty(collection), as: UTF8.self))
    }

    static func render(_ part: Template.Part) -> String {
        switch part {
        case .literal(let text): text
        case .variable(let name): "{{\(name)}}"
        case .environment(let name): "{{\(name)}}"
        }
    }

    static func item(_ record: RequestRecord, variables: Variables? = nil) throws(WorkbenchError) -> JSONValue {
        let portable = try PortableRequest(record.endpoint, variables: variables, render: render)
        var request: [JSONMember] = [
            member("method", .string(portable.method)),
            member(
                "header",
                .array(
                    portable.headers.filter { !$0.hasName("Content-Type") || portable.body.map(isRaw) != false }.map { field in
                        .object([member("key", .string(field.name)), member("value", .string(field.value))])
                    })),
            member("url", url(portable.url)),
        ]
        if let auth = portable.auth {
            request.insert(member("auth", auth.scheme.kind.postman(auth)), at: 0)
        }
        if let body = portable.body { request.append(member("body", try bodyObject(body, text: portable.bodyText))) }
        let name = "\(portable.method) \(record.endpoint.path.isEmpty ? "/" : record.endpoint.path)"
        var members = [
            member("name", .string(name)),
            member("request", .object(request)),
            // What it got when last sent, as a saved example response.
            member("response", .array(record.response.map { [example($0, request: .object(request), name: name)] } ?? [])),
        ]
        let behaviour = protocolProfileBehavior(record, method: portable.method, hasBody: portable.body != nil)
        if !behaviour.isEmpty { members.append(member("protocolProfileBehavior", .object(behaviour))) }
        let checks = record.expectations.compactMap(\.postmanTest)
        if !checks.isEmpty {
            members.insert(
                member(
                    "event",
                    .array([
                        .object([
                            member("listen", .string("test")),
                            member(
                                "script",
                                .object([member("type", .string("text/javascript")), member("exec", .array(checks.map { .string($0) }))])),
                        ])
                    ])), at: 1)
        }
        return .object(members)
    }

    /// Where Postman's defaults would send something else than the workbench: it follows
    /// redirects unless told not to, and leaves out the body of a GET (HEAD, ...) unless
    /// `disableBodyPruning` (the import reads both back).
    static func protocolProfileBehavior(_ record: RequestRecord, method: String, hasBody: Bool) -> [JSONMember] {
        var behaviour: [JSONMember] = []
        if !record.settings.followRedirects { behaviour.append(member("followRedirects", .bool(false))) }
        if hasBody && PostmanImport.prunedMethods.contains(method) {
            behaviour.append(member("disableBodyPruning", .bool(true)))
        }
        return behaviour
    }

    /// A recorded response as Postman's saved example of the request: status, headers, the body kept.
    static func example(_ response: RecordedResponse, request: JSONValue, name: String) -> JSONValue {
        let words = response.statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
        return .object([
            member("name", .string("\(name) (recorded \(response.statusCode))")),
            member("originalRequest", request),
            member("status", .string(words.count > 2 ? String(words[2]) : "")),
            member("code", .number(String(response.statusCode))),
            member(
                "header",
                .array(
                    response.headers.map { field in
                        .object([member("key", .string(field.name)), member("value", .string(field.value))])
                    })),
            member("body", response.body.map { .string($0) } ?? .null),
            member("responseTime", HARExport.number(response.elapsedMilliseconds)),
        ])
    }

    /// Raw bodies keep their typed Content-Type header; the others' modes say it.
    static func isRaw(_ body: Body) -> Bool {
        switch body {
        case .form, .multipart: false
        default: true
        }
    }

    static func bodyObject(_ body: Body, text: String?) throws(WorkbenchError) -> JSONValue {
        switch body {
        case .text(let raw):
            return .object([member("mode", .string("raw")), member("raw", .string(raw))])
        case .json(let raw):
            return .object([
                member("mode", .string("raw")), member("raw", .string(raw)),
                member("options", .object([member("raw", .object([member("language", .string("json"))]))])),
            ])
        case .form(let fields):
            // PortableRequest encoded them; Postman encodes urlencoded values itself.
            return .object([
                member("mode", .string("urlencoded")),
                member(
                    "urlencoded",
                    .array(
                        fields.map { field in
                            .object([
                                member("key", .string(PercentEncoding.decode(field.name, plusIsSpace: true))),
                                member("value", .string(PercentEncoding.decode(field.value, plusIsSpace: true))),
                            ])
                        })),
            ])
        case .file(let path), .jsonFile(let path), .templateFile(let path):
            return .object([member("mode", .string("file")), member("file", .object([member("src", .string(path))]))])
        case .graphql(let graphql):
            // Postman's GraphQL mode: the document and the variables as text.
            return .object([
                member("mode", .string("graphql")),
                member(
                    "graphql",
                    .object([
                        member("query", .string(graphql.query)), member("variables", .string(graphql.variables ?? "")),
                    ])),
            ])
        case .multipart(let parts):
            return .object([
                member("mode", .string("formdata")),
                member(
                    "formdata",
                    .array(
                        parts.map { part in
                            var fields = [member("key", .string(part.name))]
                            fields.append(part.isFile ? member("type", .string("file")) : member("type", .string("text")))
                            fields.append(part.isFile ? member("src", .string(part.value)) : member("value", .string(part.value)))
                            if let type = part.contentType { fields.append(member("contentType", .string(type))) }
                            return .object(fields)
                        })),
            ])
        }
    }

    /// Postman's URL object: the raw text and its parts (Postman reads the parts).
    static func url(_ raw: String) -> JSONValue {
        var rest = Substring(raw)
        var members = [member("raw", .string(raw))]
        if let scheme = rest.firstRange(of: "://") {
            members.append(member("protocol", .string(String(rest[..<scheme.lowerBound]))))
            rest = rest[scheme.upperBound...]
        }
        let hostEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        var host = rest[..<hostEnd]
        if let colon = host.lastIndex(of: ":"), host[host.index(after: colon)...].allSatisfy(\.isNumber), colon != host.startIndex {
            members.append(member("port", .string(String(host[host.index(after: colon)...]))))
            host = host[..<colon]
        }
        members.insert(
            member("host", .array(host.split(separator: ".", omittingEmptySubsequences: false).map { .string(String($0)) })),
            at: members.count)
        rest = rest[hostEnd...]
        let queryStart = rest.firstIndex(of: "?") ?? rest.endIndex
        let path = rest[..<queryStart]
        members.append(
            member("path", .array(path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { .string(String($0)) })))
        if queryStart < rest.endIndex {
            let query = rest[rest.index(after: queryStart)...]
            members.append(
                member(
                    "query",
                    .array(
                        query.split(separator: "&").map { pair in
                            let equals = pair.firstIndex(of: "=")
                            return .object([
                                member("key", .string(String(pair[..<(equals ?? pair.endIndex)]))),
                                member("value", equals.map { .string(String(pair[pair.index(after: $0)...])) } ?? .null),
                            ])
                        })))
        }
        return .object(members)
    }

    static func member(_ key: String, _ value: JSONValue) -> JSONMember { JSONMember(key: key, value: value) }
}

extension Expectation {
    /// The expectation as a line of a Postman test script, where one maps plainly.
    var postmanTest: String? {
        switch self {
        case .status(.code(let code)):
            return "pm.test(\"status \(code)\", function () { pm.response.to.have.status(\(code)); });"
        case .status(.range(let hundred)):
            return "pm.test(\"status \(hundred)xx\", function () { pm.expect(Math.floor(pm.response.code / 100)).to.eql(\(hundred)); });"
        case .timeBelow(let milliseconds):
            return "pm.test(\"time < \(milliseconds)\", function () { pm.expect(pm.response.responseTime).to.be.below(\(milliseconds)); });"
        default:
            return nil
        }
    }
}
