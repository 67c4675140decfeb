import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs
import WorkbenchSessions

/// The commands of help's group "Build a request": each one's help, parsing and completion.
enum BuildCommands {
    /// The methods `method` offers (any token is taken).
    static let methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "CONNECT"]

    static let group = CommandGroup(
        title: "Build a request", commands: [base, path, method, query, header, body, reset, show, curl])

    static let base = CommandDeclaration(
        name: "base", usage: ["base URL", "base"],
        summary:
            "Set the base URL (http or https, host, optional port and path prefix), or print it. Credentials (auth, Authorization, Cookie, a header holding a secret) belong to the origin they were typed for: when the base moves elsewhere they stay behind, and come back with it.",
        example: "base https://api.themoviedb.org", subcommands: [],
        parse: { words throws(WorkbenchError) in try BuildCommands.parseBase(words) })

    static let path = CommandDeclaration(
        name: "path", usage: ["path PATH", "path add SEGMENT...", "path ..", "path"],
        summary:
            "Set the path below the base (a ?query typed with it belongs to this path; a full URL moves the base to its origin), append encoded segments (`..` goes up), go one segment up, or print the full URL.",
        example: "path /3/movie/popular", subcommands: ["add", ".."],
        parse: { words throws(WorkbenchError) in try BuildCommands.parsePath(words) },
        complete: { input in
            if input.position == 1, input.current != "..",
                let found = input.completion.apiPaths(current: input.current, relative: false)
            {
                return found
            }
            return CommandDeclaration.subcommandsAtFirst(input)
        })

    static let method = CommandDeclaration(
        name: "method", usage: ["method VERB", "method"],
        summary: "Set the HTTP method (any token, upper-cased), or print it.",
        example: "method PATCH", subcommands: [],
        parse: { words throws(WorkbenchError) in try BuildCommands.parseMethod(words) },
        complete: { input in
            // Methods are values of VERB, not subcommands: any token is taken, in any case.
            guard input.position == 1 else { return nil }
            return input.completion.apiMethods(current: input.current) ?? input.completion.matching(methods, input.current.uppercased())
        })

    static let query = CommandDeclaration(
        name: "query", usage: ["query add NAME VALUE", "query set NAME VALUE", "query rm NAME", "query clear", "query"],
        summary:
            "Append a query item (names may repeat, order is kept; typed items stay for every path until removed), replace all items of a name, remove (typed or pasted with the path), or list.",
        example: "query add updateMask.fieldPaths nickName", subcommands: ["add", "set", "rm", "clear"],
        parse: { words throws(WorkbenchError) in try BuildCommands.parseQuery(words) },
        complete: { input in
            if let found = input.completion.apiQuery(before: input.before, current: input.current) { return found }
            if input.position == 1 { return input.matching(input.subcommands) }
            if input.position == 2 && ["rm", "set"].contains(input.before[1]) {
                return input.matching(input.unique(input.workspace.endpoint.query.map(\.name)))
            }
            return nil
        })

    static let header = CommandDeclaration(
        name: "header", usage: ["header NAME: VALUE", "header add NAME: VALUE", "header rm NAME", "header clear", "header"],
        summary:
            "Set a header (replacing every header of that name), add one more value, remove, or list. The value is taken as typed, quotes and spaces included; `header rm` on a default (User-Agent, Accept, Accept-Encoding) stops sending it until `header clear`; `header rm Content-Length` sends an empty POST, PUT or PATCH without `Content-Length: 0`, as `curl -X POST URL` does.",
        example: "header Content-Type: application/json", subcommands: ["add", "rm", "clear"],
        parse: { words throws(WorkbenchError) in try BuildCommands.parseHeader(words) },
        verbatim: { line throws(WorkbenchError) in try CommandParser.verbatimHeader(line) },
        complete: { input in
            if let found = input.completion.apiHeaders(before: input.before, current: input.current, subcommands: input.subcommands) {
                return found
            }
            if input.position == 1 {
                return input.matching(input.subcommands + Completion.commonHeaders.map { $0 + ":" })
            }
            if input.position == 2 && input.before[1] == "rm" {
                return input.matching(input.unique(input.workspace.endpoint.headers.map(\.name)))
            }
            if input.position == 2 && input.before[1] == "add" {
                return input.matching(Completion.commonHeaders.map { $0 + ":" })
            }
            let nameWord = input.before.last(where: { $0.hasSuffix(":") })?.dropLast().lowercased()
            if ["content-type:", "accept:"].contains(input.before.last?.lowercased() ?? ""), nameWord != nil {
                return input.matching(Completion.commonMediaTypes)
            }
            return nil
        },
        // A credential typed literally (`Authorization: Bearer abc`, `X-Api-Key: k`): its value.
        credentials: CommandDeclaration.Credentials(
            masked: { _, command in
                switch command {
                case .headerSet(let name, let value), .headerAdd(let name, let value):
                    guard HeaderField.isCredentialName(name), !Template.hasReferences(value), !value.trimmingSpaces().isEmpty else {
                        return nil
                    }
                    let masked = HeaderField.credentialScheme(of: name, value: value) + Variables.mask
                    if case .headerAdd = command { return "header add \(name): \(masked)" }
                    return "header \(name): \(masked)"
                default: return nil  // `header rm|clear` and `header` carry no value
                }
            },
            examples: [
                "header Authorization: Bearer SECRET", "header Cookie: sid=SECRET", "header X-Api-Key: SECRET",
                "header add Proxy-Authorization: Basic SECRET",
            ]))

    static let body = CommandDeclaration(
        name: "body",
        usage: [
            "body TEXT", "body json JSON", "body json @FILE", "body form NAME=VALUE...",
            "body multipart NAME=VALUE NAME@FILE[;type=MIME]...", "body @FILE", "body @@FILE", "body <<END", "body json <<END",
            "body graphql QUERY",
            "body graphql <<END", "body graphql vars JSON|<<END|clear", "body graphql operation NAME|clear", "body edit", "body example",
            "body clear", "body",
        ],
        summary:
            "Set the body: raw text (verbatim after the one space that follows `body`; quote it whole if it starts with a kind's name), validated JSON (typed or from a file; sets Content-Type), a form, multipart/form-data (files streamed from disk when sent), a file read at send time (Content-Type from its extension; `@@FILE` also expands the {{variables}} in it, as a `.http` file's `<@ FILE`), several lines up to END, a GraphQL operation (checked when typed, sent as POST application/json {\"query\", \"variables\", \"operationName\"}), the body in $VISUAL/$EDITOR (JSON validated on return), or an example JSON body for the operation from the loaded API description (its examples first, then its schema). POST, PUT, PATCH and other methods send it; GET, HEAD, OPTIONS, DELETE and TRACE hold it back unless sent with --body (or imported or taken with `use N` with their body, as `curl -X GET -d` sends it).",
        example: "body json {\"username\": \"ana\", \"password\": \"{{password}}\"}",
        subcommands: ["json", "form", "multipart", "graphql", "edit", "example", "clear"],
        parse: { words throws(WorkbenchError) in try BuildCommands.parseBody(words) },
        verbatim: { line throws(WorkbenchError) in try CommandParser.graphqlBody(line) },
        complete: { input in
            // Every subcommand, then the forms that are not words: a file and a here-document.
            if input.position == 1 {
                if input.current.hasPrefix("@@") { return input.files(matching: String(input.current.dropFirst(2))).map { "@@" + $0 } }
                if input.current.hasPrefix("@") { return input.files(matching: String(input.current.dropFirst())).map { "@" + $0 } }
                return input.matching(input.subcommands + ["@", "<<END"])
            }
            if input.position == 2 && input.before[1] == "json" {
                if input.current.hasPrefix("@") { return input.files(matching: String(input.current.dropFirst())).map { "@" + $0 } }
                return input.matching(["@", "<<END"])
            }
            return nil
        })

    static let reset = CommandDeclaration(
        name: "reset", usage: ["reset"],
        summary: "Start a fresh request (GET, no path, query, headers or body); base, variables and settings stay.",
        example: "reset", subcommands: [],
        parse: { words throws(WorkbenchError) in try words.expectNoArguments(.reset) })

    static let show = CommandDeclaration(
        name: "show", usage: ["show", "show --secrets"],
        summary:
            "Print the request exactly as it would be sent: request line, every header, the body (secret values masked unless --secrets).",
        example: "show", subcommands: ["--secrets"],
        parse: { words throws(WorkbenchError) in try BuildCommands.parseShow(words) })

    static let curl = CommandDeclaration(
        name: "curl", usage: ["curl", "curl --secrets"],
        summary: "Print the request as a curl command line that sends exactly the same bytes (secret values masked unless --secrets).",
        example: "curl", subcommands: ["--secrets"],
        parse: { words throws(WorkbenchError) in try BuildCommands.parseCurl(words) })
}

