import OpenAPIKit
import WorkbenchBasics

/// Finding the broken pieces of a description without decoding all of it
/// again for each one.
///
/// OpenAPIKit stops at the first problem, so the loader's plain way (cut the
/// piece, decode the whole again) costs a whole decoding per broken piece: a
/// large description with a hundred broken operations would be decoded a
/// hundred times. Once a few pieces have been cut that way, the loader calls
/// `cutBroken` instead: every path, webhook and component is decoded on its
/// own, in a small document that holds only it, so the pieces are found in
/// about one decoding of the tree in all. The small document gives the same
/// coding paths and messages as the whole, and names the security schemes the
/// piece uses (as stand-ins), since OpenAPIKit checks an operation's `security`
/// against them. What only the whole shows is still found by the loader's loop,
/// whose work `DecodingWork` bounds.
enum DescriptionPieces {
    /// One decoding of a document; throws OpenAPIKit's error.
    typealias Check = (JSONValue) throws -> Void

    /// Cuts from `tree` every path, operation, webhook and component that
    /// fails on its own, and returns one warning line for each.
    static func cutBroken(
        _ tree: inout JSONValue, check: Check, work: inout DecodingWork, skippedBefore: Int
    ) throws(WorkbenchError) -> [String] {
        var skipped: [String] = []
        let schemes = Set(tree["components"]?["securitySchemes"]?.members.map(\.key) ?? [])
        var entries: [[String]] = []
        for kind in tree["components"]?.members ?? [] {
            entries += kind.value.members.map { ["components", kind.key, $0.key] }
        }
        entries += (tree["webhooks"]?.members ?? []).map { ["webhooks", $0.key] }
        entries += (tree["paths"]?.members ?? []).map { ["paths", $0.key] }

        for entry in entries {
            guard let value = value(at: entry, in: tree) else { continue }
            var small = document(holding: value, at: entry, like: tree, schemes: schemes)
            // Each round cuts an operation or the entry itself, so a path ends in a dozen rounds.
            while true {
                try work.charge(small.valueCount)
                do {
                    try check(small)
                    break
                } catch {
                    let problem = OpenAPI.Error(from: error)
                    let codingPath = problem.codingPath.map(\.stringValue)
                    guard let piece = DescriptionLoading.skippablePiece(codingPath),
                        piece.path.starts(with: entry) || entry.starts(with: piece.path),
                        small.remove(at: piece.path[...])
                    else { break }
                    _ = tree.remove(at: piece.path[...])
                    skipped.append("\(piece.name): \(DescriptionLoading.oneLine(problem.localizedDescription))")
                    if skippedBefore + skipped.count > DescriptionLoading.maximumSkipped {
                        throw WorkbenchError(
                            "\(work.name) cannot be read as OpenAPI \(work.version): more than "
                                + "\(DescriptionLoading.maximumSkipped) pieces are broken")
                    }
                    if piece.path.count <= entry.count { break }
                }
            }
        }
        return skipped
    }

    private static func value(at path: [String], in tree: JSONValue) -> JSONValue? {
        var value = tree
        for key in path {
            guard let next = value[key] else { return nil }
            value = next
        }
        return value
    }

    /// A document with `tree`'s version, a stand-in `info`, and only `value`
    /// at `entry` (paths are required in 3.0, so there is always a `paths`).
    private static func document(holding value: JSONValue, at entry: [String], like tree: JSONValue, schemes: Set<String>) -> JSONValue {
        var members = [
            JSONMember(key: "openapi", value: tree["openapi"] ?? .string("3.1.0")),
            JSONMember(
                key: "info",
                value: .object([
                    JSONMember(key: "title", value: .string("")),
                    JSONMember(key: "version", value: .string("")),
                ])),
        ]
        var used: [String] = []
        if entry[0] == "paths" {
            var seen = Set<String>()
            for operation in value.members {
                for requirement in operation.value["security"]?.items ?? [] {
                    for member in requirement.members where schemes.contains(member.key) && seen.insert(member.key).inserted {
                        used.append(member.key)
                    }
                }
            }
        }
        let standIn = JSONValue.object([
            JSONMember(key: "type", value: .string("http")),
            JSONMember(key: "scheme", value: .string("basic")),
        ])
        var components: [JSONMember] =
            used.isEmpty
            ? [] : [JSONMember(key: "securitySchemes", value: .object(used.map { JSONMember(key: $0, value: standIn) }))]
        if entry[0] == "components" {
            components.append(JSONMember(key: entry[1], value: .object([JSONMember(key: entry[2], value: value)])))
        }
        if !components.isEmpty { members.append(JSONMember(key: "components", value: .object(components))) }
        if entry[0] == "webhooks" {
            members.append(JSONMember(key: "webhooks", value: .object([JSONMember(key: entry[1], value: value)])))
        }
        members.append(
            JSONMember(
                key: "paths", value: .object(entry[0] == "paths" ? [JSONMember(key: entry[1], value: value)] : [])))
        return .object(members)
    }
}

/// The bound on the work of loading one description around its broken
/// pieces: every decoding after the first counts the values it reads, and
/// the total may not pass eight times the tree's values plus `allowance`.
/// Linear in the description, whatever its broken pieces.
struct DecodingWork {
    static let allowance = 10_000_000
    static let perValue = 8

    let name: String
    let version: String
    let treeValues: Int
    let maximum: Int
    private(set) var done = 0

    init(name: String, version: String, treeValues: Int) {
        self.name = name
        self.version = version
        self.treeValues = treeValues
        maximum = Self.perValue * treeValues + Self.allowance
    }

    mutating func charge(_ values: Int) throws(WorkbenchError) {
        done += values
        guard done > maximum else { return }
        throw WorkbenchError(
            "\(name) cannot be read as OpenAPI \(version): decoding it again around its broken pieces would read "
                + "more than \(maximum) values (the bound on loading work: \(Self.perValue) times its \(treeValues) "
                + "values plus \(Self.allowance))")
    }
}

extension JSONValue {
    /// How many values the tree holds, containers included (explicit stack:
    /// a tree here is already within `DescriptionBounds.maximumDepth`, but
    /// the walk costs nothing more this way).
    var valueCount: Int {
        var count = 0
        var pending: [JSONValue] = [self]
        while let value = pending.popLast() {
            count += 1
            switch value {
            case .object(let members): pending.append(contentsOf: members.map(\.value))
            case .array(let items): pending.append(contentsOf: items)
            default: break
            }
        }
        return count
    }
}
