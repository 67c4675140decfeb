import WorkbenchBasics
import WorkbenchHTTP

/// What changed between two responses, as `workbench replay --diff` and the
/// REPL's `diff N M` show it: the status, the headers asked for, and the body:
/// JSON by structure (paths added, removed and changed; numbers by value,
/// member order ignored, arrays by index), text line by line, anything else by size.
///
/// Both responses are `RecordedResponse`s, already through the redaction step:
/// a secret is `******` on both sides, so it neither shows nor counts as a change.
public struct ResponseDiff: Equatable, Sendable {
    public enum Change: Equatable, Sendable {
        /// `200` or `grpc 5 NOT_FOUND` (a gRPC call's outcome is its grpc-status).
        case status(old: String, new: String)
        /// A header asked for; nil where the response has none.
        case header(name: String, old: String?, new: String?)
        /// A JSON path whose value changed, as compact JSON.
        case changed(path: String, old: String, new: String)
        case added(path: String, value: String)
        case removed(path: String, value: String)
        /// Text bodies: the lines of a short unified-style diff.
        case text([TextLine])
        /// Bodies compared by what can be told of them (size, kind).
        case body(old: String, new: String)
    }

    /// One line of a text diff.
    public enum TextLine: Equatable, Sendable {
        case same(String)
        case removed(String)
        case added(String)
        /// Lines left out between two hunks, or after the shown limit.
        case gap(String)
    }

    public var changes: [Change]

    public var isEmpty: Bool { changes.isEmpty }

    /// What to compare beyond the status and the body.
    public struct Options: Equatable, Sendable {
        /// Lower-cased names of the headers compared (`--diff-header NAME`).
        public var headers: [String] = []
        /// `--diff-header '*'`: every header.
        public var allHeaders = false
        /// `--ignore 'header NAME'`, lower-cased.
        public var ignoredHeaders: Set<String> = []
        /// `--ignore PATH`.
        public var ignoredPaths: [JSONPathPattern] = []

        public init() {}

        /// Reads `--diff-header NAME` (the REPL's `--header`, named in errors as
        /// `headerOption`) and `--ignore PATH|'header NAME'` as typed.
        public init(headers: [String], ignore: [String], headerOption: String = "--diff-header") throws(WorkbenchError) {
            for name in headers {
                if name == "*" { allHeaders = true; continue }
                guard HTTPSyntax.isToken(name) else {
                    throw WorkbenchError("\(headerOption): \(Excerpt.quoted(name)) is not a header name")
                }
                self.headers.append(name.lowercased())
            }
            for item in ignore {
                let words = item.split(separator: " ", omittingEmptySubsequences: true)
                if words.first?.lowercased() == "header" {
                    guard words.count == 2, HTTPSyntax.isToken(String(words[1])) else {
                        throw WorkbenchError(
                            "--ignore: expected `header NAME` or a JSON path like $.updated_at, got \(Excerpt.quoted(item))")
                    }
                    ignoredHeaders.insert(words[1].lowercased())
                } else {
                    do throws(WorkbenchError) { ignoredPaths.append(try JSONPathPattern(parsing: item)) } catch {
                        throw error.mapMessage { "--ignore: \($0) (a JSON path like $.items[*].id, or `header NAME`)" }
                    }
                }
            }
        }
    }

    /// The differences from `old` to `new`.
    public static func compare(_ old: RecordedResponse, _ new: RecordedResponse, options: Options = Options()) -> ResponseDiff {
        var changes: [Change] = []
        if old.statusText != new.statusText { changes.append(.status(old: old.statusText, new: new.statusText)) }
        changes += headerChanges(old.headers, new.headers, options: options)
        changes += bodyChanges(old, new, options: options)
        return ResponseDiff(changes: changes)
    }

    static func headerChanges(_ old: [HeaderField], _ new: [HeaderField], options: Options) -> [Change] {
        var names = options.headers
        if options.allHeaders {
            for field in old + new where !names.contains(field.name.lowercased()) { names.append(field.name.lowercased()) }
        }
        var changes: [Change] = []
        for name in names where !options.ignoredHeaders.contains(name) {
            let before = old.values(of: name)
            let after = new.values(of: name)
            guard before != after else { continue }
            let shown = (old + new).first { $0.hasName(name) }?.name ?? name
            changes.append(
                .header(
                    name: shown, old: before.isEmpty ? nil : before.joined(separator: ", "),
                    new: after.isEmpty ? nil : after.joined(separator: ", ")))
        }
        return changes
    }

