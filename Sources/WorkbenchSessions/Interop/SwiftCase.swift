import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs

/// One case of the exported `Endpoint` enum: its name, the variables it takes
/// as associated values, and the Swift expressions for its path, query items,
/// headers and body.
///
/// The workbench's own builder makes each piece with every reference replaced
/// by a placeholder; the placeholders are then turned into interpolations of
/// the associated values, encoded where the builder would have encoded them.
struct SwiftCase {
    struct Parameter {
        var label: String
        var reference: Template.Part
    }

    let endpoint: Endpoint
    let name: String
    let parameters: [Parameter]
    let pathExpression: String
    let queryExpression: String
    let headersExpression: String
    let bodyExpression: String

    init(_ endpoint: Endpoint, taken: [String]) throws(WorkbenchError) {
        self.endpoint = endpoint
        name = Self.caseName(for: endpoint, taken: taken)
        // The base is `urlRequest(baseURL:)`'s argument, so what only it uses is no parameter.
        var withoutBase = endpoint
        withoutBase.base = nil
        // What goes to the base's origin is this request's: the credentials bound there stay with
        // it, unbound (the exported code takes the base URL as a parameter); the others stay behind.
        let origin = endpoint.credentialOrigin
        withoutBase.auths = endpoint.auths.filter { $0.origin == origin }.map { auth in
            var unbound = auth
            unbound.origin = nil
            return unbound
        }
        withoutBase.headers = endpoint.headersInForce.map { field in
            var unbound = field
            unbound.origin = nil
            return unbound
        }
        let placeholders = PortableRequest.Placeholders(withoutBase.typedValues)
        var parameters: [Parameter] = []
        for part in placeholders.references {
            var label = Self.identifier(Self.referenceName(part))
            while parameters.contains(where: { $0.label == label }) { label += "_" }
            parameters.append(Parameter(label: label, reference: part))
        }
        self.parameters = parameters
        let interpolate = { (part: Template.Part, encoding: String?) -> String in
            let label = parameters.first { $0.reference == part }?.label ?? "_"
            return encoding.map { "\\(Encode.\($0)(\(label)))" } ?? "\\(\(label))"
        }
        let scope = placeholders.scope

        // Path: the builder's target with an empty prefix; references in `path add`
        // segments are encoded as one segment, others as a path.
        let segmentReferences = endpoint.segments.flatMap { (try? Template.parse($0)) ?? [] }
        var pathOnly = endpoint
        pathOnly.query = []
        pathOnly.pathQuery = nil
        let target = try pathOnly.target(in: scope, base: BaseURL(scheme: "http", host: "h", port: nil, pathPrefix: ""))
        pathExpression =
            "\""
            + placeholders.swiftText(target) { part in
                interpolate(part, segmentReferences.contains(part) ? "segment" : "path")
            } + "\""

        // Query items, decoded: `urlRequest` encodes them.
        let items = try endpoint.allQueryItems.map { item throws(WorkbenchError) -> String in
            let name = item.isEncoded ? PercentEncoding.decode(item.name, plusIsSpace: true) : item.name
            let value = item.isEncoded ? PercentEncoding.decode(item.value, plusIsSpace: true) : item.value
            return "URLQueryItem(name: \(try Self.typedText(name, interpolate)), value: \(try Self.typedText(value, interpolate)))"
        }
        queryExpression = "[" + items.joined(separator: ", ") + "]"

        // Headers: every one the builder writes but Host and Content-Length.
        let built = try endpoint.withBase("http://h").prepare(in: scope, readFile: { _ throws(WorkbenchError) in [] })
        // `auth basic` is Base64 of values known only when sent: encoded by the exported code itself.
        var basicAuth: String?
        if let auth = endpoint.auth, !endpoint.headers.contains(name: "Authorization") {
            basicAuth = try auth.scheme.kind.swiftHeader(auth) { text throws(WorkbenchError) in try Self.typedText(text, interpolate) }
        }
        let headers = built.headers.filter { !$0.hasName("Host") && !$0.hasName("Content-Length") }.map { field in
            if let basicAuth, field.hasName("Authorization") { return basicAuth }
            return "(name: \(StringLiteral.quoted(field.name)), value: \"\(placeholders.swiftText(field.value) { interpolate($0, nil) })\")"
        }
        headersExpression = "[" + headers.joined(separator: ", ") + "]"

        switch Endpoint.methodsWithoutBody.contains(endpoint.method) ? nil : endpoint.body {
        case nil:
            bodyExpression = Endpoint.methodsWithBody.contains(endpoint.method) ? "Data()" : "nil"
        case .text(let text), .json(let text):
            bodyExpression = "Data(\(try Self.typedText(text, interpolate)).utf8)"
        case .graphql(let graphql):
            bodyExpression = "Data(\(try Self.typedText(graphql.typedPayload, interpolate)).utf8)"
        case .form(let fields):
            let pairs = try fields.map { field throws(WorkbenchError) -> String in
                // The whole expanded name and value are encoded, as the workbench encodes them.
                let name = try Self.typedText(field.name, interpolate)
                let value = try Self.typedText(field.value, interpolate)
                return "Encode.form(\(name)) + \"=\" + Encode.form(\(value))"
            }
            bodyExpression = "Data((" + pairs.joined(separator: " + \"&\" + ") + ").utf8)"
        case .file(let path), .jsonFile(let path), .templateFile(let path):
            bodyExpression = "try? Data(contentsOf: URL(fileURLWithPath: \(try Self.typedText(path, interpolate))))"
        case .multipart:
            throw WorkbenchError(
                "export swift: a multipart body is not exported (URLRequest has no multipart builder); `export curl` writes it")
        }
    }

