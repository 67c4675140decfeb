import WorkbenchBasics

/// Per-session settings: how requests are sent and responses shown.
public struct Settings: Equatable, Sendable {
    /// Follow redirects (off by default, as in curl and HTTPie).
    public var followRedirects = false
    /// Total time allowed for one request, in seconds; 0 means no limit.
    public var timeout: Double = 30
    /// Skip TLS certificate verification.
    public var insecure = false
    public var color = ColorSetting.auto
    /// Response bodies kept in memory are capped (a gzip bomb must not take the
    /// machine down); `send > FILE` streams past it.
    public var maxBodyBytes = Settings.defaultMaxBodyBytes
    public var proxy = ProxySetting.environment
    /// `cacert FILE`: the CA certificates to trust instead of the system's.
    public var caCertificate: String?
    /// `cert FILE [KEY]`: the client certificate, and its key when it is in another file.
    public var clientCertificate: String?
    public var clientKey: String?
    public var httpVersion = HTTPVersionSetting.auto

    public static let defaultMaxBodyBytes = 64 * 1024 * 1024

    public init() {}

    public var summary: String {
        ([
            "follow   \(followRedirects ? "on" : "off")",
            "timeout  \(timeout == 0 ? "none" : Settings.format(seconds: timeout))",
            "insecure \(insecure ? "on" : "off")",
            "color    \(color.word)",
            "maxbody  \(Quantities.size(maxBodyBytes))",
        ]
            // Network settings only when set: `proxy`, `cacert`, `cert` and `http` show each one.
            + (proxy == .environment ? [] : ["proxy    \(proxy.summary)"])
            + (caCertificate.map { ["cacert   \($0)"] } ?? [])
            + (clientCertificate.map { ["cert     \($0)" + (clientKey.map { " key \($0)" } ?? "")] } ?? [])
            + (httpVersion == .auto ? [] : ["http     \(httpVersion.rawValue)"]))
            .joined(separator: "\n")
    }

    static func format(seconds: Double) -> String {
        seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
    }
}

/// `color auto|always|never`: when responses are coloured. The raw values
/// are what session files hold; `on` and `off` are accepted as typed too.
public enum ColorSetting: String, Equatable, Sendable, CaseIterable {
    case auto, on, off

    /// `auto`, `always`, `never` (and the older `on`, `off`), in any case.
    public init?(word: String) {
        switch word.lowercased() {
        case "auto": self = .auto
        case "always", "on": self = .on
        case "never", "off": self = .off
        default: return nil
        }
    }

    /// The word `settings`, `help` and `--color` use.
    public var word: String {
        switch self {
        case .auto: "auto"
        case .on: "always"
        case .off: "never"
        }
    }
}

extension Settings {
    /// These settings as an engine hands them to libcurl: the proxy's password read from its
    /// secret variable in `scope`. Every engine that connects (a send, a WebSocket handshake,
    /// bench) takes its settings through here, so none sends the `{{proxy_password}}` reference.
    public func forWire(in scope: VariableScope) throws(WorkbenchError) -> Settings {
        var settings = self
        settings.proxy = try proxy.expanded(in: scope.forWire)
        return settings
    }
}
