/// The request body as the user gave it; bytes are made only when a request is built.
public enum Body: Equatable, Sendable {
    /// `body TEXT` or `body <<END`: sent verbatim.
    case text(String)
    /// `body json TEXT`: validated when typed, sent verbatim.
    case json(String)
    /// `body form NAME=VALUE...`: sent as `application/x-www-form-urlencoded`.
    case form([FormField])
    /// `body @FILE`: read when the request is built, so edits to the file are picked up.
    case file(String)

    /// The Content-Type this kind of body implies, if any.
    public var impliedContentType: String? {
        switch self {
        case .json: "application/json"
        case .form: "application/x-www-form-urlencoded"
        case .text, .file: nil
        }
    }
}

/// One `NAME=VALUE` field of a form body.
public struct FormField: Equatable, Sendable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
