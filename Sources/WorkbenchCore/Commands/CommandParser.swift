import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs
import WorkbenchSessions

/// Parses one line into a `Command`: a pure function, with errors that say what
/// is wrong and show the usage.
///
/// Values are checked here as far as they can be without variables (a base URL
/// without `{{...}}` must parse, a JSON body must be JSON), so a typo is caught
/// when it is typed, not when it is sent.
public enum CommandParser {
    public static func parse(_ line: String) throws(WorkbenchError) -> ParsedLine {
        let trimmed = line.trimmingSpaces()
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return .empty }
        if let piped = try lastThroughPipe(trimmed) { return .command(piped) }
        if let header = try verbatimHeader(trimmed) { return header }
        if let imported = try importedCommand(trimmed) { return imported }
        if let graphql = try graphqlBody(trimmed) { return graphql }
        let words: [ShellWord]
        do throws(WorkbenchError) {
            words = try ShellWords.split(line)
        } catch {
            // `body TEXT` is the rest of the line verbatim, so a quote there (`body it's`) is text.
            guard let text = verbatimBodyText(line) else { throw error }
            try Template.validate(text)
            return .command(.body(.text(text)))
        }
        guard let first = words.first else { return .empty }
        let name = first.text.lowercased()
        let args = Array(words.dropFirst())
        let parser = Parser(line: line, name: name, args: args)
        return try parser.parse()
    }

    /// The commands that send: `send`, and the methods that set the method first.
    static let sendingCommands: Set<String> = ["send", "get", "post", "put", "patch", "delete", "head", "options"]

    /// `last [PART] | COMMAND`: everything after the first `|` is the shell's,
    /// quotes and all, so it is cut off before the line is split into words.
    static func lastThroughPipe(_ trimmedLine: String) throws(WorkbenchError) -> Command? {
        // Only a line that starts with `last` or a sending command can be one: a long line (a
        // body) is not searched for '|'.
        guard startsWithWord(trimmedLine, "last", orBefore: "|")
                || sendingCommands.contains(where: { startsWithWord(trimmedLine, $0, orBefore: "|") }),
              let bar = trimmedLine.firstIndex(of: "|") else { return nil }
        let before = trimmedLine[..<bar]
        let words = before.split(whereSeparator: { $0 == " " || $0 == "\t" })
        let command = trimmedLine[trimmedLine.index(after: bar)...].trimmingSpaces()
        if let first = words.first, sendingCommands.contains(first.lowercased()),
           (try? ShellWords.split(String(before))) != nil,
           case .command(.send(let method, let path, let output, let withBody, nil)) = try parse(String(before)) {
            // `send | jq .`, `get /users | grep ana`: sent, then the body goes through the command.
            let name = String(first)
            guard !command.isEmpty else { throw WorkbenchError("\(name): expected a command after '|', as in `\(name) | jq .`") }
            guard output == nil else { throw WorkbenchError("\(name): `> FILE` and `| COMMAND` cannot both take the body") }
            return .send(method: method, path: path, output: nil, withBody: withBody, pipe: String(command))
        }
        guard let first = words.first, first.lowercased() == "last" else { return nil }
        let problem: String? = command.isEmpty ? "expected a command after '|', as in `last | jq .`"
            : words.count > 2 ? "unexpected argument '\(words[2])' before '|'" : nil
        var part: ResponsePart?
        if problem == nil, words.count == 2 {
            part = ResponsePart(rawValue: words[1].lowercased())
            if part == nil {
                throw WorkbenchError("last: unknown part '\(words[1])': expected all, headers, body or status; see `help last`")
            }
        }
        if let problem { throw WorkbenchError("last: \(problem); see `help last`") }
        return .last(part: part, destination: .pipe(String(command)))
    }

    /// `header [add] NAME: VALUE` with the value exactly as typed, as curl's `-H`
    /// takes it: quotes in `If-None-Match: "abc"` or `X-J: {"a": 1}` and runs of
    /// spaces are part of the value, not shell syntax. A field quoted as a whole
    /// (`header 'X-J: {"a": 1}'`) is unquoted first. `header rm` and `header
    /// clear` are ordinary commands (nil here).
    static func verbatimHeader(_ trimmedLine: String) throws(WorkbenchError) -> ParsedLine? {
        guard startsWithWord(trimmedLine, "header"),
              let (word, afterHeader) = splitFirstWord(trimmedLine), word.lowercased() == "header",
              !afterHeader.isEmpty else { return nil }
        var field = afterHeader
        var adds = false
        if let (sub, afterSub) = splitFirstWord(afterHeader) {
            switch sub.lowercased() {
            case "rm", "clear": return nil
            case "add": (field, adds) = (afterSub, true)
            default: break
            }
        }
        if field.hasPrefix("'") || field.hasPrefix("\""),
           let words = try? ShellWords.split(field), words.count == 1 {
            field = words[0].text
        }
        let command = adds ? "header add" : "header"
        guard let colon = field.firstIndex(of: ":") else {
            throw WorkbenchError("\(command): expected NAME: VALUE\(field.isEmpty ? "" : ", with a colon after the name"); see `help header`")
        }
        let name = String(field[..<colon]).trimmingSpaces()
        let value = String(field[field.index(after: colon)...]).trimmingSpaces()
        try HTTPSyntax.checkHeaderName(name)
        try HTTPSyntax.checkHeaderValue(value, name: name)
        try Template.validate(value)
        return .command(adds ? .headerAdd(name: name, value: value) : .headerSet(name: name, value: value))
    }

    /// Whether a line is an `import` command (which may go on over lines ending with `\`).
    public static func startsImport(_ line: String) -> Bool {
        startsWithWord(Substring(line).trimmingSpaces(), "import")
    }

    /// `import curl ARGS...`, split as bash splits it (`$'...'`, and the lines
    /// a continuation joined), not by the command language's rules.
    static func importedCommand(_ trimmedLine: String) throws(WorkbenchError) -> ParsedLine? {
        guard startsWithWord(trimmedLine, "import"),
              let (word, rest) = splitFirstWord(trimmedLine), word.lowercased() == "import" else { return nil }
        guard let (format, arguments) = splitFirstWord(rest) else {
            throw WorkbenchError("import: expected `import curl ARGS...` or `import FILE`; see `help import`")
        }
        guard format.lowercased() == "curl" else {
            let words = try ShellWords.split(rest)
            guard words.count == 1 else {
                throw WorkbenchError("import: expected one file name (or `import curl ARGS...`); see `help import`")
            }
            return .command(.importFile(words[0].text))
        }
        // The whole line is split, so an error's column counts from its start.
        let words = try ShellWords.split(trimmedLine, dialect: .bash).dropFirst(2).map(\.text)
        guard !arguments.isEmpty, !words.isEmpty else {
            throw WorkbenchError("import: expected a curl command after `import curl`; see `help import`")
        }
        return .command(.importCurl(words.first == "curl" ? Array(words.dropFirst()) : words))
    }

    /// The first word of a line (up to a space or tab) and the rest, trimmed.
    /// Whether `text`'s first word (up to a space, a tab or `stop`) is `word` in any case.
    /// It looks at no more than the word's length: the commands that read a line
    /// their own way ask this first, so a long line (a 50 MB body) is not copied or
    /// searched by each of them. `word` is ASCII and lower case.
    static func startsWithWord(_ text: some StringProtocol, _ word: String, orBefore stop: Character = " ") -> Bool {
        let first = text.prefix(word.count + 1).prefix { $0 != " " && $0 != "\t" && $0 != stop }
        return first.count == word.count && first.lowercased() == word
    }

    static func splitFirstWord(_ text: String) -> (String, String)? {
        guard !text.isEmpty else { return nil }
        guard let space = text.firstIndex(where: { $0 == " " || $0 == "\t" }) else { return (text, "") }
        return (String(text[..<space]), String(text[space...]).trimmingSpaces())
    }

    /// The text of `body TEXT` taken straight from the line, when the line is one.
    static func verbatimBodyText(_ line: String) -> String? {
        let trimmedLine = line.trimmingSpaces()
        guard let space = trimmedLine.firstIndex(where: { $0 == " " || $0 == "\t" }),
              trimmedLine[..<space].lowercased() == "body" else { return nil }
        let text = trimmedLine[space...].trimmingSpaces()
        let first = text.prefix { $0 != " " && $0 != "\t" }
        if ["json", "form", "clear", "multipart"].contains(first.lowercased()) || first.hasPrefix("@") || first.hasPrefix("<<") {
            return nil
        }
        return verbatimText(afterCommandIn: line)
    }

    /// The rest of a line after its first word and the one space or tab that
    /// separates it, as typed: `body   a  b  ` is the text `  a  b  `.
    static func verbatimText(afterCommandIn line: String) -> String {
        var rest = Substring(line).drop { $0 == " " || $0 == "\t" }
        rest = rest.drop { $0 != " " && $0 != "\t" }
        if let separator = rest.first, separator == " " || separator == "\t" { rest = rest.dropFirst() }
        return String(rest)
    }
}

