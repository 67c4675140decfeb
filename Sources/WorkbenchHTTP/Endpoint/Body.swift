import WorkbenchBasics

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
    /// `body json @FILE`: read when the request is built and validated as JSON.
    case jsonFile(String)
    /// A `.http` file's `<@ FILE` (`body @@FILE`): read when the request is built, its
    /// `{{variables}}` expanded then as an inline body's are (secrets masked where shown).
    case templateFile(String)
    /// `body multipart NAME=VALUE NAME@FILE...`: `multipart/form-data`, built
    /// by libcurl's mime API, files streamed from disk while sending.
    case multipart([MultipartPart])
    /// `body graphql QUERY`: sent as `{"query", "variables", "operationName"}`.
    case graphql(GraphQLBody)

    /// The Content-Type this kind of body implies, if any: a file's by its
    /// extension. Multipart has none here: libcurl writes it with its boundary.
    public var impliedContentType: String? {
        switch self {
        case .json, .jsonFile, .graphql: "application/json"
        case .form: "application/x-www-form-urlencoded"
        case .file(let path), .templateFile(let path): MediaTypes.forFile(path)
        case .text, .multipart: nil
        }
    }
}

extension Body {
    /// The most a `templateFile` body's file may hold: its text is expanded in memory, twice
    /// when a secret goes in (the request sent and the one shown).
    public static let maximumTemplateFileBytes = 8 * 1024 * 1024

    /// The file a body is read from, whatever its kind (`@FILE`, `json @FILE`, `<@ FILE`).
    public var filePath: String? {
        switch self {
        case .file(let path), .jsonFile(let path), .templateFile(let path): path
        case .text, .json, .form, .multipart, .graphql: nil
        }
    }
}

/// One part of a multipart body: a text field, or a file sent by name.
public struct MultipartPart: Equatable, Sendable {
    public var name: String
    /// The field's text, or the file's path (templates allowed in both).
    public var value: String
    public var isFile: Bool
    /// `;type=MIME`; for a file without one, the type its extension names.
    public var contentType: String?
    /// `;filename=NAME`: the file name the part announces, when not the file's own (a `.http`
    /// file's `filename="..."`, curl's `;filename=`); a text part with one is sent as a file's content.
    public var filename: String?

    public init(name: String, value: String, isFile: Bool = false, contentType: String? = nil, filename: String? = nil) {
        self.name = name
        self.value = value
        self.isFile = isFile
        self.contentType = contentType
        self.filename = filename
    }

    /// As typed: `name=value`, `name@path;type=MIME;filename=NAME`.
    public var typedText: String {
        name + (isFile ? "@" : "=") + value + (contentType.map { ";type=" + $0 } ?? "") + (filename.map { ";filename=" + $0 } ?? "")
    }

    /// The type sent: the one given, else for a file the one its extension names.
    public var effectiveType: String? {
        contentType ?? (isFile ? MediaTypes.forFile(value) : nil)
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
