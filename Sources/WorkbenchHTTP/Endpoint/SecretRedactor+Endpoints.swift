import WorkbenchBasics

extension SecretRedactor {
    /// The redaction step for a set of requests: the secret variables, and the
    /// values of every `{{env.NAME}}` the endpoints refer to (tokens live in the environment),
    /// and `also` (cookie values).
    public init(variables: Variables, endpoints: [Endpoint], environment: [String: String], also: [String] = []) {
        var secrets = variables.secretValues + also
        for endpoint in endpoints {
            for name in endpoint.referencedEnvironment {
                if let value = environment[name] { secrets.append(value) }
            }
        }
        self.init(secrets: secrets)
    }
}
