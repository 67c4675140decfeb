/// Session variables, set with `set NAME VALUE`.
///
/// A secret variable (`set --secret`) is used like any other but is never
/// written to a session file, the autosave or the history.
public struct Variables: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public var value: String
        public var isSecret: Bool

        public init(value: String, isSecret: Bool = false) {
            self.value = value
            self.isSecret = isSecret
        }
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

    /// `text` with every secret value replaced by a mask, longest first, so that
    /// what is printed never shows a secret unless asked to.
    public func masking(_ text: String) -> String {
        let secrets = entries.values.filter { $0.isSecret && !$0.value.isEmpty }.map(\.value)
        guard !secrets.isEmpty else { return text }
        var masked = text
        for secret in secrets.sorted(by: { $0.count > $1.count }) {
            masked = masked.replacingAll(secret, with: Self.mask)
        }
        return masked
    }

    public static let mask = "••••••"

    @discardableResult
    public mutating func remove(_ name: String) -> Entry? {
        entries.removeValue(forKey: name)
    }
}

/// Everything a template can refer to when it is expanded.
public struct VariableScope: Sendable {
    public var variables: Variables
    public var environment: [String: String]

    public init(variables: Variables = Variables(), environment: [String: String] = [:]) {
        self.variables = variables
        self.environment = environment
    }
}
