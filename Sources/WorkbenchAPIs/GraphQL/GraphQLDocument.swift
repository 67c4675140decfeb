import GraphQL
import WorkbenchBasics
import WorkbenchHTTP

/// A GraphQL request document (`body graphql`), checked when typed: it must parse
/// (GraphQLSwift's parser, the reference implementation's port), hold operations and
/// fragments only, and stay within the bounds below. Errors name the line and column
/// of the text as typed, `{{NAME}}` references included.
public enum GraphQLDocument {
    /// One operation of a document: `query`, `mutation` or `subscription`, and its name.
    public struct Operation: Equatable, Sendable {
        public var kind: String
        public var name: String?
    }

    /// Bounds on what is handed to the parser, which recurses once a nesting level.
    public static let maxBytes = 1 << 20
    public static let maxDepth = 128

    /// The operations of `text`, in order; throws one `error:`-ready message.
    @discardableResult
    public static func check(_ text: String, what: String = "GraphQL document") throws(WorkbenchError) -> [Operation] {
        let document = try parse(text, what: what)
        var operations: [Operation] = []
        for definition in document.definitions {
            if let operation = definition as? OperationDefinition {
                operations.append(Operation(kind: operation.operation.rawValue, name: operation.name?.value))
            } else if !(definition is FragmentDefinition) {
                let place = position(of: definition.loc)
                throw WorkbenchError(
                    "invalid \(what): \(place)a request holds operations and fragments, not type definitions (a schema goes to `graphql schema FILE`)"
                )
            }
        }
        guard !operations.isEmpty else {
            throw WorkbenchError("invalid \(what): no operation (a query starts with `{` or `query`)")
        }
        return operations
    }

    /// `body graphql vars JSON`: a JSON object (templates allowed: a whole `{{NAME}}` may hold one).
    public static func checkVariables(_ text: String) throws(WorkbenchError) {
        try JSONTemplate.check(text, what: "GraphQL variables")
        let trimmed = text.trimmingSpaces()
        if trimmed.hasPrefix("{{") && trimmed.hasSuffix("}}") && (try? Template.parse(trimmed))?.count == 1 { return }
        guard trimmed.hasPrefix("{") else {
            throw WorkbenchError("invalid GraphQL variables: expected a JSON object, as in {\"id\": 1}")
        }
    }

    /// The parsed document; `{{NAME}}` references stand in as names of the same length,
    /// which parse wherever a name or a value may stand.
    static func parse(_ text: String, what: String) throws(WorkbenchError) -> Document {
        let source = try standIns(text, what: what)
        try checkBounds(source, what: what)
        do {
            return try GraphQL.parse(source: source, noLocation: false)
        } catch let error as GraphQLError {
            throw WorkbenchError("invalid \(what): \(describe(error))")
        } catch {
            throw WorkbenchError("invalid \(what): \(error)")
        }
    }

    /// `text` with each `{{NAME}}` replaced by as many `_` (a valid name).
    static func standIns(_ text: String, what: String) throws(WorkbenchError) -> String {
        guard Template.hasReferences(text) else { return text }
        do throws(WorkbenchError) { _ = try Template.parse(text) } catch { throw error.prefixed("invalid \(what): ") }
        var probe = ""
        var rest = Substring(text)
        while let open = rest.firstRange(of: "{{"), let close = rest[open.upperBound...].firstRange(of: "}}") {
            probe += rest[..<open.lowerBound]
            probe += String(repeating: "_", count: rest[open.lowerBound..<close.upperBound].count)
            rest = rest[close.upperBound...]
        }
        return probe + rest
    }

    /// Size and nesting (`{`, `[`, `(` outside strings and comments) within the bounds.
    static func checkBounds(_ text: String, what: String, maxBytes: Int = maxBytes) throws(WorkbenchError) {
        guard text.utf8.count <= maxBytes else {
            throw WorkbenchError(
                "invalid \(what): \(Quantities.size(text.utf8.count)) is more than the \(Quantities.size(maxBytes)) a document may have")
        }
        var depth = 0
        var line = 1
        var inString = false
        var inComment = false
        var previous: UInt8 = 0
        for byte in text.utf8 {
            defer { previous = byte }
            if byte == UInt8(ascii: "\n") { line += 1; inComment = false; if inString { continue } }
            if inComment { continue }
            if inString {
                if byte == UInt8(ascii: "\"") && previous != UInt8(ascii: "\\") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "#"): inComment = true
            case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "("):
                depth += 1
                if depth > maxDepth {
                    throw WorkbenchError("invalid \(what): line \(line): nested more than \(maxDepth) levels deep")
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ")"): depth = max(0, depth - 1)
            default: break
            }
        }
    }

    /// `line 2, column 7: Expected Name, found "}"` from the parser's message, which
    /// also carries an excerpt of the source (left out: the error is one line).
    static func describe(_ error: GraphQLError) -> String {
        var reason = error.message
        if let end = reason.range(of: "\n\n") { reason = String(reason[..<end.lowerBound]) }
        if reason.hasPrefix("Syntax Error"), let close = reason.range(of: ") ") {
            reason = String(reason[close.upperBound...])
        }
        guard let location = error.locations.first else { return reason }
        return "line \(location.line), column \(location.column): \(reason)"
    }

    static func position(of location: Location?) -> String {
        guard let location else { return "" }
        return "line \(location.startToken.line), column \(location.startToken.column): "
    }
}