extension BuildCommands {
    static func parseShow(_ words: CommandWords) throws(WorkbenchError) -> ParsedLine {
        if words.texts == ["--secrets"] { return .command(.showWithSecrets) }
        return try words.expectNoArguments(.show)
    }

    static func parseCurl(_ words: CommandWords) throws(WorkbenchError) -> ParsedLine {
        guard words.texts.isEmpty || words.texts == ["--secrets"] else {
            throw words.usageError("expected nothing, or --secrets (to bring a curl command in, type `import` before it)")
        }
        return .command(.curl(secrets: !words.texts.isEmpty))
    }

    static func parseBase(_ words: CommandWords) throws(WorkbenchError) -> ParsedLine {
        switch words.args.count {
        case 0:
            return .command(.showBase)
        case 1:
            let url = words.texts[0]
            if Template.hasReferences(url) {
                try Template.validate(url)
            } else {
                _ = try BaseURL.parse(baseWithoutUserInfo(url).base)
            }
            return .command(.base(url))
        default:
            throw words.usageError("expected one URL, got \(words.args.count) words (quote a URL with spaces)")
        }
    }

    static func parsePath(_ words: CommandWords) throws(WorkbenchError) -> ParsedLine {
        if words.args.isEmpty { return .command(.showURL) }
        if words.texts == [".."] { return .command(.pathUp) }
        if words.texts[0] == "add" {
            let segments = Array(words.texts.dropFirst())
            guard !segments.isEmpty else { throw words.usageError("expected at least one segment after `path add`") }
            for segment in segments {
                guard !segment.isEmpty else { throw words.usageError("a path segment cannot be empty") }
                try Template.validate(segment)
            }
            return .command(.pathAdd(segments))
        }
        guard words.args.count == 1 else {
            throw words.usageError("expected one PATH, got \(words.args.count) words (quote a path with spaces)")
        }
        _ = try Endpoint.pathParts(words.texts[0])
        return .command(.path(words.texts[0]))
    }

