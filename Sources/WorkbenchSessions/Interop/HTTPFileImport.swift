import Foundation
import WorkbenchBasics
import WorkbenchAPIs
import WorkbenchHTTP

/// A `.http` file (JetBrains HTTP Client, VS Code REST Client, httpyac,
/// kulala.nvim, rest.nvim) read into a session: one request record per
/// request, its file variables and the chosen environment as variables.
///
/// Written here: no Swift package reads the format. It follows JetBrains'
/// public spec plus the extensions those clients share: `###` separators with
/// titles, `# @name`, `@var = value`, request references
/// (`{{login.response.body.$.token}}`, which become captures),
/// `{{$processEnv NAME}}`, `< ./file` bodies, `#` and `//` comments, request
/// lines with or without the method and `HTTP/1.1`, query lines continued with
/// `?`/`&`, and `http-client.env.json` / `http-client.private.env.json`
/// environments (private values are secrets). What cannot run here (response
/// handler scripts, output redirects) is reported per request, never dropped silently.
public struct HTTPFileImport: Sendable {
    public var document: SessionDocument
    /// Values of the private environment's variables (names are in `document.secretNames`).
    public var secrets: [String: String]
    /// One line per thing not imported: `FILE:LINE: what and why`.
    public var notes: [String]

    /// Reads the `.http` file at `file` with `readFile`, and its env files beside
    /// it. Without `fileExists`, an env file exists when `readFile` can read it
    /// (they are small, and a workspace's file access has no other question to ask).
    public static func load(
        _ file: String, environment: String?, overrides: Set<String> = [], readFile: (String) throws(WorkbenchError) -> [UInt8],
        fileExists: ((String) -> Bool)? = nil
    ) throws(WorkbenchError) -> HTTPFileImport {
        let text = try FileSystem.text(try readFile(file), of: file)
        if let fileExists {
            return try read(text, file: file, environment: environment, overrides: overrides, readFile: readFile, fileExists: fileExists)
        }
        return try read(
            text, file: file, environment: environment, overrides: overrides, readFile: readFile,
            fileExists: { (try? readFile($0)) != nil })
    }

    /// Whether a path names a `.http` (or `.rest`) file.
    public static func handles(_ path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".http") || lower.hasSuffix(".rest")
    }

    /// Reads `text` (the file `file`); `environment` names the environment to use
    /// from the env files beside it; `processEnvironment` is for error messages only.
    public static func read(
        _ text: String, file: String, environment: String?, overrides: Set<String> = [],
        readFile: (String) throws(WorkbenchError) -> [UInt8],
        fileExists: (String) -> Bool = AtomicFile.exists
    ) throws(WorkbenchError) -> HTTPFileImport {
        let folder = file.lastIndex(of: "/").map { String(file[...$0]) } ?? ""
        var (plain, secret) = try HTTPEnvironmentFiles.load(
            folder: folder, name: environment, readFile: readFile, fileExists: fileExists)
        // `--var` and `set` win over the env files too.
        plain = plain.filter { !overrides.contains($0.key) }
        secret = secret.filter { !overrides.contains($0.key) }
        // httpyac reads `.env` files from the file's folder up; the nearest one wins.
        var dotenv: [String: String] = [:]
        for path in dotenvFiles(folder: folder, fileExists: fileExists) {
            guard let bytes = try? readFile(path) else { continue }
            dotenv.merge(Self.dotenvValues(String(decoding: bytes, as: UTF8.self))) { nearer, _ in nearer }
        }
        var parser = HTTPFileParser(
            file: file, environmentValues: plain, secretValues: secret, overrides: overrides,
            readDotenv: { [dotenv] in dotenv })
        try parser.parse(text)
        secret = parser.secretValues
        var document = SessionDocument()
        document.requests = parser.records
        document.endpoint = parser.records.last?.endpoint ?? Endpoint()
        document.variables = parser.fileVariables.merging(plain) { file, _ in file }
        document.secretNames = secret.keys.sorted()
        return HTTPFileImport(document: document, secrets: secret, notes: parser.notes)
    }

    /// `.env` in `folder` and the folders above it (at most `dotenvLevels`), nearest first.
    static let dotenvLevels = 8

    static func dotenvFiles(folder: String, fileExists: (String) -> Bool) -> [String] {
        var directory = URL(fileURLWithPath: folder.isEmpty ? "." : folder).standardizedFileURL
        var found: [String] = []
        for _ in 0..<dotenvLevels {
            let path = directory.appendingPathComponent(".env").path
            if fileExists(path) { found.append(path) }
            if directory.path == "/" { break }
            directory = directory.deletingLastPathComponent()
        }
        return found
    }

    /// `NAME=VALUE` lines of a `.env` file (`#` comments, `export `, quotes).
    static func dotenvValues(_ text: String) -> [String: String] {
        var values: [String: String] = [:]
        for raw in text.split(separator: "\n") {
            var line = String(raw).trimmingSpaces()
            if line.hasPrefix("#") || line.isEmpty { continue }
            if line.hasPrefix("export ") { line = String(line.dropFirst(7)).trimmingSpaces() }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let name = String(line[..<equals]).trimmingSpaces()
            var value = String(line[equals...].dropFirst()).trimmingSpaces()
            if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
                value = String(value.dropFirst().dropLast())
            }
            values[name] = value
        }
        return values
    }
}