private struct Parser {
    let line: String
    let name: String
    let args: [ShellWord]

    var texts: [String] { args.map(\.text) }

    /// The rest of the line, verbatim, from argument `index` on.
    func rest(from index: Int) -> String {
        guard index < args.count else { return "" }
        return line.suffix(fromUTF8Offset: args[index].start).trimmingSpaces()
    }

    /// `NAME: problem; see `help NAME``: the usage is one command away, not repeated in every error.
    func usageError(_ problem: String, command: String? = nil) -> WorkbenchError {
        let name = command ?? name
        return WorkbenchError("\(name): \(problem); see `help \(name)`")
    }

    func expectNoArguments(_ command: Command) throws(WorkbenchError) -> ParsedLine {
        guard args.isEmpty else { throw usageError("unexpected argument \(Excerpt.quoted(args[0].text))") }
        return .command(command)
    }

    func parse() throws(WorkbenchError) -> ParsedLine {
        switch name {
        case "base": return try parseBase()
        case "path": return try parsePath()
        case "method": return try parseMethod()
        case "query": return try parseQuery()
        case "header": return try parseHeader()
        case "body": return try parseBody()
        case "graphql": return .command(try CommandParser.graphql(texts))
        case "curl":
            guard texts.isEmpty || texts == ["--secrets"] else {
                throw usageError("expected nothing, or --secrets (to bring a curl command in, type `import` before it)")
            }
            return .command(.curl(secrets: !texts.isEmpty))
        case "export": return try parseExport()
        case "show":
            if texts == ["--secrets"] { return .command(.showWithSecrets) }
            return try expectNoArguments(.show)
        case "reset": return try expectNoArguments(.reset)
        case "send": return try parseSend(method: nil)
        case "clear": return try expectNoArguments(.clear)
        case "timing": return try expectNoArguments(.timing)
        case "last": return try parseLast()
        case "set": return try parseSet()
        case "unset": return try parseUnset()
        case "vars": return try expectNoArguments(.vars)
        case "capture": return try parseCapture()
        case "expect":
            if args.isEmpty { return .command(.expectList) }
            if texts[0] == "rm" || texts[0] == "clear" { return try parseTakeBack(sub: texts[0]) }
            do throws(WorkbenchError) {
                return .command(.expect(try Expectation.parse(rest(from: 0))))
            } catch {
                throw usageError(error.message)
            }
        case "save": return try parseSave()
        case "load":
            if args.count == 3, texts[1] == "--env", HTTPFileImport.handles(texts[0]) {
                return .command(.loadHTTPFile(texts[0], environment: texts[2]))
            }
            guard args.count == 1, !texts[0].isEmpty else { throw usageError("expected one file name (and `--env NAME` for a .http file)") }
            return .command(HTTPFileImport.handles(texts[0]) ? .loadHTTPFile(texts[0], environment: nil) : .load(texts[0]))
        case "restore": return try expectNoArguments(.restore)
        case "history":
            if texts.first == "rm" || texts.first == "clear" { return try parseTakeBack(sub: texts[0]) }
            return try expectNoArguments(.history)
        case "replay": return try parseReplay()
        case "diff": return try parseDiff()
        case "use":
            guard args.count == 1, let number = Int(texts[0]), number >= 1 else {
                throw usageError("expected one request number (see `history`)")
            }
            return .command(.use(number))
        case "run":
            if args.count == 3, texts[1] == "--env", HTTPFileImport.handles(texts[0]) {
                return .command(.runHTTPFile(texts[0], environment: texts[2]))
            }
            guard args.count == 1, !texts[0].isEmpty else { throw usageError("expected one script file (and `--env NAME` for a .http file)") }
            return .command(HTTPFileImport.handles(texts[0]) ? .runHTTPFile(texts[0], environment: nil) : .run(texts[0]))
        case "print":
            guard args.count == 1, let part = ResponsePart(rawValue: texts[0].lowercased()) else {
                throw usageError("expected all, headers, body or status")
            }
            return .command(.print(part))
        case "pager":
            guard args.count == 1, ["auto", "on", "off"].contains(texts[0].lowercased()) else {
                throw usageError("expected auto or off")
            }
            return .command(.pager(texts[0].lowercased() != "off"))
        case "follow": return .command(.follow(try parseSwitch()))
        case "insecure": return .command(.insecure(try parseSwitch()))
        case "timeout": return try parseTimeout()
        case "color": return try parseColor()
        case "maxbody":
            guard args.count == 1, let bytes = ByteSize.parse(texts[0]), bytes >= 1024, bytes <= 1 << 40 else {
                throw usageError("expected a size from 1K to 1T, such as 64M or 512K")
            }
            return .command(.maxBody(bytes))
        case "settings": return try expectNoArguments(.showSettings)
        case "cookies": return try parseCookies()
        case "auth": return try parseAuth()
        case "proxy":
            guard args.count <= 1 else { throw usageError("expected one URL, `off` or `none`") }
            switch texts.first?.lowercased() {
            case nil: return .command(.network(.proxy(nil)))
            case "off": return .command(.network(.proxy(.environment)))
            case "none": return .command(.network(.proxy(ProxySetting.none)))
            default:
                do throws(WorkbenchError) {
                    return .command(.network(.proxy(try ProxySetting.parse(texts[0]))))
                } catch {
                    throw usageError(error.message)
                }
            }
        case "cacert":
            guard args.count <= 1, texts.first?.isEmpty != true else { throw usageError("expected one FILE, or `off`") }
            guard let file = texts.first else { return .command(.network(.caCertificate(nil))) }
            return .command(.network(.caCertificate(.some(file == "off" ? nil : file))))
        case "cert":
            guard args.count <= 2, !texts.contains("") else { throw usageError("expected FILE [KEY], or `off`") }
            guard let file = texts.first else { return .command(.network(.clientCertificate(nil))) }
            if file == "off" {
                guard args.count == 1 else { throw usageError("`cert off` takes no arguments") }
                return .command(.network(.clientCertificate(.some(nil))))
            }
            return .command(.network(.clientCertificate(.some(ClientCertificate(certificate: file, key: texts.count == 2 ? texts[1] : nil)))))
        case "http":
            guard args.count <= 1 else { throw usageError("expected 1.1, 2 or auto") }
            guard let word = texts.first else { return .command(.network(.httpVersion(nil))) }
            let normalized = word.lowercased() == "2.0" ? "2" : word.lowercased()
            guard let version = HTTPVersionSetting(rawValue: normalized) else { throw usageError("expected 1.1, 2 or auto, got '\(word)'") }
            return .command(.network(.httpVersion(version)))
        case "openapi":
            guard args.count <= 1 else { throw usageError("expected one file name or URL (quote one with spaces)") }
            guard let location = texts.first else { return .command(.openapiShow) }
            if location == "off" { return .command(.openapiOff) }
            guard !location.isEmpty else { throw usageError("expected a file name or URL") }
            return .command(.openapi(location))
        case "ls":
            guard args.count <= 1 else { throw usageError("expected at most one PATH") }
            return .command(.ls(texts.first))
        case "cd":
            guard args.count == 1, !texts[0].isEmpty else { throw usageError("expected one PATH (`cd ..` goes up, `cd /` to the top)") }
            var probe = Endpoint()
            try probe.setPath(texts[0])
            return .command(.cd(texts[0]))
        case "describe":
            return try parseDescribe()
        case "help":
            guard args.count <= 1 else { throw usageError("expected at most one command name") }
            return .command(.help(args.first?.text.lowercased()))
        case "exit", "quit": return try expectNoArguments(.exit)
        default:
            if CommandCatalog.sendVerbs.contains(name) {
                return try parseSend(method: name.uppercased())
            }
            throw WorkbenchError("unknown command \(Excerpt.quoted(name))"
                + (Suggestion.nearest(name, among: CommandCatalog.names).map { ": did you mean \($0)?" }
                    ?? ": type `help` for the list of commands"))
        }
    }