    static func bodyChanges(_ old: RecordedResponse, _ new: RecordedResponse, options: Options) -> [Change] {
        // A 1xx, 204 or 304 has no body on the wire (RFC 9110), though a browser's HAR keeps the
        // cached page under a 304: nothing a server sends again could be compared with it.
        let bodiless: (Int) -> Bool = { (100..<200).contains($0) || $0 == 204 || $0 == 304 }
        if bodiless(old.statusCode) || bodiless(new.statusCode) { return [] }
        guard let before = old.body, let after = new.body else {
            // A recording whose body was not kept (a HAR log without content, binary, over the size
            // kept) says nothing the new body could differ from.
            if old.body == nil && old.bodySize > 0 { return [] }
            // No body either way (a 304, a HAR entry without content): the same.
            if (old.body ?? "").isEmpty && (new.body ?? "").isEmpty && old.bodySize == 0 && new.bodySize == 0 { return [] }
            // A body not kept (binary, or over the size kept): only its size can be told.
            if old.body == nil && new.body == nil && old.bodySize == new.bodySize { return [] }
            return [.body(old: describe(old), new: describe(new))]
        }
        if before == after { return [] }
        if var oldJSON = try? JSONParser.parse(Array(before.utf8), skippingByteOrderMark: true),
            var newJSON = try? JSONParser.parse(Array(after.utf8), skippingByteOrderMark: true)
        {
            defer { oldJSON.dismantle(); newJSON.dismantle() }
            return jsonChanges(oldJSON, newJSON, ignoring: options.ignoredPaths)
        }
        let lines = TextDiff.lines(before, after)
        return lines.isEmpty ? [] : [.text(lines)]
    }

    static func describe(_ response: RecordedResponse) -> String {
        response.body == nil ? "body not kept, \(Quantities.size(response.bodySize))" : "text, \(Quantities.size(response.bodySize))"
    }

    /// The longest value shown in a path's line; the rest is cut.
    static let valueLimit = 120

    static func shown(_ value: JSONValue) -> String {
        let text = value.jsonText
        return text.count > valueLimit ? text.prefix(valueLimit) + "…" : text
    }

    /// Walks both values with an explicit stack (a body may nest 100,000
    /// deep), in document order (the recorded members first, then those only
    /// the new value has); members by key (the last of a repeated key, as
    /// `JSONEquality`), arrays by index.
    static func jsonChanges(_ old: JSONValue, _ new: JSONValue, ignoring ignored: [JSONPathPattern]) -> [Change] {
        // A place is its parent's place and one step: paths are never copied
        // per level, and only spelled out for a change or an ignore check.
        var places: [(parent: Int, step: JSONPath.Component)] = []
        enum Work {
            case compare(place: Int, depth: Int, JSONValue, JSONValue)
            case report(Change)
        }
        func steps(_ place: Int) -> [JSONPath.Component] {
            var steps: [JSONPath.Component] = []
            var current = place
            while current >= 0 { steps.append(places[current].step); current = places[current].parent }
            return steps.reversed()
        }
        // Deeper than every pattern, a place is covered only through an ancestor, which was skipped.
        let deepest = ignored.map(\.steps.count).max() ?? -1
        func isIgnored(_ place: Int, depth: Int) -> Bool {
            depth <= deepest && ignored.contains { $0.covers(steps(place)) }
        }
        func name(_ place: Int) -> String { JSONPath.render(steps(place)[...]) }
        var changes: [Change] = []
        var pending: [Work] = [.compare(place: -1, depth: 0, old, new)]
        while let work = pending.popLast() {
            guard case .compare(let place, let depth, let left, let right) = work else {
                if case .report(let change) = work { changes.append(change) }
                continue
            }
            if isIgnored(place, depth: depth) { continue }
            var children: [Work] = []
            func one(_ step: JSONPath.Component, _ left: JSONValue?, _ right: JSONValue?) {
                places.append((place, step))
                let child = places.count - 1
                switch (left, right) {
                case (let left?, let right?): children.append(.compare(place: child, depth: depth + 1, left, right))
                case (let left?, nil) where !isIgnored(child, depth: depth + 1):
                    children.append(.report(.removed(path: name(child), value: shown(left))))
                case (nil, let right?) where !isIgnored(child, depth: depth + 1):
                    children.append(.report(.added(path: name(child), value: shown(right))))
                default: break
                }
            }
            switch (left, right) {
            case (.object(let leftMembers), .object(let rightMembers)):
                let leftByKey = JSONEquality.lastMembers(leftMembers)
                let rightByKey = JSONEquality.lastMembers(rightMembers)
                var seen = Set<[UInt8]>()
                for member in leftMembers + rightMembers {
                    let key = Array(member.key.utf8)
                    if seen.insert(key).inserted { one(.key(member.key), leftByKey[key], rightByKey[key]) }
                }
            case (.array(let leftElements), .array(let rightElements)):
                for index in 0..<max(leftElements.count, rightElements.count) {
                    one(
                        .index(index), index < leftElements.count ? leftElements[index] : nil,
                        index < rightElements.count ? rightElements[index] : nil)
                }
            default:
                if !JSONEquality.equal(left, right) {
                    changes.append(.changed(path: name(place), old: shown(left), new: shown(right)))
                }
            }
            pending.append(contentsOf: children.reversed())
        }
        return changes
    }

