import WorkbenchBasics
import WorkbenchHTTP

/// A curl command line, as a browser's "Copy as cURL" or an API's docs write
/// it, turned into an Endpoint and the settings it asks for.
///
/// Written here: no Swift package reads curl's options, and the mapping is the
/// point (curl's own defaults made explicit, so the workbench sends the same
/// bytes). The options people paste are imported; ones that only shape curl's
/// output are ignored; anything else is named in a warning and the rest is
/// still imported.
public struct CurlImport: Equatable, Sendable {
    public var endpoint: Endpoint
    /// `-L`, `-k`, `-m`: nil where the command says nothing.
    public var followRedirects: Bool?
    public var insecure: Bool?
    public var timeout: Double?
    /// One sentence per option that was not imported, or imported differently.
    public var warnings: [String] = []
    /// What was imported as asked but may surprise: `$TOKEN` read from the environment.
    public var notes: [String] = []
    /// The command's own `{{` (a mustache template in a doc's JSON) is kept as text through
    /// `{{open_braces}}`, which the importer sets to `{{`; curl sends it as it is.
    public var usesLiteralBraces = false

    /// Options that take a value and only change what curl prints or where it writes.
    static let ignoredWithValue: Set<String> = [
        "-o", "--output", "-w", "--write-out", "--stderr", "--trace", "--trace-ascii", "-D", "--dump-header",
        "--connect-timeout", "--retry", "--retry-delay", "--retry-max-time", "-c", "--cookie-jar", "--output-dir",
    ]
    /// Options without a value that only change what curl prints, or that the workbench does anyway.
    static let ignoredFlags: Set<String> = [
        "-s", "--silent", "-S", "--show-error", "-v", "--verbose", "-i", "--include", "-f", "--fail",
        "--fail-with-body", "-#", "--progress-bar", "--no-progress-meter", "-N", "--no-buffer", "-O",
        "--remote-name", "--compressed", "--http1.1", "--http2", "--path-as-is", "-J",
        "--remote-header-name", "--tr-encoding", "--no-keepalive", "--raw",
    ]
    /// Single-letter options that take a value (for clusters such as `-sXPOST`).
    static let shortWithValue: Set<Character> = ["X", "H", "d", "F", "u", "b", "A", "e", "m", "o", "w", "D", "c", "T", "x", "E", "r", "K"]

    /// Parses the words after `curl`. `readFile` reads `--data-urlencode name@FILE`
    /// (the only option whose file is read now; `-d @FILE` bodies are read when sent).
    public static func parse(
        _ words: [String], readFile: (String) throws(WorkbenchError) -> [UInt8]
    ) throws(WorkbenchError) -> CurlImport {
        // The parser holds the reader only while it runs.
        try withoutActuallyEscaping(readFile) { (reader) throws(WorkbenchError) -> CurlImport in
            var parser = OptionReader(readFile: reader)
            let literal = words.map(Self.keepingLiteralBraces)
            try parser.read(literal)
            var result = try parser.result()
            result.usesLiteralBraces =
                literal != words || LiteralText.isUsed(in: [RequestRecord(endpoint: result.endpoint, settings: Settings())])
            if let note = environmentNote(words) { result.notes.append(note) }
            return result
        }
    }

    /// Splits a file (or a pasted block) into curl commands as bash reads them:
    /// a command goes on over lines ending with `\` and over newlines inside
    /// quotes; an optional `$ ` prompt leads it. Returns each command's words
    /// after `curl` (a `$TOKEN` in them is `{{env.TOKEN}}`), with the line it
    /// starts on. Any line that is not a curl command is an error.
    public static func commands(in text: String) throws(WorkbenchError) -> [(line: Int, words: [String])] {
        let read = try readCommands(in: text)
        if let problem = read.skipped.first { throw WorkbenchError("line \(problem.line): \(problem.message)") }
        return read.commands
    }