    static func parseMethod(_ words: CommandWords) throws(WorkbenchError) -> ParsedLine {
        switch words.args.count {
        case 0: return .command(.showMethod)
        case 1: return .command(.method(try HTTPSyntax.normalizedMethod(words.texts[0])))
        default: throw words.usageError("expected one method")
        }
    }

    static func parseQuery(_ words: CommandWords) throws(WorkbenchError) -> ParsedLine {
        guard let sub = words.texts.first else { return .command(.showQuery) }
        let operands = Array(words.texts.dropFirst())
        let full = "query \(sub)"
        switch sub {
        case "add", "set":
            let pair: (String, String)
            if operands.count == 2 {
                pair = (operands[0], operands[1])
            } else if operands.count == 1, let equals = operands[0].firstIndex(of: "=") {
                pair = (String(operands[0][..<equals]), String(operands[0][operands[0].index(after: equals)...]))
            } else {
                throw words.usageError("expected NAME VALUE", command: "query")
            }
            guard !pair.0.isEmpty else { throw words.usageError("the query name is empty", command: "query") }
            try Template.validate(pair.0)
            try Template.validate(pair.1)
            return .command(sub == "add" ? .queryAdd(name: pair.0, value: pair.1) : .querySet(name: pair.0, value: pair.1))
        case "rm":
            guard operands.count == 1 else { throw words.usageError("expected one NAME after `\(full)`", command: "query") }
            return .command(.queryRemove(operands[0]))
        case "clear":
            guard operands.isEmpty else { throw words.usageError("`query clear` takes no arguments", command: "query") }
            return .command(.queryClear)
        default:
            throw words.usageError(
                "unknown subcommand \(Excerpt.quoted(sub))"
                    + Suggestion.didYouMean(sub, among: words.subcommands), command: "query")
        }
    }

