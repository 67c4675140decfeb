import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs

/// Reads a session file, refusing anything that is not exactly one, with the
/// line and column (or the field) of the problem.
public enum SessionDecoding {
    public static func decode(_ bytes: [UInt8], file: String) throws(WorkbenchError) -> SessionDocument {
        let bytes = FileSystem.withoutByteOrderMark(bytes)
        if bytes.isEmpty {
            throw WorkbenchError("\(file): the file is empty, not a session")
        }
        // The usual file, read record by record without its whole tree; the tree for the rest.
        if let document = try decodeByRecords(bytes, file: file) { return document }
        return try decodeByTree(bytes, file: file)
    }

    /// The whole file parsed into one tree first: any file, with its errors' lines and columns.
    static func decodeByTree(_ bytes: [UInt8], file: String) throws(WorkbenchError) -> SessionDocument {
        if bytes.isEmpty {
            throw WorkbenchError("\(file): the file is empty, not a session")
        }
        var value: JSONValue
        do {
            value = try JSONParser.parse(bytes, maximumDepth: maximumDepth)
        } catch {
            throw WorkbenchError("\(file): line \(error.line), column \(error.column): \(error.reason); not a session file")
        }
        let reader = FieldReader(file: file)
        return try reader.document(&value)
    }

    /// What this workbench writes is nested 6 levels deep; unknown members are
    /// kept in memory, and a value nested thousands deep could not be freed safely.
    static let maximumDepth = 64
}

/// Walks the parsed JSON, keeping the path of the current field for errors.
final class FieldReader {
    let file: String
    /// Base URLs already found good: the records of a session mostly share one,
    /// and parsing it again for each of 100,000 records was a sixth of a load.
    private var goodBases = Set<String>()

    init(file: String) {
        self.file = file
    }

    func fail(_ path: String, _ problem: String) -> WorkbenchError {
        WorkbenchError("\(file): field '\(path)': \(problem)")
    }

    func kind(_ value: JSONValue) -> String {
        value.kindDescription
    }

    // The field paths (`requests[41].endpoint.base`) are made only for an error: built for
    // every value read, they were a seventh of loading a 100,000-request session.
    func object(_ value: JSONValue?, _ path: @autoclosure () -> String) throws(WorkbenchError) -> JSONValue {
        guard let value else { throw fail(path(), "missing") }
        guard case .object = value else { throw fail(path(), "expected an object, found \(kind(value))") }
        return value
    }

    func array(_ value: JSONValue?, _ path: @autoclosure () -> String, optional: Bool = false) throws(WorkbenchError) -> [JSONValue] {
        guard let value else {
            if optional { return [] }
            throw fail(path(), "missing")
        }
        guard case .array(let elements) = value else { throw fail(path(), "expected an array, found \(kind(value))") }
        return elements
    }

    func string(_ value: JSONValue?, _ path: @autoclosure () -> String) throws(WorkbenchError) -> String {
        guard let value else { throw fail(path(), "missing") }
        guard case .string(let text) = value else { throw fail(path(), "expected a string, found \(kind(value))") }
        return text
    }

    func optionalString(_ value: JSONValue?, _ path: @autoclosure () -> String) throws(WorkbenchError) -> String? {
        guard let value, value != .null else { return nil }
        return try string(value, path())
    }

    func bool(_ value: JSONValue?, _ path: @autoclosure () -> String, default fallback: Bool) throws(WorkbenchError) -> Bool {
        guard let value else { return fallback }
        guard case .bool(let flag) = value else { throw fail(path(), "expected true or false, found \(kind(value))") }
        return flag
    }

    func number(_ value: JSONValue?, _ path: @autoclosure () -> String) throws(WorkbenchError) -> Double {
        guard let value else { throw fail(path(), "missing") }
        guard case .number(let text) = value, let number = Double(text) else {
            throw fail(path(), "expected a number, found \(kind(value))")
        }
        // `1e999` reads as infinity, which a saved file could not hold.
        guard number.isFinite else { throw fail(path(), "the number \(text) is out of range") }
        return number
    }