    /// The curl commands of a text and, apart, the commands that are not curl
    /// or cannot be split (by line). Only a quote never closed fails the whole text.
    static func readCommands(in text: String) throws(WorkbenchError)
        -> (commands: [(line: Int, words: [String])], skipped: [(line: Int, message: String)])
    {
        let (lines, openQuote) = ShellCommandLines.split(text)
        if let openQuote { throw WorkbenchError("line \(openQuote.line): \(openQuote.message)") }
        var commands: [(line: Int, words: [String])] = []
        var skipped: [(line: Int, message: String)] = []
        for logical in lines {
            var command = logical.text.trimmingSpaces()
            if command.hasPrefix("$ ") { command = String(command.dropFirst(2)) }
            let words: [ShellWord]
            do throws(WorkbenchError) {
                words = try ShellWords.split(command, dialect: .bash)
            } catch {
                skipped.append((logical.line, error.message))
                continue
            }
            guard let first = words.first else { continue }
            guard first.text == "curl", !first.isOperator else {
                // One line whatever the word holds (a lone CR, a control): the skipped lines make one warning each.
                skipped.append((logical.line, "expected a curl command, got \(Excerpt.quoted(Template.oneLine(first.text)))"))
                continue
            }
            // `curl ... | jq .`, `curl ...;`: the command is what comes before the operator.
            let before = words.prefix { !$0.isOperator }
            commands.append((logical.line, before.dropFirst().map(\.text)))
        }
        return (commands, skipped)
    }

    /// A word's `{{` as text (`{{open_braces}}`), but for the `{{env.NAME}}` references the
    /// bash words made of `$NAME`.
    static func keepingLiteralBraces(_ word: String) -> String {
        guard Template.hasReferences(word) else { return word }
        var result = ""
        var rest = Substring(word)
        while let open = rest.firstRange(of: "{{") {
            result += rest[..<open.lowerBound]
            let after = rest[open.upperBound...]
            if after.hasPrefix("env."), let close = after.firstRange(of: "}}"),
                Template.environmentNames(in: String(rest[open.lowerBound..<close.upperBound])).count == 1
            {
                result += rest[open.lowerBound..<close.upperBound]
                rest = after[close.upperBound...]
            } else {
                result += "{{\(LiteralText.variable)}}"
                rest = after
            }
        }
        return result + rest
    }

    /// The note an import prints when a command names environment variables
    /// (`$TOKEN`, which the bash words made `{{env.TOKEN}}`).
    static func environmentNote(_ words: [String]) -> String? {
        var names: [String] = []
        for word in words {
            for name in Template.environmentNames(in: word) where !names.contains(name) { names.append(name) }
        }
        guard !names.isEmpty else { return nil }
        let listed = names.map { "$\($0) is {{env.\($0)}}" }.joined(separator: ", ")
        return "\(listed): read from the environment when sent, and masked as a secret"
    }

    /// Whether a line ends with an unescaped backslash (bash joins the next line to it).
    public static func endsWithContinuation(_ line: String) -> Bool {
        line.reversed().prefix { $0 == "\\" }.count % 2 == 1
    }

    private struct OptionReader {
        let readFile: (String) throws(WorkbenchError) -> [UInt8]
        var method: String?
        var urls: [String] = []
        /// `-T FILE`: the file uploaded as the body, by PUT unless -X says otherwise.
        var uploadFile: String?
        var headers: [HeaderField] = []
        var omitted: [String] = []
        var data: [String] = []
        /// `-d @FILE` / `--data-binary @FILE`: a body read when the request is sent.
        var dataFile: String?
        var dataIsJSON = false
        var getWithData = false
        var head = false
        var basicUser: String?
        /// `--oauth2-bearer TOKEN` (the last one given, as curl takes it): sent as
        /// `Authorization: Bearer TOKEN` unless a `-H 'Authorization: ...'` is typed.
        var bearer: String?
        /// `-b NAME=VALUE`: sent unless a `-H 'Cookie: ...'` is typed, which curl sends instead.
        var cookies: [String] = []
        /// `-g`: the URL is not a glob.
        var globOff = false
        /// `-F`: the parts of a multipart body, in order.
        var formParts: [MultipartPart] = []
        var import_ = CurlImport(endpoint: Endpoint())
        var unknown: [String] = []

