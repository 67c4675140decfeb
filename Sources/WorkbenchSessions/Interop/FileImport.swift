import WorkbenchBasics
import WorkbenchHTTP

/// `import FILE`: what the file is, told by its content (a name says little:
/// a HAR export is often `.json`, a collection `.postman_collection.json` or
/// anything else), and its requests as records.
public struct FileImport: Sendable {
    /// A variable the import sets: a collection's variables, `open_braces`.
    public struct Variable: Equatable, Sendable {
        public var name: String
        public var value: String
        public var isSecret: Bool

        public init(name: String, value: String, isSecret: Bool = false) {
            self.name = name
            self.value = value
            self.isSecret = isSecret
        }
    }

    public var records: [RequestRecord]
    public var warnings: [String]
    public var variables: [Variable] = []
    /// What was read as the file says but may surprise (`$TOKEN` read from the environment).
    public var notes: [String] = []
    /// What the file was, for the summary: `curl commands`, `a HAR log`.
    public var kind: String

    /// JSON documents nest at most this deep (a collection's folders included).
    public static let maximumDepth = 64

    public static func read(
        _ text: String, named file: String, settings: Settings,
        readFile: (String) throws(WorkbenchError) -> [UInt8]
    ) throws(WorkbenchError) -> FileImport {
        var text = text
        if let inner = Self.jsonpPayload(text) { text = inner }
        if let pointer = Self.otherReader(text, named: file) { throw WorkbenchError(pointer) }
        guard text.trimmingSpaces().hasPrefix("{") else {
            let (records, warnings, notes) = try CurlImport.records(fromFile: text, named: file, settings: settings, readFile: readFile)
            var imported = FileImport(records: records, warnings: warnings, kind: "curl commands")
            imported.notes = notes
            if LiteralText.isUsed(in: imported.records) {
                imported.variables.append(Variable(name: LiteralText.variable, value: "{{"))
            }
            return imported
        }
        let document: JSONValue
        do {
            document = try JSONParser.parse(text, maximumDepth: maximumDepth)
        } catch  where error.isNestingBound {
            throw WorkbenchError("\(file): line \(error.line), column \(error.column): \(error.reason); not imported")
        } catch {
            throw WorkbenchError(
                "\(file): line \(error.line), column \(error.column): \(error.reason); not a HAR log or a Postman collection")
        }
        var imported: FileImport
        if let log = HARImport.logOfOne(document) {
            // One request or entry as HAR writes it (Insomnia and others take these alone).
            let (records, warnings) = try HARImport.records(from: log, named: file, settings: settings)
            imported = FileImport(records: records, warnings: warnings, kind: "a HAR request")
        } else if HARImport.recognises(document) {
            let (records, warnings) = try HARImport.records(from: document, named: file, settings: settings)
            imported = FileImport(records: records, warnings: warnings, kind: "a HAR log")
        } else if PostmanImport.recognises(document) {
            imported = try PostmanImport.read(document, named: file, settings: settings)
        } else if PostmanImport.recognisesEnvironment(document) {
            let (variables, warnings) = try PostmanImport.environment(document, named: file)
            imported = FileImport(records: [], warnings: warnings, variables: variables, kind: "a Postman environment")
        } else if document["openapi"]?.stringValue != nil || document["swagger"]?.stringValue != nil {
            throw WorkbenchError("\(file): an OpenAPI description, not requests: `openapi \(file)` reads it (then `body example`, `send`)")
        } else {
            throw WorkbenchError(
                "\(file): JSON, but neither a HAR log ({\"log\": {\"entries\": ...}}), a Postman collection nor a Postman environment")
        }
        if LiteralText.isUsed(in: imported.records) {
            imported.variables.append(Variable(name: LiteralText.variable, value: "{{"))
        }
        return imported
    }

    /// The JSON inside a JSONP file (`onInputData({...});`, as `.harp` HAR files are written).
    static func jsonpPayload(_ text: String) -> String? {
        let trimmed = String(String(text.drop(while: \.isWhitespace).reversed()).drop(while: \.isWhitespace).reversed())
        guard let open = trimmed.firstIndex(of: "("), trimmed[..<open].allSatisfy({ $0.isLetter || $0.isNumber || "_$.".contains($0) }),
            trimmed.first.map({ $0.isLetter || $0 == "_" || $0 == "$" }) == true
        else { return nil }
        var body = trimmed[trimmed.index(after: open)...]
        if body.hasSuffix(";") { body = body.dropLast() }
        guard body.hasSuffix(")") else { return nil }
        let inner = body.dropLast()
        return String(inner).trimmingSpaces().hasPrefix("{") ? String(inner) : nil
    }

    /// Where a file that another command reads is pointed to: an OpenAPI description in YAML,
    /// a `.http` file. Nil for anything `import` reads.
    static func otherReader(_ text: String, named file: String) -> String? {
        if HTTPFileImport.handles(file) {
            return "\(file): a .http file: `load \(file)` reads it (with `--env NAME` for http-client.env.json)"
        }
        // YAML's top level: a line at its first column naming the version.
        let isDescription = text.split(separator: "\n").contains { line in
            line.hasPrefix("openapi:") || line.hasPrefix("swagger:") || line.hasPrefix("\"openapi\":") || line.hasPrefix("\"swagger\":")
        }
        if isDescription && !text.trimmingSpaces().hasPrefix("{") {
            return "\(file): an OpenAPI description, not requests: `openapi \(file)` reads it (then `body example`, `send`)"
        }
        return nil
    }
}
