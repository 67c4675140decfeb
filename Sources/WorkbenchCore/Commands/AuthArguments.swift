import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs
import WorkbenchSessions

/// The arguments of `auth apikey`, `auth aws-sigv4` and `auth oauth2` (DESIGN,
/// "Auth flows"); `auth basic|digest|bearer|none` stay with the parser.
enum AuthArguments {
    /// The command, or nil when the first word is none of these kinds.
    static func parse(_ texts: [String]) throws(WorkbenchError) -> AuthCommand? {
        guard let kind = texts.first?.lowercased() else { return nil }
        let rest = Array(texts.dropFirst())
        switch kind {
        case "apikey", "api-key": return try apiKey(rest)
        case "aws-sigv4", "aws": return try awsSigV4(rest)
        case "oauth2", "oauth": return .oauth2(try oauth2(rest))
        default: return nil
        }
    }

    static func usageError(_ problem: String) -> WorkbenchError {
        WorkbenchError("auth: \(problem); see `help auth`")
    }

    /// `apikey header|query NAME [VALUE]`.
    static func apiKey(_ words: [String]) throws(WorkbenchError) -> AuthCommand {
        guard let place = words.first?.lowercased(), place == "header" || place == "query" else {
            throw usageError("expected `auth apikey header NAME [VALUE]` or `auth apikey query NAME [VALUE]`")
        }
        guard words.count == 2 || words.count == 3 else {
            throw usageError("expected a NAME and, optionally, the key (asked for with hidden input when left out)")
        }
        let name = words[1]
        if place == "header" {
            do throws(WorkbenchError) { try HTTPSyntax.checkHeaderName(name) } catch { throw usageError(error.message) }
        } else {
            guard !name.isEmpty, !Template.hasReferences(name) else { throw usageError("the query item's NAME is empty or a template") }
        }
        let scheme: Auth.Scheme = place == "header" ? .apiKeyHeader : .apiKeyQuery
        guard words.count == 3 else { return .set(scheme, user: name, secret: nil) }
        guard !words[2].isEmpty else { throw usageError("the key is empty") }
        try Template.validate(words[2])
        return .set(scheme, user: name, secret: words[2])
    }

    /// `aws-sigv4 ACCESS_KEY[:SECRET] REGION SERVICE [--session-token TOKEN]`.
    static func awsSigV4(_ words: [String]) throws(WorkbenchError) -> AuthCommand {
        var operands: [String] = []
        var sessionToken: String?
        var index = 0
        while index < words.count {
            let word = words[index]
            if word == "--session-token" {
                guard index + 1 < words.count, !words[index + 1].isEmpty else { throw usageError("--session-token needs a value") }
                sessionToken = words[index + 1]
                try Template.validate(words[index + 1])
                index += 2
                continue
            }
            if word.hasPrefix("--") { throw usageError("unknown option \(Excerpt.quoted(word)) (expected --session-token)") }
            operands.append(word)
            index += 1
        }
        guard operands.count == 3 else {
            throw usageError("expected `auth aws-sigv4 ACCESS_KEY[:SECRET] REGION SERVICE [--session-token TOKEN]`")
        }
        let credentials = operands[0]
        let colon = credentials.firstIndex(of: ":")
        let key = String(credentials[..<(colon ?? credentials.endIndex)])
        guard !key.isEmpty else { throw usageError("the access key id is empty") }
        try Template.validate(key)
        let secret = colon.map { String(credentials[credentials.index(after: $0)...]) }
        if let secret {
            guard !secret.isEmpty else { throw usageError("the secret access key is empty") }
            try Template.validate(secret)
        }
        // libcurl splits the provider string on ':', so neither part may hold one.
        for (what, value) in [("REGION", operands[1]), ("SERVICE", operands[2])] {
            guard !value.isEmpty, value.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." }) else {
                throw usageError("\(what) \(Excerpt.quoted(value)) is not a region or service name (letters, digits, - _ .)")
            }
        }
        return .awsSigV4(
            accessKey: key, secret: secret,
            settings: AWSSigV4Settings(region: operands[1], service: operands[2]), sessionToken: sessionToken)
    }

    /// `oauth2`, `oauth2 refresh`, `oauth2 client-credentials|device|code ...`.
    static func oauth2(_ words: [String]) throws(WorkbenchError) -> OAuth2Command {
        guard let first = words.first?.lowercased() else { return .show }
        if first == "refresh" {
            guard words.count == 1 else { throw usageError("`auth oauth2 refresh` takes no arguments") }
            return .refresh
        }
        guard let flow = OAuth2Settings.Flow(rawValue: first) else {
            throw usageError(
                "unknown flow \(Excerpt.quoted(words[0]))"
                    + Suggestion.didYouMean(first, among: OAuth2Settings.Flow.allCases.map(\.rawValue) + ["refresh"]))
        }
        var operands: [String] = []
        var scope: String?
        var port: Int?
        var index = 1
        while index < words.count {
            let word = words[index]
            if word == "--scope" || word == "--port" {
                guard index + 1 < words.count else { throw usageError("\(word) needs a value") }
                let value = words[index + 1]
                if word == "--scope" {
                    guard !value.isEmpty else { throw usageError("--scope is empty") }
                    scope = value
                } else {
                    guard flow == .code else { throw usageError("--port is for `auth oauth2 code` (the loopback redirect)") }
                    guard let number = Int(value), (1...65535).contains(number) else {
                        throw usageError("--port expects a port from 1 to 65535, got \(Excerpt.quoted(value))")
                    }
                    port = number
                }
                index += 2
                continue
            }
            if word.hasPrefix("--") {
                throw usageError("unknown option \(Excerpt.quoted(word)) (expected --scope\(flow == .code ? " or --port" : ""))")
            }
            operands.append(word)
            index += 1
        }
        let urls = flow == .clientCredentials ? 1 : 2
        let allowsSecret = flow != .device
        let expected: String
        switch flow {
        case .clientCredentials: expected = "TOKEN_URL CLIENT_ID [CLIENT_SECRET] [--scope S]"
        case .device: expected = "DEVICE_URL TOKEN_URL CLIENT_ID [--scope S]"
        case .code: expected = "AUTHORIZE_URL TOKEN_URL CLIENT_ID [CLIENT_SECRET] [--scope S] [--port N]"
        }
        guard operands.count == urls + 1 || (allowsSecret && operands.count == urls + 2) else {
            throw usageError("expected `auth oauth2 \(flow.rawValue) \(expected)`")
        }
        for url in operands.prefix(urls) {
            try Template.validate(url)
            if !Template.hasReferences(url) { _ = try BaseURL.parse(url) }
        }
        let clientID = operands[urls]
        guard !clientID.isEmpty else { throw usageError("the CLIENT_ID is empty") }
        try Template.validate(clientID)
        var clientSecret: String?
        if operands.count == urls + 2 {
            guard !operands[urls + 1].isEmpty else { throw usageError("the CLIENT_SECRET is empty") }
            try Template.validate(operands[urls + 1])
            clientSecret = operands[urls + 1]
        }
        let settings = OAuth2Settings(
            flow: flow, tokenURL: operands[urls - 1], authorizationURL: urls == 2 ? operands[0] : nil,
            clientID: clientID, scope: scope, port: port)
        return .start(settings, clientSecret: clientSecret)
    }
}
