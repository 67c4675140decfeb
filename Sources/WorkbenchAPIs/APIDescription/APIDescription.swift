import Foundation
import OpenAPIKit
import WorkbenchBasics

/// A loaded API description: the OpenAPIKit 3.1 document (3.0 and Swagger 2.0
/// converted on the way in) and its paths as a tree, which `ls`, `cd`,
/// `describe`, completion, `body example` and `expect schema` read.
///
/// A value: loading builds it once; nothing in it changes afterwards.
public struct APIDescription: Sendable, Equatable {
    /// Where it was loaded from, as the user typed it (saved with the session).
    public var location: String
    public var document: OpenAPI.Document
    /// The version the file says: `3.1.0`, `3.0.3`, `2.0`.
    public var sourceVersion: String
    /// One line per piece that could not be read and was left out.
    public var warnings: [String]
    /// One line per keyword a strict reader rejects that was read leniently
    /// (3.0 forms in a 3.1 document, numbers beyond 64 bits): where, what, how.
    public var lenientReadings: [String]
    /// One line per file its `$ref`s name that the local-file rule refused (not read).
    public var refusedFiles: [String]
    /// The servers' URLs, variables filled with their defaults, relative ones
    /// resolved against the description's own URL (and left out when it has none).
    public var servers: [String]
    /// Every path template with its methods, in the document's order.
    public var routes: [APIRoute]
    var tree = PathTree()

    public var title: String { document.info.title }

    /// `petstore.yaml: Swagger Petstore 1.0.0 (OpenAPI 3.0.0)` and, on a line
    /// of its own, `3 operations on 2 paths`.
    public var summary: String {
        let operations = routes.reduce(0) { $0 + $1.methods.count }
        let kind = sourceVersion.hasPrefix("2") ? "Swagger \(sourceVersion)" : "OpenAPI \(sourceVersion)"
        return "\(location): \(title) \(document.info.version) (\(kind))\n"
            + "\(operations) operation\(operations == 1 ? "" : "s") on \(routes.count) path\(routes.count == 1 ? "" : "s")"
    }

    /// Two loads of one description are equal: documents are not compared member by member.
    public static func == (lhs: APIDescription, rhs: APIDescription) -> Bool {
        lhs.location == rhs.location && lhs.sourceVersion == rhs.sourceVersion && lhs.routes == rhs.routes
            && lhs.servers == rhs.servers && lhs.warnings == rhs.warnings && lhs.title == rhs.title
            && lhs.lenientReadings == rhs.lenientReadings && lhs.refusedFiles == rhs.refusedFiles
    }

    /// The base a workspace without one takes: the first server.
    public var defaultBase: String? { servers.first }

    /// Reads a description's bytes.
    /// - Parameters:
    ///   - location: what the user typed, kept for the session and messages.
    ///   - sourceURL: the URL it was fetched from, if any: relative server URLs
    ///     resolve against it, and a Swagger 2.0 `host` without `schemes` takes its scheme.
    ///   - readFile: reads the other files its `$ref`s name, relative to `location` (nil: they are not read).
    ///   - fileRule: which of those files may be read (`LocalFileRule`: the description's folder and those allowed).
    public static func load(
        _ bytes: [UInt8], location: String, sourceURL: String? = nil,
        readFile: ((String) throws(WorkbenchError) -> [UInt8])? = nil, fileRule: LocalFileRule = LocalFileRule()
    ) throws(WorkbenchError) -> APIDescription {
        let scheme = sourceURL.flatMap { url in url.range(of: "://").map { String(url[..<$0.lowerBound]) } }
        let loaded = try DescriptionLoading.load(
            FileSystem.withoutByteOrderMark(bytes), name: location, defaultScheme: scheme ?? "http", readFile: readFile,
            fileRule: fileRule)
        return APIDescription(location: location, loaded: loaded, sourceURL: sourceURL)
    }

    init(location: String, loaded: DescriptionLoading.Loaded, sourceURL: String?) {
        self.location = location
        self.document = loaded.document
        self.sourceVersion = loaded.sourceVersion
        self.warnings = loaded.skipped
        self.lenientReadings = loaded.lenient
        self.refusedFiles = loaded.refusedFiles
        self.servers = loaded.document.servers.compactMap { Self.serverURL($0, sourceURL: sourceURL) }
        var routes: [APIRoute] = []
        for (path, item) in loaded.document.paths {
            guard let pathItem = loaded.document.components[item] else { continue }
            routes.append(APIRoute(template: path.rawValue, methods: pathItem.endpoints.map(\.method.rawValue)))
        }
        self.routes = routes
        for (index, route) in routes.enumerated() {
            tree.insert(template: route.template, route: index)
        }
    }

