import Foundation
import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs

/// The line-by-line reading of a `.http` file (see `HTTPFileImport`): requests
/// become records, `{{...}}` references become the workbench's own variables
/// and captures, and every error names the file, line and column.
struct HTTPFileParser {
    /// The file being read: the one loaded, or one it `@import`s while that is read.
    private(set) var file: String
    let environmentValues: [String: String]
    private(set) var secretValues: [String: String]
    /// Names given by `--var` or `set`: they win over the file's and the env
    /// files' values, so they stay references (`{{NAME}}`) wherever they are used.
    let overrides: Set<String>
    /// `.env` beside the file, read when `{{$dotenv NAME}}` first asks.
    let readDotenv: () -> [String: String]
    private var dotenv: [String: String]?
    /// The env files beside the file when no environment is chosen: a name one of their
    /// environments gives is not "defined nowhere", it waits for `env use NAME`.
    var unchosenEnvironments: EnvironmentFiles?
    private(set) var records: [RequestRecord] = []
    private(set) var fileVariables: [String: String] = [:]
    /// The bytes of every file variable's value so far (`HTTPFileBounds`).
    private var fileVariableBytes = 0
    private(set) var notes: [String] = []
    /// `# @name` of each record so far, for request references.
    private var names: [String: Int] = [:]
    /// A dynamic variable (`{{$uuid}}`) the request being read uses, which the workbench cannot generate.
    private var unsupported: String?
    /// The file variable whose value is being read (`@x = {{x}}` takes x from the environment).
    private var defining: String?
    /// The first request or variable that could not be read: the file's error when no request can be.
    private var firstSkip: WorkbenchError?
    /// A bound (`HTTPFileBounds`) was passed: that refuses the file, never a request alone.
    private var passedBound = false

    /// Variables apply from where they are defined (`@name = value`): the value
    /// each request sees is the one above it. A variable defined once with a plain
    /// value stays a reference (the session holds it); one defined again further
    /// down, or whose value refers to others, is written into each request as it
    /// stands there.
    private var currentValues: [String: String] = [:]
    private var definitionCounts: [String: Int] = [:]
    /// GraphQL fragments defined in the file, by name (httpyac).
    private var fragments: [String: String] = [:]

    /// Reads another file `# @import` names (httpyac); nil where none may be read.
    let readFile: ((String) throws(WorkbenchError) -> [UInt8])?
    /// Which files an `@import` may read: the rule of the file first loaded (`input`).
    let localFiles: LocalFileRule
    let input: String
    /// The files being read, outermost first (their standardized paths), for a cycle.
    private var importChain: [String] = []
    /// The files imported so far, each read once.
    private var importedFiles: Set<String> = []

    /// How deep `@import`s may nest, counting the file first loaded as 1.
    static let maximumImportDepth = 8

    init(
        file: String, environmentValues: [String: String], secretValues: [String: String],
        overrides: Set<String> = [], readDotenv: @escaping () -> [String: String] = { [:] },
        readFile: ((String) throws(WorkbenchError) -> [UInt8])? = nil, localFiles: LocalFileRule = LocalFileRule()
    ) {
        self.file = file
        self.environmentValues = environmentValues
        self.secretValues = secretValues
        self.overrides = overrides
        self.readDotenv = readDotenv
        self.readFile = readFile
        self.localFiles = localFiles
        self.input = file
        importChain = [Self.standardized(file)]
    }

