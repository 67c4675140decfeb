import Platform

/// The one rule for local files that an input names (a Postman collection's
/// `mode: file` body, a HAR log's file part, a `.http` file's `< file` body, a
/// session's `body @file`): a file inside the input's own folder is read;
/// anything else (an absolute path elsewhere, `..` out of the folder, a
/// symbolic link that leads out, a path made by a variable) is not, unless it
/// is inside a folder the user allowed (`--allow-files DIR`, `allow-files DIR`).
///
/// A file is judged where it really is (`realpath`: links and `..` resolved),
/// as it would be read: relative paths from the current folder, as the request
/// reads them when sent. An input passed around (a collection someone shared)
/// must not upload `/etc/passwd` or `~/.ssh/id_rsa` because it names them.
public struct LocalFileRule: Equatable, Sendable {
    /// The folders the user allowed besides each input's own, as typed.
    public private(set) var allowed: [String] = []

    public init(allowing folders: [String] = []) {
        allowed = folders
    }

    /// Allows `folder` too; throws when it is not a folder.
    public mutating func allow(_ folder: String) throws(WorkbenchError) {
        guard let real = Self.realPath(folder), Self.isDirectory(real) else {
            throw WorkbenchError("allow-files: '\(folder)' is not a folder")
        }
        if !allowed.contains(where: { Self.realPath($0) == real }) { allowed.append(folder) }
    }

    /// Nil when `path`, named by the input at `input`, may be read; otherwise why
    /// not, for the one warning that names it.
    public func refusal(of path: String, namedBy input: String) -> String? {
        if path.contains("{{") {
            return "names the file \(Excerpt.quoted(path, limit: 200)) through a variable, so where it is cannot be checked"
        }
        let folders = [Self.folder(of: input)] + allowed
        let target = Self.realPath(path) ?? Self.lexicalPath(path)
        for folder in folders {
            guard let real = Self.realPath(folder) else { continue }
            if real == "/" || target.hasPrefix(real + "/") { return nil }
        }
        return "names the file \(Excerpt.quoted(path, limit: 200)), outside its folder"
    }

    /// A relative `path` that names a file beside `input` (a session in another folder naming
    /// its description): that file, as `workbench replay` finds it; nil when there is none.
    public static func besideInput(_ path: String, namedBy input: String) -> String? {
        guard !path.hasPrefix("/"), !path.hasPrefix("~") else { return nil }
        let folder = folder(of: input)
        guard folder != "." else { return nil }
        let candidate = folder + "/" + path
        return realPath(candidate) != nil ? candidate : nil
    }

    /// How to allow a refused file, for the warning.
    public static let howToAllow = "not read (`allow-files DIR` or `--allow-files DIR` allows a folder, then import again)"

    static func folder(of input: String) -> String {
        let expanded = FileSystem.expandTilde(input)
        guard let slash = expanded.lastIndex(of: "/") else { return "." }
        return slash == expanded.startIndex ? "/" : String(expanded[..<slash])
    }

    /// The path with links and `..` resolved; nil when nothing is there.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(FileSystem.expandTilde(path), nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// A path that does not exist, made absolute with `.` and `..` taken out, to judge where it would be.
    static func lexicalPath(_ path: String) -> String {
        let expanded = FileSystem.expandTilde(path)
        var parts: [Substring] = []
        if !expanded.hasPrefix("/"), let current = realPath(".") { parts = current.split(separator: "/") }
        for segment in expanded.split(separator: "/") {
            switch segment {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(segment)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    static func isDirectory(_ path: String) -> Bool {
        FileStatus.of(path: path)?.kind == .directory
    }
}
