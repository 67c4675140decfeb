import WorkbenchBasics

/// `auth aws-sigv4 ACCESS_KEY[:SECRET] REGION SERVICE [--session-token TOKEN]`: AWS
/// Signature Version 4, signed when the request is sent (`AWSSigV4Signing`); `user` is
/// the access key id, `secret` the secret access key, `aws` the region, the service and
/// the session token's reference (sent as `X-Amz-Security-Token`, signed with the rest).
public enum AWSSigV4Auth: AuthKind {
    public static func summary(_ auth: Auth) -> String {
        "aws-sigv4 \(auth.user):\(Variables.mask) \(auth.aws?.region ?? "?") \(auth.aws?.service ?? "?")"
            + (auth.aws?.sessionToken != nil ? " (session token \(Variables.mask))" : "")
    }

    public static func secretReferences(_ auth: Auth) -> [String] {
        [auth.secret] + (auth.aws?.sessionToken.map { [$0] } ?? [])
    }

    public static func references(_ auth: Auth) -> [String] {
        [auth.user, auth.secret] + (auth.aws?.sessionToken.map { [$0] } ?? [])
    }

    public static func apply(_ auth: Auth, in scope: VariableScope) throws(WorkbenchError) -> AuthEffect {
        var effect = AuthEffect()
        guard let aws = auth.aws else { return effect }
        if let token = aws.sessionToken {
            let value = try secretValue(token, in: scope)
            try HTTPSyntax.checkHeaderValue(value, name: "X-Amz-Security-Token")
            effect.headers = [HeaderField(name: "X-Amz-Security-Token", value: value)]
        }
        effect.awsSigV4 = AWSSigV4Credentials(
            provider: aws.provider, accessKey: try Template.expand(auth.user, in: scope),
            secretKey: try secretValue(auth.secret, in: scope))
        return effect
    }

    public static func howToGiveAgain(_ auth: Auth, reference: String) -> String {
        "\(reference) of `auth aws-sigv4`: type `auth aws-sigv4 ...` again"
    }

    public static func httpFileLines(_ auth: Auth) -> [String] {
        [
            "# not expressible in a .http file: auth aws-sigv4 \(auth.user) \(auth.aws?.region ?? "") \(auth.aws?.service ?? "") (`export curl` writes it)"
        ]
    }

    /// Hurl's `aws-sigv4` and `user` options, written with the other options.
    public static func hurlOptions(_ auth: Auth) -> [String] {
        guard let aws = auth.aws else { return [] }
        return ["aws-sigv4: \(aws.provider)", "user: \(auth.user):\(auth.secret)"]
    }

    public static func savedMembers(_ auth: Auth) -> [JSONMember] {
        guard let aws = auth.aws else { return [] }
        var settings = [JSONMember(key: "region", value: .string(aws.region)), JSONMember(key: "service", value: .string(aws.service))]
        if let token = aws.sessionToken { settings.append(JSONMember(key: "sessionToken", value: .string(token))) }
        return [JSONMember(key: "aws", value: .object(settings))]
    }

    public static func readSaved(_ object: JSONValue, path: String, reader: some SavedFieldReader, into auth: inout Auth)
        throws(WorkbenchError)
    {
        let aws = try reader.object(object["aws"], "\(path).aws")
        let region = try reader.string(aws["region"], "\(path).aws.region")
        let service = try reader.string(aws["service"], "\(path).aws.service")
        for (name, value) in [("region", region), ("service", service)] where value.isEmpty || value.contains(":") {
            throw reader.fail("\(path).aws.\(name)", "expected a name without ':'")
        }
        let token = try reader.optionalString(aws["sessionToken"], "\(path).aws.sessionToken")
        try checkTemplates([token].compactMap { $0 }, path: "\(path).aws", reader: reader)
        auth.aws = AWSSigV4Settings(region: region, service: service, sessionToken: token)
    }

    public static func postman(_ auth: Auth) -> JSONValue {
        postmanAuth("awsv4", [("accessKey", auth.user), ("secretKey", auth.secret)])
    }

    public static func swiftHeader(_ auth: Auth, text: (String) throws(WorkbenchError) -> String) throws(WorkbenchError) -> String? {
        throw WorkbenchError(
            "export swift: AWS Signature Version 4 is computed per request, which URLRequest cannot do; `export curl` writes it")
    }
}

/// `auth aws-sigv4 KEY[:SECRET] REGION SERVICE [--session-token T]`.
public struct AWSSigV4Settings: Equatable, Sendable {
    public var region: String
    public var service: String
    /// A reference to the session token of temporary credentials (sent as
    /// `X-Amz-Security-Token`, which libcurl signs with the other headers).
    public var sessionToken: String?

    public init(region: String, service: String, sessionToken: String? = nil) {
        self.region = region
        self.service = service
        self.sessionToken = sessionToken
    }

    /// libcurl's provider string (CURLOPT_AWS_SIGV4, curl's `--aws-sigv4`).
    public var provider: String { "aws:amz:\(region):\(service)" }
}

/// What libcurl needs to sign a request with AWS Signature Version 4.
public struct AWSSigV4Credentials: Equatable, Sendable {
    /// `aws:amz:REGION:SERVICE`.
    public var provider: String
    public var accessKey: String
    public var secretKey: String

    public init(provider: String, accessKey: String, secretKey: String) {
        self.provider = provider
        self.accessKey = accessKey
        self.secretKey = secretKey
    }
}