    static func parseHeader(_ words: CommandWords) throws(WorkbenchError) -> ParsedLine {
        guard let sub = words.texts.first else { return .command(.showHeaders) }
        switch sub.lowercased() {
        case "rm":
            guard words.args.count == 2 else { throw words.usageError("expected one NAME after `header rm`") }
            var headerName = words.texts[1]
            if headerName.hasSuffix(":") { headerName.removeLast() }
            try HTTPSyntax.checkHeaderName(headerName)
            return .command(.headerRemove(headerName))
        case "clear":
            guard words.args.count == 1 else { throw words.usageError("`header clear` takes no arguments") }
            return .command(.headerClear)
        default:
            // `header NAME: VALUE` and `header add` are parsed verbatim before
            // the line is split into words (CommandParser.verbatimHeader).
            throw words.usageError("expected NAME: VALUE")
        }
    }

    static func parseBody(_ words: CommandWords) throws(WorkbenchError) -> ParsedLine {
        guard let sub = words.texts.first else { return .command(.showBody) }
        if sub == "clear" && words.args.count == 1 { return .command(.bodyClear) }
        if sub == "edit" && words.args.count == 1 { return .command(.bodyEdit) }
        if sub == "example" && words.args.count == 1 { return .command(.bodyExample) }
        if sub == "json" {
            guard words.args.count > 1 else { throw words.usageError("expected JSON after `body json`") }
            if words.texts[1].hasPrefix("<<") {
                return try BuildCommands.heredoc(words, json: true, word: 1)
            }
            if words.texts[1].hasPrefix("@") && words.args.count == 2 {
                let file = String(words.texts[1].dropFirst())
                guard !file.isEmpty else { throw words.usageError("expected a file name after '@'") }
                try Template.validate(file)
                return .command(.body(.jsonFile(file)))
            }
            let text = words.rest(from: 1)
            do throws(WorkbenchError) {
                try JSONTemplate.check(text)
            } catch {
                // `body json '{"a": 1}'`: quoted as one word, as a shell would need it.
                guard words.args.count == 2, text != words.texts[1], (try? JSONTemplate.check(words.texts[1])) != nil else { throw error }
                return .command(.body(.json(words.texts[1])))
            }
            return .command(.body(.json(text)))
        }
        if sub == "form" {
            var fields: [FormField] = []
            for word in words.texts.dropFirst() {
                guard let equals = word.firstIndex(of: "="), equals != word.startIndex else {
                    throw words.usageError("expected NAME=VALUE, got \(Excerpt.quoted(word))")
                }
                let field = FormField(name: String(word[..<equals]), value: String(word[word.index(after: equals)...]))
                try Template.validate(field.name)
                try Template.validate(field.value)
                fields.append(field)
            }
            guard !fields.isEmpty else { throw words.usageError("expected at least one NAME=VALUE after `body form`") }
            return .command(.body(.form(fields)))
        }
        if sub == "multipart" {
            return .command(.body(.multipart(try multipartParts(words, Array(words.texts.dropFirst())))))
        }
        if sub.hasPrefix("@@") && words.args.count == 1 {
            // The `.http` file's `<@ FILE`: its {{variables}} expanded when sent.
            let file = String(sub.dropFirst(2))
            guard !file.isEmpty else { throw words.usageError("expected a file name after '@@'") }
            try Template.validate(file)
            return .command(.body(.templateFile(file)))
        }
        if sub.hasPrefix("@") && words.args.count == 1 {
            let file = String(sub.dropFirst())
            guard !file.isEmpty else { throw words.usageError("expected a file name after '@'") }
            try Template.validate(file)
            return .command(.body(.file(file)))
        }
        if sub.hasPrefix("<<") {
            return try BuildCommands.heredoc(words, json: false, word: 0)
        }
        let quoted = !Array(words.line.utf8)[words.args[0].start..<words.args[0].end].elementsEqual(words.args[0].text.utf8)
        if !quoted, let meant = Suggestion.nearest(sub, among: Self.bodyKinds), meant != sub.lowercased() {
            throw words.usageError(
                "unknown kind \(Excerpt.quoted(sub)): did you mean \(meant)? (quote the text to send it as it is: `body '\(Template.oneLine(words.rest(from: 0).prefix(40)))'`)"
            )
        }
        // `body 'TEXT'`, one word in quotes: the text inside them.
        let raw = Array(words.line.utf8)[words.args[0].start..<words.args[0].end]
        let inQuotes =
            words.args.count == 1 && raw.count >= 2 && (raw.first == UInt8(ascii: "'") || raw.first == UInt8(ascii: "\""))
            && raw.last == raw.first
        let text = inQuotes ? sub : CommandParser.verbatimText(afterCommandIn: words.line)
        try Template.validate(text)
        return .command(.body(.text(text)))
    }