    func parseBase() throws(WorkbenchError) -> ParsedLine {
        switch args.count {
        case 0:
            return .command(.showBase)
        case 1:
            let url = texts[0]
            if Template.hasReferences(url) {
                try Template.validate(url)
            } else {
                _ = try BaseURL.parse(url)
            }
            return .command(.base(url))
        default:
            throw usageError("expected one URL, got \(args.count) words (quote a URL with spaces)")
        }
    }

    func parsePath() throws(WorkbenchError) -> ParsedLine {
        if args.isEmpty { return .command(.showURL) }
        if texts == [".."] { return .command(.pathUp) }
        if texts[0] == "add" {
            let segments = Array(texts.dropFirst())
            guard !segments.isEmpty else { throw usageError("expected at least one segment after `path add`") }
            for segment in segments {
                guard !segment.isEmpty else { throw usageError("a path segment cannot be empty") }
                try Template.validate(segment)
            }
            return .command(.pathAdd(segments))
        }
        guard args.count == 1 else {
            throw usageError("expected one PATH, got \(args.count) words (quote a path with spaces)")
        }
        var probe = Endpoint()
        try probe.setPath(texts[0])
        return .command(.path(texts[0]))
    }

    /// `describe`, `describe METHOD`, `describe PATH`, `describe METHOD PATH`.
    func parseDescribe() throws(WorkbenchError) -> ParsedLine {
        switch args.count {
        case 0:
            return .command(.describe(method: nil, path: nil))
        case 1 where texts[0].hasPrefix("/"):
            return .command(.describe(method: nil, path: texts[0]))
        case 1:
            return .command(.describe(method: try HTTPSyntax.normalizedMethod(texts[0]), path: nil))
        case 2:
            return .command(.describe(method: try HTTPSyntax.normalizedMethod(texts[0]), path: texts[1]))
        default:
            throw usageError("expected [METHOD] [PATH]")
        }
    }