    static func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path.isEmpty ? "." : path).standardizedFileURL.path
    }

    /// httpyac's `# @import ./other.http`: the other file's requests and variables, read once,
    /// before the requests that follow (so `@ref` and `{{name.response...}}` find them). Read
    /// under the local-file rule of the file first loaded, at most `maximumImportDepth` deep,
    /// never in a cycle.
    private mutating func importFile(_ typed: String, line: Int) throws(WorkbenchError) {
        let named = try resolve(typed, line: line, column: 1, inRequest: nil)
        let path = besideFile(named)
        let key = Self.standardized(path)
        if let at = importChain.firstIndex(of: key) {
            let cycle = (importChain[at...] + [key]).map { $0.split(separator: "/").last.map(String.init) ?? $0 }
            throw failure(line, 1, "@import \(Excerpt.quoted(named)): a cycle of imports (\(cycle.joined(separator: " -> ")))")
        }
        if importedFiles.contains(key) { return }
        guard importChain.count < Self.maximumImportDepth else {
            throw failure(
                line, 1,
                "@import \(Excerpt.quoted(named)): imports nest more than \(Self.maximumImportDepth) files deep (the bound of @import)")
        }
        guard let readFile else { throw failure(line, 1, "@import \(Excerpt.quoted(named)): files are not read here") }
        if let refusal = localFiles.refusal(of: path, namedBy: input) {
            throw failure(line, 1, "@import: \(input) \(refusal); \(LocalFileRule.howToAllow)")
        }
        let text: String
        do throws(WorkbenchError) {
            text = try FileSystem.text(try readFile(path), of: path)
        } catch {
            throw failure(line, 1, "@import \(Excerpt.quoted(named)): \(error.message)")
        }
        // Read by this parser, as if its text stood here: names, variables and captures are one set.
        let outer = file
        file = path
        importChain.append(key)
        importedFiles.insert(key)
        defer {
            file = outer
            importChain.removeLast()
        }
        try parseRequests(text)
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
        /// httpyac `?? status == 200` lines, with their line numbers.
        var asserts: [(text: String, line: Int)] = []
        var previousBlank = false
        /// httpyac's `# @loop for 3`, `for x of list`, `while ...`: read, imported once.
        var loop: (text: String, line: Int)?
    }

    /// A relative request line (httpyac) goes under `{{host}}`: refused when nothing defines
    /// `host`, with `example` as what `@host =` and `--var host=` would take.
    private mutating func requireHost(
        for url: String, line: Int, column: Int, example: (value: String, option: String)
    ) throws(WorkbenchError) {
        if dotenv == nil { dotenv = readDotenv() }
        let defined =
            overrides.contains("host") || currentValues["host"] != nil || environmentValues["host"] != nil
            || secretValues["host"] != nil || dotenv?["host"] != nil
        guard defined else {
            throw failure(
                line, column,
                "\(Excerpt.quoted(url)) is relative and no `host` variable says where to: "
                    + "add `@host = \(example.value)` above it, or give --var host=\(example.option)")
        }
    }

    func failure(_ line: Int, _ column: Int, _ message: String) -> WorkbenchError {
        WorkbenchError("\(file): line \(line), column \(column): \(message)")
    }

    mutating func parse(_ text: String) throws(WorkbenchError) {
        try parseRequests(text)
        if records.isEmpty {
            // Nothing to import: the first request's own error says why, as for a file of one request.
            if let firstSkip { throw firstSkip }
            if let note = notes.first { throw WorkbenchError("\(file): no request it holds can be sent here (\(note))") }
            throw WorkbenchError("\(file): no request in it")
        }
    }

    /// The file's requests and variables, however few (an imported file may hold variables only).
    private mutating func parseRequests(_ text: String) throws(WorkbenchError) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { raw in
            raw.hasSuffix("\r") ? String(raw.dropLast()) : String(raw)
        }
        for line in lines {
            if let name = Self.definedName(line) { definitionCounts[name, default: 0] += 1 }
        }
        var pending = Pending(line: 1)
        var lineNumber = 0
        var fragment: (name: String, lines: [String])?
        /// Inside httpyac's `{{ ... }}` script block or a `/* ... */` comment: the end that closes it.
        var skippingUntil: String?
        for line in lines {
            lineNumber += 1
            if let end = skippingUntil {
                if line.trimmingSpaces().hasPrefix(end) || (end == "*/" && line.contains(end)) { skippingUntil = nil }
                continue
            }
            let opening = line.trimmingSpaces()
            if opening.hasPrefix("{{") && !opening.contains("}}")
                && (pending.requestLine == nil || pending.inBody || pending.headers.isEmpty)
            {
                pending.skipped.append(
                    "\(file):\(lineNumber): httpyac script block `{{ ... }}` skipped (JavaScript does not run in the workbench)")
                skippingUntil = "}}"
                continue
            }
            if opening.hasPrefix("/*") && pending.requestLine == nil {
                if !opening.contains("*/") { skippingUntil = "*/" }
                continue
            }
            if pending.requestLine == nil, opening.hasPrefix("proto <") {
                notes.append(
                    "\(file):\(lineNumber): `\(Template.oneLine(opening))` skipped (a gRPC call's schema comes from the server's reflection; `grpc connect URL --proto FILE` reads a .proto file)"
                )
                continue
            }
            if var open = fragment {
                open.lines.append(line)
                if line.hasPrefix("}") {
                    fragments[open.name] = open.lines.joined(separator: "\n")
                    fragment = nil
                } else {
                    fragment = open
                }
                continue
            }
            if line.hasPrefix("###") {
                try finishOrSkip(pending)
                pending = Pending(line: lineNumber + 1)
                continue
            }
            if pending.inHandler {
                if line.contains("%}") { pending.inHandler = false }
                continue
            }
            let trimmed = line.trimmingSpaces()
            if trimmed.hasPrefix("?? ") {
                pending.asserts.append((String(trimmed.dropFirst(3)).trimmingSpaces(), lineNumber))
                continue
            }
            if pending.requestLine == nil {
                if trimmed.hasPrefix("fragment "), trimmed.hasSuffix("{") {
                    // A GraphQL fragment (httpyac): added to the GraphQL bodies that use it.
                    let name = trimmed.dropFirst("fragment ".count).split(separator: " ").first.map(String.init) ?? ""
                    fragment = (name, [line])
                    continue
                }
                if trimmed.hasPrefix("<"), trimmed.contains("{%") || trimmed.hasSuffix(".js") {
                    pending.skipped.append("\(file):\(lineNumber): pre-request script skipped (JavaScript does not run in the workbench)")
                    if trimmed.contains("{%") && !trimmed.contains("%}") { pending.inHandler = true }
                    continue
                }
                try readPreambleOrSkip(line, number: lineNumber, into: &pending)
            } else if !pending.inBody {
                if trimmed.isEmpty {
                    pending.inBody = true
                    pending.bodyLine = lineNumber + 1
                    pending.previousBlank = true
                } else if pending.headers.isEmpty, let first = line.first, first == " " || first == "\t",
                    trimmed.hasPrefix("?") || trimmed.hasPrefix("&") || trimmed.hasPrefix("/") || !trimmed.contains(": ")
                {
                    // The URL continued on its own, indented line (JetBrains' multi-line URLs).
                    pending.requestLine!.text += trimmed
                } else if trimmed.hasPrefix("#") || trimmed.hasPrefix("//") {
                    continue
                } else if trimmed.hasPrefix(">") {
                    readHandler(trimmed, number: lineNumber, into: &pending)
                } else if Self.startsRequest(trimmed) {
                    // httpyac: request lines one under the other are requests of their own.
                    try finishOrSkip(pending)
                    pending = Pending(line: lineNumber)
                    pending.requestLine = (line, lineNumber)
                } else if trimmed.hasPrefix("@"), Self.definedName(line) != nil {
                    // `@name = value` among the headers: a variable from here on, not a header.
                    try readPreambleOrSkip(line, number: lineNumber, into: &pending)
                } else if trimmed.hasPrefix("{") || trimmed.hasPrefix("[")
                    || (trimmed.hasPrefix("<") && !trimmed.hasPrefix("<@")) && !line.contains(": ")
                {
                    // httpyac: a body may follow the headers without a blank line.
                    pending.inBody = true
                    pending.bodyLine = lineNumber
                    pending.body.append(line)
                } else {
                    pending.headers.append((line, lineNumber))
                }
            } else if line.hasPrefix(">") {
                readHandler(line, number: lineNumber, into: &pending)
            } else if trimmed.hasPrefix("@"), Self.definedName(line) != nil, pending.body.allSatisfy({ $0.trimmingSpaces().isEmpty }) {
                // `@name = value` after a request without a body, before the next `###`: a variable from here on.
                try readPreambleOrSkip(line, number: lineNumber, into: &pending)
            } else if pending.previousBlank && Self.startsRequest(line) {
                // httpyac: a request line after a blank line starts the next request, without `###`.
                try finishOrSkip(pending)
                pending = Pending(line: lineNumber)
                pending.requestLine = (line, lineNumber)
            } else {
                pending.body.append(line)
                pending.previousBlank = trimmed.isEmpty
            }
        }
        try finishOrSkip(pending)
    }

    /// The words of a request line; a `{{...}}` reference is one word's part even with
    /// spaces in it (`{{$random.integer(1, 9)}}`).
    static func words(of line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var depth = 0
        var previous: Character = " "
        for character in line {
            if character == "{" && previous == "{" { depth += 1 }
            if character == "}" && previous == "}" && depth > 0 { depth -= 1 }
            if (character == " " || character == "\t") && depth == 0 {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(character)
            }
            previous = character == previous && (character == "{" || character == "}") ? " " : character
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    static let methods: Set<String> = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE", "CONNECT", "GRAPHQL"]

    /// `GET /x`, `POST https://h/x HTTP/1.1`: a line that can only be a request line.
    static func isRequestLine(_ line: String) -> Bool {
        let words = line.split(separator: " ")
        guard words.count == 2 || (words.count == 3 && words[2].hasPrefix("HTTP/")), methods.contains(String(words[0])) else {
            return false
        }
        return words[1].hasPrefix("/") || words[1].hasPrefix("http") || words[1].hasPrefix("{{")
    }

    /// What a line among the headers that is no header is most likely to be.
    static func notAHeader(_ line: String) -> String {
        let trimmed = line.trimmingSpaces()
        if trimmed.hasPrefix("?") || trimmed.hasPrefix("&") {
            return "a query line under the request line: indent it (a URL goes on over indented lines), before any header"
        }
        return "expected a header NAME: VALUE, or a blank line before the body"
    }

    /// `@name = value`: the name it defines.
    static func definedName(_ line: String) -> String? {
        let trimmed = line.trimmingSpaces()
        guard trimmed.hasPrefix("@"), let equals = trimmed.firstIndex(of: "=") else { return nil }
        return String(trimmed[trimmed.index(after: trimmed.startIndex)..<equals]).trimmingSpaces()
    }

    /// Before the request line: tags, comments, file variables, blank lines.
    private mutating func readPreamble(_ line: String, number: Int, into pending: inout Pending) throws(WorkbenchError) {
        let trimmed = line.trimmingSpaces()
        if trimmed.isEmpty { return }
        for prefix in ["#", "//"] where trimmed.hasPrefix(prefix) {
            let comment = String(trimmed.dropFirst(prefix.count)).trimmingSpaces()
            if comment.hasPrefix("@name") {
                var name = String(comment.dropFirst(5)).trimmingSpaces()
                if name.hasPrefix("=") { name = String(name.dropFirst()).trimmingSpaces() }
                guard !name.isEmpty else { throw failure(number, 1, "`@name` names nothing: write `# @name NAME`") }
                // JetBrains allows any text (`Token (RequestBody)`); only a variable-like name can be referred to.
                pending.name = Template.isValidVariableName(name) ? name : nil
            } else if comment.hasPrefix("@import ") {
                do throws(WorkbenchError) {
                    try importFile(String(comment.dropFirst("@import ".count)).trimmingSpaces(), line: number)
                } catch {
                    // One import that cannot be read is skipped, as a request is; a bound passed refuses the file.
                    if passedBound { throw error }
                    firstSkip = firstSkip ?? error
                    notes.append("\(error.message); skipped")
                }
            } else if comment.hasPrefix("@loop ") {
                pending.loop = (String(comment.dropFirst("@loop ".count)).trimmingSpaces(), number)
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
            // `--var` and `set` win over the file's own value.
            if overrides.contains(name) { return }
            // File variables may use earlier ones: resolved now, in order.
            defining = name
            defer { defining = nil }
            let resolved = try resolve(value, line: number, column: line.count - value.count + 1, inRequest: nil)
            fileVariableBytes += resolved.utf8.count
            if fileVariableBytes > HTTPFileBounds.maximumTotalBytes {
                passedBound = true
                throw failure(number, 1, HTTPFileBounds.tooMuch(at: name))
            }
            currentValues[name] = resolved
            if definitionCounts[name, default: 0] <= 1 && !Template.hasReferences(resolved) { fileVariables[name] = resolved }
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

    /// `finish`, or when the request cannot be read, one note naming its line and why, and
    /// the rest of the file goes on (as HAR and Postman entries are skipped). A bound passed
    /// still refuses the file.
    private mutating func finishOrSkip(_ pending: Pending) throws(WorkbenchError) {
        let live = pending.requestLine.flatMap { HTTPFileLiveRequests.kind(of: $0.text.trimmingSpaces()) }
        if live == nil, let line = pending.requestLine, let feature = Self.otherProtocol(of: line.text.trimmingSpaces()) {
            notes.append("\(file):\(line.line): request skipped: \(feature)")
            return
        }
        do {
            if let live { try finishLive(pending, kind: live.kind, target: live.target) } else { try finish(pending) }
        } catch {
            if passedBound { throw error }
            firstSkip = firstSkip ?? error
            let line = pending.requestLine?.line ?? pending.line
            notes.append("\(error.message); the request at line \(line) skipped")
        }
    }

    /// `readPreamble`, or when a variable's value cannot be read (`@x = {{false}}`, JavaScript
    /// in httpyac), one note and the variable left undefined.
    private mutating func readPreambleOrSkip(_ line: String, number: Int, into pending: inout Pending) throws(WorkbenchError) {
        do { try readPreamble(line, number: number, into: &pending) } catch {
            guard !passedBound, let name = Self.definedName(line) else { throw error }
            firstSkip = firstSkip ?? error
            // An invalid name (httpyac's `@xpath_ns p=URI` setting) is one line the workbench cannot read.
            notes.append("\(error.message); " + (Template.isValidVariableName(name) ? "@\(name) skipped" : "the line skipped"))
        }
    }

    /// A line that starts a request: an HTTP request line, a WebSocket or gRPC one, or another protocol's.
    static func startsRequest(_ line: String) -> Bool {
        isRequestLine(line) || HTTPFileLiveRequests.kind(of: line) != nil || otherProtocol(of: line) != nil
    }

    /// Request lines of protocols httpyac speaks and the workbench does not (MQTT, AMQP): what
    /// the line is, for the note that skips it. WebSocket and gRPC are `HTTPFileLiveRequests`'.
    static func otherProtocol(of line: String) -> String? {
        let words = line.split(separator: " ", maxSplits: 1)
        guard let first = words.first else { return nil }
        switch first.uppercased() {
        case "MQTT" where words.count == 2: return "httpyac's MQTT request (the workbench speaks HTTP)"
        case "AMQP", "RABBITMQ": return words.count == 2 ? "httpyac's AMQP request (the workbench speaks HTTP)" : nil
        default: break
        }
        let lower = first.lowercased()
        if lower.hasPrefix("mqtt://") || lower.hasPrefix("mqtts://") || lower.hasPrefix("tcp://") {
            return "httpyac's MQTT request (the workbench speaks HTTP)"
        }
        return nil
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
        inLoop = pending.loop != nil
        usedLoopIndex = false
        defer { inLoop = false }
        var words = Self.words(of: requestText)
        if let last = words.last, last.uppercased().hasPrefix("HTTP/"), words.count > 1 { words.removeLast() }
        guard !words.isEmpty else { throw failure(requestNumber, 1, "expected a request line") }
        var method = "GET"
        var isGraphQL = false
        if words.count >= 2 {
            if words[0].uppercased() == "GRAPHQL" {
                // JetBrains' `GRAPHQL URL`: the body is the query, sent as `{"query", "variables"}` by POST.
                isGraphQL = true
                words[0] = "POST"
            }
            do throws(WorkbenchError) { method = try HTTPSyntax.normalizedMethod(words[0]) } catch {
                throw failure(requestNumber, 1, error.message)
            }
            words.removeFirst()
        }
        guard words.count == 1 else { throw failure(requestNumber, 1, "expected METHOD URL [HTTP/VERSION]") }
        let urlColumn =
            (requestText.firstRange(of: words[0]).map { requestText.distance(from: requestText.startIndex, to: $0.lowerBound) } ?? 0) + 1
        var url = try resolve(words[0], line: requestNumber, column: urlColumn, inRequest: index, captures: &captures)
        var endpoint = Endpoint()
        var headers = try headerFields(pending, request: index, captures: &captures)
        if url.hasPrefix("/"), let host = headers.first(where: { $0.hasName("Host") }) {
            // `GET /path` with a Host header, as the spec allows.
            url = "http://" + host.value + url
            headers.removeAll { $0.hasName("Host") }
        } else if url.hasPrefix("/") {
            // httpyac: a relative request line goes to `{{host}}` (`@host = https://...`, an env file, `--var host=`).
            try requireHost(for: url, line: requestNumber, column: urlColumn, example: ("http://...", "URL"))
            url = try resolve("{{host}}", line: requestNumber, column: urlColumn, inRequest: index, captures: &captures) + url
        }
        do throws(WorkbenchError) {
            if let userInfo = try endpoint.setURL(url) {
                headers.insert(HeaderField(name: "Authorization", value: Auth.basicCredentials(userInfo)), at: 0)
            }
            endpoint = ImportedWholeTarget.takingApart(endpoint, value: importedValue)
        } catch {
            throw failure(requestNumber, urlColumn, error.message)
        }
        endpoint.method = method
        (endpoint.headers, endpoint.auth) = Self.authHelper(in: headers)
        // Its credentials belong to its URL's origin, as in a session file.
        endpoint.bindCredentialHeadersByName()
        endpoint.body = try body(pending, headers: headers, request: index, captures: &captures)
        if case .multipart = endpoint.body {
            // libcurl writes the multipart Content-Type with the boundary it frames the parts with.
            endpoint.headers.removeAll { $0.hasName("Content-Type") }
        }
        // The file's body goes out with the file's method, a GET's or a DELETE's too, as the clients send it.
        if endpoint.body != nil && Endpoint.methodsWithoutBody.contains(method) { endpoint.sendsBodyWithAnyMethod = true }
        if isGraphQL {
            // `GRAPHQL URL`: a GraphQL body, its document checked as `body graphql` checks it
            // (sent as POST {"query", "variables", "operationName"}).
            do throws(WorkbenchError) {
                endpoint.body = try Self.graphqlBody(endpoint.body)
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
        for (text, line) in pending.asserts {
            if let expectation = Self.expectation(fromAssert: text) {
                expectations.append(expectation)
            } else {
                notes.append(
                    "\(file):\(line): assert `?? \(Template.oneLine(text))` skipped (the workbench maps status, header and duration asserts)"
                )
            }
        }
        records.append(RequestRecord(endpoint: endpoint, settings: settings, expectations: expectations))
        if let loop = pending.loop {
            // No repeat of the workbench's maps it (a script's `repeat N` sends a request N times).
            notes.append(
                "\(file):\(loop.line): `# @loop \(Template.oneLine(loop.text))` not repeated: the request is imported once"
                    + (usedLoopIndex ? ", {{$index}} as 0" : ""))
        }
        for capture in captures { try addCapture(capture) }
        notes += pending.skipped
        if let name = pending.name { names[name] = index }
    }

    /// The request's header lines as fields, their variables made the workbench's.
    private mutating func headerFields(_ pending: Pending, request index: Int, captures: inout [Capture]) throws(WorkbenchError)
        -> [HeaderField]
    {
        var headers: [HeaderField] = []
        for (line, number) in pending.headers {
            guard let colon = line.firstIndex(of: ":") else { throw failure(number, 1, Self.notAHeader(line)) }
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
        return headers
    }

    /// A WebSocket or gRPC request (`HTTPFileLiveRequests`) as the history's conversation or call.
    private mutating func finishLive(_ pending: Pending, kind: HTTPFileLiveRequests.Kind, target: String) throws(WorkbenchError) {
        guard let (requestText, requestNumber) = pending.requestLine else { return }
        let index = records.count
        var captures: [Capture] = []
        unsupported = nil
        let column =
            (requestText.firstRange(of: target).map { requestText.distance(from: requestText.startIndex, to: $0.lowerBound) } ?? 0) + 1
        var url = target
        if url.hasPrefix("/") {
            // httpyac: under `{{host}}`, as a relative HTTP request line.
            try requireHost(for: url, line: requestNumber, column: column, example: ("HOST:PORT", "HOST"))
            url = "{{host}}" + url
        }
        url = try resolve(url, line: requestNumber, column: column, inRequest: index, captures: &captures)
        if url.hasPrefix("{{") {
            // The scheme is in the variable's value: written in, so the kind of connection can be told.
            for (name, value) in currentValues.merging(environmentValues, uniquingKeysWith: { file, _ in file })
            where url.hasPrefix("{{\(name)}}") && !overrides.contains(name) {
                url = value + url.dropFirst(name.count + 4)
            }
        }
        let headers = try headerFields(pending, request: index, captures: &captures)
        var lines = pending.body
        while let last = lines.last, last.trimmingSpaces().isEmpty { lines.removeLast() }
        let body =
            lines.isEmpty
            ? "" : try resolve(lines.joined(separator: "\n"), line: pending.bodyLine, column: 1, inRequest: index, captures: &captures)
        var record: RequestRecord
        do throws(WorkbenchError) {
            switch kind {
            case .grpc: record = try HTTPFileLiveRequests.grpc(target: url, headers: headers, message: body)
            case .webSocket:
                record = try HTTPFileLiveRequests.webSocket(
                    url: url, headers: headers, body: body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
            }
        } catch {
            throw failure(requestNumber, column, error.message)
        }
        if let unsupported {
            notes.append("\(file):\(requestNumber): request skipped: it uses \(unsupported), which the workbench cannot generate")
            return
        }
        records.append(record)
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

    /// Whether the request being finished has a `# @loop` (its `{{$index}}` is 0), and uses `{{$index}}`.
    private var inLoop = false
    private var usedLoopIndex = false

    /// Variables requests refer to that nothing defines, each noted once.
    private var unknownNames: Set<String> = []

    /// Which record each generated capture variable reads from.
    private var captureOwners: [String: Int] = [:]

    /// `Authorization: Basic USER PASSWORD` (or `USER:PASSWORD`) and `Digest USER
    /// PASSWORD`, which these clients encode or answer themselves: the workbench's
    /// `auth` when the password is a `{{reference}}` (so it stays a secret), a Basic
    /// header already encoded when it is literal. Anything else is a header as written.
    static func authHelper(in headers: [HeaderField]) -> ([HeaderField], Auth?) {
        guard let index = headers.firstIndex(where: { $0.hasName("Authorization") }) else { return (headers, nil) }
        let words = headers[index].value.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        // Basic and Digest only: another kind's name (`oauth2`, `aws-sigv4`) is no scheme these clients encode.
        guard let schemeWord = words.first, let scheme = Auth.Scheme(rawValue: schemeWord.lowercased()),
            scheme == .basic || scheme == .digest
        else {
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

    /// httpyac's `?? status == 200`, `?? header content-type includes json`, `?? duration < 500`.
    static func expectation(fromAssert text: String) -> Expectation? {
        let words = text.split(separator: " ", maxSplits: 3).map(String.init)
        switch (words.first, words.count) {
        case ("status", 3) where words[1] == "==":
            return Int(words[2]).map { .status(.code($0)) }
        case ("header", 4) where ["includes", "contains", "=="].contains(words[2]):
            return .headerContains(name: words[1], text: words[3])
        case ("duration", 3) where words[1] == "<":
            return Double(words[2]).map { .timeBelow(milliseconds: $0) }
        default:
            return nil
        }
    }

    /// A GraphQL body (`GRAPHQL URL`, or httpyac's `query ...` under POST): the
    /// query, then after a blank line optional JSON variables, as `{"query", "variables"}`.
    private func graphQLBody(_ lines: [String]) -> String? {
        let first = lines.first?.trimmingSpaces() ?? ""
        let keywords = ["query", "mutation", "subscription", "fragment", "{"]
        guard keywords.contains(where: { first.hasPrefix($0) }) else { return nil }
        var query = lines
        var variables = "{}"
        if let blank = lines.lastIndex(where: { $0.trimmingSpaces().isEmpty }),
            lines[(blank + 1)...].first?.trimmingSpaces().hasPrefix("{") == true
        {
            let text = lines[(blank + 1)...].joined(separator: "\n")
            if (try? JSONTemplate.check(text)) != nil {
                variables = text
                query = Array(lines[..<blank])
            }
        }
        var queryText = query.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        for (name, fragment) in fragments.sorted(by: { $0.key < $1.key }) where queryText.contains("..." + name) {
            queryText += "\n" + fragment
        }
        return "{\"query\": \(JSONValue.string(queryText).jsonText), \"variables\": \(variables)}"
    }

    private mutating func body(
        _ pending: Pending, headers: [HeaderField], request: Int, captures: inout [Capture], graphQL: Bool = false
    ) throws(WorkbenchError) -> Body? {
        var lines = pending.body
        while let last = lines.last, last.trimmingSpaces().isEmpty { lines.removeLast() }
        guard !lines.isEmpty else { return nil }
        let first = lines[0].trimmingSpaces()
        let contentType = headers.values(of: "Content-Type").last?.lowercased() ?? ""
        if graphQL || contentType.contains("json") || contentType.contains("graphql"), let text = graphQLBody(lines),
            graphQL || !first.hasPrefix("{")
        {
            let resolved = try resolve(text, line: pending.bodyLine, column: 1, inRequest: request, captures: &captures)
            // What `load` checks of a JSON body, checked here, or the saved session would not load again.
            do { try JSONTemplate.check(resolved) } catch {
                throw failure(pending.bodyLine, 1, "the GraphQL request body is not JSON once made: \(error.message)")
            }
            return .json(resolved)
        }
        if let multipart = HTTPFileMultipart.read(lines, contentType: headers.values(of: "Content-Type").last ?? "") {
            return .multipart(try multipartParts(multipart, line: pending.bodyLine, request: request, captures: &captures))
        }
        if lines.count == 1, first.hasPrefix("<") {
            // `< ./file` is sent as it is; `<@ ./file` (JetBrains, REST Client) has its
            // {{variables}} expanded when sent. Either is read when the request is sent.
            let expands = first.hasPrefix("<@")
            let path = besideFile(String(first.dropFirst(expands ? 2 : 1)).trimmingSpaces())
            guard !path.isEmpty else { throw failure(pending.bodyLine, 1, "`\(expands ? "<@" : "<")` names no file") }
            return expands ? .templateFile(path) : .file(path)
        }
        let type = headers.values(of: "Content-Type").last?.lowercased() ?? ""
        // REST Client: a form body may go on over lines that start (or end) with `&`; it sends one line.
        let continuesForm = zip(lines, lines.dropFirst()).allSatisfy {
            $0.trimmingSpaces().hasSuffix("&") || $1.trimmingSpaces().hasPrefix("&")
        }
        let joined =
            type.contains("x-www-form-urlencoded") && lines.count > 1 && continuesForm
            ? lines.map { $0.trimmingSpaces() }.joined() : lines.joined(separator: "\n")
        let text = try resolve(joined, line: pending.bodyLine, column: 1, inRequest: request, captures: &captures)
        if type.contains("json"), (try? JSONTemplate.check(text)) != nil { return .json(text) }
        return .text(text)
    }

    /// A multipart body's parts as the workbench sends them: a `< ./file` part streams the file
    /// (named from the `.http` file's folder), a text part is its text, references made the
    /// workbench's in both; libcurl frames them with CRLF and its own boundary.
    private mutating func multipartParts(
        _ multipart: HTTPFileMultipart, line: Int, request: Int, captures: inout [Capture]
    ) throws(WorkbenchError) -> [MultipartPart] {
        var parts: [MultipartPart] = []
        for part in multipart.parts {
            let name = try resolve(part.name, line: line, column: 1, inRequest: request, captures: &captures)
            let filename = try part.filename.map { text throws(WorkbenchError) in
                try resolve(text, line: line, column: 1, inRequest: request, captures: &captures)
            }
            if let file = part.file {
                let path = besideFile(try resolve(file.path, line: line, column: 1, inRequest: request, captures: &captures))
                if file.expands {
                    notes.append(
                        "\(self.file):\(line): part '\(name)': `<@` in a multipart body sends the file as it is ({{variables}} in it are not expanded)"
                    )
                }
                // libcurl names a file part after the file; a different filename="..." is kept.
                let own = path.split(separator: "/").last.map(String.init) ?? path
                parts.append(
                    MultipartPart(
                        name: name, value: path, isFile: true, contentType: part.contentType, filename: filename == own ? nil : filename))
            } else {
                let value = try resolve(part.content, line: line, column: 1, inRequest: request, captures: &captures)
                parts.append(MultipartPart(name: name, value: value, contentType: part.contentType, filename: filename))
            }
        }
        return parts
    }

    /// A relative path in the file, as the clients read it: from the `.http` file's folder.
    func besideFile(_ path: String) -> String {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.hasPrefix("~"), let slash = file.lastIndex(of: "/") else { return path }
        let relative = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        return String(file[...slash]) + relative
    }

    /// A value with its `{{...}}` references made the workbench's: file and
    /// environment variables stay references (the session has them), request
    /// references become captures, `$processEnv` becomes `env.`.
    /// What the file says of a variable's value, for a reference that ends a request's URL.
    private func importedValue(_ name: String) -> ImportedWholeTarget.Value {
        if captureOwners[name] != nil { return .fromResponse }
        if let value = currentValues[name] ?? environmentValues[name] ?? secretValues[name] ?? dotenv?[name] { return .known(value) }
        return .unknown
    }

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
                passedBound = true
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
            var name = String(reference.dropFirst("$processEnv ".count)).trimmingSpaces()
            if name.hasPrefix("%") {
                // REST Client: `%NAME` is the environment file's NAME, whose value names the variable.
                let key = String(name.dropFirst())
                guard let indirect = environmentValues[key] ?? secretValues[key] else {
                    throw failure(
                        line, column, "{{$processEnv %\(key)}}: no \(key) in the chosen environment of http-client.env.json (--env NAME)")
                }
                name = indirect
            }
            // Checked here as `load` checks it, or the saved session would not load again.
            do { try Template.validate("{{env.\(name)}}") } catch {
                throw failure(
                    line, column, "{{$processEnv ...}} needs an environment variable name: a letter or _, then letters, digits and _")
            }
            return "{{env.\(name)}}"
        }
        if reference.hasPrefix("$dotenv ") {
            var name = String(reference.dropFirst("$dotenv ".count)).trimmingSpaces()
            if name.hasPrefix("%"), let indirect = environmentValues[String(name.dropFirst())] { name = indirect }
            if dotenv == nil { dotenv = readDotenv() }
            guard let value = dotenv?[name], Template.isValidVariableName(name) else {
                throw failure(line, column, "{{$dotenv \(name)}}: no \(name) in the .env file beside \(file)")
            }
            // Values from .env are secrets, as private env values are.
            secretValues[name] = value
            return "{{\(name)}}"
        }
        if reference.hasPrefix("$") {
            // httpyac's loop counter: the one pass imported is the first.
            if reference == "$index" && inLoop {
                usedLoopIndex = true
                return "0"
            }
            // Kept as a reference, so each send and each replay makes a fresh value.
            if Self.isDynamicValue(reference) { return "{{\(reference)}}" }
            unsupported = "{{\(reference)}}"
            return ""
        }
        if let spelled = Self.httpyacResponseReference(reference, names: names), spelled != reference {
            return try translate(spelled, line: line, column: column, inRequest: inRequest, captures: &captures)
        }
        let dotted = reference.split(separator: ".", maxSplits: 1).map(String.init)
        if dotted.count == 2, names[dotted[0]] != nil, !dotted[1].hasPrefix("response") {
            // httpyac: `{{name.field.sub}}` is the named request's JSON body, `{{name.headers.x}}` a header of it.
            let rest = dotted[1]
            let canonical = rest.hasPrefix("headers.") ? "\(dotted[0]).response.\(rest)" : "\(dotted[0]).response.body.$.\(rest)"
            return try translate(canonical, line: line, column: column, inRequest: inRequest, captures: &captures)
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
            throw failure(
                line, column,
                "\(Excerpt.quoted(reference)) refers to a request named \(Excerpt.quoted(parts[0])), and no request before this one has that `# @name`"
            )
        }
        guard Template.isValidVariableName(reference) else {
            throw failure(line, column, "invalid variable reference {{\(reference)}}")
        }
        // `--var` and `set` win: the value comes with the workspace's variables.
        if overrides.contains(reference) { return "{{\(reference)}}" }
        if let value = currentValues[reference] {
            // Defined once with a plain value: the session's variable. Else the value as it stands here.
            if inRequest != nil && fileVariables[reference] == value && definitionCounts[reference, default: 0] <= 1 {
                return "{{\(reference)}}"
            }
            return value
        }
        if secretValues[reference] != nil { return "{{\(reference)}}" }
        if let value = environmentValues[reference] {
            // A file variable built from others holds their values: variables are not expanded twice.
            return inRequest == nil ? value : "{{\(reference)}}"
        }
        if dotenv == nil { dotenv = readDotenv() }
        if let value = dotenv?[reference] {
            // A `.env` value (httpyac): a secret, as `{{$dotenv NAME}}` is.
            secretValues[reference] = value
            return "{{\(reference)}}"
        }
        if reference == defining {
            throw failure(
                line, column,
                "@\(reference) = {{\(reference)}} takes \(reference) from the environment, and none gives it: "
                    + "choose an environment of http-client.env.json (--env NAME), or give --var \(reference)=VALUE")
        }
        if definitionCounts[reference] != nil {
            throw failure(
                line, column,
                "unknown variable {{\(reference)}} here: it is defined further down, and a variable applies from where it is defined")
        }
        guard inRequest != nil else {
            throw failure(
                line, column,
                "unknown variable {{\(reference)}}: define it with `@\(reference) = VALUE`, in http-client.env.json (--env NAME), or give --var \(reference)=VALUE"
            )
        }
        // Defined nowhere the workbench reads (a script, a plugin, another client's settings may
        // give it): the request keeps the reference, to be given before it is sent. One note a name.
        guard unknownNames.insert(reference).inserted else { return "{{\(reference)}}" }
        let place = "\(file): line \(line), column \(column): {{\(reference)}}"
        let giving = unchosenEnvironments?.environments(defining: reference) ?? []
        if let files = unchosenEnvironments, let first = giving.first {
            // As the JetBrains client has it: an environment is chosen, and the value is its.
            notes.append(
                "\(place) is given by environment\(giving.count == 1 ? "" : "s") \(giving.joined(separator: ", ")) "
                    + "of \(files.filesRead), and none is chosen: kept as a reference; "
                    + "choose one with `env use \(first)` (or --env \(first)) before sending")
        } else {
            notes.append(
                "\(place) is defined nowhere here (not in the file, "
                    + "http-client.env.json --env NAME, .env or --var): kept as a reference; "
                    + "give it with `set \(reference) VALUE` or --var \(reference)=VALUE before sending")
        }
        return "{{\(reference)}}"
    }
}

extension HTTPFileParser {
    /// httpyac's other spellings of a named request's response, as the REST Client form:
    /// `{{loginResponse.headers.server}}` (the response object beside the body variable) and
    /// `{{login.headers["X-Foo"]}}` (a header by its name, in brackets). Nil for anything else.
    static func httpyacResponseReference(_ reference: String, names: [String: Int]) -> String? {
        var text = reference
        if let dot = text.firstIndex(of: "."), text[..<dot].hasSuffix("Response") {
            let name = String(text[..<dot].dropLast("Response".count))
            let rest = text[text.index(after: dot)...]
            guard names[name] != nil, rest.hasPrefix("headers") || rest.hasPrefix("body") || rest.hasPrefix("parsedBody") else {
                return nil
            }
            text =
                rest.hasPrefix("parsedBody") ? "\(name).response.body.$\(rest.dropFirst("parsedBody".count))" : "\(name).response.\(rest)"
        }
        // `headers["X-Foo"]` and `headers['X-Foo']`: the name in brackets.
        for quote in ["\"", "'"] {
            if let open = text.range(of: "headers[" + quote), text.hasSuffix(quote + "]") {
                let header = text[open.upperBound..<text.index(text.endIndex, offsetBy: -2)]
                text = String(text[..<open.lowerBound]) + "headers." + header
            }
        }
        return text == reference ? nil : text
    }

    /// Whether `reference` is one of JetBrains', httpyac's and REST Client's dynamic variables
    /// the workbench makes when a request is built (`DynamicValues`).
    static func isDynamicValue(_ reference: String) -> Bool {
        DynamicValues.value(reference) != nil
    }
}