    /// The server's URL with its variables' defaults, absolute, without a trailing slash.
    static func serverURL(_ server: OpenAPI.Server, sourceURL: String?) -> String? {
        var url = server.urlTemplate.absoluteString
        for (name, variable) in server.variables {
            url = url.replacingOccurrences(of: "{\(name)}", with: variable.default)
        }
        while url.count > 1, url.hasSuffix("/") { url.removeLast() }
        if url.contains("://") { return url }
        guard let sourceURL, let schemeEnd = sourceURL.range(of: "://") else { return nil }
        let afterScheme = sourceURL[schemeEnd.upperBound...]
        let authorityEnd = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? afterScheme.endIndex
        let origin = String(sourceURL[..<authorityEnd])
        if url == "/" { return origin }
        if url.hasPrefix("/") { return origin + url }
        // Relative to the description's folder.
        let pathPart = sourceURL[authorityEnd...].prefix { $0 != "?" && $0 != "#" }
        let folder = pathPart.lastIndex(of: "/").map { String(pathPart[..<$0]) } ?? ""
        return origin + folder + "/" + url
    }

    // MARK: Paths

    /// The route whose template a concrete path fills (`/pets/42` -> `/pets/{petId}`).
    public func route(matching path: String) -> APIRoute? {
        tree.route(matching: path).map { routes[$0] }
    }

    /// The routes at or below `path` (a concrete path or a template), in the document's order.
    public func routes(below path: String) -> [APIRoute] {
        let indices = Set(tree.nodes(matching: path).flatMap { $0.routes() })
        return routes.indices.filter(indices.contains).map { routes[$0] }
    }

    /// `path` with each segment as the description writes it: a `{name}` typed
    /// for a parameter becomes that parameter's own `{petId}`; values and
    /// literals stay. Nil when the description has no such path (or prefix of one).
    public func canonicalPath(_ path: String) -> String? {
        var node = tree.root
        var result: [String] = []
        for segment in PathTree.segments(path) {
            if let literal = node.literals[segment] {
                node = literal
                result.append(segment)
            } else if let parameter = node.parameters.first(where: { PathTree.segmentMatches(segment, template: $0.segment) }) {
                node = parameter.node
                let isPlaceholder = segment.hasPrefix("{") && segment.hasSuffix("}") && !segment.hasPrefix("{{")
                result.append(isPlaceholder ? parameter.segment : segment)
            } else {
                return nil
            }
        }
        return "/" + result.joined(separator: "/")
    }

    /// The segments one level below `path` (literal ones sorted, then parameters
    /// such as `{petId}`), each with whether more lies below it.
    public func children(of path: String) -> [(segment: String, hasChildren: Bool)] {
        var seen: Set<String> = []
        var found: [(segment: String, hasChildren: Bool)] = []
        for node in tree.nodes(matching: path) {
            for (segment, child) in node.children where seen.insert(segment).inserted {
                found.append((segment, child.hasChildren))
            }
        }
        return found
    }

    /// Whether `path` leads anywhere in the description (a route or a prefix of one).
    public func contains(path: String) -> Bool {
        !tree.nodes(matching: path).isEmpty
    }

    /// The values a concrete path gives its template's parameters.
    public func pathParameterValues(path: String, template: String) -> [String: String] {
        PathTree.parameterValues(path: path, template: template)
    }

    // MARK: Operations

    /// The operation for a method (any case) on a concrete path, or nil when the description has none.
    public func operation(method: String, path: String) -> APIOperation? {
        guard let index = tree.route(matching: path) else { return nil }
        let template = routes[index].template
        guard let item = document.paths[OpenAPI.Path(rawValue: template)].flatMap({ document.components[$0] }),
            let endpoint = item.endpoints.first(where: { $0.method.rawValue == method.uppercased() })
        else { return nil }
        var building = OperationBuilding(components: document.components)
        return building.operation(endpoint.operation, method: endpoint.method.rawValue, template: template, pathItem: item)
    }

    /// The schema a `$ref` leads to (following chains); any other schema as it is.
    /// For readers walking into a reference `SchemaInlining` left in place (a cycle).
    public func resolved(_ schema: JSONSchema) -> JSONSchema {
        guard case .reference(let reference, let core) = schema.value,
            let target = SchemaInlining(components: document.components).target(of: reference)
        else { return schema }
        return core.required ? target.requiredSchemaObject() : target.optionalSchemaObject()
    }
}

/// A path template and the methods it has.
public struct APIRoute: Sendable, Equatable {
    public var template: String
    /// `GET`, `POST`, ... in the document's order.
    public var methods: [String]
}
