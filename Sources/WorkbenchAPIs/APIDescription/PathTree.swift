import WorkbenchBasics

/// The description's path templates as a tree of segments, so that a path the
/// user typed (`/pets/42`) finds its template (`/pets/{petId}`), and `ls`, `cd`
/// and completion can list what lies below a path.
///
/// Matching prefers a literal segment to a parameter (`/pets/mine` before
/// `/pets/{petId}`), backtracking when the literal branch leads nowhere.
package struct PathTree: Sendable {
    struct Node: Sendable {
        var literals: [String: Node] = [:]
        /// Segments holding a parameter (`{petId}`, `{name}.json`), in document order.
        var parameters: [(segment: String, node: Node)] = []
        /// The index of the route whose template ends here.
        var route: Int?

        /// Every route index in this subtree.
        func routes() -> [Int] {
            var found: [Int] = route.map { [$0] } ?? []
            for child in children { found += child.node.routes() }
            return found
        }

        /// The nodes one level below with their segments: literals sorted, then parameters.
        var children: [(segment: String, node: Node)] {
            literals.keys.sorted().map { ($0, literals[$0]!) } + parameters
        }

        var hasChildren: Bool { !literals.isEmpty || !parameters.isEmpty }
    }

    private(set) var root = Node()

    /// The segments of a path: empty ones (doubled or trailing slashes) dropped,
    /// anything from `?` or `#` on ignored.
    package static func segments(_ path: String) -> [String] {
        let pathOnly = path.prefix { $0 != "?" && $0 != "#" }
        return pathOnly.split(separator: "/").map(String.init)
    }

    package static func isParameterSegment(_ segment: String) -> Bool {
        segment.contains("{") && segment.contains("}")
    }

    mutating func insert(template: String, route: Int) {
        Self.insert(Self.segments(template)[...], route: route, into: &root)
    }

    private static func insert(_ segments: ArraySlice<String>, route: Int, into node: inout Node) {
        guard let first = segments.first else {
            if node.route == nil { node.route = route }
            return
        }
        if isParameterSegment(first) {
            if let index = node.parameters.firstIndex(where: { $0.segment == first }) {
                insert(segments.dropFirst(), route: route, into: &node.parameters[index].node)
            } else {
                var child = Node()
                insert(segments.dropFirst(), route: route, into: &child)
                node.parameters.append((first, child))
            }
        } else {
            insert(segments.dropFirst(), route: route, into: &node.literals[first, default: Node()])
        }
    }

    /// The nodes `path` reaches, best match first (literals before parameters).
    func nodes(matching path: String) -> [Node] {
        var found: [Node] = []
        Self.collect(Self.segments(path)[...], from: root, into: &found)
        return found
    }

    private static func collect(_ segments: ArraySlice<String>, from node: Node, into found: inout [Node]) {
        guard let first = segments.first else {
            found.append(node)
            return
        }
        if let literal = node.literals[first] {
            collect(segments.dropFirst(), from: literal, into: &found)
        }
        for parameter in node.parameters where segmentMatches(first, template: parameter.segment) {
            collect(segments.dropFirst(), from: parameter.node, into: &found)
        }
    }

    /// The route index for a concrete path: the first match (literals preferred) that ends on a route.
    func route(matching path: String) -> Int? {
        nodes(matching: path).lazy.compactMap(\.route).first
    }

    /// Whether a typed segment fills a template segment: `42` fills `{id}`,
    /// `42.json` fills `{id}.json`, and the template's own text (`{id}`, as `cd`
    /// leaves it until filled) or a `{{variable}}` fills it too.
    static func segmentMatches(_ segment: String, template: String) -> Bool {
        if segment == template { return true }
        guard let open = template.firstIndex(of: "{"), let close = template.lastIndex(of: "}") else {
            return segment == template
        }
        let prefix = template[..<open]
        let suffix = template[template.index(after: close)...]
        return segment.count > prefix.count + suffix.count && segment.hasPrefix(prefix) && segment.hasSuffix(suffix)
            || (segment.hasPrefix("{") && segment.hasSuffix("}"))
    }

    /// The values a concrete path gives the template's parameters (`petId` -> `42`).
    static func parameterValues(path: String, template: String) -> [String: String] {
        var values: [String: String] = [:]
        for (segment, templateSegment) in zip(segments(path), segments(template)) where isParameterSegment(templateSegment) {
            guard let open = templateSegment.firstIndex(of: "{"), let close = templateSegment.firstIndex(of: "}") else { continue }
            let name = String(templateSegment[templateSegment.index(after: open)..<close])
            let prefixCount = templateSegment.distance(from: templateSegment.startIndex, to: open)
            let suffixCount = templateSegment.distance(from: close, to: templateSegment.endIndex) - 1
            guard segment.count >= prefixCount + suffixCount, !(segment.hasPrefix("{") && segment.hasSuffix("}")) else { continue }
            values[name] = String(segment.dropFirst(prefixCount).dropLast(suffixCount))
        }
        return values
    }
}
