import WorkbenchBasics
import WorkbenchHTTP

/// A `.http` file's `multipart/form-data` body, as JetBrains and REST Client write it: the
/// parts between `--BOUNDARY` lines, each with its `Content-Disposition` (name, filename) and
/// `Content-Type`, and a part's content either text or a `< ./file` line, whose file the
/// clients send in its place. Read into parts, the body is built by libcurl (CRLF framing,
/// files streamed); one the parts cannot say (another header, text before the first
/// boundary) is left to be sent as it is written.
struct HTTPFileMultipart: Equatable {
    struct Part: Equatable {
        var name: String
        var filename: String?
        var contentType: String?
        /// The text between the part's blank line and the next boundary.
        var content: String
        /// `< path` (`<@ path`: `expands`) as the whole content: the file sent in its place.
        var file: (path: String, expands: Bool)?

        static func == (left: Part, right: Part) -> Bool {
            left.name == right.name && left.filename == right.filename && left.contentType == right.contentType
                && left.content == right.content && left.file?.path == right.file?.path
                && left.file?.expands == right.file?.expands
        }
    }

    var parts: [Part]

    /// The parts of `lines` (the body's lines) under `contentType`; nil when it is not a
    /// multipart/form-data body the parts can say.
    static func read(_ lines: [String], contentType: String) -> HTTPFileMultipart? {
        guard contentType.lowercased().hasPrefix("multipart/form-data"),
            let boundary = HTTPSyntax.parameter("boundary", in: contentType), !boundary.isEmpty
        else { return nil }
        let delimiter = "--" + boundary
        var parts: [Part] = []
        var current: [String]?
        for line in lines {
            let trimmed = line.trimmingSpaces()
            if trimmed == delimiter || trimmed == delimiter + "--" {
                if let current {
                    guard let part = part(current) else { return nil }
                    parts.append(part)
                }
                current = nil
                if trimmed == delimiter + "--" { break }
                current = []
                continue
            }
            if current == nil {
                // Before the first boundary: only blank lines.
                guard trimmed.isEmpty else { return nil }
                continue
            }
            current?.append(line)
        }
        if let current {
            // No closing `--BOUNDARY--`: the last part runs to the end, as the clients read it.
            guard let part = part(current) else { return nil }
            parts.append(part)
        }
        return parts.isEmpty ? nil : HTTPFileMultipart(parts: parts)
    }

    /// One part's lines: headers, a blank line, the content.
    private static func part(_ lines: [String]) -> Part? {
        guard let blank = lines.firstIndex(where: { $0.trimmingSpaces().isEmpty }) else { return nil }
        var name: String?
        var filename: String?
        var contentType: String?
        for header in lines[..<blank] {
            guard let colon = header.firstIndex(of: ":") else { return nil }
            let field = String(header[..<colon]).trimmingSpaces().lowercased()
            let value = String(header[header.index(after: colon)...]).trimmingSpaces()
            switch field {
            case "content-disposition":
                guard value.lowercased().hasPrefix("form-data") else { return nil }
                name = HTTPSyntax.parameter("name", in: value)
                filename = HTTPSyntax.parameter("filename", in: value)
            case "content-type": contentType = value
            default: return nil
            }
        }
        guard let name else { return nil }
        let content = lines[(blank + 1)...].joined(separator: "\n")
        var part = Part(name: name, filename: filename, contentType: contentType, content: content)
        let only = content.trimmingSpaces()
        if !only.contains("\n"), only.hasPrefix("<") {
            let expands = only.hasPrefix("<@")
            let path = String(only.dropFirst(expands ? 2 : 1)).trimmingSpaces()
            if !path.isEmpty { part.file = (path, expands) }
        }
        return part
    }
}