    func parseMethod() throws(WorkbenchError) -> ParsedLine {
        switch args.count {
        case 0: return .command(.showMethod)
        case 1: return .command(.method(try HTTPSyntax.normalizedMethod(texts[0])))
        default: throw usageError("expected one method")
        }
    }

    func parseQuery() throws(WorkbenchError) -> ParsedLine {
        guard let sub = texts.first else { return .command(.showQuery) }
        let operands = Array(texts.dropFirst())
        let full = "query \(sub)"
        switch sub {
        case "add", "set":
            let pair: (String, String)
            if operands.count == 2 {
                pair = (operands[0], operands[1])
            } else if operands.count == 1, let equals = operands[0].firstIndex(of: "=") {
                pair = (String(operands[0][..<equals]), String(operands[0][operands[0].index(after: equals)...]))
            } else {
                throw usageError("expected NAME VALUE", command: "query")
            }
            guard !pair.0.isEmpty else { throw usageError("the query name is empty", command: "query") }
            try Template.validate(pair.0)
            try Template.validate(pair.1)
            return .command(sub == "add" ? .queryAdd(name: pair.0, value: pair.1) : .querySet(name: pair.0, value: pair.1))
        case "rm":
            guard operands.count == 1 else { throw usageError("expected one NAME after `\(full)`", command: "query") }
            return .command(.queryRemove(operands[0]))
        case "clear":
            guard operands.isEmpty else { throw usageError("`query clear` takes no arguments", command: "query") }
            return .command(.queryClear)
        default:
            throw usageError("unknown subcommand \(Excerpt.quoted(sub))"
                + Suggestion.didYouMean(sub, among: ["add", "set", "rm", "clear"]), command: "query")
        }
    }

