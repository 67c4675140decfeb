import Foundation
import WorkbenchBasics

/// `ls [PATH]`: the paths below a path as an indented tree of segments with
/// their methods, fitted to the terminal's width and bounded in length.
///
/// ```
/// pets/                GET POST
///   {petId}            GET DELETE
///     photos           GET
/// ```
/// A tree longer than `maximumLines` is shown less deep, each folded branch
/// with how many paths it holds; a level still too long is cut with a count.
public enum APIListing {
    public static func text(_ description: APIDescription, below path: String, width: Int = 80, maximumLines: Int = 40) -> String {
        let nodes = description.tree.nodes(matching: path)
        guard !nodes.isEmpty else {
            return "(no paths below \(path.isEmpty ? "/" : path) in \(description.location))"
        }
        var entries: [Entry] = []
        for node in nodes {
            if let route = node.route, entries.isEmpty {
                entries.append(Entry(depth: 0, name: ".", methods: description.routes[route].methods, folded: 0))
            }
        }
        var depth = 64
        var listed: [Entry] = []
        while true {
            listed = entries
            for node in nodes { collect(node, description: description, depth: 0, limit: depth, into: &listed) }
            if listed.count <= maximumLines || depth == 1 { break }
            depth = min(depth, maxDepth(listed)) - 1
        }
        guard !listed.isEmpty else { return "(no paths below \(path.isEmpty ? "/" : path))" }
        var cut = 0
        if listed.count > maximumLines {
            cut = listed.count - (maximumLines - 1)
            listed = Array(listed.prefix(maximumLines - 1))
        }
        let nameWidth = min(listed.map { $0.depth * 2 + $0.name.count }.max() ?? 0, width / 2) + 2
        var lines = listed.map { entry -> String in
            let name = String(repeating: "  ", count: entry.depth) + entry.name
            var line = name.count < nameWidth ? name.padding(toLength: nameWidth, withPad: " ", startingAt: 0) : name + "  "
            line += entry.methods.joined(separator: " ")
            if entry.folded > 0 {
                line += (entry.methods.isEmpty ? "" : "  ") + "(\(entry.folded) path\(entry.folded == 1 ? "" : "s") below)"
            }
            while line.hasSuffix(" ") { line.removeLast() }
            return line.count > width ? String(line.prefix(width - 1)) + "…" : line
        }
        if cut > 0 {
            lines.append("… and \(cut) more (`ls PATH` lists one branch)")
        }
        return lines.joined(separator: "\n")
    }

    struct Entry {
        var depth: Int
        var name: String
        var methods: [String]
        /// Routes below a branch not shown at this depth.
        var folded: Int
    }

    private static func maxDepth(_ entries: [Entry]) -> Int {
        (entries.map(\.depth).max() ?? 0) + 1
    }

    private static func collect(_ node: PathTree.Node, description: APIDescription, depth: Int, limit: Int, into entries: inout [Entry]) {
        for (segment, child) in node.children {
            let hasChildren = child.hasChildren
            let methods = child.route.map { description.routes[$0].methods } ?? []
            if hasChildren && depth + 1 >= limit {
                let below = child.routes().count - (child.route == nil ? 0 : 1)
                entries.append(Entry(depth: depth, name: segment + "/", methods: methods, folded: below))
                continue
            }
            entries.append(Entry(depth: depth, name: segment + (hasChildren ? "/" : ""), methods: methods, folded: 0))
            if hasChildren { collect(child, description: description, depth: depth + 1, limit: limit, into: &entries) }
        }
    }
}