        mutating func read(_ words: [String]) throws(WorkbenchError) {
            var index = 0
            func value(_ option: String) throws(WorkbenchError) -> String {
                index += 1
                guard index < words.count else { throw WorkbenchError("curl: \(option) needs a value") }
                return words[index]
            }
            while index < words.count {
                let word = words[index]
                if word.hasPrefix("-") && !word.hasPrefix("--") && word.count > 2 {
                    // A cluster (`-sSL`) or a value attached to its option (`-XPOST`, `-HAccept: x`).
                    var rest = Substring(word.dropFirst())
                    while let letter = rest.first {
                        rest = rest.dropFirst()
                        let option = "-" + String(letter)
                        if Self.isShortWithValue(letter) {
                            if rest.isEmpty {
                                try apply(option, value: try value(option))
                            } else {
                                try apply(option, value: String(rest))
                            }
                            break
                        }
                        try apply(option, value: nil)
                    }
                } else if word.hasPrefix("-") && word != "-" {
                    try apply(word, value: takesValue(word) ? try value(word) : nil)
                } else {
                    urls.append(word)
                }
                index += 1
            }
        }

        static func isShortWithValue(_ letter: Character) -> Bool { CurlImport.shortWithValue.contains(letter) }

        func takesValue(_ option: String) -> Bool {
            let withValue: Set<String> = [
                "-X", "--request", "-H", "--header", "-d", "--data", "--data-ascii", "--data-raw", "--data-binary",
                "--data-urlencode", "--json", "-F", "--form", "--form-string", "-u", "--user", "-b", "--cookie",
                "-A", "--user-agent", "-e", "--referer", "--url", "-m", "--max-time", "-T", "--upload-file",
                "-x", "--proxy", "-E", "--cert", "--key", "--cacert", "-r", "--range", "--oauth2-bearer",
                "-K", "--config",
            ]
            return withValue.contains(option) || Self.isShortWithValue(option.last ?? " ") && option.count == 2
                || CurlImport.ignoredWithValue.contains(option)
        }