    func parseHeader() throws(WorkbenchError) -> ParsedLine {
        guard let sub = texts.first else { return .command(.showHeaders) }
        switch sub.lowercased() {
        case "rm":
            guard args.count == 2 else { throw usageError("expected one NAME after `header rm`") }
            var headerName = texts[1]
            if headerName.hasSuffix(":") { headerName.removeLast() }
            try HTTPSyntax.checkHeaderName(headerName)
            return .command(.headerRemove(headerName))
        case "clear":
            guard args.count == 1 else { throw usageError("`header clear` takes no arguments") }
            return .command(.headerClear)
        default:
            // `header NAME: VALUE` and `header add` are parsed verbatim before
            // the line is split into words (CommandParser.verbatimHeader).
            throw usageError("expected NAME: VALUE")
        }
    }

    func parseBody() throws(WorkbenchError) -> ParsedLine {
        guard let sub = texts.first else { return .command(.showBody) }
        if sub == "clear" && args.count == 1 { return .command(.bodyClear) }
        if sub == "edit" && args.count == 1 { return .command(.bodyEdit) }
        if sub == "example" && args.count == 1 { return .command(.bodyExample) }
        if sub == "json" {
            guard args.count > 1 else { throw usageError("expected JSON after `body json`") }
            if texts[1].hasPrefix("<<") {
                return try heredoc(json: true, word: 1)
            }
            if texts[1].hasPrefix("@") && args.count == 2 {
                let file = String(texts[1].dropFirst())
                guard !file.isEmpty else { throw usageError("expected a file name after '@'") }
                try Template.validate(file)
                return .command(.body(.jsonFile(file)))
            }
            let text = rest(from: 1)
            do throws(WorkbenchError) {
                try JSONTemplate.check(text)
            } catch {
                // `body json '{"a": 1}'`: quoted as one word, as a shell would need it.
                guard args.count == 2, text != texts[1], (try? JSONTemplate.check(texts[1])) != nil else { throw error }
                return .command(.body(.json(texts[1])))
            }
            return .command(.body(.json(text)))
        }
        if sub == "form" {
            var fields: [FormField] = []
            for word in texts.dropFirst() {
                guard let equals = word.firstIndex(of: "="), equals != word.startIndex else {
                    throw usageError("expected NAME=VALUE, got \(Excerpt.quoted(word))")
                }
                let field = FormField(name: String(word[..<equals]), value: String(word[word.index(after: equals)...]))
                try Template.validate(field.name)
                try Template.validate(field.value)
                fields.append(field)
            }
            guard !fields.isEmpty else { throw usageError("expected at least one NAME=VALUE after `body form`") }
            return .command(.body(.form(fields)))
        }
        if sub == "multipart" {
            return .command(.body(.multipart(try multipartParts(Array(texts.dropFirst())))))
        }
        if sub.hasPrefix("@") && args.count == 1 {
            let file = String(sub.dropFirst())
            guard !file.isEmpty else { throw usageError("expected a file name after '@'") }
            try Template.validate(file)
            return .command(.body(.file(file)))
        }
        if sub.hasPrefix("<<") {
            return try heredoc(json: false, word: 0)
        }
        let quoted = !Array(line.utf8)[args[0].start..<args[0].end].elementsEqual(args[0].text.utf8)
        if !quoted, let meant = Suggestion.nearest(sub, among: Self.bodyKinds), meant != sub.lowercased() {
            throw usageError("unknown kind \(Excerpt.quoted(sub)): did you mean \(meant)? (quote the text to send it as it is: `body '\(Template.oneLine(rest(from: 0).prefix(40)))'`)")
        }
        // `body 'TEXT'`, one word in quotes: the text inside them.
        let raw = Array(line.utf8)[args[0].start..<args[0].end]
        let inQuotes = args.count == 1 && raw.count >= 2 && (raw.first == UInt8(ascii: "'") || raw.first == UInt8(ascii: "\""))
            && raw.last == raw.first
        let text = inQuotes ? sub : CommandParser.verbatimText(afterCommandIn: line)
        try Template.validate(text)
        return .command(.body(.text(text)))
    }

