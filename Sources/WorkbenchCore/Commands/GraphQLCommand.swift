import WorkbenchBasics
import WorkbenchAPIs
import WorkbenchSessions

/// `body graphql ...`: what to change in the GraphQL body.
public enum GraphQLBodyCommand: Equatable, Sendable {
    /// `body graphql QUERY`: the document (checked when typed); its variables stay.
    case query(String)
    /// `body graphql vars JSON`; nil: `body graphql vars clear`.
    case variables(String?)
    /// `body graphql operation NAME`; nil: `body graphql operation clear`.
    case operation(String?)
}

/// `graphql ...`: the schema and what it says.
public enum GraphQLCommand: Equatable, Sendable {
    /// `graphql`: which schema is loaded.
    case show
    /// `graphql schema [URL|FILE]`: nil introspects the request's own URL.
    case schema(String?)
    /// `graphql schema off`.
    case schemaOff
    /// `graphql ls [TYPE]`.
    case ls(String?)
    /// `graphql describe TYPE[.FIELD]`.
    case describe(String)
}

/// The GraphQL lines. `body graphql QUERY` is taken from the line before it is
/// split into words, as `body TEXT` is: a document's quotes are its own.
extension CommandParser {
    /// A `body graphql ...` line, or nil when the line is something else.
    static func graphqlBody(_ trimmedLine: String) throws(WorkbenchError) -> ParsedLine? {
        guard let (first, afterBody) = splitFirstWord(trimmedLine), first.lowercased() == "body",
            let (second, rest) = splitFirstWord(afterBody), second.lowercased() == "graphql"
        else { return nil }
        func usage(_ problem: String) -> WorkbenchError { WorkbenchError("body graphql: \(problem); see `help body`") }
        guard let (third, value) = splitFirstWord(rest) else {
            throw usage("expected a query, as in `body graphql { viewer { login } }`, or `body graphql <<END`")
        }
        switch third.lowercased() {
        case "vars", "variables":
            if value.isEmpty { throw usage("expected a JSON object after `vars`, as in `body graphql vars {\"id\": 1}`") }
            if value.lowercased() == "clear" { return .command(.graphqlBody(.variables(nil))) }
            if value.hasPrefix("<<") { return .graphqlHeredoc(variables: true, terminator: try terminator(value, usage)) }
            let text = unquoted(value) { text throws(WorkbenchError) in try GraphQLDocument.checkVariables(text) }
            try GraphQLDocument.checkVariables(text)
            return .command(.graphqlBody(.variables(text)))
        case "operation":
            guard !value.isEmpty, !value.contains(where: { $0 == " " || $0 == "\t" }) else {
                throw usage("expected one operation name after `operation`, or `clear`")
            }
            if value.lowercased() == "clear" { return .command(.graphqlBody(.operation(nil))) }
            return .command(.graphqlBody(.operation(value)))
        default:
            if third.hasPrefix("<<") && value.isEmpty {
                return .graphqlHeredoc(variables: false, terminator: try terminator(third, usage))
            }
            let text = unquoted(rest) { text throws(WorkbenchError) in try GraphQLDocument.check(text) }
            try GraphQLDocument.check(text)
            return .command(.graphqlBody(.query(text)))
        }
    }

    private static func terminator(_ word: String, _ usage: (String) -> WorkbenchError) throws(WorkbenchError) -> String {
        let terminator = String(word.dropFirst(2))
        guard !terminator.isEmpty, !terminator.contains(where: { $0 == " " || $0 == "\t" }) else {
            throw usage("expected one word as the terminator after '<<', as in `body graphql <<END`")
        }
        return terminator
    }

    /// `'{ a }'` typed quoted, as a shell would need it: the quoted word, when the
    /// text as typed does not pass the check but the word does.
    private static func unquoted(_ text: String, check: (String) throws(WorkbenchError) -> Void) -> String {
        guard let first = text.first, first == "'" || first == "\"", (try? check(text)) == nil,
            let words = try? ShellWords.split(text), words.count == 1, (try? check(words[0].text)) != nil
        else { return text }
        return words[0].text
    }
}
