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
        _ file: String, environment: String?, overrides: Set<String> = [],
        readFile: @escaping (String) throws(WorkbenchError) -> [UInt8],
        fileExists: ((String) -> Bool)? = nil, localFiles: LocalFileRule = LocalFileRule()
    ) throws(WorkbenchError) -> HTTPFileImport {
        let text = try FileSystem.text(try readFile(file), of: file)
        if let fileExists {
            return try read(
                text, file: file, environment: environment, overrides: overrides, readFile: readFile, fileExists: fileExists,
                localFiles: localFiles)
        }
        return try read(
            text, file: file, environment: environment, overrides: overrides, readFile: readFile,
            fileExists: { (try? readFile($0)) != nil }, localFiles: localFiles)
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
        readFile: @escaping (String) throws(WorkbenchError) -> [UInt8],
        fileExists: (String) -> Bool = AtomicFile.exists, localFiles: LocalFileRule = LocalFileRule()
    ) throws(WorkbenchError) -> HTTPFileImport {
        let folder = file.lastIndex(of: "/").map { String(file[...$0]) } ?? ""
        // httpyac's environments may be `.env` files alone (`dev.env`, `env/.env.dev`): then
        // `--env NAME` names those, and no http-client.env.json is needed.
        let namedDotenv = environment.map { dotenvFiles(folder: folder, environment: $0, fileExists: fileExists) } ?? []
        let jsonFiles = [EnvironmentFiles.publicName, EnvironmentFiles.privateName].contains { fileExists(folder + $0) }
        var (plain, secret, environmentFiles) = try HTTPEnvironmentFiles.load(
            folder: folder, name: namedDotenv.isEmpty || jsonFiles ? environment : nil, readFile: readFile, fileExists: fileExists)
        // `--var` and `set` win over the env files too.
        plain = plain.filter { !overrides.contains($0.key) }
        secret = secret.filter { !overrides.contains($0.key) }
        // httpyac reads `.env` files from the file's folder up; the nearest one wins.
        var dotenv: [String: String] = [:]
        for path in namedDotenv + dotenvFiles(folder: folder, fileExists: fileExists) {
            guard let bytes = try? readFile(path) else { continue }
            dotenv.merge(Self.dotenvValues(String(decoding: FileSystem.withoutByteOrderMark(bytes), as: UTF8.self))) { nearer, _ in nearer }
        }
        var parser = HTTPFileParser(
            file: file, environmentValues: plain, secretValues: secret, overrides: overrides,
            readDotenv: { [dotenv] in dotenv }, readFile: readFile, localFiles: localFiles)
        // No environment chosen: a name only the env files' environments give is pointed to them.
        if environment == nil { parser.unchosenEnvironments = environmentFiles }
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

    /// With `environment`, that environment's files instead (`NAME.env`, `.env.NAME`), which win
    /// over the shared `.env`. httpyac keeps either in the folder or in its `env/` folder.
    static func dotenvFiles(folder: String, environment: String? = nil, fileExists: (String) -> Bool) -> [String] {
        var directory = URL(fileURLWithPath: folder.isEmpty ? "." : folder).standardizedFileURL
        var found: [String] = []
        let names = environment.map { ["\($0).env", ".env.\($0)"] } ?? [".env"]
        for _ in 0..<dotenvLevels {
            for name in names {
                for path in [directory.appendingPathComponent(name).path, directory.appendingPathComponent("env/" + name).path]
                where fileExists(path) {
                    found.append(path)
                }
            }
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

extension HTTPFileImport {
    /// What `workbench replay` reads: a `.http` file (with its environment), or a session file.
    public static func readForReplay(_ file: String, _ environment: String?, _ overrides: Set<String>) throws(WorkbenchError)
        -> ReplaySource
    {
        guard handles(file) else { return try readSessionForReplay(file, environment) }
        let imported = try load(
            file, environment: environment, overrides: overrides,
            readFile: { path throws(WorkbenchError) in try FileSystem.read(path) }, fileExists: AtomicFile.exists)
        return ReplaySource(
            document: imported.document,
            assignments: imported.secrets.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" },
            notes: imported.notes)
    }
}

extension HTTPFileImport {
    /// A session file for `workbench replay`, in the environment `--env` names or else the one
    /// it ran in, from the env files beside it or in the current folder. The environment's
    /// values come under the session's own (they are what the user set); its private ones
    /// are secrets, given as `--var` gives them.
    static func readSessionForReplay(_ file: String, _ environment: String?) throws(WorkbenchError) -> ReplaySource {
        var source = try ReplayFileRun.readSession(file, nil)
        let recorded = source.document.environment
        let slash = file.lastIndex(of: "/")
        let folders = (slash.map { [String(file[...$0])] } ?? []) + [""]
        if source.document.requests.contains(where: { $0.comparison != nil }) {
            source.environmentValues = EnvironmentFiles.forComparisons(
                of: file, folders: folders, named: environment == nil ? recorded?.file : nil)
        }
        guard let name = environment ?? recorded?.name else { return source }
        let readFile: (String) throws(WorkbenchError) -> [UInt8] = { path throws(WorkbenchError) in try FileSystem.read(path) }
        let files: EnvironmentFiles?
        do throws(WorkbenchError) {
            if let given = environment == nil ? recorded?.file : nil {
                files = try EnvironmentFiles.named(given, readFile: readFile, fileExists: AtomicFile.exists)
            } else {
                files = try EnvironmentFiles.find(in: folders, readFile: readFile, fileExists: AtomicFile.exists)
            }
        } catch {
            throw error.prefixed("--env \(name): ")
        }
        guard let files else {
            let message = "no \(EnvironmentFiles.publicName) or \(EnvironmentFiles.privateName) beside \(file) or here"
            if environment != nil { throw WorkbenchError("--env \(name): \(message)") }
            source.notes.append("\(file) ran in environment \(name), not used here: \(message)")
            return source
        }
        let values: EnvironmentFiles.Values
        do throws(WorkbenchError) {
            values = try files.values(of: name)
        } catch {
            throw error.prefixed("--env \(name): ")
        }
        source.document.variables = values.plain.merging(source.document.variables) { _, saved in saved }
        for (name, value) in values.secret.sorted(by: { $0.key < $1.key }) where source.document.variables[name] == nil {
            if !source.document.secretNames.contains(name) { source.document.secretNames.append(name) }
            source.assignments.append("\(name)=\(value)")
        }
        source.document.environment = SessionEnvironment(name: name, file: environment == nil ? recorded?.file : nil)
        return source
    }
}