        mutating func apply(_ option: String, value: String?) throws(WorkbenchError) {
            let text = value ?? ""
            switch option {
            case "-X", "--request": method = try HTTPSyntax.normalizedMethod(text)
            case "-H", "--header": try header(text)
            case "-d", "--data", "--data-ascii":
                if text.hasPrefix("@") {
                    let path = String(text.dropFirst())
                    if path != "-", let bytes = try? readFile(path),
                        let text = String(validating: bytes.filter { $0 != 0x0D && $0 != 0x0A }, as: UTF8.self)
                    {
                        // curl reads the file now and leaves out its carriage returns and newlines.
                        data.append(LiteralText.escaped(text))
                    } else {
                        try fileBody(path, option: option)
                        import_.warnings.append(
                            "\(option) @FILE: the file is read when sent, as it is; curl would strip its newlines (use --data-binary to say so)"
                        )
                    }
                } else {
                    data.append(text)
                }
            case "--data-raw": data.append(text)
            case "--data-binary":
                if text.hasPrefix("@") { try fileBody(String(text.dropFirst()), option: option) } else { data.append(text) }
            case "--data-urlencode": data.append(try urlencoded(text))
            case "--json":
                dataIsJSON = true
                if text.hasPrefix("@") { try fileBody(String(text.dropFirst()), option: option) } else { data.append(text) }
            case "-G", "--get": getWithData = true
            case "-I", "--head": head = true
            case "-u", "--user": basicUser = text
            case "-b", "--cookie":
                if text.contains("=") {
                    cookies.append(text)
                } else {
                    import_.warnings.append("\(option) \(Excerpt.quoted(text)): a cookie file is not imported")
                }
            case "-A", "--user-agent": headers.append(HeaderField(name: "User-Agent", value: text))
            case "-e", "--referer":
                let referer = text.hasSuffix(";auto") ? String(text.dropLast(5)) : text
                if !referer.isEmpty { headers.append(HeaderField(name: "Referer", value: referer)) }
            case "--oauth2-bearer": bearer = text
            case "--url": urls.append(text)
            case "-L", "--location": import_.followRedirects = true
            case "-g", "--globoff": globOff = true
            case "-k", "--insecure": import_.insecure = true
            case "-m", "--max-time":
                guard let seconds = Double(text), seconds.isFinite, seconds >= 0, seconds <= 86_400 else {
                    throw WorkbenchError("curl: \(option) expects seconds, got \(Excerpt.quoted(text))")
                }
                import_.timeout = seconds
            case "-K", "--config":
                // Its options would change the request: importing without them would be another request.
                throw WorkbenchError(
                    "curl: \(option) \(Excerpt.quoted(text)) reads more options from a file, which the import does not: "
                        + "put them on the command line")
            case "-o", "--output", "--output-dir":
                import_.warnings.append(
                    "\(option) \(Excerpt.quoted(text)): the response is shown, not written to a file (`send > FILE` writes it)")
            case "-O", "--remote-name":
                import_.warnings.append("\(option): the response is shown, not written to a file (`send > FILE` writes it)")
            case "-T", "--upload-file":
                guard text != "-", text != "." else {
                    throw WorkbenchError("curl: \(option) \(text) uploads standard input, which the import cannot read")
                }
                uploadFile = text
            case "-F", "--form": try formPart(text, literal: false, option: option)
            case "--form-string": try formPart(text, literal: true, option: option)
            default:
                if CurlImport.ignoredFlags.contains(option) || CurlImport.ignoredWithValue.contains(option) { return }
                unknown.append(option)
            }
        }

        mutating func header(_ line: String) throws(WorkbenchError) {
            if line.hasPrefix("@") {
                import_.warnings.append("-H @FILE: headers from a file are not imported")
                return
            }
            // curl: `Name:` removes a header curl would add, `Name;` sends it empty.
            if let colon = line.firstIndex(of: ":") {
                let name = String(line[..<colon]).trimmingSpaces()
                let value = String(line[line.index(after: colon)...]).trimmingSpaces()
                try HTTPSyntax.checkHeaderName(name)
                if value.isEmpty {
                    if let canonical = Endpoint.omittableNames.first(where: { HTTPSyntax.equalIgnoringASCIICase($0, name) }) {
                        omitted.append(canonical)
                    }
                    headers.removeAll { $0.hasName(name) }
                    return
                }
                try HTTPSyntax.checkHeaderValue(value, name: name)
                headers.append(HeaderField(name: name, value: value))
            } else if line.hasSuffix(";") {
                let name = String(line.dropLast()).trimmingSpaces()
                try HTTPSyntax.checkHeaderName(name)
                headers.append(HeaderField(name: name, value: ""))
            } else {
                throw WorkbenchError("curl: -H \(Excerpt.quoted(line)) is not a header (expected NAME: VALUE)")
            }
        }

        /// `-F name=value[;type=MIME]`, `-F name=@file[;type=MIME]` (`<file`, the file's text
        /// as the value, is read now), a value in double quotes to hold a `;`, as curl reads them;
        /// `--form-string` takes the value literally.
        mutating func formPart(_ text: String, literal: Bool, option: String) throws(WorkbenchError) {
            guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
                throw WorkbenchError("curl: \(option) \(Excerpt.quoted(text)) is not NAME=VALUE")
            }
            let name = String(text[..<equals])
            let rest = String(text[text.index(after: equals)...])
            if literal {
                formParts.append(MultipartPart(name: name, value: rest))
                return
            }
            var (value, type, filename) = Self.formValue(rest, option: option, warnings: &import_.warnings)
            if value.hasPrefix("@") {
                value.removeFirst()
                // Without `;type=`, curl names a file's type from its own short list (else
                // application/octet-stream): the part says so where the workbench's guess differs.
                let curlType = CurlMultipartTypes.type(forFile: value)
                if type == nil && MediaTypes.forFile(value) != curlType { type = curlType }
                formParts.append(MultipartPart(name: name, value: value, isFile: true, contentType: type, filename: filename))
                return
            }
            if value.hasPrefix("<") {
                value = String(decoding: try readFile(String(value.dropFirst())), as: UTF8.self)
            }
            formParts.append(MultipartPart(name: name, value: value, contentType: type, filename: filename))
        }

