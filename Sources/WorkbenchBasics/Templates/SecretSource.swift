/// Where a secret lives (`set --secret NAME --from SOURCE`): a secret manager, the
/// environment, or a command. The source is what a session keeps; the value is read when
/// first needed and held in memory only.
public enum SecretSource: Equatable, Sendable {
    /// `pass:PATH`: `pass show PATH`, its first line.
    case pass(String)
    /// `op://VAULT/ITEM/FIELD`: 1Password's `op read`.
    case onePassword(String)
    /// `keychain:SERVICE[/ACCOUNT]`: macOS's `security find-generic-password -w`.
    case keychain(service: String, account: String?)
    /// `secret-tool:ATTR=VALUE[,ATTR=VALUE...]`: libsecret's `secret-tool lookup`.
    case secretTool([(String, String)])
    /// `env:NAME`: this process's environment.
    case environment(String)
    /// `cmd:COMMAND`: `/bin/sh -c COMMAND`, its output without the last line break.
    case command(String)

    public static func == (left: SecretSource, right: SecretSource) -> Bool { left.text == right.text }

    /// The forms, for usage lines and errors.
    public static let forms =
        "pass:PATH, op://VAULT/ITEM/FIELD, keychain:SERVICE[/ACCOUNT], secret-tool:ATTR=VALUE, env:NAME or cmd:COMMAND"

    public init(parsing text: String) throws(WorkbenchError) {
        func rest(after prefix: String) throws(WorkbenchError) -> String {
            let value = String(text.dropFirst(prefix.count))
            guard !value.isEmpty else { throw WorkbenchError("\(prefix) needs what follows it: \(Self.forms)") }
            return value
        }
        if text.hasPrefix("pass:") {
            self = .pass(try rest(after: "pass:"))
        } else if text.hasPrefix("op://") {
            let path = try rest(after: "op://")
            guard path.split(separator: "/", omittingEmptySubsequences: false).count >= 3 else {
                throw WorkbenchError("\(Excerpt.quoted(text)): expected op://VAULT/ITEM/FIELD")
            }
            self = .onePassword(text)
        } else if text.hasPrefix("keychain:") {
            let value = try rest(after: "keychain:")
            if let slash = value.firstIndex(of: "/") {
                self = .keychain(service: String(value[..<slash]), account: String(value[value.index(after: slash)...]))
            } else {
                self = .keychain(service: value, account: nil)
            }
        } else if text.hasPrefix("secret-tool:") {
            var pairs: [(String, String)] = []
            for item in try rest(after: "secret-tool:").split(separator: ",") {
                guard let equals = item.firstIndex(of: "="), equals != item.startIndex else {
                    throw WorkbenchError("\(Excerpt.quoted(text)): expected secret-tool:ATTR=VALUE[,ATTR=VALUE...]")
                }
                pairs.append((String(item[..<equals]), String(item[item.index(after: equals)...])))
            }
            self = .secretTool(pairs)
        } else if text.hasPrefix("env:") {
            self = .environment(try rest(after: "env:"))
        } else if text.hasPrefix("cmd:") {
            self = .command(try rest(after: "cmd:"))
        } else {
            throw WorkbenchError("unknown secret source \(Excerpt.quoted(text)): use \(Self.forms)")
        }
    }

    /// As typed, and as a session keeps it.
    public var text: String {
        switch self {
        case .pass(let path): "pass:" + path
        case .onePassword(let reference): reference
        case .keychain(let service, let account): "keychain:" + service + (account.map { "/" + $0 } ?? "")
        case .secretTool(let pairs): "secret-tool:" + pairs.map { "\($0.0)=\($0.1)" }.joined(separator: ",")
        case .environment(let name): "env:" + name
        case .command(let command): "cmd:" + command
        }
    }

    /// The program and its arguments; nil for `env:`.
    var arguments: [String]? {
        switch self {
        case .pass(let path): ["pass", "show", path]
        case .onePassword(let reference): ["op", "read", "--no-newline", reference]
        case .keychain(let service, let account):
            ["security", "find-generic-password", "-s", service] + (account.map { ["-a", $0] } ?? []) + ["-w"]
        case .secretTool(let pairs): ["secret-tool", "lookup"] + pairs.flatMap { [$0.0, $0.1] }
        case .environment: nil
        case .command(let command): ["/bin/sh", "-c", command]
        }
    }

    /// How long a tool may take: a manager may ask to be unlocked (a 1Password prompt).
    public static let timeoutSeconds = 30
    /// How much it may print: a secret is far smaller.
    public static let maximumBytes = 64 * 1024

    /// Reads the value now, or says which source failed and why, in one line.
    public func read(environment: [String: String]) throws(WorkbenchError) -> String {
        guard let arguments else {
            guard case .environment(let name) = self, let value = environment[name], !value.isEmpty else {
                throw WorkbenchError("\(text): the environment variable is not set")
            }
            return value
        }
        let program = arguments[0].split(separator: "/").last.map(String.init) ?? arguments[0]
        let output: ToolRun.Output
        switch ToolRun.run(
            arguments, path: environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin", seconds: Self.timeoutSeconds,
            maximumBytes: Self.maximumBytes)
        {
        case .success(let result): output = result
        case .failure(.missing): throw WorkbenchError("\(text): \(program) is not installed (not found on PATH)")
        case .failure(.cannotStart(let reason)): throw WorkbenchError("\(text): cannot run \(program): \(reason)")
        case .failure(.timedOut(let seconds)):
            throw WorkbenchError("\(text): \(program) gave no answer within \(seconds) s (locked, waiting for a prompt?)")
        case .failure(.tooMuchOutput(let bytes)):
            throw WorkbenchError("\(text): \(program) printed more than \(Quantities.size(bytes)) (the bound for a secret)")
        }
        if output.status != 0 {
            let firstLine = String(decoding: output.standardError, as: UTF8.self).split(whereSeparator: \.isNewline).first
            let said = firstLine.map { ": " + Template.oneLine(String($0.prefix(200))) } ?? ""
            let noItem = self.isSecretTool && output.standardError.isEmpty ? ": no such item (or the keyring is locked)" : said
            throw WorkbenchError("\(text): \(program) exited with status \(output.status)\(noItem)\(lockedKeyHint(output.standardError))")
        }
        var value = String(decoding: output.standardOutput, as: UTF8.self)
        if case .pass = self {
            // `pass` keeps the password on the first line, notes after it.
            value = value.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        }
        while value.hasSuffix("\n") || value.hasSuffix("\r") { value.removeLast() }
        guard !value.isEmpty else { throw WorkbenchError("\(text): \(program) gave an empty value") }
        return value
    }

    /// gpg says "No secret key" when the key is there but locked and it cannot ask for the
    /// passphrase (no terminal here): once a terminal has unlocked it, gpg-agent keeps it.
    private func lockedKeyHint(_ standardError: [UInt8]) -> String {
        guard case .pass(let path) = self, String(decoding: standardError, as: UTF8.self).contains("decryption failed") else { return "" }
        return " (a key with a passphrase is locked: unlock it with `pass show \(path)` in a terminal, and gpg-agent keeps it)"
    }

    private var isSecretTool: Bool {
        if case .secretTool = self { true } else { false }
    }
}
