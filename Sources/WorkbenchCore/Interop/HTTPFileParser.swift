/// The line-by-line reading of a `.http` file (see `HTTPFileImport`): requests
/// become records, `{{...}}` references become the workbench's own variables
/// and captures, and every error names the file, line and column.
struct HTTPFileParser {
    let file: String
    let environmentValues: [String: String]
    let secretValues: [String: String]
    private(set) var records: [RequestRecord] = []
    private(set) var fileVariables: [String: String] = [:]
    /// The bytes of every file variable's value so far (`HTTPFileBounds`).
    private var fileVariableBytes = 0
    private(set) var notes: [String] = []
    /// `# @name` of each record so far, for request references.
    private var names: [String: Int] = [:]
    /// A dynamic variable (`{{$uuid}}`) the request being read uses, which the workbench cannot generate.
    private var unsupported: String?

    init(file: String, environmentValues: [String: String], secretValues: [String: String]) {
        self.file = file
        self.environmentValues = environmentValues
        self.secretValues = secretValues
    }

    /// A request being read: where it starts, its tags, its lines.
    private struct Pending {
        var line: Int
        var name: String?
        var follow = true
        var expectations: [String] = []
        var requestLine: (text: String, line: Int)?
        var headers: [(text: String, line: Int)] = []
        var body: [String] = []
        var bodyLine = 0
        var inBody = false
        var inHandler = false
        var skipped: [String] = []
    }

    func failure(_ line: Int, _ column: Int, _ message: String) -> WorkbenchError {
        WorkbenchError("\(file): line \(line), column \(column): \(message)")
    }