        /// A `-F` value, its `;type=` and `;filename=`: up to the first `;` (or a `"quoted"` value
        /// with `\"` escapes), then `;`-separated parameters; `headers=` and `encoder=` are named
        /// in a warning, anything else is dropped with one, as curl does.
        static func formValue(_ text: String, option: String, warnings: inout [String]) -> (
            value: String, type: String?, filename: String?
        ) {
            var rest = Substring(text)
            func word() -> String {
                if rest.first == "\"" {
                    var result = ""
                    rest = rest.dropFirst()
                    while let character = rest.first {
                        rest = rest.dropFirst()
                        if character == "\"" { break }
                        if character == "\\", let next = rest.first, next == "\"" || next == "\\" {
                            result.append(next)
                            rest = rest.dropFirst()
                            continue
                        }
                        result.append(character)
                    }
                    let tail = rest.prefix { $0 != ";" }
                    rest = rest.dropFirst(tail.count)
                    return result
                }
                let plain = rest.prefix { $0 != ";" }
                rest = rest.dropFirst(plain.count)
                return String(plain)
            }
            // `@"/path/with space.txt"` (Postman's "Copy as cURL" writes it so): the file name may be quoted.
            let prefix = rest.first == "@" || rest.first == "<" ? String(rest.removeFirst()) : ""
            let value = prefix + word()
            var type: String?
            var filename: String?
            while rest.first == ";" {
                rest = rest.dropFirst()
                while rest.first == " " { rest = rest.dropFirst() }
                let parameter = rest.prefix { $0 != "=" && $0 != ";" }
                if rest.dropFirst(parameter.count).first == "=" {
                    rest = rest.dropFirst(parameter.count + 1)
                    let parameterValue = word()
                    switch parameter.lowercased() {
                    case "type": type = parameterValue
                    case "filename": filename = parameterValue
                    default: warnings.append("\(option): ;\(parameter)= is not imported (the part is sent without it)")
                    }
                } else {
                    rest = rest.dropFirst(parameter.count)
                    warnings.append("\(option): \(Excerpt.quoted(String(parameter))) after ';' is dropped, as curl drops it")
                }
            }
            return (value, type, filename)
        }

