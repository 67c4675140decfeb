import WorkbenchBasics

/// `http-client.env.json` and `http-client.private.env.json` (the JetBrains HTTP
/// Client's and httpyac's environments): named environments of variables, plus
/// `$shared`, which every environment starts from. The private file's values are
/// secrets. One reader for `.http` files, `env`, `workbench --env` and `replay --env`.
public struct EnvironmentFiles: Equatable, Sendable {
    /// The public file read, if there was one.
    public var publicFile: String?
    /// The private file read, if there was one.
    public var privateFile: String?
    public var publicEnvironments: [String: [String: String]] = [:]
    public var privateEnvironments: [String: [String: String]] = [:]

    public static let publicName = "http-client.env.json"
    public static let privateName = "http-client.private.env.json"
    static let shared = "$shared"

    public init(
        publicFile: String? = nil, privateFile: String? = nil, publicEnvironments: [String: [String: String]] = [:],
        privateEnvironments: [String: [String: String]] = [:]
    ) {
        self.publicFile = publicFile
        self.privateFile = privateFile
        self.publicEnvironments = publicEnvironments
        self.privateEnvironments = privateEnvironments
    }

    /// One environment's values: the plain ones and the secrets (a name in both is a secret).
    public struct Values: Equatable, Sendable {
        public var plain: [String: String]
        public var secret: [String: String]

        public init(plain: [String: String] = [:], secret: [String: String] = [:]) {
            self.plain = plain
            self.secret = secret
        }
    }

    /// The environments' names, `$shared` left out, in order.
    public var names: [String] {
        Set(publicEnvironments.keys).union(privateEnvironments.keys).subtracting([Self.shared]).sorted()
    }

    /// The environments (`$shared` left out) that give `variable`, in its public or private file.
    public func environments(defining variable: String) -> [String] {
        names.filter { publicEnvironments[$0]?[variable] != nil || privateEnvironments[$0]?[variable] != nil }
    }

    /// The files read, for messages: `./http-client.env.json and ./http-client.private.env.json`.
    public var filesRead: String {
        [publicFile, privateFile].compactMap { $0 }.joined(separator: " and ")
    }

    /// `name`'s values over `$shared`'s; nil: `$shared`'s alone.
    public func values(of name: String?) throws(WorkbenchError) -> Values {
        guard let name else {
            return Values(plain: publicEnvironments[Self.shared] ?? [:], secret: privateEnvironments[Self.shared] ?? [:])
        }
        guard publicEnvironments[name] != nil || privateEnvironments[name] != nil, name != Self.shared else {
            let known = names
            throw WorkbenchError(
                "no environment \(Excerpt.quoted(name)) in \(filesRead)"
                    + (known.isEmpty ? " (it names none)" : " (there: \(known.joined(separator: ", ")))"))
        }
        let plain = (publicEnvironments[Self.shared] ?? [:]).merging(publicEnvironments[name] ?? [:]) { _, specific in specific }
        let secret = (privateEnvironments[Self.shared] ?? [:]).merging(privateEnvironments[name] ?? [:]) { _, specific in specific }
        return Values(plain: plain.filter { secret[$0.key] == nil }, secret: secret)
    }

    /// The env files in the first of `folders` (each `""` or ending with `/`) that holds
    /// either; nil when none does.
    public static func find(
        in folders: [String], readFile: (String) throws(WorkbenchError) -> [UInt8], fileExists: (String) -> Bool
    ) throws(WorkbenchError) -> EnvironmentFiles? {
        for folder in folders {
            let publicPath = folder + publicName
            let privatePath = folder + privateName
            let hasPublic = fileExists(publicPath)
            let hasPrivate = fileExists(privatePath)
            guard hasPublic || hasPrivate else { continue }
            return try read(
                publicFile: hasPublic ? publicPath : nil, privateFile: hasPrivate ? privatePath : nil, readFile: readFile)
        }
        return nil
    }

    /// `--env-file FILE`: FILE itself, and beside it its private file (`x.env.json` ->
    /// `x.private.env.json`, else `http-client.private.env.json`) when there is one.
    /// A private file named alone is read as the private one.
    public static func named(
        _ file: String, readFile: (String) throws(WorkbenchError) -> [UInt8], fileExists: (String) -> Bool
    ) throws(WorkbenchError) -> EnvironmentFiles {
        guard fileExists(file) else { throw WorkbenchError("--env-file \(file): no such file") }
        let slash = file.lastIndex(of: "/")
        let folder = slash.map { String(file[...$0]) } ?? ""
        let base = slash.map { String(file[file.index(after: $0)...]) } ?? file
        if base.hasSuffix(".private.env.json") {
            return try read(publicFile: nil, privateFile: file, readFile: readFile)
        }
        let companion =
            base.hasSuffix(".env.json") ? folder + base.dropLast(".env.json".count) + ".private.env.json" : folder + privateName
        return try read(publicFile: file, privateFile: fileExists(companion) ? companion : nil, readFile: readFile)
    }

