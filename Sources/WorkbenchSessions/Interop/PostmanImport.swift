import Foundation
import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs

/// A Postman collection (v2.0 or v2.1) read into request records: folders
/// walked in order, collection and folder variables, auth inherited down the
/// tree, bodies by mode; and a Postman environment read into variables.
///
/// Written here: no Swift package reads Postman's formats, and the mapping is
/// the point. Postman's `{{name}}` is the workbench's: collection variables
/// become workspace variables (an environment, imported after, wins over them,
/// as in Postman); a folder's own value of a variable is written into the
/// requests under it, since the workspace has one value per name. What cannot
/// map (scripts, other auth schemes, disabled parts) is named in one warning each.
public enum PostmanImport {
    /// At most this many requests: each becomes a record.
    public static let requestLimit = 100_000

    /// `info.schema` names a Postman collection, or `info` plus `item` look like one; a v1
    /// collection (`requests`); an `item` list of requests or folders without `info` (newman's).
    public static func recognises(_ document: JSONValue) -> Bool {
        if PostmanV1.recognises(document) { return true }
        if document["info"] == nil, case .array(let items) = document["item"], let first = items.first {
            return first["request"] != nil || first["item"] != nil
        }
        guard case .object = document["info"] else { return false }
        if let schema = document["info"]?["schema"]?.stringValue, schema.contains("postman.com/json/collection") { return true }
        if case .array = document["item"] { return true }
        return false
    }

    /// An environment: `{"name", "values": [{"key", "value", "enabled", "type"}], "_postman_variable_scope"}`.
    public static func recognisesEnvironment(_ document: JSONValue) -> Bool {
        guard case .array = document["values"] else { return false }
        return document["_postman_variable_scope"]?.stringValue == "environment" || document["name"]?.stringValue != nil
    }

    /// The enabled variables of an environment; `secret` typed ones are secrets.
    public static func environment(_ document: JSONValue, named file: String) throws(WorkbenchError) -> (
        variables: [FileImport.Variable], warnings: [String]
    ) {
        var variables: [FileImport.Variable] = []
        var warnings: [String] = []
        for value in document["values"]?.items ?? [] {
            guard let key = value["key"]?.stringValue else { continue }
            if value["enabled"] == .bool(false) { continue }
            let name = Self.variableName(key)
            if name != key {
                warnings.append(
                    "\(file): variable \(Excerpt.quoted(key)) is {{\(name)}} here (a workbench name has letters, digits, _ - .)")
            }
            variables.append(
                FileImport.Variable(name: name, value: Self.text(value["value"]), isSecret: value["type"]?.stringValue == "secret"))
        }
        return (variables, warnings)
    }

    /// The requests of a collection, its variables, and one warning per thing not imported.
    public static func read(_ document: JSONValue, named file: String, settings: Settings) throws(WorkbenchError) -> FileImport {
        let document = PostmanV1.recognises(document) ? PostmanV1.asVersion2(document) : document
        var reader = Reader(file: file, settings: settings)
        // Postman follows redirects unless the collection says otherwise.
        reader.settings.followRedirects = document["protocolProfileBehavior"]?["followRedirects"] != .bool(false)
        let behaviour = Behaviour().overridden(by: document["protocolProfileBehavior"])
        for variable in document["variable"]?.items ?? [] {
            guard let key = variable["key"]?.stringValue ?? variable["id"]?.stringValue, variable["disabled"] != .bool(true) else {
                continue
            }
            let name = reader.checkedName(key)
            reader.variables.append(FileImport.Variable(name: name, value: Self.text(variable["value"])))
        }
        reader.scripts(document["event"], where: "the collection")
        let auth = try reader.auth(document["auth"], inherited: nil, where: "the collection")
        try reader.walk(document["item"]?.items ?? [], auth: auth, scope: [:], folder: [], behaviour: behaviour)
        guard !reader.records.isEmpty else {
            throw WorkbenchError(reader.skipped.first ?? "\(file): the collection holds no request")
        }
        let schema = document["info"]?["schema"]?.stringValue ?? ""
        let version = schema.contains("v1.0") ? "v1" : schema.contains("v2.0") ? "v2.0" : "v2.1"
        var imported = FileImport(
            records: reader.records, warnings: reader.skipped.map { $0 + "; skipped" } + reader.warnings,
            kind: "a Postman collection \(version)")
        imported.variables = reader.variables
        return imported
    }