    func integer(_ value: JSONValue?, _ path: @autoclosure () -> String) throws(WorkbenchError) -> Int {
        let number = try number(value, path())
        guard number == number.rounded(), abs(number) < 1e15 else { throw fail(path(), "expected a whole number") }
        return Int(number)
    }

    /// `value` is migrated in place to the current version.
    func document(_ value: inout JSONValue) throws(WorkbenchError) -> SessionDocument {
        guard case .object = value else {
            throw WorkbenchError("\(file): not a session file (expected a JSON object, found \(kind(value)))")
        }
        guard value["format"]?.stringValue == SessionDocument.formatName else {
            throw WorkbenchError("\(file): not a session file (no \"format\": \"\(SessionDocument.formatName)\")")
        }
        let version = try integer(value["version"], "version")
        if version > SessionDocument.formatVersion {
            throw WorkbenchError(
                "\(file): made by a newer workbench (format version \(version); this one reads up to \(SessionDocument.formatVersion))")
        }
        if version < 1 { throw fail("version", "unknown format version \(version)") }
        value = SessionMigration.migrate(value, from: version)
        // The records are read one at a time after the rest, each one's JSON let go once
        // read, so the file's tree and the records made from it are never both whole in memory.
        var records = takeRequests(from: &value)
        var document = try fields(value)
        // What the file holds beyond what this workbench writes is kept, to be written back.
        document.unknown = UnknownMembers.extract(
            from: value.setting("requests", to: .array([])), canonical: SessionEncoding.canonicalFrame(document))
        document.requests.reserveCapacity(records.count)
        for index in records.indices {
            var record = try request(records[index], "requests[\(index)]")
            record.unknown = UnknownMembers.extract(from: records[index], canonical: SessionEncoding.canonical(record))
            document.requests.append(record)
            records[index] = .null
        }
        return document
    }

    /// The elements of `value`'s `requests` array, taken out of it (`requests` left empty);
    /// none when it has no such array (`fields` then says what is wrong with it).
    func takeRequests(from value: inout JSONValue) -> [JSONValue] {
        guard case .object(var members) = value, let at = members.firstIndex(where: { $0.key == "requests" }),
            case .array(let elements) = members[at].value
        else { return [] }
        members[at].value = .array([])
        value = .object(members)
        return elements
    }

    /// The fields of a document of the current version.
    func fields(_ value: JSONValue) throws(WorkbenchError) -> SessionDocument {
        var document = SessionDocument()
        document.endpoint = try endpoint(value["endpoint"], "endpoint")
        if let variables = value["variables"] {
            let members: [JSONMember]
            if case .object(let list) = try object(variables, "variables") { members = list } else { members = [] }
            for member in members {
                guard Template.isValidVariableName(member.key) else {
                    throw fail("variables.\(member.key)", "invalid variable name")
                }
                document.variables[member.key] = try string(member.value, "variables.\(member.key)")
            }
        }
        for (index, name) in try array(value["secrets"], "secrets", optional: true).enumerated() {
            document.secretNames.append(try string(name, "secrets[\(index)]"))
        }
        if let settings = value["settings"] {
            document.settings = try self.settings(settings, "settings")
        }
        for (index, record) in try array(value["requests"], "requests", optional: true).enumerated() {
            document.requests.append(try request(record, "requests[\(index)]"))
        }
        for (index, cookie) in try array(value["cookies"], "cookies", optional: true).enumerated() {
            document.cookies.append(try self.cookie(cookie, "cookies[\(index)]"))
        }
        // Added in version 2 without a bump: an older reader keeps it as an unknown member.
        if let schema = value["graphqlSchema"] {
            document.graphqlSchema = try string(schema, "graphqlSchema")
        }
        if let openapi = value["openapi"] {
            document.openapi = try string(openapi, "openapi")
        }
        if let sources = value["secretSources"], case .object(let members) = try object(sources, "secretSources") {
            for member in members {
                guard Template.isValidVariableName(member.key) else { throw fail("secretSources.\(member.key)", "invalid variable name") }
                do throws(WorkbenchError) {
                    document.secretSources[member.key] = try SecretSource(parsing: try string(member.value, "secretSources.\(member.key)"))
                } catch {
                    throw fail("secretSources.\(member.key)", error.message)
                }
                if !document.secretNames.contains(member.key) { document.secretNames.append(member.key) }
            }
        }
        // Added in version 2 without a bump, as graphqlSchema.
        for (index, saved) in try array(value["grpcDescriptors"], "grpcDescriptors", optional: true).enumerated() {
            let path = "grpcDescriptors[\(index)]"
            _ = try object(saved, path)
            let origin = try string(saved["origin"], "\(path).origin")
            let set = try string(saved["fileDescriptorSet"], "\(path).fileDescriptorSet")
            do throws(WorkbenchError) {
                document.grpcSchemas.remember(try GRPCSessionSchemas.decoded(set), origin: origin)
            } catch {
                throw fail("\(path).fileDescriptorSet", error.message)
            }
        }
        if let environment = value["environment"] {
            _ = try object(environment, "environment")
            document.environment = SessionEnvironment(
                name: try string(environment["name"], "environment.name"),
                file: try optionalString(environment["file"], "environment.file"))
        }
        return document
    }