    /// The words after `body` that name a kind of body rather than start a text.
    static let bodyKinds = ["json", "form", "multipart", "graphql", "clear", "edit", "example"]

    /// `NAME=VALUE` (a field) and `NAME@FILE[;type=MIME]` (a file), as curl's `-F`
    /// writes them; whichever of `=` and `@` comes first splits the word.
    static func multipartParts(_ input: CommandWords, _ words: [String]) throws(WorkbenchError) -> [MultipartPart] {
        guard !words.isEmpty else { throw input.usageError("expected at least one NAME=VALUE or NAME@FILE after `body multipart`") }
        var parts: [MultipartPart] = []
        for word in words {
            guard let split = word.firstIndex(where: { $0 == "=" || $0 == "@" }), split != word.startIndex else {
                throw input.usageError("expected NAME=VALUE or NAME@FILE, got '\(word)'")
            }
            var part = MultipartPart(
                name: String(word[..<split]), value: String(word[word.index(after: split)...]),
                isFile: word[split] == "@")
            if part.isFile, let type = part.value.ranges(of: ";type=").last {
                let mediaType = String(part.value[type.upperBound...])
                guard !mediaType.isEmpty, !mediaType.contains(where: { $0 == " " || $0.asciiValue.map { $0 < 0x20 } == true }) else {
                    throw input.usageError("expected a media type after ';type=' in '\(word)'")
                }
                part.contentType = mediaType
                part.value = String(part.value[..<type.lowerBound])
            }
            if part.isFile && part.value.isEmpty { throw input.usageError("expected a file name after '@' in '\(word)'") }
            try Template.validate(part.name)
            try Template.validate(part.value)
            parts.append(part)
        }
        return parts
    }

    static func heredoc(_ words: CommandWords, json: Bool, word: Int) throws(WorkbenchError) -> ParsedLine {
        let terminator = String(words.texts[word].dropFirst(2))
        guard !terminator.isEmpty else { throw words.usageError("expected a terminator after '<<', as in `body <<END`") }
        guard words.args.count == word + 1 else { throw words.usageError("unexpected text after `<<\(terminator)`") }
        return .heredoc(json: json, terminator: terminator)
    }
}

extension CommandParser {
    /// `header [add] NAME: VALUE` with the value exactly as typed, as curl's `-H`
    /// takes it: quotes in `If-None-Match: "abc"` or `X-J: {"a": 1}` and runs of
    /// spaces are part of the value, not shell syntax. A field quoted as a whole
    /// (`header 'X-J: {"a": 1}'`) is unquoted first. `header rm` and `header
    /// clear` are ordinary commands (nil here).
    static func verbatimHeader(_ trimmedLine: String) throws(WorkbenchError) -> ParsedLine? {
        guard startsWithWord(trimmedLine, "header"),
            let (word, afterHeader) = splitFirstWord(trimmedLine), word.lowercased() == "header",
            !afterHeader.isEmpty
        else { return nil }
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
            let words = try? ShellWords.split(field), words.count == 1
        {
            field = words[0].text
        }
        let command = adds ? "header add" : "header"
        guard let colon = field.firstIndex(of: ":") else {
            throw WorkbenchError(
                "\(command): expected NAME: VALUE\(field.isEmpty ? "" : ", with a colon after the name"); see `help header`")
        }
        let name = String(field[..<colon]).trimmingSpaces()
        let value = String(field[field.index(after: colon)...]).trimmingSpaces()
        try HTTPSyntax.checkHeaderName(name)
        try HTTPSyntax.checkHeaderValue(value, name: name)
        try Template.validate(value)
        return .command(adds ? .headerAdd(name: name, value: value) : .headerSet(name: name, value: value))
    }
}

/// The effects of the group's commands, each reached from `Workspace.apply`'s one switch
/// with its command's values: a command's effect cannot be missing or meet another's.
extension BuildCommands {
    /// `http://user:pw@host/api` -> (`http://host/api`, `user:pw`): a base never holds
    /// credentials; a URL with references is kept as typed.
    static func baseWithoutUserInfo(_ url: String) -> (base: String, userInfo: String?) {
        guard !Template.hasReferences(url), URLParts.scheme(of: Substring(url)) != nil else { return (url, nil) }
        let parts = URLParts(url, droppingFragment: false)
        guard let userInfo = parts.userInfo else { return (url, nil) }
        return (parts.base + parts.target, userInfo)
    }

