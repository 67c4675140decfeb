import Dispatch
import OpenAPIKit
import Synchronization
import WorkbenchBasics

/// From a description's bytes to an OpenAPIKit 3.1 document, loading what can
/// be loaded.
///
/// When OpenAPIKit rejects one operation, path or component, that piece is cut
/// from the generic tree (found by the error's coding path) and the rest is
/// decoded again, a bounded number of times; each piece cut becomes one
/// warning. Only a file that is not an OpenAPI description at all, or whose
/// top level is broken, is refused. Vendor extensions (`x-...`) are not read:
/// nothing here uses them, reading them costs a second decoding of every
/// object, and OpenAPIKit refuses objects with unknown members that lack the
/// `x-` (httpbin's `info` has two).
enum DescriptionLoading {
    struct Loaded {
        var document: OpenAPI.Document
        /// One line per piece left out: where, and OpenAPIKit's reason.
        var skipped: [String]
        /// One line per keyword read leniently (see `LenientReading`).
        var lenient: [String] = []
        /// One line per file its `$ref`s name that `LocalFileRule` refused (not read).
        var refusedFiles: [String] = []
        /// `3.1.0`, `3.0.3`, `2.0` as the file says.
        var sourceVersion: String
    }

    /// At most this many pieces are cut before the file is refused.
    static let maximumSkipped = 100