    func endpoint(_ value: JSONValue?, _ path: String) throws(WorkbenchError) -> Endpoint {
        let value = try object(value, path)
        var endpoint = Endpoint()
        endpoint.base = try optionalString(value["base"], "\(path).base")
        if let base = endpoint.base {
            do throws(WorkbenchError) {
                if !goodBases.contains(base) {
                    if Template.hasReferences(base) { try Template.validate(base) } else { _ = try BaseURL.parse(base) }
                    goodBases.insert(base)
                }
            } catch {
                throw fail("\(path).base", error.message)
            }
        }
        let method = try optionalString(value["method"], "\(path).method") ?? "GET"
        do throws(WorkbenchError) {
            endpoint.method = try HTTPSyntax.normalizedMethod(method)
        } catch {
            throw fail("\(path).method", error.message)
        }
        endpoint.path = try optionalString(value["path"], "\(path).path") ?? ""
        for (index, segment) in try array(value["segments"], "\(path).segments", optional: true).enumerated() {
            endpoint.segments.append(try string(segment, "\(path).segments[\(index)]"))
        }
        for (index, item) in try array(value["query"], "\(path).query", optional: true).enumerated() {
            let itemPath = "\(path).query[\(index)]"
            let (name, itemValue) = try pair(item, itemPath)
            // Pasted with a URL: kept encoded and sent as typed (`bare`: written without `=`).
            endpoint.query.append(
                QueryItem(
                    name: name, value: itemValue, isEncoded: try bool(item["encoded"], "\(itemPath).encoded", default: false),
                    isBare: try bool(item["bare"], "\(itemPath).bare", default: false)))
        }
        for (index, item) in try array(value["headers"], "\(path).headers", optional: true).enumerated() {
            let itemPath = "\(path).headers[\(index)]"
            let (name, headerValue) = try pair(item, itemPath)
            do throws(WorkbenchError) {
                try HTTPSyntax.checkHeaderName(name)
                try HTTPSyntax.checkHeaderValue(headerValue, name: name)
            } catch {
                throw fail(itemPath, error.message)
            }
            var origin = try optionalString(try object(item, itemPath)["origin"], "\(itemPath).origin")
            // Files from before origins: a credential belongs to the request's base.
            if origin == nil && HeaderField.credentialNames.contains(where: { HTTPSyntax.equalIgnoringASCIICase($0, name) }) {
                origin = endpoint.credentialOrigin
            }
            endpoint.headers.append(HeaderField(name: name, value: headerValue, origin: origin))
        }
        endpoint.pathQuery = try optionalString(value["pathQuery"], "\(path).pathQuery")
        if let pasted = endpoint.pathQuery {
            do throws(WorkbenchError) { try Template.validate(pasted) } catch { throw fail("\(path).pathQuery", error.message) }
        }
        endpoint.sendsBodyWithAnyMethod = try bool(value["sendsBody"], "\(path).sendsBody", default: false)
        endpoint.sendsPathAsIs = try bool(value["pathAsIs"], "\(path).pathAsIs", default: false)
        for (index, item) in try array(value["omittedHeaders"], "\(path).omittedHeaders", optional: true).enumerated() {
            let name = try string(item, "\(path).omittedHeaders[\(index)]")
            guard let canonical = Endpoint.omittableNames.first(where: { HTTPSyntax.equalIgnoringASCIICase($0, name) }) else {
                throw fail(
                    "\(path).omittedHeaders[\(index)]",
                    "\(Excerpt.quoted(name)) is not a default header that can be left out (\(Endpoint.omittableNames.joined(separator: ", ")))"
                )
            }
            if !endpoint.omittedDefaults.contains(canonical) { endpoint.omittedDefaults.append(canonical) }
        }
        endpoint.body = try body(value["body"], "\(path).body")
        if let auth = value["auth"], auth != .null {
            var auth = try self.auth(auth, "\(path).auth")
            // Files from before origins: the auth belongs to the request's base.
            if auth.origin == nil { auth.origin = endpoint.credentialOrigin }
            endpoint.auths.append(auth)
        }
        for (index, item) in try array(value["otherAuths"], "\(path).otherAuths", optional: true).enumerated() {
            let auth = try self.auth(item, "\(path).otherAuths[\(index)]")
            guard auth.origin != nil, !endpoint.auths.contains(where: { $0.origin == auth.origin }) else {
                throw fail("\(path).otherAuths[\(index)].origin", "expected the origin of a second auth, one per origin")
            }
            endpoint.auths.append(auth)
        }
        return endpoint
    }