    static func setBase(_ typed: String, in workspace: inout Workspace, context: CommandContext) throws(WorkbenchError)
        -> CommandOutcome
    {
        let (url, userInfo) = baseWithoutUserInfo(typed)
        let scope = workspace.scope(environment: context.environment)
        let first = workspace.endpoint.base == nil
        let changed = workspace.endpoint.base != nil && workspace.endpoint.base != url
        workspace.endpoint.base = url
        if first { workspace.bindCredentials() }
        // As `get http://user:pw@host/` does: basic auth for this origin, the password a secret.
        if let userInfo { try workspace.setBasicAuth(fromUserInfo: userInfo) }
        var lines: [String] = []
        if changed && (!["", "/"].contains(workspace.endpoint.path) || !workspace.endpoint.segments.isEmpty) {
            let shown = (try? workspace.endpoint.url(in: scope.masked)) ?? url
            lines.append("kept the path: \(shown) (`path /` starts at the base)")
        }
        if changed, let held = workspace.heldBackCredentialsLine() { lines.append(held) }
        return lines.isEmpty ? .done : .output(lines.joined(separator: "\n"))
    }

    static func showBase(_ workspace: Workspace) -> CommandOutcome {
        .output(workspace.endpoint.base ?? "(no base URL: set one with `base URL`)")
    }

    static func setPath(_ path: String, in workspace: inout Workspace) throws(WorkbenchError) -> CommandOutcome {
        try workspace.setTarget(path).map { .output($0) } ?? .done
    }

    /// `path add`: `..` goes one segment up and `.` stays, as in a path: neither is ever sent.
    static func addPathSegments(_ segments: [String], in workspace: inout Workspace) throws(WorkbenchError) -> CommandOutcome {
        for segment in segments {
            if segment == ".." {
                try workspace.endpoint.goUp()
            } else if segment != "." {
                workspace.endpoint.segments.append(segment)
            }
        }
        return .done
    }

    static func pathUp(in workspace: inout Workspace) throws(WorkbenchError) -> CommandOutcome {
        try workspace.endpoint.goUp()
        return .done
    }

    static func showURL(_ workspace: Workspace, context: CommandContext) throws(WorkbenchError) -> CommandOutcome {
        .output(try workspace.endpoint.url(in: workspace.scope(environment: context.environment).masked))
    }

    static func setMethod(_ method: String, in workspace: inout Workspace) -> CommandOutcome {
        workspace.endpoint.method = method
        return .done
    }

    static func showMethod(_ workspace: Workspace) -> CommandOutcome {
        .output(workspace.endpoint.method)
    }

    static func addQuery(_ name: String, _ value: String, in workspace: inout Workspace) -> CommandOutcome {
        workspace.endpoint.query.append(QueryItem(name: name, value: value))
        return .done
    }

    static func setQuery(_ name: String, _ value: String, in workspace: inout Workspace) -> CommandOutcome {
        workspace.endpoint.setQuery(name, value)
        return .done
    }

    static func removeQuery(_ name: String, in workspace: inout Workspace) throws(WorkbenchError) -> CommandOutcome {
        guard workspace.endpoint.removeQuery(name) else { throw WorkbenchError("no query item named '\(name)'") }
        return .done
    }

    static func clearQuery(in workspace: inout Workspace) -> CommandOutcome {
        workspace.endpoint.query = []
        if workspace.endpoint.pathQuery != nil { workspace.endpoint.pathQuery = nil }
        return .done
    }

    static func showQuery(_ workspace: Workspace) -> CommandOutcome {
        var lines = workspace.endpoint.query.map(\.typedText)
        if let pasted = workspace.endpoint.pathQuery {
            lines.insert("?\(pasted) (pasted with the path: it goes when the path changes)", at: 0)
        }
        return .output(lines.isEmpty ? "(no query items)" : lines.joined(separator: "\n"))
    }

    /// `header NAME: VALUE` (`adding`: `header add`).
    static func setHeader(_ name: String, _ value: String, adding: Bool, in workspace: inout Workspace) -> CommandOutcome {
        let kept = workspace.keepingLiteralCredential(name: name, value: value)
        let field = HeaderField(name: name, value: kept?.value ?? value)
        let credential = workspace.isCredential(field)
        if adding {
            workspace.endpoint.addHeader(name, field.value, credential: credential)
        } else {
            workspace.endpoint.setHeader(name, field.value, credential: credential)
        }
        return kept.map { .output($0.note) } ?? .done
    }

