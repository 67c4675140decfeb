import WorkbenchBasics

/// `auth aws-sigv4 ACCESS_KEY[:SECRET] REGION SERVICE [--session-token TOKEN]`: AWS
/// Signature Version 4, signed when the request is sent (`AWSSigV4Signing`); `user` is
/// the access key id, `secret` the secret access key, `aws` the region, the service and
/// the session token's reference (sent as `X-Amz-Security-Token`, signed with the rest).
public enum AWSSigV4Auth: TypedAuthKind {
    public static func grpcRefusal(_ auth: Auth) -> String? { nil }

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

/// `auth aws-sigv4 ACCESS_KEY[:SECRET] REGION SERVICE [--session-token TOKEN]`'s words:
/// without the secret access key it is asked for.
extension AWSSigV4Auth {
    public static let names = ["aws-sigv4", "aws"]
    public static let usage = ["auth aws-sigv4 ACCESS_KEY[:SECRET] REGION SERVICE [--session-token TOKEN]"]
    public static let secretExamples = [
        "auth aws-sigv4 AKIDEXAMPLE:SECRET us-east-1 execute-api",
        "auth aws-sigv4 AKIDEXAMPLE:aws-secret-key us-east-1 s3 --session-token SECRET",
    ]
    public static let secretVariables = ["aws_secret_key", "aws_session_token"]
    public static let helpNote: String? =
        "aws-sigv4 signs each request as botocore does (the path encoded twice for every service but S3)"

    public static func parse(_ words: [String], name: String) throws(WorkbenchError) -> TypedAuth {
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
        let settings = AWSSigV4Settings(region: operands[1], service: operands[2], sessionToken: sessionToken)
        var secrets = [SecretField(.secret, variable: "aws_secret_key")]
        if sessionToken != nil { secrets.append(SecretField(.sessionToken, variable: "aws_session_token")) }
        return TypedAuth(
            auth: Auth(scheme: .awsSigV4, user: key, secret: secret ?? "", aws: settings), secrets: secrets,
            missing: secret != nil
                ? nil
                : MissingSecret(
                    .secret, noun: "secret access key", question: "secret access key for \(key)",
                    example: "auth aws-sigv4 \(key):SECRET ..."))
    }

    public static func line(_ typed: TypedAuth) -> String {
        let auth = typed.auth
        return "auth aws-sigv4 \(auth.user)" + (typed.missing != nil ? "" : ":" + auth.secret)
            + " \(auth.aws?.region ?? "") \(auth.aws?.service ?? "")"
            + (auth.aws?.sessionToken.map { " --session-token " + $0 } ?? "")
    }
}