        /// The URL as curl's globbing reads it: `{one}` is `one`; `{a,b}` and `[1-3]` would be
        /// several requests, of which the first is imported (named in a warning). `-g` turns it off.
        mutating func globbed(_ url: String) throws(WorkbenchError) -> String {
            var output = ""
            var rest = Substring(url)
            var several = false
            // The URL as typed, for the messages: its own `{{` is kept as `{{open_braces}}`.
            let typed = url.replacingOccurrences(of: "{{\(LiteralText.variable)}}", with: "{{")
            while let character = rest.first {
                if rest.hasPrefix("{{env."), let close = rest.firstRange(of: "}}") {
                    // A `$NAME` the words made `{{env.NAME}}`: not curl's glob.
                    output += rest[..<close.upperBound]
                    rest = rest[close.upperBound...]
                    continue
                }
                if rest.hasPrefix("{{") {
                    throw WorkbenchError(
                        "curl: nested braces in the URL \(Excerpt.quoted(typed)): curl refuses it as a glob (-g sends it as it is)")
                }
                if character == "\\", rest.count > 1 {
                    // `\{` is a literal brace for curl's glob.
                    output.append(rest[rest.index(after: rest.startIndex)])
                    rest = rest.dropFirst(2)
                    continue
                }
                if character == "{", let close = rest.firstIndex(of: "}"), !rest[rest.index(after: rest.startIndex)..<close].contains("{") {
                    let alternatives = rest[rest.index(after: rest.startIndex)..<close].split(
                        separator: ",", omittingEmptySubsequences: false)
                    output += alternatives.first ?? ""
                    several = several || alternatives.count > 1
                    rest = rest[rest.index(after: close)...]
                    continue
                }
                if character == "[", let close = rest.firstIndex(of: "]") {
                    let inside = rest[rest.index(after: rest.startIndex)..<close]
                    let bounds = inside.split(separator: ":").first?.split(separator: "-") ?? []
                    if bounds.count == 2, let low = bounds.first, low.allSatisfy({ $0.isNumber || $0.isLetter }), !low.isEmpty,
                        low.count == 1 || low.allSatisfy(\.isNumber)
                    {
                        output += low
                        several = true
                        rest = rest[rest.index(after: close)...]
                        continue
                    }
                }
                output.append(character)
                rest = rest.dropFirst()
            }
            if several {
                import_.warnings.append(
                    "curl would send one request for each URL the glob \(Excerpt.quoted(typed)) makes; the first is imported (-g turns globbing off)"
                )
            }
            return output
        }

        mutating func fileBody(_ path: String, option: String) throws(WorkbenchError) {
            guard data.isEmpty, dataFile == nil else {
                throw WorkbenchError("curl: \(option) @\(path) with other data: the workbench sends one file or one text body, not both")
            }
            dataFile = path
        }

        /// curl's `--data-urlencode` forms: `content`, `=content`, `name=content`, `@file`, `name@file`.
        func urlencoded(_ text: String) throws(WorkbenchError) -> String {
            if let equals = text.firstIndex(of: "=") {
                let name = text[..<equals]
                let content = PercentEncoding.formComponent(String(text[text.index(after: equals)...]))
                return name.isEmpty ? content : name + "=" + content
            }
            if let at = text.firstIndex(of: "@") {
                let bytes = try readFile(String(text[text.index(after: at)...]))
                let content = PercentEncoding.formComponent(String(decoding: bytes, as: UTF8.self))
                let name = text[..<at]
                return name.isEmpty ? content : name + "=" + content
            }
            return PercentEncoding.formComponent(text)
        }

