/// Tab completion: candidates for the word under the cursor, from the command
/// catalogue and the workspace. Pure, so it is tested without a terminal.
public struct Completion {
    /// Lists a directory for file-name completion: names and whether each is a directory.
    public typealias DirectoryLister = (String) -> [(name: String, isDirectory: Bool)]

    public static let commonHeaders = [
        "Accept", "Accept-Encoding", "Accept-Language", "Authorization", "Cache-Control", "Connection",
        "Content-Type", "Cookie", "If-Match", "If-Modified-Since", "If-None-Match", "Origin", "Range",
        "Referer", "User-Agent", "X-Api-Key", "X-Request-Id",
    ]

    public static let commonMediaTypes = [
        "application/json", "application/x-www-form-urlencoded", "application/xml", "multipart/form-data",
        "text/plain", "text/html", "*/*",
    ]

    let workspace: Workspace
    let listDirectory: DirectoryLister
    /// The lines so far of a `body graphql <<END` document being typed.
    let graphqlDocument: String?

    public init(workspace: Workspace, listDirectory: @escaping DirectoryLister = FileSystem.listDirectory,
                graphqlDocument: String? = nil) {
        self.workspace = workspace
        self.listDirectory = listDirectory
        self.graphqlDocument = graphqlDocument
    }

    /// Every candidate, typeable or not (see `candidates(forLinePrefix:)`).
    func allCandidates(forLinePrefix linePrefix: String) -> [String] {
        let words = linePrefix.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        let endsWithSpace = linePrefix.last == " " || linePrefix.last == "\t"
        let current = endsWithSpace ? "" : (words.last ?? "")
        let before = endsWithSpace ? words : Array(words.dropLast())

        if let open = current.ranges(of: "{{").last, !current[open.upperBound...].contains("}") {
            let typed = current[..<open.lowerBound]
            return matching(workspace.variables.names.map { "{{\($0)}}" }, current[open.lowerBound...])
                .map { String(typed) + $0 }
        }
        if let found = graphqlCandidates(linePrefix: linePrefix, before: before, current: current) { return found }
        guard let command = before.first?.lowercased() else {
            return matching(CommandCatalog.names, current)
        }
        let position = before.count
        if let api = workspace.api, let found = apiCandidates(api, command: command, before: before, current: current) {
            return found
        }
        switch command {
        case "query":
            if position == 1 { return matching(["add", "set", "rm", "clear"], current) }
            if position == 2 && ["rm", "set"].contains(before[1]) {
                return matching(unique(workspace.endpoint.query.map(\.name)), current)
            }
        case "header":
            if position == 1 {
                return matching(["add", "rm", "clear"] + Self.commonHeaders.map { $0 + ":" }, current)
            }
            if position == 2 && before[1] == "rm" {
                return matching(unique(workspace.endpoint.headers.map(\.name)), current)
            }
            if position == 2 && before[1] == "add" {
                return matching(Self.commonHeaders.map { $0 + ":" }, current)
            }
            let nameWord = before.last(where: { $0.hasSuffix(":") })?.dropLast().lowercased()
            if ["content-type:", "accept:"].contains(before.last?.lowercased() ?? ""), nameWord != nil {
                return matching(Self.commonMediaTypes, current)
            }
        case "method":
            if position == 1 { return matching(CommandCatalog.methods, current.uppercased()) }
        case "body":
            if position == 1 {
                if current.hasPrefix("@") { return files(matching: String(current.dropFirst())).map { "@" + $0 } }
                return matching(["json", "form", "graphql", "example", "clear", "@", "<<END"], current)
            }
            if position == 2 && before[1] == "json" {
                if current.hasPrefix("@") { return files(matching: String(current.dropFirst())).map { "@" + $0 } }
                return matching(["@", "<<END"], current)
            }
        case "load", "save", "run":
            if position == 1 { return files(matching: current) }
        case "openapi":
            if position == 1 { return matching(["off"], current) + files(matching: current) }
        case "set":
            if position == 1 { return matching(["--secret"] + workspace.variables.names, current) }
            if position == 2 && before[1] == "--secret" { return matching(workspace.variables.names, current) }
        case "unset":
            if position == 1 { return matching(workspace.variables.names, current) }
        case "help":
            if position == 1 { return matching(["all"] + CommandCatalog.names, current) }
        case "capture":
            if position == 1 { return matching(["--secret", "rm"], current) }
            if position == 2 && before[1] == "rm" {
                return matching(unique(workspace.history.flatMap { $0.captures.map(\.name) }), current)
            }
        case "use":
            if position == 1 { return matching(requestNumbers, current) }
        case "replay":
            if position == 1 { return matching(["all"] + requestNumbers, current) }
        case "diff":
            if current.hasPrefix("-") { return matching(["--header", "--ignore"], current) }
            if position <= 2 || before.last.map({ $0 != "--header" && $0 != "--ignore" }) ?? false {
                return matching(requestNumbers, current)
            }
        case "history":
            if position == 1 { return matching(["rm", "clear"], current) }
            if position == 2 && before[1] == "rm" { return matching(requestNumbers, current) }
        case "expect":
            if position == 2 && before[1] == "rm", let index = workspace.lastRecordIndex, workspace.history.indices.contains(index) {
                return matching(workspace.history[index].expectations.indices.map { String($0 + 1) }, current)
            }
            if position == 1, let spec = CommandCatalog.spec(named: "expect") { return matching(spec.subcommands, current) }
        case "last":
            if position == 1 && !current.hasPrefix(">") {
                return matching(ResponsePart.allCases.map(\.rawValue) + [">", "|"], current)
            }
            if before.last == ">" { return files(matching: current) }
        default:
            if let spec = CommandCatalog.spec(named: command), position == 1, !spec.subcommands.isEmpty {
                return matching(spec.subcommands, current)
            }
        }
        if current.hasPrefix("@") || current.hasPrefix(">") {
            let marker = String(current.prefix(1))
            return files(matching: String(current.dropFirst())).map { marker + $0 }
        }
        return []
    }

    /// `1`, `2`, ... for the requests of the history.
    private var requestNumbers: [String] { workspace.history.indices.map { String($0 + 1) } }

    func matching(_ options: [String], _ prefix: some StringProtocol) -> [String] {
        options.filter { $0.hasPrefix(prefix) }
    }

    private func unique(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    /// `dir/par` -> (`dir/`, `par`): the folder typed so far and the start of the name in it.
    static func splitAtLastSlash(_ typed: String) -> (directory: String, namePrefix: String) {
        guard let slash = typed.lastIndex(of: "/") else { return ("", typed) }
        return (String(typed[...slash]), String(typed[typed.index(after: slash)...]))
    }

    func filesFor(_ typed: String) -> [String] { files(matching: typed) }

    /// File names for `typed` (`dir/par` -> `dir/part.json`); directories end with `/`.
    private func files(matching typed: String) -> [String] {
        let (directory, namePrefix) = Self.splitAtLastSlash(typed)
        return listDirectory(directory)
            .filter { $0.name.hasPrefix(namePrefix) && (namePrefix.hasPrefix(".") || !$0.name.hasPrefix(".")) }
            .map { directory + $0.name + ($0.isDirectory ? "/" : "") }
    }
}
