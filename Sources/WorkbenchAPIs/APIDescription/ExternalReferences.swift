import WorkbenchBasics

/// Multi-file descriptions: `$ref`s to other files (`schemas/pet.yaml`,
/// `common.json#/components/schemas/Error`), read relative to the file that
/// holds the reference and put into the one tree the loader decodes.
///
/// A referenced value is inlined where the reference was (its own references
/// followed the same way, relative to its own file); one that refers back to
/// itself through other files (a tree of nodes) is put once into
/// `components/schemas` under its name and referred to there, as a
/// description written in one file would.
///
/// Which files are read is the one rule for files an input names
/// (`LocalFileRule`): inside the main description's folder, or in a folder
/// the user allowed (`allow-files DIR`). A reference to any other file (an
/// absolute path, `..` out of the folder, a link that leads out) is kept as
/// it is, not followed, with one warning per file naming it. URLs are never
/// fetched (an error: a description is never a way to fetch elsewhere).
/// Bounds, named in the errors: at most `maximumFiles` files and
/// `maximumBytes` in all; at most `maximumInlined` references inlined. A
/// description loaded by URL keeps its references to other files as they
/// are (they are not fetched).
struct ExternalReferences {
    static let maximumFiles = 64
    static let maximumBytes = 32 << 20
    static let maximumInlined = 20_000

    typealias ReadFile = (String) throws(WorkbenchError) -> [UInt8]

    /// Whether the tree holds a reference to another file (a quick scan: most descriptions hold none).
    static func hasExternal(_ value: JSONValue) -> Bool {
        var pending = [value]
        while let next = pending.popLast() {
            switch next {
            case .object(let members):
                for member in members {
                    if member.key == "$ref", case .string(let ref) = member.value, !ref.hasPrefix("#") { return true }
                    pending.append(member.value)
                }
            case .array(let items):
                pending.append(contentsOf: items)
            default:
                break
            }
        }
        return false
    }

    /// `tree` with every reference to another file that `fileRule` allows resolved:
    /// how many files were read, and one warning per file the rule refused (its references kept).
    static func resolve(
        _ tree: inout JSONValue, location: String, fileRule: LocalFileRule = LocalFileRule(), readFile: @escaping ReadFile
    ) throws(WorkbenchError) -> (files: Int, warnings: [String]) {
        guard hasExternal(tree) else { return (0, []) }
        var resolver = ExternalReferences(location: location, fileRule: fileRule, readFile: readFile)
        resolver.taken = Set(tree["components"]?["schemas"]?.members.map(\.key) ?? [])
        tree = try resolver.rewrite(tree, file: nil)
        if !resolver.hoisted.isEmpty {
            var components = tree["components"] ?? .object([])
            var schemas = components["schemas"] ?? .object([])
            for member in resolver.hoisted { schemas.set(member.key, member.value) }
            components.set("schemas", schemas)
            tree.set("components", components)
        }
        return (resolver.files.count, resolver.refusals)
    }

    private let location: String
    /// The main description's folder ("" for the working directory): every file read is inside it.
    private let root: [String]
    private let fileRule: LocalFileRule
    private let readFile: ReadFile
    /// Files the rule refused, each warned about once.
    private var refused: Set<String> = []
    private var refusals: [String] = []
    private var files: [String: JSONValue] = [:]
    private var bytesRead = 0
    private var inlined = 0
    /// The references being inlined, innermost last (a repeat is a cycle).
    private var stack: [String] = []
    /// References met again while being inlined: their names in `components/schemas`.
    private var cyclic: [String: String] = [:]
    private var hoisted: [JSONMember] = []
    /// Names `components/schemas` has already.
    private var taken: Set<String> = []

    private init(location: String, fileRule: LocalFileRule, readFile: @escaping ReadFile) {
        self.location = location
        self.root = Self.folder(of: location)
        self.fileRule = fileRule
        self.readFile = readFile
    }

    private static func folder(of path: String) -> [String] {
        var parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        parts.removeLast()
        return parts
    }

    private mutating func rewrite(_ value: JSONValue, file: String?) throws(WorkbenchError) -> JSONValue {
        switch value {
        case .object(let members):
            if let ref = members.first(where: { $0.key == "$ref" })?.value.stringValue, !(file == nil && ref.hasPrefix("#")) {
                guard let target = try inline(ref, from: file) else { return value }
                // Members beside the reference (a description, `nullable`) stay, where the target lacks them.
                guard case .object(var targetMembers) = target else { return target }
                for member in members where member.key != "$ref" && !targetMembers.contains(where: { $0.key == member.key }) {
                    targetMembers.append(JSONMember(key: member.key, value: try rewrite(member.value, file: file)))
                }
                return .object(targetMembers)
            }
            var out: [JSONMember] = []
            out.reserveCapacity(members.count)
            for member in members {
                // Examples are values, not descriptions: a `$ref` member there is data.
                out.append(
                    JSONMember(key: member.key, value: member.key == "example" ? member.value : try rewrite(member.value, file: file)))
            }
            return .object(out)
        case .array(let items):
            var out: [JSONValue] = []
            out.reserveCapacity(items.count)
            for item in items { out.append(try rewrite(item, file: file)) }
            return .array(out)
        default:
            return value
        }
    }