    static func removeHeader(_ name: String, in workspace: inout Workspace) throws(WorkbenchError) -> CommandOutcome {
        if try workspace.endpoint.removeHeader(name) == .typedRemovedDefaultReturns {
            return .output("the default \(name) is sent again; `header rm \(name)` once more sends none")
        }
        return .done
    }

    static func clearHeaders(in workspace: inout Workspace) -> CommandOutcome {
        workspace.endpoint.headers = []
        workspace.endpoint.omittedDefaults = []
        return .done
    }

    static func showHeaders(_ workspace: Workspace) -> CommandOutcome {
        var lines = workspace.endpoint.headers.map { "\($0.name): \($0.value)" }
        if lines.isEmpty { lines.append("(no headers; `show` lists the defaults too)") }
        if !workspace.endpoint.omittedDefaults.isEmpty {
            lines.append(
                "(not sent: \(workspace.endpoint.omittedDefaults.joined(separator: ", ")); `header clear` sends them again)")
        }
        return .output(lines.joined(separator: "\n"))
    }

    static func setBody(_ body: Body, in workspace: inout Workspace, context: CommandContext) throws(WorkbenchError) -> CommandOutcome {
        if case .jsonFile(let path) = body, !Template.hasReferences(path) {
            // Checked now, so a typo is caught when typed; read again when sent.
            let bytes = try context.readFile(path)
            do { try JSONSyntax.validate(bytes) } catch { throw WorkbenchError("\(path) is not valid JSON: \(error)") }
        }
        workspace.endpoint.body = body
        return .done
    }

    static func editBody(_ workspace: Workspace) throws(WorkbenchError) -> CommandOutcome {
        switch workspace.endpoint.body {
        case nil: return .editBody("", json: false)
        case .text(let text): return .editBody(text, json: false)
        case .json(let text): return .editBody(text, json: true)
        case .form, .file, .jsonFile, .templateFile, .multipart, .graphql:
            throw WorkbenchError(
                "`body edit` edits a text or JSON body; this one is \(Prompt.bodyNote(workspace.endpoint) ?? "set"): type it again with `body ...`"
            )
        }
    }

    static func clearBody(in workspace: inout Workspace) -> CommandOutcome {
        workspace.endpoint.body = nil
        return .done
    }

    static func showBody(_ workspace: Workspace) -> CommandOutcome {
        .output(Workspace.describe(workspace.endpoint.body))
    }

    /// `show` (`revealing`: `show --secrets`).
    static func show(_ workspace: Workspace, revealing: Bool, context: CommandContext) throws(WorkbenchError) -> CommandOutcome {
        if revealing { return .revealed(try workspace.showText(revealingSecrets: true, context: context)) }
        let text = try workspace.showText(revealingSecrets: false, context: context)
        let warnings = workspace.parameterWarnings(in: workspace.scope(environment: context.environment))
        return warnings.isEmpty ? .output(text) : .outputWithWarning(text, warning: warnings.joined(separator: "\n"))
    }

    static func curl(_ workspace: Workspace, secrets: Bool, context: CommandContext) throws(WorkbenchError) -> CommandOutcome {
        let scope = workspace.scope(environment: context.environment)
        let request = try workspace.endpoint.prepare(in: scope, readFile: context.readFile)
        let redirects = workspace.lastSentResponse?.redirectStatuses
        let command = try CurlCommand.text(
            for: secrets ? request : request.shown, body: workspace.endpoint.body, settings: workspace.settings,
            typedHost: workspace.endpoint.headersInForce.contains(name: "Host"), redirects: redirects)
        if let reason = RedirectFidelity.reason(request, settings: workspace.settings, tool: .curl, redirects: redirects) {
            return .outputWithWarning(command, warning: "warning: " + reason, revealed: secrets)
        }
        return secrets ? .revealed(command) : .output(command)
    }

    static func reset(_ workspace: inout Workspace) -> CommandOutcome {
        var fresh = Endpoint(base: workspace.endpoint.base)
        fresh.auths = workspace.endpoint.auths
        workspace.endpoint = fresh
        return .done
    }
}