    /// The words after `body` that name a kind of body rather than start a text.
    static let bodyKinds = ["json", "form", "multipart", "graphql", "clear", "edit", "example"]

    /// `NAME=VALUE` (a field) and `NAME@FILE[;type=MIME]` (a file), as curl's `-F`
    /// writes them; whichever of `=` and `@` comes first splits the word.
    func multipartParts(_ words: [String]) throws(WorkbenchError) -> [MultipartPart] {
        guard !words.isEmpty else { throw usageError("expected at least one NAME=VALUE or NAME@FILE after `body multipart`") }
        var parts: [MultipartPart] = []
        for word in words {
            guard let split = word.firstIndex(where: { $0 == "=" || $0 == "@" }), split != word.startIndex else {
                throw usageError("expected NAME=VALUE or NAME@FILE, got '\(word)'")
            }
            var part = MultipartPart(name: String(word[..<split]), value: String(word[word.index(after: split)...]),
                                     isFile: word[split] == "@")
            if part.isFile, let type = part.value.ranges(of: ";type=").last {
                let mediaType = String(part.value[type.upperBound...])
                guard !mediaType.isEmpty, !mediaType.contains(where: { $0 == " " || $0.asciiValue.map { $0 < 0x20 } == true }) else {
                    throw usageError("expected a media type after ';type=' in '\(word)'")
                }
                part.contentType = mediaType
                part.value = String(part.value[..<type.lowerBound])
            }
            if part.isFile && part.value.isEmpty { throw usageError("expected a file name after '@' in '\(word)'") }
            try Template.validate(part.name)
            try Template.validate(part.value)
            parts.append(part)
        }
        return parts
    }

    func heredoc(json: Bool, word: Int) throws(WorkbenchError) -> ParsedLine {
        let terminator = String(texts[word].dropFirst(2))
        guard !terminator.isEmpty else { throw usageError("expected a terminator after '<<', as in `body <<END`") }
        guard args.count == word + 1 else { throw usageError("unexpected text after `<<\(terminator)`") }
        return .heredoc(json: json, terminator: terminator)
    }

    func parseSend(method: String?) throws(WorkbenchError) -> ParsedLine {
        var path: String?
        var output: String?
        var withBody = false
        var index = 0
        while index < texts.count {
            let word = texts[index]
            if word == "--body" {
                withBody = true
                index += 1
            } else if word == ">" {
                guard index + 1 < texts.count, !texts[index + 1].isEmpty else { throw usageError("expected a file name after '>'") }
                output = texts[index + 1]
                index += 2
            } else if word.hasPrefix(">") {
                output = String(word.dropFirst())
                index += 1
            } else if method != nil && path == nil && output == nil {
                path = word
                index += 1
            } else {
                throw usageError("unexpected argument \(Excerpt.quoted(word))")
            }
        }
        if let path {
            var probe = Endpoint()
            try probe.setPath(path)
        }
        return .command(.send(method: method, path: path, output: output, withBody: withBody))
    }

    func parseExport() throws(WorkbenchError) -> ParsedLine {
        guard let first = texts.first, let format = Export.Format(rawValue: first.lowercased()) else {
            throw usageError("expected a format: \(Export.Format.allCases.map(\.rawValue).joined(separator: ", "))"
                + Suggestion.didYouMean(texts.first ?? "", among: Export.Format.allCases.map(\.rawValue)))
        }
        var export = Export(format: format)
        var index = 1
        while index < texts.count {
            let word = texts[index]
            switch word {
            case "--session": export.session = true
            case "--secrets" where format == .curl || format == .httpie: export.revealSecrets = true
            case "--exact" where format == .curl: export.exact = true
            case "--runnable" where format == .swift: export.runnable = true
            case ">":
                guard index + 1 < texts.count, !texts[index + 1].isEmpty else { throw usageError("expected a file name after '>'") }
                export.outputFile = texts[index + 1]
                index += 1
            default:
                if word.hasPrefix(">") && word.count > 1 {
                    export.outputFile = String(word.dropFirst())
                } else {
                    throw usageError("unexpected argument \(Excerpt.quoted(word))")
                }
            }
            index += 1
        }
        return .command(.export(export))
    }

