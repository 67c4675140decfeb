import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs

/// A session file's content: what a workspace keeps between runs.
///
/// Secret variables travel by name only: their values are never written,
/// and a replay takes them from `--var` or `WORKBENCH_VAR_NAME`.
public struct SessionDocument: Equatable, Sendable {
    /// Files carry this number. It changes only when an older workbench would
    /// misread a newer file; a file with a larger one is refused, an older one
    /// is migrated (`SessionMigration`). Additions an older workbench can carry
    /// along unread (a minor revision) keep the number: they are kept as
    /// unknown members. Version 2: query items and captures state their flags.
    public static let formatVersion = 2
    public static let formatName = "workbench-session"

    public var endpoint: Endpoint
    /// Non-secret variables.
    public var variables: [String: String]
    /// Names of secret variables, values left out.
    public var secretNames: [String]
    public var settings: Settings
    public var requests: [RequestRecord]
    /// The cookie jar without its values (a cookie value is a secret): names,
    /// domains, paths and flags, for the reader of the file.
    public var cookies: [Cookie] = []
    /// The API description the session works with (`openapi`), as typed: a
    /// file (relative to where the workbench runs) or a URL. Read again on load.
    public var openapi: String?
    /// The GraphQL schema the session works with (`graphql schema`): a URL or a file, as typed.
    public var graphqlSchema: String?
    /// Where secrets are read from (`set --secret NAME --from SOURCE`), by name: the
    /// source is kept, never the value.
    public var secretSources: [String: SecretSource] = [:]
    /// The environment the session ran in (`env use NAME`): its values are never
    /// saved, they come from its env files again.
    public var environment: SessionEnvironment?
    /// The schemas of the gRPC servers the saved calls went to (`grpcDescriptors`), which
    /// `load` and `replay` use when a server offers no reflection.
    public var grpcSchemas = GRPCSessionSchemas()
    /// Members of the file's top level (and its endpoint, variables, settings)
    /// that this workbench does not know, written back when saved.
    public var unknown: UnknownMembers?

    public init(
        endpoint: Endpoint = Endpoint(), variables: [String: String] = [:], secretNames: [String] = [],
        settings: Settings = Settings(), requests: [RequestRecord] = []
    ) {
        self.endpoint = endpoint
        self.variables = variables
        self.secretNames = secretNames
        self.settings = settings
        self.requests = requests
    }

    /// Headers that carry a literal credential, which a saved file would leak.
    public var literalCredentialHeaders: [String] {
        let sensitive: Set<String> = ["authorization", "proxy-authorization", "cookie", "x-api-key", "api-key", "x-auth-token"]
        var names: [String] = []
        for endpoint in [endpoint] + requests.map(\.endpoint) {
            for field in endpoint.headers where sensitive.contains(field.name.lowercased()) && !Template.hasReferences(field.value) {
                if !names.contains(field.name) { names.append(field.name) }
            }
        }
        return names
    }
}

/// The environment a session ran in: its name, and the env file when one was given (`--env-file`).
public struct SessionEnvironment: Equatable, Sendable {
    public var name: String
    public var file: String?

    public init(name: String, file: String? = nil) {
        self.name = name
        self.file = file
    }
}