    func pair(_ value: JSONValue, _ path: @autoclosure () -> String) throws(WorkbenchError) -> (String, String) {
        let object = try object(value, path())
        return (try string(object["name"], "\(path()).name"), try string(object["value"], "\(path()).value"))
    }

    func body(_ value: JSONValue?, _ path: String) throws(WorkbenchError) -> Body? {
        guard let value, value != .null else { return nil }
        let object = try object(value, path)
        let kind = try string(object["kind"], "\(path).kind")
        switch kind {
        case "text":
            return .text(try string(object["text"], "\(path).text"))
        case "json":
            let text = try string(object["text"], "\(path).text")
            do throws(WorkbenchError) {
                try JSONTemplate.check(text)
            } catch {
                throw fail("\(path).text", error.message)
            }
            return .json(text)
        case "form":
            var fields: [FormField] = []
            for (index, field) in try array(object["fields"], "\(path).fields").enumerated() {
                let (name, fieldValue) = try pair(field, "\(path).fields[\(index)]")
                fields.append(FormField(name: name, value: fieldValue))
            }
            return .form(fields)
        case "file":
            return .file(try string(object["path"], "\(path).path"))
        case "jsonFile":
            return .jsonFile(try string(object["path"], "\(path).path"))
        case "templateFile":
            return .templateFile(try string(object["path"], "\(path).path"))
        case "graphql":
            return .graphql(try graphqlBody(object, path))
        case "multipart":
            var parts: [MultipartPart] = []
            for (index, part) in try array(object["parts"], "\(path).parts").enumerated() {
                let partPath = "\(path).parts[\(index)]"
                let partObject = try self.object(part, partPath)
                let name = try string(partObject["name"], "\(partPath).name")
                let file = try optionalString(partObject["file"], "\(partPath).file")
                let value: String
                if let file { value = file } else { value = try string(partObject["value"], "\(partPath).value") }
                parts.append(
                    MultipartPart(
                        name: name, value: value, isFile: file != nil,
                        contentType: try optionalString(partObject["type"], "\(partPath).type"),
                        filename: try optionalString(partObject["filename"], "\(partPath).filename")))
            }
            return .multipart(parts)
        default:
            throw fail("\(path).kind", "unknown body kind '\(kind)' (expected text, json, jsonFile, form, multipart, file or graphql)")
        }
    }