    static func read(
        publicFile: String?, privateFile: String?, readFile: (String) throws(WorkbenchError) -> [UInt8]
    ) throws(WorkbenchError) -> EnvironmentFiles {
        EnvironmentFiles(
            publicFile: publicFile, privateFile: privateFile,
            publicEnvironments: try publicFile.map { path throws(WorkbenchError) in try environments(in: path, readFile: readFile) } ?? [:],
            privateEnvironments: try privateFile.map { path throws(WorkbenchError) in try environments(in: path, readFile: readFile) }
                ?? [:])
    }

    /// The environments of one file, each a flat map of names to text, within `EnvironmentFileBounds`.
    static func environments(
        in path: String, readFile: (String) throws(WorkbenchError) -> [UInt8]
    ) throws(WorkbenchError) -> [String: [String: String]] {
        let bytes = FileSystem.withoutByteOrderMark(try readFile(path))
        if bytes.count > EnvironmentFileBounds.maximumBytes {
            throw WorkbenchError("\(path): \(EnvironmentFileBounds.tooLarge(size: bytes.count))")
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes, maximumDepth: EnvironmentFileBounds.maximumDepth)
        } catch {
            let problem = "\(error)"
            let bound = problem.contains(JSONParser.tooDeep(EnvironmentFileBounds.maximumDepth)) ? " (the bound for an env file)" : ""
            throw WorkbenchError("\(path): not JSON: \(problem)\(bound)")
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

/// How large an env file may be: far beyond any set of environments typed by hand.
public enum EnvironmentFileBounds {
    public static let maximumBytes = 1 << 20
    /// Environments, their variables, and client settings (`SSLConfiguration`) a few levels below.
    public static let maximumDepth = 16

    static func tooLarge(size: Int) -> String {
        "\(Quantities.size(size)), more than \(Quantities.size(maximumBytes)) (the bound for an env file)"
    }
}

/// The env files beside a `.http` file, as its import reads them.
enum HTTPEnvironmentFiles {
    /// The values of environment `name` (nil: `$shared`'s), and the files read (nil: none beside it).
    static func load(
        folder: String, name: String?, readFile: (String) throws(WorkbenchError) -> [UInt8], fileExists: (String) -> Bool
    ) throws(WorkbenchError) -> (plain: [String: String], secret: [String: String], files: EnvironmentFiles?) {
        let files = try EnvironmentFiles.find(in: [folder], readFile: readFile, fileExists: fileExists)
        guard let name else {
            let values = try (files ?? EnvironmentFiles()).values(of: nil)
            return (values.plain, values.secret, files)
        }
        guard let files else {
            throw WorkbenchError(
                "--env \(name): no \(folder + EnvironmentFiles.publicName) or \(folder + EnvironmentFiles.privateName) beside the file")
        }
        do throws(WorkbenchError) {
            let values = try files.values(of: name)
            return (values.plain, values.secret, files)
        } catch {
            throw error.prefixed("--env \(name): ")
        }
    }
}

extension EnvironmentFiles {
    /// The environments a session's saved comparisons are sent in by `workbench replay`: the
    /// env file the session names, else those beside it or here. A file or an environment that
    /// is missing is that comparison's error, not the replay's.
    static func forComparisons(of file: String, folders: [String], named given: String?) -> ReplaySource.EnvironmentValues {
        let readFile: (String) throws(WorkbenchError) -> [UInt8] = { path throws(WorkbenchError) in try FileSystem.read(path) }
        let found = Result { () throws(WorkbenchError) -> EnvironmentFiles? in
            if let given { return try named(given, readFile: readFile, fileExists: AtomicFile.exists) }
            return try find(in: folders, readFile: readFile, fileExists: AtomicFile.exists)
        }
        return { name throws(WorkbenchError) in
            guard let environments = try found.get() else {
                throw WorkbenchError(
                    "no environment \(Excerpt.quoted(name)): no \(publicName) or \(privateName) beside \(file) or here")
            }
            let values = try environments.values(of: name)
            return (values.plain, values.secret)
        }
    }
}