    mutating func parse(_ text: String) throws(WorkbenchError) {
        var pending = Pending(line: 1)
        var lineNumber = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = String(raw)
            if line.hasSuffix("\r") { line.removeLast() }
            if line.hasPrefix("###") {
                try finish(pending)
                pending = Pending(line: lineNumber + 1)
                continue
            }
            if pending.inHandler {
                if line.contains("%}") { pending.inHandler = false }
                continue
            }
            if pending.requestLine == nil {
                try readPreamble(line, number: lineNumber, into: &pending)
            } else if !pending.inBody {
                let trimmed = line.trimmingSpaces()
                if trimmed.isEmpty {
                    pending.inBody = true
                    pending.bodyLine = lineNumber + 1
                } else if pending.headers.isEmpty, let first = line.first, first == " " || first == "\t",
                          trimmed.hasPrefix("?") || trimmed.hasPrefix("&") {
                    // A query continued on its own line.
                    pending.requestLine!.text += trimmed
                } else if trimmed.hasPrefix("#") || trimmed.hasPrefix("//") {
                    continue
                } else if trimmed.hasPrefix(">") {
                    readHandler(trimmed, number: lineNumber, into: &pending)
                } else {
                    pending.headers.append((line, lineNumber))
                }
            } else if line.hasPrefix(">") {
                readHandler(line, number: lineNumber, into: &pending)
            } else {
                pending.body.append(line)
            }
        }
        try finish(pending)
        if records.isEmpty { throw WorkbenchError("\(file): no request in it") }
    }

    /// Before the request line: tags, comments, file variables, blank lines.
    private mutating func readPreamble(_ line: String, number: Int, into pending: inout Pending) throws(WorkbenchError) {
        let trimmed = line.trimmingSpaces()
        if trimmed.isEmpty { return }
        for prefix in ["#", "//"] where trimmed.hasPrefix(prefix) {
            let comment = String(trimmed.dropFirst(prefix.count)).trimmingSpaces()
            if comment.hasPrefix("@name") {
                let name = String(comment.dropFirst(5)).trimmingSpaces().replacing("=", with: "").trimmingSpaces()
                guard Template.isValidVariableName(name) else { throw failure(number, 1, "invalid request name \(Excerpt.quoted(name))") }
                pending.name = name
            } else if comment == "@no-redirect" {
                pending.follow = false
            } else if comment.hasPrefix("@workbench expect ") {
                pending.expectations.append(String(comment.dropFirst("@workbench expect ".count)))
            }
            return
        }
        if trimmed.hasPrefix("@") {
            guard let equals = trimmed.firstIndex(of: "=") else { throw failure(number, 1, "expected @NAME = VALUE") }
            let name = String(trimmed[trimmed.index(after: trimmed.startIndex)..<equals]).trimmingSpaces()
            guard Template.isValidVariableName(name) else { throw failure(number, 2, "invalid variable name \(Excerpt.quoted(name))") }
            let value = String(trimmed[trimmed.index(after: equals)...]).trimmingSpaces()
            // File variables may use earlier ones: resolved now, in order.
            let resolved = try resolve(value, line: number, column: line.count - value.count + 1, inRequest: nil)
            fileVariableBytes += resolved.utf8.count
            if fileVariableBytes > HTTPFileBounds.maximumTotalBytes { throw failure(number, 1, HTTPFileBounds.tooMuch(at: name)) }
            fileVariables[name] = resolved
            return
        }
        pending.requestLine = (line, number)
    }

    private mutating func readHandler(_ line: String, number: Int, into pending: inout Pending) {
        if line.hasPrefix(">>") {
            pending.skipped.append("\(file):\(number): output redirect `\(line)` skipped (the workbench writes files with `send > FILE`)")
        } else {
            pending.skipped.append("\(file):\(number): response handler skipped (JavaScript does not run in the workbench)")
            if line.contains("{%") && !line.contains("%}") { pending.inHandler = true }
        }
    }

    /// Turns one pending request into a record.
    private mutating func finish(_ pending: Pending) throws(WorkbenchError) {
        guard let (requestText, requestNumber) = pending.requestLine else {
            guard pending.headers.isEmpty && pending.body.isEmpty else { throw failure(pending.line, 1, "expected a request line") }
            return
        }
        let index = records.count
        var captures: [Capture] = []
        unsupported = nil
        var words = requestText.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        if let last = words.last, last.uppercased().hasPrefix("HTTP/"), words.count > 1 { words.removeLast() }
        guard !words.isEmpty else { throw failure(requestNumber, 1, "expected a request line") }
        var method = "GET"
        if words.count >= 2 {
            do throws(WorkbenchError) { method = try HTTPSyntax.normalizedMethod(words[0]) } catch {
                throw failure(requestNumber, 1, error.message)
            }
            words.removeFirst()
        }
        guard words.count == 1 else { throw failure(requestNumber, 1, "expected METHOD URL [HTTP/VERSION]") }
        let urlColumn = (requestText.firstRange(of: words[0]).map { requestText.distance(from: requestText.startIndex, to: $0.lowerBound) } ?? 0) + 1
        var url = try resolve(words[0], line: requestNumber, column: urlColumn, inRequest: index, captures: &captures)
        var endpoint = Endpoint()
        var headers: [HeaderField] = []
        for (line, number) in pending.headers {
            guard let colon = line.firstIndex(of: ":") else { throw failure(number, 1, "expected a header NAME: VALUE") }
            let name = String(line[..<colon]).trimmingSpaces()
            let rawValue = String(line[line.index(after: colon)...]).trimmingSpaces()
            let value = try resolve(rawValue, line: number, column: line.count - rawValue.count + 1, inRequest: index, captures: &captures)
            do throws(WorkbenchError) {
                try HTTPSyntax.checkHeaderName(name)
                try HTTPSyntax.checkHeaderValue(value, name: name)
            } catch {
                throw failure(number, 1, error.message)
            }
            headers.append(HeaderField(name: name, value: value))
        }
        if url.hasPrefix("/"), let host = headers.first(where: { $0.hasName("Host") }) {
            // `GET /path` with a Host header, as the spec allows.
            url = "http://" + host.value + url
            headers.removeAll { $0.hasName("Host") }
        }
        do throws(WorkbenchError) {
            if let userInfo = try endpoint.setURL(url) {
                headers.insert(HeaderField(name: "Authorization", value: Auth.basicCredentials(userInfo)), at: 0)
            }
        } catch {
            throw failure(requestNumber, urlColumn, error.message)
        }
        endpoint.method = method
        (endpoint.headers, endpoint.auth) = Self.authHelper(in: headers)
        endpoint.body = try body(pending, headers: headers, request: index, captures: &captures)
        if method == "GRAPHQL" {
            do throws(WorkbenchError) {
                (endpoint.method, endpoint.body) = ("POST", try Self.graphqlBody(endpoint.body))
            } catch {
                throw failure(pending.bodyLine, 1, error.message)
            }
        }
        if let unsupported {
            notes.append("\(file):\(requestNumber): request skipped: it uses \(unsupported), which the workbench cannot generate")
            return
        }
        var settings = Settings()
        settings.followRedirects = pending.follow
        var expectations: [Expectation] = []
        for text in pending.expectations {
            do throws(WorkbenchError) { expectations.append(try Expectation.parse(text)) } catch {
                throw failure(pending.line, 1, "@workbench expect: \(error.message)")
            }
        }
        records.append(RequestRecord(endpoint: endpoint, settings: settings, expectations: expectations))
        for capture in captures { try addCapture(capture) }
        notes += pending.skipped
        if let name = pending.name { names[name] = index }
    }

    private mutating func addCapture(_ capture: Capture) throws(WorkbenchError) {
        // Captures belong to the request they read; `resolve` put the record index in the name's owner.
        guard let owner = captureOwners[capture.name] else { return }
        if !records[owner].captures.contains(where: { $0.name == capture.name }) {
            records[owner].captures.append(capture)
        }
    }

    /// Which record each generated capture variable reads from.
    private var captureOwners: [String: Int] = [:]

    /// `Authorization: Basic USER PASSWORD` (or `USER:PASSWORD`) and `Digest USER
    /// PASSWORD`, which these clients encode or answer themselves: the workbench's
    /// `auth` when the password is a `{{reference}}` (so it stays a secret), a Basic
    /// header already encoded when it is literal. Anything else is a header as written.
    static func authHelper(in headers: [HeaderField]) -> ([HeaderField], Auth?) {
        guard let index = headers.firstIndex(where: { $0.hasName("Authorization") }) else { return (headers, nil) }
        let words = headers[index].value.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let schemeWord = words.first, let scheme = Auth.Scheme(rawValue: schemeWord.lowercased()), scheme != .bearer else {
            return (headers, nil)
        }
        let user: String
        let password: String
        if words.count == 3 {
            (user, password) = (words[1], words[2])
        } else if words.count == 2, let colon = words[1].firstIndex(of: ":") {
            (user, password) = (String(words[1][..<colon]), String(words[1][words[1].index(after: colon)...]))
        } else {
            return (headers, nil)
        }
        var rest = headers
        rest.remove(at: index)
        if Template.hasReferences(password) || scheme == .digest {
            return (rest, Auth(scheme: scheme, user: user, secret: password))
        }
        rest.insert(HeaderField(name: headers[index].name, value: Auth.basicCredentials(user + ":" + password)), at: index)
        return (rest, nil)
    }

    private mutating func body(
        _ pending: Pending, headers: [HeaderField], request: Int, captures: inout [Capture]
    ) throws(WorkbenchError) -> Body? {
        var lines = pending.body
        while let last = lines.last, last.trimmingSpaces().isEmpty { lines.removeLast() }
        guard !lines.isEmpty else { return nil }
        let first = lines[0].trimmingSpaces()
        if lines.count == 1, first.hasPrefix("<") {
            // `< ./file` (and JetBrains' `<@ ./file`, whose variables are not expanded here).
            let path = String(first.drop { $0 == "<" || $0 == "@" }).trimmingSpaces()
            return .file(path)
        }
        let text = try resolve(lines.joined(separator: "\n"), line: pending.bodyLine, column: 1, inRequest: request, captures: &captures)
        let type = headers.values(of: "Content-Type").last?.lowercased() ?? ""
        if type.contains("json"), (try? JSONTemplate.check(text)) != nil { return .json(text) }
        return .text(text)
    }

    /// A value with its `{{...}}` references made the workbench's: file and
    /// environment variables stay references (the session has them), request
    /// references become captures, `$processEnv` becomes `env.`.
    private mutating func resolve(_ text: String, line: Int, column: Int, inRequest: Int?) throws(WorkbenchError) -> String {
        var ignored: [Capture] = []
        return try resolve(text, line: line, column: column, inRequest: inRequest, captures: &ignored)
    }

    private mutating func resolve(
        _ text: String, line: Int, column: Int, inRequest: Int?, captures: inout [Capture]
    ) throws(WorkbenchError) -> String {
        guard text.contains("{{") else { return text }
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstRange(of: "{{") {
            result += rest[..<open.lowerBound]
            let offset = text.distance(from: text.startIndex, to: open.lowerBound)
            guard let close = rest[open.upperBound...].firstRange(of: "}}") else {
                throw failure(line, column + offset, "unclosed {{")
            }
            let reference = String(rest[open.upperBound..<close.lowerBound]).trimmingSpaces()
            result += try translate(reference, line: line, column: column + offset, inRequest: inRequest, captures: &captures)
            if inRequest == nil && result.utf8.count > HTTPFileBounds.maximumValueBytes {
                // Checked at each reference: one line of many references to a large variable stops here too.
                throw failure(line, column + offset, HTTPFileBounds.tooLarge(size: result.utf8.count))
            }
            rest = rest[close.upperBound...]
        }
        result += rest
        return result
    }

    private mutating func translate(
        _ reference: String, line: Int, column: Int, inRequest: Int?, captures: inout [Capture]
    ) throws(WorkbenchError) -> String {
        if reference.hasPrefix("$processEnv ") {
            let name = String(reference.dropFirst("$processEnv ".count)).trimmingSpaces()
            return "{{env.\(name)}}"
        }
        if reference.hasPrefix("$") {
            unsupported = "{{\(reference)}}"
            return ""
        }
        let parts = reference.split(separator: ".", maxSplits: 3).map(String.init)
        if parts.count >= 3, parts[1] == "response", let owner = names[parts[0]] {
            guard inRequest != nil else { throw failure(line, column, "a file variable cannot refer to a response") }
            let rest = parts.count == 4 ? parts[3] : ""
            let source: Capture.Source
            let suffix: String
            switch parts[2] {
            case "body":
                let pathText = rest.isEmpty ? "$" : rest
                do throws(WorkbenchError) { source = .json(try JSONPath(parsing: pathText)) } catch {
                    throw failure(line, column, "\(Excerpt.quoted(reference)): \(error.message)")
                }
                suffix = "body" + pathText.dropFirst().map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
            case "headers":
                guard !rest.isEmpty else { throw failure(line, column, "\(Excerpt.quoted(reference)): which header?") }
                source = .header(rest)
                suffix = "header_" + rest.map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
            default:
                throw failure(line, column, "\(Excerpt.quoted(reference)): only response.body and response.headers can be referred to")
            }
            let name = "\(parts[0])_\(suffix)"
            captureOwners[name] = owner
            captures.append(Capture(name: name, source: source))
            return "{{\(name)}}"
        }
        if parts.count >= 2, parts[1] == "response" {
            throw failure(line, column, "\(Excerpt.quoted(reference)) refers to a request named \(Excerpt.quoted(parts[0])), and no request before this one has that `# @name`")
        }
        guard Template.isValidVariableName(reference) else {
            throw failure(line, column, "invalid variable reference {{\(reference)}}")
        }
        guard fileVariables[reference] != nil || environmentValues[reference] != nil || secretValues[reference] != nil else {
            throw failure(line, column, "unknown variable {{\(reference)}}: define it with `@\(reference) = VALUE` or in http-client.env.json (--env NAME)")
        }
        if inRequest == nil, let value = fileVariables[reference] ?? environmentValues[reference] {
            // A file variable built from others holds their values: variables are not expanded twice.
            return value
        }
        return "{{\(reference)}}"
    }
}