    /// The value `ref` (in `file`, nil for the main description) names, its own
    /// references resolved; nil when the file it names is one the rule refuses.
    private mutating func inline(_ ref: String, from file: String?) throws(WorkbenchError) -> JSONValue? {
        let hash = ref.firstIndex(of: "#") ?? ref.endIndex
        let pathPart = String(ref[..<hash])
        let pointer = hash < ref.endIndex ? String(ref[ref.index(after: hash)...]) : ""
        let targetFile: String
        if pathPart.isEmpty {
            guard let file else { return .object([JSONMember(key: "$ref", value: .string(ref))]) }
            targetFile = file
        } else {
            targetFile = try resolvedPath(pathPart, from: file, ref: ref)
            if let reason = fileRule.refusal(of: targetFile, namedBy: location) {
                if refused.insert(targetFile).inserted {
                    refusals.append("\(location) \(reason) ($ref \(Excerpt.quoted(ref, limit: 200))): \(LocalFileRule.howToAllow)")
                }
                return nil
            }
        }
        let key = targetFile + "#" + pointer
        if stack.contains(key) {
            let name = cyclic[key] ?? uniqueName(for: pointer, file: targetFile)
            cyclic[key] = name
            return .object([JSONMember(key: "$ref", value: .string("#/components/schemas/" + name))])
        }
        inlined += 1
        guard inlined <= Self.maximumInlined else {
            throw WorkbenchError("\(location): its references to other files expand to more than \(Self.maximumInlined) pieces; not loaded")
        }
        let document = try load(targetFile, ref: ref)
        guard let target = Self.lookup(pointer, in: document) else {
            throw WorkbenchError("\(location): $ref \(ref) points to nothing in \(targetFile)")
        }
        stack.append(key)
        let value = try rewrite(target, file: targetFile)
        stack.removeLast()
        if let name = cyclic[key] {
            if !hoisted.contains(where: { $0.key == name }) { hoisted.append(JSONMember(key: name, value: value)) }
            return .object([JSONMember(key: "$ref", value: .string("#/components/schemas/" + name))])
        }
        return value
    }

    /// The path of `relative` (as written in `file`), as the rule judges it and `readFile` reads it:
    /// an absolute path as it is, a relative one from the folder of the file holding it.
    private func resolvedPath(_ relative: String, from file: String?, ref: String) throws(WorkbenchError) -> String {
        let decoded = PercentEncoding.decode(relative)
        if decoded.contains("://") || decoded.hasPrefix("//") {
            throw WorkbenchError("\(location): $ref \(ref) names a URL; only files are read, never fetched")
        }
        if decoded.hasPrefix("/") || decoded.hasPrefix("~") { return decoded }
        var parts = file.map(Self.folder(of:)) ?? root
        for segment in decoded.split(separator: "/") {
            switch segment {
            case ".": continue
            case "..":
                // Above the folder's own parts (`../x` from `api.yaml`) the `..` stays in the path.
                if let last = parts.last, last != "..", !(parts.count == 1 && last.isEmpty) {
                    parts.removeLast()
                } else {
                    parts.append("..")
                }
            default: parts.append(String(segment))
            }
        }
        return parts.joined(separator: "/")
    }

    private mutating func load(_ path: String, ref: String) throws(WorkbenchError) -> JSONValue {
        if let tree = files[path] { return tree }
        guard files.count < Self.maximumFiles else {
            throw WorkbenchError("\(location): refers to more than \(Self.maximumFiles) other files; not loaded")
        }
        let bytes: [UInt8]
        do {
            bytes = try readFile(path)
        } catch {
            throw error.prefixed("\(location): $ref \(ref): ")
        }
        bytesRead += bytes.count
        guard bytesRead <= Self.maximumBytes else {
            throw WorkbenchError("\(location): the files it refers to hold more than \(Self.maximumBytes >> 20) MB; not loaded")
        }
        let tree = try DescriptionTree.parse(bytes, name: path)
        files[path] = tree
        return tree
    }

    /// A JSON pointer (`/components/schemas/Pet`, `~1` for `/`, `~0` for `~`) in `document`.
    static func lookup(_ pointer: String, in document: JSONValue) -> JSONValue? {
        var current = document
        for raw in pointer.split(separator: "/", omittingEmptySubsequences: true) {
            let token = PercentEncoding.decode(String(raw)).replacingOccurrences(of: "~1", with: "/").replacingOccurrences(
                of: "~0", with: "~")
            switch current {
            case .object:
                guard let next = current[token] else { return nil }
                current = next
            case .array(let items):
                guard let index = Int(token), items.indices.contains(index) else { return nil }
                current = items[index]
            default:
                return nil
            }
        }
        return current
    }

    /// A component name for a cyclic target: its last pointer segment, else its file's base name.
    private func uniqueName(for pointer: String, file: String) -> String {
        var base =
            pointer.split(separator: "/").last.map(String.init)
            ?? String(file.split(separator: "/").last ?? "Schema").split(separator: ".").first.map(String.init) ?? "Schema"
        base = String(
            base.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" || $0 == "." })
        if base.isEmpty { base = "Schema" }
        var name = base
        var index = 2
        while cyclic.values.contains(name) || taken.contains(name) { name = base + String(index); index += 1 }
        return name
    }
}