/// `http-client.env.json` and `http-client.private.env.json`: named
/// environments (plus `$shared`, which every environment starts from).
enum HTTPEnvironmentFiles {
    static func load(
        folder: String, name: String?, readFile: (String) throws(WorkbenchError) -> [UInt8], fileExists: (String) -> Bool
    ) throws(WorkbenchError) -> (plain: [String: String], secret: [String: String]) {
        let publicPath = folder + "http-client.env.json"
        let privatePath = folder + "http-client.private.env.json"
        let publicFile = fileExists(publicPath) ? try environments(in: publicPath, readFile: readFile) : [:]
        let privateFile = fileExists(privatePath) ? try environments(in: privatePath, readFile: readFile) : [:]
        guard let name else { return (publicFile["$shared"] ?? [:], privateFile["$shared"] ?? [:]) }
        guard publicFile[name] != nil || privateFile[name] != nil else {
            let known = Set(publicFile.keys).union(privateFile.keys).subtracting(["$shared"]).sorted()
            if publicFile.isEmpty && privateFile.isEmpty {
                throw WorkbenchError("--env \(name): no \(publicPath) or \(privatePath) beside the file")
            }
            throw WorkbenchError(
                "--env \(name): no such environment in \(publicPath) or \(privatePath) (there: \(known.joined(separator: ", ")))")
        }
        let plain = (publicFile["$shared"] ?? [:]).merging(publicFile[name] ?? [:]) { _, specific in specific }
        let secret = (privateFile["$shared"] ?? [:]).merging(privateFile[name] ?? [:]) { _, specific in specific }
        return (plain.filter { secret[$0.key] == nil }, secret)
    }

    /// The environments of one file, each a flat map of names to text.
    static func environments(
        in path: String, readFile: (String) throws(WorkbenchError) -> [UInt8]
    ) throws(WorkbenchError) -> [String: [String: String]] {
        let bytes = try readFile(path)
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            throw WorkbenchError("\(path): not JSON: \(error)")
        }
        guard case .object(let members) = value else { throw WorkbenchError("\(path): expected an object of environments") }
        var result: [String: [String: String]] = [:]
        for member in members {
            guard case .object(let variables) = member.value else {
                throw WorkbenchError("\(path): environment \(Excerpt.quoted(member.key)) is not an object of variables")
            }
            var values: [String: String] = [:]
            for variable in variables {
                switch variable.value {
                case .string(let text): values[variable.key] = text
                case .number(let text): values[variable.key] = text
                case .bool(let flag): values[variable.key] = flag ? "true" : "false"
                default: continue  // objects (SSL settings and the like) are client configuration, not variables
                }
            }
            result[member.key] = values
        }
        return result
    }
}

extension HTTPFileImport {
    /// What `workbench replay` reads: a `.http` file (with its environment), or a session file.
    public static func readForReplay(_ file: String, _ environment: String?, _ overrides: Set<String>) throws(WorkbenchError)
        -> ReplaySource
    {
        guard handles(file) else { return try ReplayFileRun.readSession(file, environment, overrides) }
        let imported = try load(
            file, environment: environment, overrides: overrides,
            readFile: { path throws(WorkbenchError) in try FileSystem.read(path) }, fileExists: AtomicFile.exists)
        return ReplaySource(
            document: imported.document,
            assignments: imported.secrets.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" },
            notes: imported.notes)
    }
}