    /// A GraphQL body: its document and variables are checked as `body graphql` checks them.
    func graphqlBody(_ object: JSONValue, _ path: String) throws(WorkbenchError) -> GraphQLBody {
        let query = try string(object["query"], "\(path).query")
        let variables = try optionalString(object["variables"], "\(path).variables")
        do throws(WorkbenchError) {
            _ = try GraphQLDocument.check(query)
        } catch {
            throw fail("\(path).query", error.message)
        }
        if let variables {
            do throws(WorkbenchError) {
                try GraphQLDocument.checkVariables(variables)
            } catch {
                throw fail("\(path).variables", error.message)
            }
        }
        return GraphQLBody(
            query: query, variables: variables,
            operationName: try optionalString(object["operationName"], "\(path).operationName"))
    }

    /// `auth`: a scheme, a user, and the secret as a template.
    func auth(_ value: JSONValue, _ path: String) throws(WorkbenchError) -> Auth {
        let object = try object(value, path)
        let schemeText = try string(object["scheme"], "\(path).scheme")
        guard let scheme = Auth.Scheme(rawValue: schemeText) else {
            let schemes = Auth.Scheme.allCases.map(\.rawValue)
            throw fail(
                "\(path).scheme", "expected \(schemes.dropLast().joined(separator: ", ")) or \(schemes.last ?? ""), found '\(schemeText)'")
        }
        let user = try optionalString(object["user"], "\(path).user") ?? ""
        let secret = try string(object["secret"], "\(path).secret")
        do throws(WorkbenchError) {
            try Template.validate(user)
            try Template.validate(secret)
        } catch {
            throw fail(path, error.message)
        }
        var auth = Auth(scheme: scheme, user: user, secret: secret, origin: try optionalString(object["origin"], "\(path).origin"))
        try authKind(object, path, into: &auth)
        return auth
    }

