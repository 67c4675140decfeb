import WorkbenchBasics

/// One header line as typed: a name and a value (templates unexpanded).
public struct HeaderField: Equatable, Sendable {
    public var name: String
    public var value: String
    /// For a credential typed in the workspace: the origin (`Endpoint.credentialOrigin`)
    /// it belongs to and is sent to; nil for every other header, which follows the base.
    public var origin: String?

    public init(name: String, value: String, origin: String? = nil) {
        self.name = name
        self.value = value
        self.origin = origin
    }

    /// Header names whose value is a credential whatever it holds.
    public static let credentialNames = ["Authorization", "Cookie", "Proxy-Authorization"]

    /// Names that say a literal value is a key or token (`X-Api-Key`,
    /// `X-Auth-Token`, `Private-Token`): typed literally, it is kept as a secret.
    static let credentialNameParts = ["token", "apikey", "api-key", "api_key", "secret", "password", "passwd", "credential"]

    /// Whether a header of this name carries a credential by its name alone.
    public static func isCredentialName(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return credentialNames.contains { $0.lowercased() == lowered } || credentialNameParts.contains { lowered.contains($0) }
    }

    /// A credential header's value split where it is kept: `Bearer abc` of an
    /// `Authorization` (or `Proxy-Authorization`) header is the scheme, left readable,
    /// and the credential, kept as a secret; any other value is all credential.
    public static func splitCredential(name: String, value: String) -> (scheme: String, credential: String) {
        let trimmed = value.trimmingSpaces()
        let lowered = name.lowercased()
        guard lowered == "authorization" || lowered == "proxy-authorization",
            let space = trimmed.firstIndex(of: " "),
            trimmed[..<space].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" })
        else { return ("", trimmed) }
        return (String(trimmed[...space]), String(trimmed[trimmed.index(after: space)...]).trimmingSpaces())
    }

    /// `Bearer ` of `Authorization: Bearer abc`; empty for a value that is all credential.
    public static func credentialScheme(of name: String, value: String) -> String {
        splitCredential(name: name, value: value).scheme
    }

    /// Header names compare case-insensitively (RFC 9110, section 5.1).
    public func hasName(_ other: String) -> Bool {
        HTTPSyntax.equalIgnoringASCIICase(name, other)
    }
}

extension [HeaderField] {
    /// Every value of the fields called `name`, in order.
    public func values(of name: String) -> [String] {
        filter { $0.hasName(name) }.map(\.value)
    }

    public func contains(name: String) -> Bool {
        contains { $0.hasName(name) }
    }
}
