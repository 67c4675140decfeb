import WorkbenchBasics
import WorkbenchHTTP

/// Which of curl's options carry a credential, declared once: the history file
/// keeps `import curl ...` with these values masked (`-u ana:******`), whatever
/// the import makes of them (a secret variable bound to the request's origin).
extension CurlImport {
    /// How an option's value holds a credential.
    enum CredentialPart: Sendable {
        /// `USER:PASSWORD`: the password (the user when the password is empty, as `-u KEY:`).
        case afterColon
        /// The whole value: a token, a cookie string, a password.
        case whole
        /// `NAME: VALUE`: the value when NAME is a credential's (`Authorization: Bearer ******`).
        case header
        /// A URL: the password of `scheme://user:password@host`.
        case url
    }

    /// Every option whose value carries a credential, long and short names alike.
    static let credentialOptions: [String: CredentialPart] = [
        "-u": .afterColon, "--user": .afterColon, "-U": .afterColon, "--proxy-user": .afterColon,
        "-E": .afterColon, "--cert": .afterColon,
        "--oauth2-bearer": .whole, "-b": .whole, "--cookie": .whole, "--pass": .whole,
        "--proxy-pass": .whole, "--key-pass": .whole, "--tlspassword": .whole, "--proxy-tlspassword": .whole,
        "-H": .header, "--header": .header, "--proxy-header": .header,
        "-x": .url, "--proxy": .url, "--url": .url,
    ]

    /// The words with every credential masked: the options above, and the password
    /// of any URL (`https://ana:pw@host`, which curl sends as Basic auth).
    public static func maskingCredentials(_ words: [String]) -> [String] {
        var masked: [String] = []
        var pending: CredentialPart?
        for word in words {
            if let part = pending {
                masked.append(mask(word, as: part))
                pending = nil
                continue
            }
            if let part = credentialOptions[word] {
                masked.append(word)
                pending = part
                continue
            }
            if word.hasPrefix("-") && !word.hasPrefix("--") && word.count > 2 {
                // A cluster: the first letter that takes a value takes the rest of the word.
                var prefix = "-"
                var rest = Substring(word.dropFirst())
                var done = false
                while let letter = rest.first, !done {
                    rest = rest.dropFirst()
                    prefix.append(letter)
                    guard shortWithValue.contains(letter) else { continue }
                    done = true
                    let part = credentialOptions["-" + String(letter)]
                    if rest.isEmpty {
                        pending = part
                        masked.append(prefix)
                    } else {
                        masked.append(prefix + (part.map { mask(String(rest), as: $0) } ?? String(rest)))
                    }
                }
                if !done { masked.append(word) }
                continue
            }
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "="),
                let part = credentialOptions[String(word[..<equals])]
            {
                masked.append(String(word[...equals]) + mask(String(word[word.index(after: equals)...]), as: part))
                continue
            }
            masked.append(word.hasPrefix("-") ? word : URLPasswordMask.apply(word))
        }
        return masked
    }

    static func mask(_ value: String, as part: CredentialPart) -> String {
        if Template.hasReferences(value) && !value.contains(":") { return value }
        switch part {
        case .whole:
            return Template.hasReferences(value) ? value : Variables.mask
        case .afterColon:
            guard let colon = value.firstIndex(of: ":") else { return value }
            let password = value[value.index(after: colon)...]
            if password.isEmpty { return Variables.mask + ":" }
            return Template.hasReferences(String(password)) ? value : value[...colon] + Variables.mask
        case .header:
            guard let colon = value.firstIndex(of: ":") else { return value }
            let name = value[..<colon].trimmingSpaces()
            let field = value[value.index(after: colon)...].trimmingSpaces()
            guard HeaderField.isCredentialName(String(name)), !field.isEmpty, !Template.hasReferences(String(field)) else { return value }
            return name + ": " + HeaderField.credentialScheme(of: String(name), value: String(field)) + Variables.mask
        case .url:
            return URLPasswordMask.apply(value)
        }
    }
}
