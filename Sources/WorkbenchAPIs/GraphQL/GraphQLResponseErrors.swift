import WorkbenchBasics
import WorkbenchHTTP

/// The `errors` of a GraphQL response (the spec's response format: a list of
/// objects with `message`, and optionally `path` and `locations`), shown after the
/// data as error lines and failing a replay that does not expect them.
public enum GraphQLResponseErrors {
    /// One error as the server gave it.
    public struct Entry: Equatable, Sendable {
        public var message: String
        /// `hero.friends.1.name`: the response path of the field that failed.
        public var path: String?
        /// `line 3, column 5`, one for each location in the document.
        public var locations: [String]

        /// `message (path hero.friends.1.name; line 3, column 5)`, escaped for the terminal.
        public var text: String {
            let details = (path.map { ["path \($0)"] } ?? []) + locations
            return TerminalText.escapeLine(message + (details.isEmpty ? "" : " (" + details.joined(separator: "; ") + ")"))
        }
    }

    /// Bodies larger than this are not read again for their errors (the renderer
    /// has shown them; a GraphQL reply with errors is rarely this large).
    public static let maxBodyBytes = 16 << 20
    /// How many errors are shown; the rest are counted.
    public static let shownErrors = 20

    /// The errors of `response`; empty when the body is not a GraphQL response with errors.
    public static func entries(_ response: HTTPResponse) -> [Entry] {
        let body = response.body
        guard !body.isEmpty, body.count <= maxBodyBytes, contains(body, Array("\"errors\"".utf8)),
            let value = try? JSONParser.parse(body, skippingByteOrderMark: true),
            case .array(let errors)? = value["errors"]
        else { return [] }
        return errors.map { error in
            let message = error["message"]?.stringValue ?? error.jsonText
            var path: String?
            if case .array(let steps)? = error["path"] {
                path = steps.map { step in
                    switch step {
                    case .string(let name): name
                    case .number(let index): index
                    default: step.jsonText
                    }
                }.joined(separator: ".")
            }
            var locations: [String] = []
            if case .array(let places)? = error["locations"] {
                for place in places {
                    if case .number(let line)? = place["line"], case .number(let column)? = place["column"] {
                        locations.append("line \(line), column \(column)")
                    }
                }
            }
            return Entry(message: message, path: path, locations: locations)
        }
    }

    /// `error: GraphQL: ...` lines, at most `shownErrors` and a count of the rest.
    public static func lines(_ response: HTTPResponse) -> [String] {
        let found = entries(response)
        var lines = found.prefix(shownErrors).map { "error: GraphQL: " + $0.text }
        if found.count > shownErrors { lines.append("error: GraphQL: \(found.count - shownErrors) more errors") }
        return lines
    }

    /// What a failed replay says: the first message and how many there were.
    public static func failure(_ response: HTTPResponse) -> String? {
        let found = entries(response)
        guard let first = found.first else { return nil }
        return "GraphQL error\(found.count == 1 ? "" : "s (\(found.count))"): " + first.text
    }

    private static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard bytes.count >= needle.count, let head = needle.first else { return false }
        var index = 0
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == head && bytes[index..<(index + needle.count)].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}