    /// `postLogin(password: String)`
    var declaration: String {
        parameters.isEmpty ? name : "\(name)(\(parameters.map { "\($0.label): String" }.joined(separator: ", ")))"
    }

    /// `.postLogin(let password)` for a property whose expression uses the values, `.postLogin` otherwise.
    func pattern(usedIn expression: String) -> String {
        guard !parameters.isEmpty else { return ".\(name)" }
        let bindings = parameters.map {
            expression.contains("(\($0.label))") || expression.contains("\\(\($0.label))") ? "let \($0.label)" : "_"
        }
        return bindings.allSatisfy({ $0 == "_" }) ? ".\(name)" : ".\(name)(\(bindings.joined(separator: ", ")))"
    }

    /// A typed value (references unexpanded) as a Swift string literal with interpolations.
    static func typedText(_ text: String, _ interpolate: (Template.Part, String?) -> String) throws(WorkbenchError) -> String {
        var result = "\""
        for part in try Template.parse(text) {
            if case .literal(let literal) = part { result += StringLiteral.escaped(literal) } else { result += interpolate(part, nil) }
        }
        return result + "\""
    }

    static func referenceName(_ part: Template.Part) -> String {
        switch part {
        case .variable(let name), .environment(let name), .literal(let name): name
        }
    }

    /// A Swift identifier for a variable name (`api-key` -> `apiKey`, `class` -> `class_`).
    static func identifier(_ name: String) -> String {
        var result = ""
        var upperNext = false
        for character in name {
            if character.isLetter || character.isNumber || character == "_" {
                result.append(upperNext ? Character(character.uppercased()) : character)
                upperNext = false
            } else {
                upperNext = !result.isEmpty
            }
        }
        if result.isEmpty || result.first!.isNumber { result = "_" + result }
        let keywords: Set<String> = [
            "class", "default", "func", "import", "in", "init", "let", "var", "return", "self", "case",
            "enum", "struct", "protocol", "extension", "static", "switch", "where", "while", "for",
            "if", "else", "guard", "do", "try", "throw", "throws", "true", "false", "nil", "is", "as",
            "repeat", "break", "continue", "operator", "public", "private", "internal", "subscript", "Type",
        ]
        return keywords.contains(result) ? result + "_" : result
    }

    /// `postLogin`, `getUsers`, `getRoot`; a second `getUsers` becomes `getUsers2`.
    static func caseName(for endpoint: Endpoint, taken: [String]) -> String {
        var words: [String] = []
        for text in [endpoint.path] + endpoint.segments {
            for part in (try? Template.parse(text)) ?? [] {
                guard case .literal(let literal) = part else { continue }
                words += literal.split { !($0.isLetter || $0.isNumber) }.map(String.init)
            }
        }
        let method = String(endpoint.method.lowercased().filter { $0.isLetter })
        let capitalized: [String] = words.map { word in word.prefix(1).uppercased() + String(word.dropFirst()) }
        let base = method + (words.isEmpty ? "Root" : capitalized.joined())
        var name = identifier(base)
        var number = 2
        while taken.contains(name) {
            name = identifier(base) + String(number)
            number += 1
        }
        return name
    }
}

extension PortableRequest.Placeholders {
    /// Every reference, in the order first seen.
    var references: [Template.Part] { tokens.map(\.part) }

    /// Text the builder made with placeholders, as the inside of a Swift string
    /// literal: literal runs escaped, each placeholder an interpolation.
    func swiftText(_ built: String, interpolate: (Template.Part) -> String) -> String {
        var result = ""
        var rest = Substring(built)
        while !rest.isEmpty {
            // The earliest placeholder (the `q` that ends each token keeps `wbref1q` out of `wbref12q`).
            var next: (range: Range<Substring.Index>, part: Template.Part)?
            for token in tokens {
                guard let range = rest.firstRange(of: token.token) else { continue }
                if let found = next, found.range.lowerBound <= range.lowerBound { continue }
                next = (range, token.part)
            }
            guard let (range, part) = next else {
                result += StringLiteral.escaped(String(rest))
                break
            }
            result += StringLiteral.escaped(String(rest[..<range.lowerBound])) + interpolate(part)
            rest = rest[range.upperBound...]
        }
        return result
    }
}

extension Endpoint {
    /// A copy with another base (for building headers without the real one).
    /// The Endpoint at another base, its credentials with it: the exported code
    /// is given its base URL when run, as `replay --base` is.
    func withBase(_ base: String) -> Endpoint {
        var copy = self
        copy.retarget(to: base)
        return copy
    }
}