    /// - Parameters:
    ///   - readFile: reads the files its `$ref`s name (see `ExternalReferences`);
    ///     nil for a description fetched by URL.
    ///   - fileRule: which of those files may be read.
    static func load(
        _ bytes: [UInt8], name: String, defaultScheme: String = "http", readFile: ExternalReferences.ReadFile? = nil,
        fileRule: LocalFileRule = LocalFileRule()
    ) throws(WorkbenchError) -> Loaded {
        try DescriptionBounds.checkSize(bytes.count, name: name)
        var tree = try DescriptionTree.parse(bytes, name: name)
        var refusedFiles: [String] = []
        if let readFile {
            refusedFiles = try ExternalReferences.resolve(&tree, location: name, fileRule: fileRule, readFile: readFile).warnings
        }
        guard case .object = tree else {
            throw WorkbenchError("\(name) is not an OpenAPI description: its top level is \(tree.kindDescription), not an object")
        }
        let version: String
        let isVersion30: Bool
        if let openapi = tree["openapi"]?.stringValue ?? tree["openapi"].flatMap(numberText) {
            version = versionText(openapi)
            if openapi.hasPrefix("3.0") {
                isVersion30 = true
            } else if openapi.hasPrefix("3.") {
                isVersion30 = false
            } else {
                throw WorkbenchError("\(name) says openapi \(version); the workbench reads OpenAPI 3.0, 3.1 and Swagger 2.0")
            }
        } else if let swagger = tree["swagger"]?.stringValue ?? tree["swagger"].flatMap(numberText) {
            guard swagger.hasPrefix("2") else {
                throw WorkbenchError("\(name) says swagger \(versionText(swagger)); the workbench reads Swagger 2.0, OpenAPI 3.0 and 3.1")
            }
            version = versionText(swagger)
            isVersion30 = true
            tree = Swagger2Conversion.convert(tree, defaultScheme: defaultScheme)
        } else {
            throw WorkbenchError("\(name) is not an OpenAPI description: it has no `openapi` or `swagger` version at its top")
        }

        let lenient = LenientReading.apply(to: &tree, isVersion31: !isVersion30)
        let readsExactText = lenient.keptExactText

        // Decoding is most of the time a large description takes: its paths are
        // split in two documents decoded at once (on two cores), then joined in order.
        // Each half is handed over (not copied) so the tree can be let go as soon as it is decoded.
        let parts = Mutex(split(tree))
        tree = .null
        let count = parts.withLock { $0.count }
        let results = Mutex<[Result<(OpenAPI.Document, [String]), WorkbenchError>?]>(Array(repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            var part = parts.withLock { parts in
                defer { parts[index] = .null }
                return parts[index]
            }
            let result = Result { () throws(WorkbenchError) in
                try decode(&part, isVersion30: isVersion30, name: name, version: version, readsExactText: readsExactText)
            }
            results.withLock { $0[index] = result }
        }
        var document: OpenAPI.Document?
        var skipped: [String] = []
        for result in results.withLock({ $0 }) {
            guard let (part, partSkipped) = try result?.get() else { continue }
            skipped += partSkipped
            if document == nil {
                document = part
            } else {
                for (path, item) in part.paths { document?.paths[path] = item }
            }
        }
        guard let document else { throw WorkbenchError("\(name) cannot be read as OpenAPI \(version)") }
        guard skipped.count <= maximumSkipped else {
            throw WorkbenchError("\(name) cannot be read as OpenAPI \(version): more than \(maximumSkipped) pieces are broken")
        }
        return Loaded(
            document: document, skipped: skipped, lenient: lenient.notes, refusedFiles: refusedFiles, sourceVersion: version)
    }

    /// Descriptions with this many paths are decoded in two halves.
    static let pathsToSplit = 200

    /// The tree as one document, or as two: the first with the first half of
    /// the paths and everything else, the second with the other half and only
    /// what decoding paths checks them against: the security schemes (an
    /// operation's `security` must name one, or OpenAPIKit rejects it). The
    /// other components are decoded once, with the first half; references
    /// from the second half resolve against them once the halves are joined.
    static func split(_ tree: JSONValue) -> [JSONValue] {
        let paths = tree["paths"]?.members ?? []
        guard paths.count >= pathsToSplit else { return [tree] }
        let half = paths.count / 2
        var first = tree
        first.set("paths", .object(Array(paths[..<half])))
        var second = JSONValue.object(tree.members.filter { ["openapi", "info"].contains($0.key) })
        if let schemes = tree["components"]?["securitySchemes"] {
            second.set("components", .object([JSONMember(key: "securitySchemes", value: schemes)]))
        }
        second.set("paths", .object(Array(paths[half...])))
        return [first, second]
    }

    /// One document decoded, pieces OpenAPIKit rejects cut out one by one
    /// (then, past `piecesBeforeSearch`, all at once), within `DecodingWork`.
    /// The tree is left `.null`: a 3.0 one is let go before the conversion to
    /// 3.1, so that the tree and both documents are never in memory at once.
    private static func decode(
        _ tree: inout JSONValue, isVersion30: Bool, name: String, version: String, readsExactText: Bool
    ) throws(WorkbenchError) -> (OpenAPI.Document, [String]) {
        var skipped: [String] = []
        var work: DecodingWork?
        while true {
            if !skipped.isEmpty {
                // Every whole decoding after the first counts against the bound.
                let values = work?.treeValues ?? tree.valueCount
                if work == nil { work = DecodingWork(name: name, version: version, treeValues: values) }
                try work?.charge(values)
            }
            do {
                if isVersion30 {
                    let document = try OpenAPI30Reading.decode(tree, readsExactText: readsExactText)
                    tree = .null
                    return (OpenAPI30Reading.convert(document), skipped)
                }
                let document = try decode31(tree, readsExactText: readsExactText)
                tree = .null
                return (document, skipped)
            } catch {
                let problem = OpenAPI.Error(from: error)
                let codingPath = problem.codingPath.map(\.stringValue)
                guard skipped.count < maximumSkipped, let piece = skippablePiece(codingPath),
                    tree.remove(at: piece.path[...])
                else {
                    throw WorkbenchError("\(name) cannot be read as OpenAPI \(version): \(oneLine(problem.localizedDescription))")
                }
                skipped.append("\(piece.name): \(oneLine(problem.localizedDescription))")
                if skipped.count == piecesBeforeSearch, var found = work {
                    skipped += try DescriptionPieces.cutBroken(
                        &tree,
                        check: { small in
                            if isVersion30 {
                                _ = try OpenAPI30Reading.decode(small, readsExactText: readsExactText)
                            } else {
                                _ = try decode31(small, readsExactText: readsExactText)
                            }
                        }, work: &found, skippedBefore: skipped.count)
                    work = found
                }
            }
        }
    }

    private static func decode31(_ tree: JSONValue, readsExactText: Bool) throws -> OpenAPI.Document {
        // Vendor extensions are read only on the schemas `LenientReading` gave exact text.
        let marked =
            readsExactText
            ? (
                member: LenientReading.exactKey,
                userInfo: [VendorExtensionsConfiguration.enabledKey: true] as [CodingUserInfoKey: any Sendable]
            )
            : nil
        return try JSONValueDecoder.decode(
            OpenAPI.Document.self, from: tree, userInfo: [VendorExtensionsConfiguration.enabledKey: false],
            sharing: OpenAPI30Reading.shared31, marked: marked)
    }

    /// After this many pieces cut one whole decoding each, the rest are
    /// looked for piece by piece (`DescriptionPieces`): a few broken pieces
    /// cost less the plain way, many would cost a decoding each.
    static let piecesBeforeSearch = 3

    private static func numberText(_ value: JSONValue) -> String? {
        if case .number(let text) = value { return text }
        return nil
    }

    private static let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"]

    /// The smallest piece that can be left out for a failure at `codingPath`:
    /// an operation, else a path, else a component or webhook.
    static func skippablePiece(_ codingPath: [String]) -> (path: [String], name: String)? {
        if codingPath.count >= 2, codingPath[0] == "paths" {
            if codingPath.count >= 3, methods.contains(codingPath[2].lowercased()) {
                return (Array(codingPath[0...2]), "\(codingPath[2].uppercased()) \(codingPath[1])")
            }
            return (Array(codingPath[0...1]), "path \(codingPath[1])")
        }
        if codingPath.count >= 3, codingPath[0] == "components" {
            return (Array(codingPath[0...2]), "components/\(codingPath[1])/\(codingPath[2])")
        }
        if codingPath.count >= 2, codingPath[0] == "webhooks" {
            return (Array(codingPath[0...1]), "webhook \(codingPath[1])")
        }
        return nil
    }

    /// The version as the file gives it, for messages and the summary: one
    /// line (a YAML block could make it many), at most 40 characters.
    static func versionText(_ text: String) -> String {
        let line = oneLine(text)
        return line.count > 40 ? line.prefix(40) + "…" : line
    }

    /// OpenAPIKit's messages, on one line, without their doubled spaces and periods.
    static func oneLine(_ text: String) -> String {
        var line = text.split(whereSeparator: { $0.isNewline || $0 == " " }).joined(separator: " ")
        while line.hasSuffix("..") { line.removeLast() }
        return line
    }
}