    /// A Postman variable name as a workbench one: other characters become `_`.
    static func variableName(_ key: String) -> String {
        let mapped = String(key.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == ".") ? $0 : "_" })
        let name = mapped.first.map { $0.isLetter || $0 == "_" } == true ? mapped : "_" + mapped
        return name.hasPrefix("env.") ? "_" + name : name
    }

    /// A value as Postman writes it: strings, numbers and booleans as their text.
    static func text(_ value: JSONValue?) -> String {
        switch value {
        case .string(let text): text
        case .number(let text): text
        case .bool(let flag): flag ? "true" : "false"
        default: ""
        }
    }

    /// An auth object in either version's shape: v2.1 `[{"key", "value"}]`, v2.0 `{"key": value}`.
    static func parameters(_ value: JSONValue?) -> [String: String] {
        var result: [String: String] = [:]
        switch value {
        case .array(let items):
            for item in items { if let key = item["key"]?.stringValue { result[key] = text(item["value"]) } }
        case .object(let members):
            for member in members { result[member.key] = text(member.value) }
        default: break
        }
        return result
    }

    /// `protocolProfileBehavior` as it is inherited down the tree (item over folder over collection).
    struct Behaviour {
        var followRedirects: Bool?
        var disableBodyPruning = false

        func overridden(by value: JSONValue?) -> Behaviour {
            var result = self
            if case .bool(let flag)? = value?["followRedirects"] { result.followRedirects = flag }
            if case .bool(let flag)? = value?["disableBodyPruning"] { result.disableBodyPruning = flag }
            return result
        }
    }

    /// Methods whose body Postman's runtime leaves out unless `disableBodyPruning` is set.
    static let prunedMethods: Set<String> = ["GET", "COPY", "HEAD", "PURGE", "UNLOCK"]

    /// Whether a body says nothing, as Postman's `RequestBody.isEmpty` reads it: no mode, an empty
    /// raw text, no form member. Postman sends no body then, whatever the mode (a file body is read as before).
    static func bodyIsEmpty(_ body: JSONValue?) -> Bool {
        guard let body, case .object = body, let mode = body["mode"]?.stringValue, body["disabled"] != .bool(true) else { return true }
        guard mode != "file" else { return false }
        switch body[mode] {
        case nil, .null?: return true
        case .string(let text)?: return text.isEmpty
        case .array(let items)?: return items.isEmpty
        case .object(let members)?: return members.isEmpty
        default: return false
        }
    }

    /// An auth in force down the tree.
    enum InheritedAuth {
        case none
        case auth(Auth.Scheme, user: String, secret: String)
        case apiKey(name: String, value: String, inQuery: Bool)
    }

    struct Reader {
        let file: String
        var settings: Settings
        var records: [RequestRecord] = []
        var warnings: [String] = []
        var variables: [FileImport.Variable] = []
        /// The requests left out, one line each; `requestNumber` counts the requests read so far, from 1.
        var skipped: [String] = []
        var requestNumber = 1
        /// Names warned about once: dynamic variables, renamed keys.
        var named: Set<String> = []

        init(file: String, settings: Settings) {
            self.file = file
            self.settings = settings
        }

        mutating func warn(_ text: String) { warnings.append("\(file): \(text)") }

        mutating func checkedName(_ key: String) -> String {
            let name = PostmanImport.variableName(key)
            if name != key && named.insert("rename " + key).inserted {
                warn("variable \(Excerpt.quoted(key)) is {{\(name)}} here (a workbench name has letters, digits, _ - .)")
            }
            return name
        }

        mutating func scripts(_ events: JSONValue?, where place: String) {
            for event in events?.items ?? [] {
                let exec = event["script"]?["exec"]
                let lines = exec?.stringValue.map { [$0] } ?? (exec?.items.compactMap(\.stringValue) ?? [])
                guard lines.contains(where: { !$0.trimmingSpaces().isEmpty }), event["disabled"] != .bool(true) else { continue }
                let kind = event["listen"]?.stringValue == "prerequest" ? "pre-request script" : "test script"
                warn("\(place): its \(kind) is not run (the workbench runs no JavaScript; `capture` and `expect` do what tests do)")
            }
        }

        /// The auth `value` says, or the inherited one when it says nothing.
        mutating func auth(_ value: JSONValue?, inherited: InheritedAuth?, where place: String) throws(WorkbenchError) -> InheritedAuth? {
            guard let value, case .object = value, let type = value["type"]?.stringValue else { return inherited }
            let parameters = PostmanImport.parameters(value[type])
            switch type {
            case "noauth": return InheritedAuth.none
            case "inherit": return inherited
            case "basic", "digest":
                return .auth(
                    type == "basic" ? .basic : .digest, user: parameters["username"] ?? "",
                    secret: parameters["password"] ?? "")
            case "bearer":
                return .auth(.bearer, user: "", secret: parameters["token"] ?? "")
            case "apikey":
                guard let key = parameters["key"], !key.isEmpty else {
                    warn("\(place): an apikey auth without a key name is not imported")
                    return inherited
                }
                return .apiKey(name: key, value: parameters["value"] ?? "", inQuery: parameters["in"] == "query")
            case "oauth2":
                if let token = parameters["accessToken"], !token.isEmpty {
                    let prefix = parameters["headerPrefix"] ?? "Bearer"
                    if parameters["addTokenTo"] == "queryParams" || (prefix != "Bearer" && !prefix.isEmpty) {
                        warn(
                            "\(place): oauth2 sends its token by \(parameters["addTokenTo"] == "queryParams" ? "query" : "prefix \(Excerpt.quoted(prefix))"); imported as a bearer token"
                        )
                    }
                    warn("\(place): oauth2: its access token is sent as a bearer token; the grant (getting a new token) is not run")
                    return .auth(.bearer, user: "", secret: token)
                }
                warn("\(place): oauth2 without an access token is not imported (get a token, then `auth bearer TOKEN`)")
                return InheritedAuth.none
            default:
                warn("\(place): \(Excerpt.quoted(type)) auth is not imported (the workbench has basic, digest, bearer and API keys)")
                return InheritedAuth.none
            }
        }

        mutating func walk(
            _ items: [JSONValue], auth: InheritedAuth?, scope: [String: String], folder: [String], behaviour: Behaviour
        ) throws(WorkbenchError) {
            for item in items {
                let name = item["name"]?.stringValue ?? "(unnamed)"
                let place = (folder + [name]).map { Excerpt.quoted($0) }.joined(separator: " / ")
                var inner = scope
                for variable in item["variable"]?.items ?? [] {
                    guard let key = variable["key"]?.stringValue, variable["disabled"] != .bool(true) else { continue }
                    inner[checkedName(key)] = PostmanImport.text(variable["value"])
                }
                scripts(item["event"], where: place)
                let itemBehaviour = behaviour.overridden(by: item["protocolProfileBehavior"])
                if case .array(let children) = item["item"] {
                    let folderAuth = try self.auth(item["auth"], inherited: auth, where: place)
                    try walk(children, auth: folderAuth, scope: inner, folder: folder + [name], behaviour: itemBehaviour)
                } else if let request = item["request"] {
                    guard records.count < PostmanImport.requestLimit else {
                        throw WorkbenchError(
                            "\(file): more than \(PostmanImport.requestLimit) requests; a collection imports at most that many")
                    }
                    do throws(WorkbenchError) {
                        try self.request(
                            request, auth: auth, scope: inner, place: place,
                            behaviour: itemBehaviour.overridden(by: request["protocolProfileBehavior"]))
                    } catch {
                        // One request that cannot be read (a blank URL) does not cost the others.
                        skipped.append("\(file): request \(requestNumber) \(place): \(error.message)")
                    }
                    requestNumber += 1
                }
            }
        }

        /// A folder's variables written into a text; Postman's dynamic variables
        /// (`{{$guid}}`) and names the workbench cannot hold mapped to variables.
        mutating func resolve(_ text: String, scope: [String: String]) throws(WorkbenchError) -> String {
            guard Template.hasReferences(text) else { return text }
            var output = ""
            var rest = Substring(text)
            while let open = rest.firstRange(of: "{{") {
                output += rest[..<open.lowerBound]
                let after = rest[open.upperBound...]
                guard let close = after.firstRange(of: "}}") else {
                    throw WorkbenchError("unclosed '{{' in \(Excerpt.quoted(text))")
                }
                let key = String(after[..<close.lowerBound]).trimmingSpaces()
                rest = after[close.upperBound...]
                if let value = scope[PostmanImport.variableName(key)] {
                    output += value
                } else if key.hasPrefix("$") {
                    output += "{{\(dynamic(key))}}"
                } else {
                    output += "{{\(checkedName(key))}}"
                }
            }
            return output + rest
        }

        /// A header name with `{{...}}` in it, as Postman resolves it: with the values known at
        /// import (a header name holds no reference when sent).
        mutating func resolvedName(_ name: String, scope: [String: String]) throws(WorkbenchError) -> String {
            guard Template.hasReferences(name) else { return name }
            let template = try resolve(name, scope: scope)
            var output = ""
            var rest = Substring(template)
            while let open = rest.firstRange(of: "{{"), let close = rest[open.upperBound...].firstRange(of: "}}") {
                output += rest[..<open.lowerBound]
                let variable = String(rest[open.upperBound..<close.lowerBound])
                guard let value = variables.first(where: { $0.name == variable })?.value, !value.isEmpty else {
                    throw WorkbenchError(
                        "header name \(Excerpt.quoted(name)): {{\(variable)}} has no value at import, and a header name is sent as it is")
                }
                output += value
                rest = rest[close.upperBound...]
            }
            return output + rest
        }

        /// `{{$guid}}` and its kind: a variable holding a value made at import, named in a warning.
        mutating func dynamic(_ key: String) -> String {
            let name = "postman_" + PostmanImport.variableName(String(key.dropFirst()))
            guard named.insert(key).inserted else { return name }
            let value: String
            switch key {
            case "$guid", "$randomUUID": value = UUID().uuidString.lowercased()
            case "$timestamp": value = String(Int(Date().timeIntervalSince1970))
            case "$isoTimestamp": value = ISO8601DateFormatter().string(from: Date())
            case "$randomInt": value = String(Int.random(in: 0...1000))
            default: value = ""
            }
            variables.append(FileImport.Variable(name: name, value: value))
            warn(
                "{{\(key)}} is Postman's dynamic variable: here {{\(name)}}, "
                    + (value.isEmpty ? "empty until `set \(name) VALUE`" : "set once at import (\(value))"))
            return name
        }

        mutating func request(
            _ request: JSONValue, auth: InheritedAuth?, scope: [String: String], place: String, behaviour: Behaviour
        ) throws(WorkbenchError) {
            var endpoint = Endpoint()
            var url: String
            var queryItems: [(String, String?)] = []
            var pathVariables: [String: String] = [:]
            if let text = request.stringValue {
                url = text
            } else {
                endpoint.method = try HTTPSyntax.normalizedMethod(request["method"]?.stringValue ?? "GET")
                let link = request["url"]
                if let text = link?.stringValue {
                    url = text
                } else {
                    // Postman's runtime sends what the parts say (its Url is built from them); `raw` is
                    // only their text, and stale when a tool edited one and not the other.
                    let hasParts = link?["host"] != nil
                    url = hasParts ? Self.assembled(link) : (link?["raw"]?.stringValue ?? Self.assembled(link))
                    if let hash = url.firstIndex(of: "#") { url = String(url[..<hash]) }
                    if case .array(let items) = link?["query"] {
                        // The items say which are disabled; the raw URL's query is rebuilt from the others.
                        if let mark = url.firstIndex(of: "?") { url = String(url[..<mark]) }
                        for item in items where item["disabled"] != .bool(true) {
                            guard let key = item["key"]?.stringValue else { continue }
                            queryItems.append((key, item["value"]?.stringValue))
                        }
                        if items.contains(where: { $0["disabled"] == .bool(true) }) {
                            warn("\(place): disabled query items are left out")
                        }
                    }
                    for variable in link?["variable"]?.items ?? [] {
                        if let key = variable["key"]?.stringValue { pathVariables[key] = PostmanImport.text(variable["value"]) }
                    }
                }
            }
            if !queryItems.isEmpty {
                url += "?" + queryItems.map { item in item.1.map { "\(item.0)=\($0)" } ?? item.0 }.joined(separator: "&")
            }
            url = try resolve(url, scope: scope)
            guard !url.trimmingSpaces().isEmpty else { throw WorkbenchError("the request has no URL") }
            url = Self.substitutingPathVariables(url, pathVariables)
            if !url.contains("://") && !url.hasPrefix("{{") { url = "http://" + url }
            _ = try endpoint.setURL(url)
            endpoint = ImportedWholeTarget.takingApart(endpoint) { name in
                variables.last(where: { $0.name == name }).map { .known($0.value) } ?? .unknown
            }

            var headers: [HeaderField] = []
            var disabledHeaders = false
            for field in Self.headerList(request["header"]) {
                if field.disabled { disabledHeaders = true; continue }
                let value = try resolve(field.value, scope: scope)
                let name = try resolvedName(field.name, scope: scope)
                try HTTPSyntax.checkHeaderName(name)
                try HTTPSyntax.checkHeaderValue(value, name: name)  // as HAR: refused here, not at every `show`
                try Template.validate(value)
                headers.append(HeaderField(name: name, value: value))
            }
            if disabledHeaders { warn("\(place): disabled headers are left out") }

            switch try self.auth(request["auth"], inherited: auth, where: place) {
            case .auth(let scheme, let user, let secret)?:
                endpoint.auth = Auth(scheme: scheme, user: try resolve(user, scope: scope), secret: try resolve(secret, scope: scope))
            case .apiKey(let name, let value, let inQuery)?:
                // `auth apikey header|query NAME KEY`, as if typed (a header of that name already
                // given wins, as in Postman).
                if inQuery || !headers.contains(name: name) {
                    endpoint.auth = Auth(
                        scheme: inQuery ? .apiKeyQuery : .apiKeyHeader, user: try resolve(name, scope: scope),
                        secret: try resolve(value, scope: scope))
                }
            case InheritedAuth.none?, nil:
                break
            }
            if PostmanImport.prunedMethods.contains(endpoint.method) && !behaviour.disableBodyPruning {
                // Postman's runtime prunes these methods' bodies; what it would not send is not imported.
                if !PostmanImport.bodyIsEmpty(request["body"]) {
                    warn(
                        "\(place): its \(endpoint.method) body is left out, as Postman leaves it out (unless protocolProfileBehavior.disableBodyPruning)"
                    )
                }
            } else if !PostmanImport.bodyIsEmpty(request["body"]) {
                try body(request["body"], endpoint: &endpoint, headers: &headers, scope: scope, place: place)
            }
            endpoint.headers = headers
            var recordSettings = settings
            if let follow = behaviour.followRedirects { recordSettings.followRedirects = follow }
            records.append(RequestRecord(endpoint: endpoint, settings: recordSettings))
        }

        mutating func body(
            _ body: JSONValue?, endpoint: inout Endpoint, headers: inout [HeaderField], scope: [String: String], place: String
        ) throws(WorkbenchError) {
            guard let body, case .object = body, let mode = body["mode"]?.stringValue, body["disabled"] != .bool(true) else { return }
            switch mode {
            case "raw":
                let raw = try resolve(body["raw"]?.stringValue ?? "", scope: scope)
                guard !raw.isEmpty else { return }
                let language = body["options"]?["raw"]?["language"]?.stringValue ?? "text"
                if language == "json", (try? JSONTemplate.check(raw)) != nil {
                    endpoint.body = .json(raw)
                } else {
                    endpoint.body = .text(raw)
                    let types = [
                        "json": "application/json", "xml": "application/xml", "html": "text/html",
                        "javascript": "application/javascript", "text": "text/plain",
                    ]
                    if !headers.contains(name: "Content-Type"), let type = types[language] {
                        headers.append(HeaderField(name: "Content-Type", value: type))
                    }
                }
            case "urlencoded":
                var fields: [FormField] = []
                for field in body["urlencoded"]?.items ?? [] {
                    guard let key = field["key"]?.stringValue else { continue }
                    if field["disabled"] == .bool(true) {
                        warn("\(place): disabled form field \(Excerpt.quoted(key)) is left out"); continue
                    }
                    fields.append(
                        FormField(
                            name: try resolve(key, scope: scope), value: try resolve(PostmanImport.text(field["value"]), scope: scope)))
                }
                endpoint.body = .form(fields)
            case "formdata":
                var parts: [MultipartPart] = []
                for field in body["formdata"]?.items ?? [] {
                    guard let key = field["key"]?.stringValue else { continue }
                    if field["disabled"] == .bool(true) {
                        warn("\(place): disabled form-data part \(Excerpt.quoted(key)) is left out"); continue
                    }
                    let type = field["contentType"]?.stringValue
                    if field["type"]?.stringValue == "file" {
                        let sources = field["src"]?.stringValue.map { [$0] } ?? (field["src"]?.items.compactMap(\.stringValue) ?? [])
                        if sources.isEmpty { warn("\(place): form-data file part \(Excerpt.quoted(key)) names no file; left out") }
                        for source in sources {
                            parts.append(
                                MultipartPart(name: key, value: try resolve(source, scope: scope), isFile: true, contentType: type))
                        }
                    } else {
                        parts.append(
                            MultipartPart(
                                name: key, value: try resolve(PostmanImport.text(field["value"]), scope: scope), contentType: type))
                    }
                }
                endpoint.body = .multipart(parts)
                headers.removeAll { $0.hasName("Content-Type") }  // libcurl writes it with its boundary
            case "file":
                guard let source = body["file"]?["src"]?.stringValue, !source.isEmpty else {
                    warn("\(place): a file body that names no file is left out")
                    return
                }
                endpoint.body = .file(try resolve(source, scope: scope))
            case "graphql":
                let query = try resolve(body["graphql"]?["query"]?.stringValue ?? "", scope: scope)
                var variables = try resolve(body["graphql"]?["variables"]?.stringValue ?? "", scope: scope).trimmingSpaces()
                if variables.isEmpty { variables = "{}" }
                let text = "{\"query\": \(JSONValue.string(query).jsonText), \"variables\": \(variables)}"
                guard (try? JSONTemplate.check(text)) != nil else {
                    throw WorkbenchError("the GraphQL variables are not JSON: \(Excerpt.quoted(variables))")
                }
                endpoint.body = .json(text)
            default:
                warn("\(place): a body of mode \(Excerpt.quoted(mode)) is not imported")
            }
            if endpoint.body != nil && Endpoint.methodsWithoutBody.contains(endpoint.method) {
                endpoint.sendsBodyWithAnyMethod = true  // Postman sends a DELETE's body, a GET's when not pruned
            }
        }

        /// v2.1 `[{"key", "value", "disabled"}]`, v2.0 also a block of `Name: value` lines.
        static func headerList(_ value: JSONValue?) -> [(name: String, value: String, disabled: Bool)] {
            if let block = value?.stringValue {
                return block.split(separator: "\n").compactMap { line in
                    guard let colon = line.firstIndex(of: ":") else { return nil }
                    let name = String(line[..<colon]).trimmingSpaces()
                    let value = String(line[colon...].dropFirst()).trimmingSpaces()
                    return (name, value, false)
                }
            }
            return (value?.items ?? []).compactMap { field in
                guard let key = field["key"]?.stringValue else { return nil }
                return (key, PostmanImport.text(field["value"]), field["disabled"] == .bool(true))
            }
        }

        /// A URL object without `raw`: protocol, host, port and path put together.
        static func assembled(_ link: JSONValue?) -> String {
            guard let link else { return "" }
            let scheme = link["protocol"]?.stringValue.map { $0 + "://" } ?? ""
            let host = link["host"]?.items.compactMap(\.stringValue).joined(separator: ".") ?? link["host"]?.stringValue ?? ""
            let port = link["port"]?.stringValue.map { ":" + $0 } ?? ""
            let segments = link["path"]?.items.compactMap { $0.stringValue ?? $0["value"]?.stringValue } ?? []
            let path = link["path"]?.stringValue ?? (segments.isEmpty ? "" : "/" + segments.joined(separator: "/"))
            return scheme + host + port + path
        }

        /// `/users/:id` with `{"key": "id", "value": "7"}`: `/users/7`.
        static func substitutingPathVariables(_ url: String, _ values: [String: String]) -> String {
            guard !values.isEmpty else { return url }
            let queryStart = url.firstIndex(of: "?") ?? url.endIndex
            let afterScheme = url.range(of: "://")?.upperBound ?? url.startIndex
            let pathStart = url[afterScheme..<queryStart].firstIndex(of: "/") ?? queryStart
            let segments = url[pathStart..<queryStart].split(separator: "/", omittingEmptySubsequences: false).map { segment in
                segment.hasPrefix(":") ? values[String(segment.dropFirst())] ?? String(segment) : String(segment)
            }
            return String(url[..<pathStart]) + segments.joined(separator: "/") + String(url[queryStart...])
        }
    }
}
