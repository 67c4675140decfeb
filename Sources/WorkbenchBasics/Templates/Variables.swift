/// Session variables, set with `set NAME VALUE`.
///
/// A secret variable (`set --secret`) is used like any other but is never
/// written to a session file, the autosave or the history.
public struct Variables: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public var value: String
        public var isSecret: Bool
        /// Where a secret is read from when first needed (`set --secret NAME --from SOURCE`);
        /// until then its value is empty and it cannot be sent.
        public var source: SecretSource?

        public init(value: String, isSecret: Bool = false, source: SecretSource? = nil) {
            self.value = value
            self.isSecret = isSecret
            self.source = source
        }

        /// A secret whose source has not been read yet.
        public var isPending: Bool { source != nil && value.isEmpty }
    }

    public private(set) var entries: [String: Entry] = [:]

    public init(_ entries: [String: Entry] = [:]) {
        self.entries = entries
    }

    public func value(of name: String) -> String? {
        entries[name]?.value
    }

    public func isSecret(_ name: String) -> Bool {
        entries[name]?.isSecret ?? false
    }

    /// Names in a stable, readable order.
    public var names: [String] {
        entries.keys.sorted()
    }

    public mutating func set(_ name: String, to value: String, secret: Bool = false) {
        entries[name] = Entry(value: value, isSecret: secret)
    }

    /// The values of the secret variables (captured secrets included).
    public var secretValues: [String] {
        entries.values.filter { $0.isSecret && !$0.value.isEmpty }.map(\.value)
    }

    /// What is shown in place of a secret value, everywhere (DESIGN.md, "Trust").
    public static let mask = "******"

    /// `set --secret NAME --from SOURCE`: a secret read from SOURCE when first needed.
    public mutating func set(_ name: String, from source: SecretSource) {
        entries[name] = Entry(value: "", isSecret: true, source: source)
    }

    /// The value read from a pending secret's source, kept for this run.
    public mutating func resolve(_ name: String, to value: String) {
        guard var entry = entries[name] else { return }
        entry.value = value
        entries[name] = entry
    }

    /// The names among `names` whose secret has not been read from its source yet.
    public func pending(among names: some Sequence<String>) -> [String] {
        names.filter { entries[$0]?.isPending ?? false }
    }

    /// The secrets' sources, by name (what a session keeps of them).
    public var sources: [String: SecretSource] {
        entries.compactMapValues(\.source)
    }

    @discardableResult
    public mutating func remove(_ name: String) -> Entry? {
        entries.removeValue(forKey: name)
    }
}

/// Everything a template can refer to when it is expanded.
public struct VariableScope: Sendable {
    public var variables: Variables
    public var environment: [String: String]
    /// Expand secret variables and `{{env.*}}` to the mask: for what is shown, never sent.
    public var masksSecrets: Bool
    /// What is expanded goes on the wire: a secret not read from its source yet is an error
    /// (whoever sends reads the sources first), not the mask a display shows for it.
    public var isForWire = false

    public init(variables: Variables = Variables(), environment: [String: String] = [:], masksSecrets: Bool = false) {
        self.variables = variables
        self.environment = environment
        self.masksSecrets = masksSecrets
    }

    /// The same scope, with secrets in the clear.
    public var revealed: VariableScope {
        var copy = self
        copy.masksSecrets = false
        return copy
    }

    /// The same scope, with secrets masked.
    public var masked: VariableScope {
        var copy = self
        copy.masksSecrets = true
        return copy
    }

    /// The same scope, for what is sent (`isForWire`); its masked form still masks.
    public var forWire: VariableScope {
        var copy = self
        copy.isForWire = true
        return copy
    }
}