    func parseSet() throws(WorkbenchError) -> ParsedLine {
        var operands = texts
        var secret = false
        if operands.first == "--secret" {
            secret = true
            operands.removeFirst()
        }
        // `set --secret NAME` alone: the value is asked for with hidden input.
        guard operands.count == 2 || (secret && operands.count == 1) else {
            throw usageError(operands.count > 2 ? "expected NAME VALUE (quote a value with spaces)" : "expected NAME VALUE")
        }
        guard Template.isValidVariableName(operands[0]) else {
            throw usageError("invalid variable name \(Excerpt.quoted(operands[0])): start with a letter or '_', then letters, digits, '_', '-' or '.'")
        }
        return .command(.set(name: operands[0], value: operands.count == 2 ? operands[1] : nil, secret: secret))
    }

    func parseCapture() throws(WorkbenchError) -> ParsedLine {
        if texts.first == "rm" {
            guard args.count == 2 else { throw usageError("expected one NAME after `capture rm`") }
            return .command(.captureRemove(texts[1]))
        }
        let secret = texts.first == "--secret"
        let operands = secret ? Array(texts.dropFirst()) : texts
        guard operands.count >= 2 else { throw usageError("expected NAME and where to capture from") }
        guard Template.isValidVariableName(operands[0]) else {
            throw usageError("invalid variable name \(Excerpt.quoted(operands[0]))")
        }
        do throws(WorkbenchError) {
            return .command(.capture(name: operands[0], source: try Capture.parseSource(Array(operands.dropFirst())), secret: secret))
        } catch {
            throw usageError(error.message)
        }
    }

    func parseReplay() throws(WorkbenchError) -> ParsedLine {
        guard args.count <= 1 else { throw usageError("expected a request number or `all`") }
        guard let target = texts.first else {
            throw usageError("say which: `replay N` (see `history`) or `replay all`, which sends every request again, POSTs included")
        }
        if target == "all" { return .command(.replay(.all)) }
        guard let number = Int(target), number >= 1 else {
            throw usageError("expected a request number (see `history`) or `all`, got \(Excerpt.quoted(target))")
        }
        return .command(.replay(.number(number)))
    }

    /// `diff N [M] [--header NAME]... [--ignore PATH]...`
    func parseDiff() throws(WorkbenchError) -> ParsedLine {
        var numbers: [Int] = []
        var headers: [String] = []
        var ignore: [String] = []
        var words = texts[...]
        while let word = words.popFirst() {
            if word == "--header" || word == "--ignore" {
                guard let value = words.popFirst() else { throw usageError("\(word) needs a value") }
                if word == "--header" { headers.append(value) } else { ignore.append(value) }
            } else if let number = Int(word), number >= 1, numbers.count < 2 {
                numbers.append(number)
            } else {
                throw usageError("expected request numbers (see `history`), --header NAME or --ignore PATH, got \(Excerpt.quoted(word))")
            }
        }
        guard let old = numbers.first else {
            throw usageError("say which: `diff N M` compares the responses of requests N and M, `diff N` request N's with the last response")
        }
        do throws(WorkbenchError) {
            let options = try ResponseDiff.Options(headers: headers, ignore: ignore, headerOption: "--header")
            return .command(.diff(old: old, new: numbers.count > 1 ? numbers[1] : nil, options: options))
        } catch {
            throw usageError(error.message)
        }
    }

    /// `last [PART] [> FILE]` (`| COMMAND` is cut off before the line is split).
    func parseLast() throws(WorkbenchError) -> ParsedLine {
        var operands = texts
        var destination = LastDestination.screen
        if let arrow = operands.firstIndex(where: { $0.hasPrefix(">") }) {
            let attached = String(operands[arrow].dropFirst())
            let file = attached.isEmpty && arrow + 1 < operands.count ? operands[arrow + 1] : attached
            let used = attached.isEmpty ? 2 : 1
            guard !file.isEmpty, arrow + used == operands.count else {
                throw usageError(file.isEmpty ? "expected a file name after '>'" : "unexpected argument after the file name")
            }
            destination = .file(file)
            operands.removeSubrange(arrow...)
        }
        guard operands.count <= 1 else { throw usageError("unexpected argument '\(operands[1])'") }
        var part: ResponsePart?
        if let word = operands.first {
            guard let chosen = ResponsePart(rawValue: word.lowercased()) else {
                throw usageError("unknown part '\(word)': expected all, headers, body or status")
            }
            part = chosen
        }
        return .command(.last(part: part, destination: destination))
    }

    /// `history rm N[-M]`, `history clear`, `expect rm N`, `expect clear`.
    func parseTakeBack(sub: String) throws(WorkbenchError) -> ParsedLine {
        let operands = Array(texts.dropFirst())
        if sub == "clear" {
            guard operands.isEmpty else { throw usageError("`\(name) clear` takes no arguments") }
            return .command(name == "history" ? .historyClear : .expectClear)
        }
        guard operands.count == 1 else { throw usageError("expected one number after `\(name) rm`") }
        if name == "expect" {
            guard let number = Int(operands[0]), number >= 1 else {
                throw usageError("expected the number of a check (see `expect`), got '\(operands[0])'")
            }
            return .command(.expectRemove(number))
        }
        guard let range = Self.requestRange(operands[0]) else {
            throw usageError("expected N or N-M (see `history`), got '\(operands[0])'")
        }
        return .command(.historyRemove(range))
    }

