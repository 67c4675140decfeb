import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs
import WorkbenchSessions

/// The arguments of `auth oauth2` (DESIGN, "Auth flows"): a flow to run is a command of its
/// own, not an auth set by its words as the other kinds are (`TypedAuthKind`).
enum OAuth2Arguments {
    static func usageError(_ problem: String) -> WorkbenchError {
        WorkbenchError("auth: \(problem); see `help auth`")
    }

    /// `oauth2`, `oauth2 refresh`, `oauth2 client-credentials|device|code ...`.
    static func parse(_ words: [String]) throws(WorkbenchError) -> OAuth2Command {
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