    /// The most changes `lines` lists; the rest are counted in one line.
    static let shownLimit = 50

    /// The diff as lines, each indented by two spaces: `$.name: [-"ana"-]{+"bob"+}`,
    /// removed text red and added text green when `color` is on (as
    /// `git diff --word-diff` shows them), the brackets always.
    public func lines(color: Bool) -> [String] {
        func removed(_ text: String) -> String { ANSI.paint("[-" + text + "-]", ANSI.red, if: color) }
        func added(_ text: String) -> String { ANSI.paint("{+" + text + "+}", ANSI.green, if: color) }
        var lines: [String] = []
        for change in changes.prefix(Self.shownLimit) {
            switch change {
            case .status(let old, let new):
                lines.append("  status: " + removed(old) + added(new))
            case .header(let name, let old, let new):
                let line = "  header \(TerminalText.escapeLine(name)): " + (old.map { removed(TerminalText.escapeLine($0)) } ?? "")
                lines.append(line + (new.map { added(TerminalText.escapeLine($0)) } ?? ""))
            case .changed(let path, let old, let new):
                lines.append("  \(TerminalText.escapeLine(path)): " + removed(old) + added(new))
            case .added(let path, let value):
                lines.append("  \(TerminalText.escapeLine(path)): " + added(value))
            case .removed(let path, let value):
                lines.append("  \(TerminalText.escapeLine(path)): " + removed(value))
            case .body(let old, let new):
                lines.append("  body: " + removed(old) + added(new))
            case .text(let textLines):
                lines.append("  body:")
                for line in textLines {
                    switch line {
                    case .same(let text): lines.append("    " + TerminalText.escapeLine(text))
                    case .removed(let text): lines.append("    " + removed(TerminalText.escapeLine(text)))
                    case .added(let text): lines.append("    " + added(TerminalText.escapeLine(text)))
                    case .gap(let note): lines.append("    " + ANSI.paint(note, ANSI.dim, if: color))
                    }
                }
            }
        }
        if changes.count > Self.shownLimit {
            let more = changes.count - Self.shownLimit
            lines.append(
                "  "
                    + ANSI.paint(
                        "… and \(more) more change\(more == 1 ? "" : "s") (--ignore leaves out what is expected to change)", ANSI.dim,
                        if: color))
        }
        return lines
    }

    /// `1 difference`, `3 differences`.
    public var count: String {
        let number = changes.reduce(0) { total, change in
            if case .text(let lines) = change {
                return total + lines.count { if case .added = $0 { true } else if case .removed = $0 { true } else { false } }
            }
            return total + 1
        }
        return "\(number) difference\(number == 1 ? "" : "s")"
    }
}