    /// `3` or `2-5`, numbers from 1, the first not after the last.
    static func requestRange(_ text: String) -> ClosedRange<Int>? {
        let parts = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard let low = Int(parts[0]), low >= 1 else { return nil }
        guard parts.count == 2 else { return low...low }
        guard let high = Int(parts[1]), high >= low, high - low < 100_000 else { return nil }
        return low...high
    }

    /// `save [FILE] [N|N-M...]`: numbers after the file choose the requests.
    func parseSave() throws(WorkbenchError) -> ParsedLine {
        guard let file = texts.first else { return .command(.save(nil, requests: [])) }
        if Self.requestRange(file) != nil {
            throw usageError("'\(file)' looks like a request number: name the file first, as in `save FILE \(file)`")
        }
        var numbers: [Int] = []
        for word in texts.dropFirst() {
            guard let range = Self.requestRange(word) else {
                throw usageError("expected request numbers (N or N-M, see `history`) after the file name, got '\(word)'")
            }
            for number in range where !numbers.contains(number) { numbers.append(number) }
        }
        return .command(.save(file, requests: numbers))
    }

    func parseUnset() throws(WorkbenchError) -> ParsedLine {
        guard args.count == 1 else { throw usageError("expected one variable name") }
        return .command(.unset(texts[0]))
    }

    func parseSwitch() throws(WorkbenchError) -> Bool {
        guard args.count == 1 else { throw usageError("expected on or off") }
        switch texts[0].lowercased() {
        case "on": return true
        case "off": return false
        default: throw usageError("expected on or off, got \(Excerpt.quoted(texts[0]))")
        }
    }

    func parseTimeout() throws(WorkbenchError) -> ParsedLine {
        guard args.count == 1 else { throw usageError("expected a number of seconds") }
        guard let seconds = Double(texts[0]), seconds.isFinite, seconds >= 0, seconds <= 86_400 else {
            throw usageError("expected a number of seconds from 0 (no limit) to 86400, got \(Excerpt.quoted(texts[0]))")
        }
        return .command(.timeout(seconds))
    }

    func parseAuth() throws(WorkbenchError) -> ParsedLine {
        guard let sub = texts.first?.lowercased() else { return .command(.auth(.show)) }
        if sub == "none" {
            guard args.count == 1 else { throw usageError("`auth none` takes no arguments") }
            return .command(.auth(.none))
        }
        if let kind = try AuthArguments.parse(texts) { return .command(.auth(kind)) }
        guard let scheme = Auth.Scheme(rawValue: sub), [.basic, .digest, .bearer].contains(scheme) else {
            throw usageError("unknown scheme '\(texts[0])'"
                + Suggestion.didYouMean(sub, among: ["basic", "digest", "bearer", "apikey", "aws-sigv4", "oauth2", "none"]))
        }
        if scheme == .bearer {
            guard args.count <= 2 else { throw usageError("expected one TOKEN (quote it if it has spaces)") }
            guard args.count == 2 else { return .command(.auth(.set(.bearer, user: "", secret: nil))) }
            guard !texts[1].isEmpty else { throw usageError("the token is empty") }
            try Template.validate(texts[1])
            return .command(.auth(.set(.bearer, user: "", secret: texts[1])))
        }
        guard args.count == 2 else { throw usageError("expected USER or USER:PASSWORD after `auth \(sub)`") }
        let credentials = texts[1]
        let colon = credentials.firstIndex(of: ":")
        let user = String(credentials[..<(colon ?? credentials.endIndex)])
        guard !user.isEmpty else { throw usageError("the user name is empty") }
        try Template.validate(user)
        guard let colon else { return .command(.auth(.set(scheme, user: user, secret: nil))) }
        let password = String(credentials[credentials.index(after: colon)...])
        try Template.validate(password)
        return .command(.auth(.set(scheme, user: user, secret: password)))
    }

    func parseCookies() throws(WorkbenchError) -> ParsedLine {
        switch texts.first {
        case nil: return .command(.cookies(.list))
        case "clear":
            guard args.count == 1 else { throw usageError("`cookies clear` takes no arguments") }
            return .command(.cookies(.clear))
        case "rm":
            guard args.count == 2, !texts[1].isEmpty else { throw usageError("expected one cookie NAME after `cookies rm`") }
            return .command(.cookies(.remove(texts[1])))
        case let sub?:
            throw usageError("unknown subcommand '\(sub)'" + Suggestion.didYouMean(sub, among: ["clear", "rm"]))
        }
    }

    func parseColor() throws(WorkbenchError) -> ParsedLine {
        guard args.count == 1, let setting = ColorSetting(word: texts[0]) else {
            throw usageError("expected auto, always or never")
        }
        return .command(.color(setting))
    }
}