        mutating func result() throws(WorkbenchError) -> CurlImport {
            guard let typedURL = urls.first else { throw WorkbenchError("curl: no URL in the command") }
            if urls.count > 1 {
                import_.warnings.append(
                    "only the first URL is imported; also given: \(urls.dropFirst().map { Excerpt.quoted($0) }.joined(separator: ", "))")
            }
            var endpoint = Endpoint()
            let joined = data.joined(separator: "&")
            let url = globOff ? typedURL : try globbed(typedURL)
            if !formParts.isEmpty && (!data.isEmpty || dataFile != nil) {
                throw WorkbenchError("curl: -F with -d: curl refuses to mix a multipart body with other data, and so does the import")
            }
            let hasData = !data.isEmpty || dataFile != nil
            var full = url
            if let uploadFile {
                guard !hasData && formParts.isEmpty else {
                    throw WorkbenchError("curl: -T with -d or -F: the workbench sends one body, the file or the data")
                }
                full = CurlImport.uploadURL(full, file: uploadFile)
            }
            if getWithData && hasData {
                if dataFile != nil { throw WorkbenchError("curl: -G with a data file: the workbench cannot put a file into the query") }
                if let hash = full.firstIndex(of: "#") { full = String(full[..<hash]) }
                full += (full.contains("?") ? "&" : "?") + joined
            }
            // `https://user:pass@host`: curl sends Basic auth; so does the import (unless -u says otherwise).
            if let userInfo = try endpoint.setURL(full), basicUser == nil { basicUser = userInfo }
            endpoint.method = method ?? (head ? "HEAD" : (hasData && !getWithData ? "POST" : "GET"))
            var typed = headers
            if !cookies.isEmpty && !typed.contains(name: "Cookie") {
                typed.append(HeaderField(name: "Cookie", value: cookies.joined(separator: "; ")))
            }
            if hasData && !getWithData {
                if let dataFile {
                    endpoint.body = .file(dataFile)
                } else if dataIsJSON || typed.values(of: "Content-Type").last?.lowercased().contains("json") == true,
                    (try? JSONTemplate.check(joined)) != nil
                {
                    endpoint.body = .json(joined)
                } else {
                    endpoint.body = .text(joined)
                }
                let contentType = dataIsJSON ? "application/json" : "application/x-www-form-urlencoded"
                if !typed.contains(name: "Content-Type") && endpoint.body?.impliedContentType != contentType {
                    typed.append(HeaderField(name: "Content-Type", value: contentType))
                }
                if dataIsJSON && !typed.contains(name: "Accept") {
                    typed.append(HeaderField(name: "Accept", value: "application/json"))
                }
                // curl sends the data with any method it is told: so does the import.
                if Endpoint.methodsWithoutBody.contains(endpoint.method) { endpoint.sendsBodyWithAnyMethod = true }
            }
            if let uploadFile {
                // curl -T: PUT (or -X) with the file as the body, and no Content-Type of its own.
                if method == nil { endpoint.method = head ? "HEAD" : "PUT" }
                endpoint.body = .file(uploadFile)
                if Endpoint.methodsWithoutBody.contains(endpoint.method) { endpoint.sendsBodyWithAnyMethod = true }
                if let type = endpoint.body?.impliedContentType, !typed.contains(name: "Content-Type") {
                    import_.warnings.append("-T \(uploadFile): sent with Content-Type: \(type), from its extension (curl sends none)")
                }
            }
            if !formParts.isEmpty {
                endpoint.body = .multipart(formParts)
                if method == nil && !head { endpoint.method = "POST" }
                // `-X GET -F ...`: curl sends the parts with the method it is told, as with -d.
                if Endpoint.methodsWithoutBody.contains(endpoint.method) { endpoint.sendsBodyWithAnyMethod = true }
            }
            // curl sends a typed Authorization header and not the one --oauth2-bearer or -u would
            // make; without one, --oauth2-bearer's (the one auth it was asked for) wins over -u.
            let typedAuthorization = typed.contains(name: "Authorization")
            if let bearer {
                if typedAuthorization {
                    import_.warnings.append(
                        "--oauth2-bearer is not used: the Authorization header given with -H is sent, as curl sends it")
                } else {
                    typed.append(HeaderField(name: "Authorization", value: "Bearer " + bearer))
                }
            }
            if basicUser != nil, typed.contains(name: "Authorization") {
                let given =
                    typedAuthorization ? "the Authorization header given with -H" : "the bearer token given with --oauth2-bearer"
                import_.warnings.append("-u is not used: \(given) is sent, as curl sends it")
            } else if let basicUser {
                if !basicUser.contains(":") {
                    import_.warnings.append("-u without a password: curl would ask for it; the header has an empty one")
                }
                // `auth basic USER:PASSWORD` as if typed, bound to the URL's origin (the same bytes on
                // the wire): the workspace keeps a literal password as a secret variable, as `auth` does.
                let colon = basicUser.firstIndex(of: ":")
                endpoint.auth = Auth(
                    scheme: .basic, user: colon.map { String(basicUser[..<$0]) } ?? basicUser,
                    secret: colon.map { String(basicUser[basicUser.index(after: $0)...]) } ?? "")
            }
            for field in typed { try Template.validate(field.value) }
            endpoint.headers = typed
            if (!hasData || getWithData) && formParts.isEmpty && Endpoint.methodsWithBody.contains(endpoint.method) {
                // `curl -X POST URL` hands libcurl no data: no `Content-Length: 0` goes out, so none here.
                omitted.append(Endpoint.emptyBodyLength)
            }
            endpoint.omittedDefaults = omitted.filter { name in !typed.contains(name: name) }
            if !unknown.isEmpty {
                import_.warnings.append("not imported (unknown to the workbench): \(unknown.joined(separator: ", "))")
            }
            endpoint.bindCredentialHeadersByName()
            import_.endpoint = endpoint
            return import_
        }
    }
}