    /// A cookie as saved: everything but its value, which is never written.
    func cookie(_ value: JSONValue, _ path: String) throws(WorkbenchError) -> Cookie {
        let object = try object(value, path)
        let name = try string(object["name"], "\(path).name")
        let domain = try string(object["domain"], "\(path).domain")
        let cookiePath = try optionalString(object["path"], "\(path).path") ?? "/"
        for (field, text) in [("name", name), ("domain", domain), ("path", cookiePath)]
        where text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) || (field != "path" && text.isEmpty) {
            throw fail("\(path).\(field)", text.isEmpty ? "empty" : "control characters are not allowed")
        }
        return Cookie(
            domain: domain, includeSubdomains: try bool(object["subdomains"], "\(path).subdomains", default: false),
            path: cookiePath, secure: try bool(object["secure"], "\(path).secure", default: false),
            httpOnly: try bool(object["httpOnly"], "\(path).httpOnly", default: false),
            expires: object["expires"] == nil ? 0 : try integer(object["expires"], "\(path).expires"),
            name: name, value: "")
    }

    func settings(_ value: JSONValue, _ path: String) throws(WorkbenchError) -> Settings {
        let object = try object(value, path)
        var settings = Settings()
        settings.followRedirects = try bool(object["follow"], "\(path).follow", default: false)
        settings.insecure = try bool(object["insecure"], "\(path).insecure", default: false)
        if let timeout = object["timeout"] {
            settings.timeout = try number(timeout, "\(path).timeout")
            guard settings.timeout >= 0, settings.timeout <= 86_400 else {
                throw fail("\(path).timeout", "expected seconds from 0 to 86400")
            }
        }
        if let maxBody = object["maxBody"] {
            settings.maxBodyBytes = try integer(maxBody, "\(path).maxBody")
            guard settings.maxBodyBytes >= 1024 else { throw fail("\(path).maxBody", "expected at least 1024 bytes") }
        }
        if let color = object["color"] {
            let text = try string(color, "\(path).color")
            guard let setting = ColorSetting(rawValue: text) else {
                throw fail("\(path).color", "expected auto, on or off, found '\(text)'")
            }
            settings.color = setting
        }
        if let proxy = try optionalString(object["proxy"], "\(path).proxy") {
            do throws(WorkbenchError) {
                settings.proxy = proxy == "none" ? .none : try ProxySetting.parse(proxy)
            } catch {
                throw fail("\(path).proxy", error.message)
            }
        }
        settings.caCertificate = try optionalString(object["cacert"], "\(path).cacert")
        settings.clientCertificate = try optionalString(object["cert"], "\(path).cert")
        settings.clientKey = try optionalString(object["key"], "\(path).key")
        if settings.clientKey != nil && settings.clientCertificate == nil {
            throw fail("\(path).key", "a key without a certificate (`cert`)")
        }
        if let version = try optionalString(object["http"], "\(path).http") {
            guard let setting = HTTPVersionSetting(rawValue: version) else {
                throw fail("\(path).http", "expected 1.1, 2 or auto, found '\(version)'")
            }
            settings.httpVersion = setting
        }
        return settings
    }

    func request(_ value: JSONValue, _ path: String) throws(WorkbenchError) -> RequestRecord {
        let object = try object(value, path)
        var record = RequestRecord(endpoint: try endpoint(object["endpoint"], "\(path).endpoint"), settings: Settings())
        if let settings = object["settings"] {
            record.settings = try self.settings(settings, "\(path).settings")
        }
        for (index, capture) in try array(object["captures"], "\(path).captures", optional: true).enumerated() {
            let capturePath = "\(path).captures[\(index)]"
            let captureObject = try self.object(capture, capturePath)
            let name = try string(captureObject["name"], "\(capturePath).name")
            let from = try string(captureObject["from"], "\(capturePath).from")
            do throws(WorkbenchError) {
                guard Template.isValidVariableName(name) else { throw WorkbenchError("invalid variable name '\(name)'") }
                let words = try ShellWords.split(from).map(\.text)
                record.captures.append(
                    Capture(
                        name: name, source: try Capture.parseSource(words),
                        isSecret: try bool(capture["secret"], "\(capturePath).secret", default: false)))
            } catch {
                throw fail(capturePath, error.message)
            }
        }
        for (index, expectation) in try array(object["expectations"], "\(path).expectations", optional: true).enumerated() {
            let text = try string(expectation, "\(path).expectations[\(index)]")
            do throws(WorkbenchError) {
                record.expectations.append(try Expectation.parse(text))
            } catch {
                throw fail("\(path).expectations[\(index)]", error.message)
            }
        }
        if let response = object["response"], response != .null {
            record.response = try self.response(response, "\(path).response")
        }
        if let repeated = object["repeat"] {
            (record.repetition, record.tries) = try repetition(repeated, "\(path).repeat")
        }
        if let conversation = object["conversation"], conversation != .null {
            record.conversation = try self.conversation(conversation, "\(path).conversation")
        }
        if let comparison = object["comparison"], comparison != .null {
            record.comparison = try self.comparison(comparison, "\(path).comparison")
        }
        return record
    }

    /// `send --until` / `--retry` and its tries, within the bounds the command keeps.
    func repetition(_ value: JSONValue, _ path: String) throws(WorkbenchError) -> (SendRepetition, [SendTry]) {
        let object = try object(value, path)
        var repetition = SendRepetition()
        if let until = try optionalString(object["until"], "\(path).until") {
            do throws(WorkbenchError) {
                repetition.until = try Expectation.parse(until)
            } catch {
                throw fail("\(path).until", error.message)
            }
            if object["everySeconds"] != nil { repetition.every = try number(object["everySeconds"], "\(path).everySeconds") }
            if object["forSeconds"] != nil { repetition.limit = try number(object["forSeconds"], "\(path).forSeconds") }
            guard repetition.every > 0, repetition.every <= SendRepetition.maximumEvery else {
                throw fail("\(path).everySeconds", "expected more than 0 and at most \(Quantities.trimmed(SendRepetition.maximumEvery))")
            }
            guard repetition.limit > 0, repetition.limit <= SendRepetition.maximumLimit else {
                throw fail("\(path).forSeconds", "expected more than 0 and at most \(Quantities.trimmed(SendRepetition.maximumLimit))")
            }
        }
        if object["retry"] != nil {
            repetition.retries = try integer(object["retry"], "\(path).retry")
            guard (0...SendRepetition.maximumRetries).contains(repetition.retries) else {
                throw fail("\(path).retry", "expected 0 to \(SendRepetition.maximumRetries) retries")
            }
        }
        var tries: [SendTry] = []
        for (index, item) in try array(object["tries"], "\(path).tries", optional: true).enumerated() {
            let tryPath = "\(path).tries[\(index)]"
            let fields = try self.object(item, tryPath)
            tries.append(
                SendTry(
                    status: fields["status"] == nil ? nil : try integer(fields["status"], "\(tryPath).status"),
                    failure: try optionalString(fields["failure"], "\(tryPath).failure"),
                    elapsedMilliseconds: fields["elapsedMs"] == nil ? 0 : try number(fields["elapsedMs"], "\(tryPath).elapsedMs"),
                    again: try optionalString(fields["again"], "\(tryPath).again"),
                    waitedSeconds: fields["waitedSeconds"] == nil ? nil : try number(fields["waitedSeconds"], "\(tryPath).waitedSeconds")))
        }
        return (repetition, tries)
    }

    func response(_ value: JSONValue, _ path: String) throws(WorkbenchError) -> RecordedResponse {
        let object = try object(value, path)
        let status = try integer(object["status"], "\(path).status")
        guard (100...999).contains(status) else { throw fail("\(path).status", "expected an HTTP status code") }
        var headers: [HeaderField] = []
        for (index, item) in try array(object["headers"], "\(path).headers", optional: true).enumerated() {
            let (name, headerValue) = try pair(item, "\(path).headers[\(index)]")
            headers.append(HeaderField(name: name, value: headerValue))
        }
        let body = try optionalString(object["body"], "\(path).body")
        var recorded = RecordedResponse(
            statusLine: try optionalString(object["statusLine"], "\(path).statusLine") ?? "HTTP/1.1 \(status)",
            statusCode: status,
            headers: headers,
            body: body,
            bodySize: object["bodySize"] == nil ? (body?.utf8.count ?? 0) : try integer(object["bodySize"], "\(path).bodySize"),
            elapsedMilliseconds: object["elapsedMs"] == nil ? 0 : try number(object["elapsedMs"], "\(path).elapsedMs"))
        if object["redirects"] != nil {
            recorded.redirectStatuses = try array(object["redirects"], "\(path).redirects").enumerated().map {
                index, item throws(WorkbenchError) in
                try integer(item, "\(path).redirects[\(index)]")
            }
        }
        if object["events"] != nil { recorded.events = try events(object["events"], "\(path).events") }
        return recorded
    }

    /// An event stream as `SessionEncoding` writes it, within the record's bounds.
    func events(_ value: JSONValue?, _ path: String) throws(WorkbenchError) -> EventStream {
        let object = try object(value, path)
        var stream = EventStream(lastEventID: try optionalString(object["lastEventId"], "\(path).lastEventId") ?? "")
        if object["dropped"] != nil { stream.dropped = max(0, try integer(object["dropped"], "\(path).dropped")) }
        if object["retry"] != nil { stream.reconnectionTime = try integer(object["retry"], "\(path).retry") }
        let list = try array(object["list"], "\(path).list", optional: true)
        guard list.count <= RecordedResponse.eventsKept else {
            throw fail("\(path).list", "more than \(RecordedResponse.eventsKept) events, the most a request keeps")
        }
        for (index, item) in list.enumerated() {
            let place = "\(path).list[\(index)]"
            let fields = try self.object(item, place)
            var event = ServerSentEvent(
                type: try optionalString(fields["type"], "\(place).type") ?? "message",
                data: try optionalString(fields["data"], "\(place).data") ?? "",
                id: try optionalString(fields["id"], "\(place).id") ?? "")
            if fields["timeMs"] != nil { event.time = (try number(fields["timeMs"], "\(place).timeMs") * 1000).rounded() / 1_000_000 }
            if fields["retry"] != nil { event.retry = try integer(fields["retry"], "\(place).retry") }
            event.dataTooLarge = try bool(fields["tooLarge"], "\(place).tooLarge", default: false)
            stream.events.append(event)
        }
        return stream
    }
}