extension CurlImport {
    /// Every curl command of a file as a request (not sent yet), with the
    /// settings it asks for on top of `settings`, and its warnings named by
    /// line. A command that cannot be read is left out with one warning naming
    /// its line; the file is refused only when no command in it can be read.
    /// `$NAME`s become `{{env.NAME}}`, said once for the file in `notes`.
    public static func records(
        fromFile text: String, named file: String, settings: Settings,
        readFile: (String) throws(WorkbenchError) -> [UInt8]
    ) throws(WorkbenchError) -> (records: [RequestRecord], warnings: [String], notes: [String]) {
        var records: [RequestRecord] = []
        var warnings: [String] = []
        var problems: [(line: Int, message: String)] = []
        let read: (commands: [(line: Int, words: [String])], skipped: [(line: Int, message: String)])
        do throws(WorkbenchError) {
            read = try CurlImport.readCommands(in: text)
        } catch {
            throw error.prefixed("\(file): ")
        }
        problems = read.skipped
        for command in read.commands {
            let imported: CurlImport
            do throws(WorkbenchError) {
                imported = try CurlImport.parse(command.words, readFile: readFile)
            } catch {
                problems.append((command.line, error.message))
                continue
            }
            var recordSettings = settings
            if let follow = imported.followRedirects { recordSettings.followRedirects = follow }
            if let insecure = imported.insecure { recordSettings.insecure = insecure }
            if let timeout = imported.timeout { recordSettings.timeout = timeout }
            records.append(RequestRecord(endpoint: imported.endpoint, settings: recordSettings))
            warnings += imported.warnings.map { "\(file): line \(command.line): \($0)" }
        }
        problems.sort { $0.line < $1.line }
        guard !records.isEmpty else {
            if let first = problems.first { throw WorkbenchError("\(file): line \(first.line): \(first.message)") }
            throw WorkbenchError("\(file): no curl command in it")
        }
        warnings = problems.map { "\(file): line \($0.line): skipped: \($0.message)" } + warnings
        let note = environmentNote(read.commands.flatMap(\.words))
        return (records, warnings, note.map { ["\(file): \($0)"] } ?? [])
    }
}

extension CurlImport {
    /// curl -T to a URL whose path ends in `/` (or has none) puts the file's name there.
    static func uploadURL(_ url: String, file: String) -> String {
        let end = url.firstIndex { $0 == "?" || $0 == "#" } ?? url.endIndex
        let beforeQuery = url[..<end]
        let afterScheme = beforeQuery.range(of: "://").map { beforeQuery[$0.upperBound...] } ?? beforeQuery
        let hasPath = afterScheme.contains("/")
        guard !hasPath || beforeQuery.hasSuffix("/") else { return url }
        let name = file.split(separator: "/").last.map(String.init) ?? file
        return beforeQuery + (hasPath ? "" : "/") + PercentEncoding.segment(name) + url[end...]
    }
}

/// The types curl gives a `-F name=@FILE` part without `;type=`: a short list of extensions,
/// matched without regard to case, and application/octet-stream for every other file.
enum CurlMultipartTypes {
    static let byExtension: [String: String] = [
        "gif": "image/gif", "jpg": "image/jpeg", "jpeg": "image/jpeg", "png": "image/png", "svg": "image/svg+xml",
        "txt": "text/plain", "htm": "text/html", "html": "text/html", "pdf": "application/pdf", "xml": "application/xml",
    ]

    static func type(forFile path: String) -> String {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return "application/octet-stream" }
        return byExtension[path[path.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }
}
