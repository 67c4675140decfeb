import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchSessions

/// Tab completion: candidates for the word under the cursor, from the command's
/// declaration (`CommandDeclaration.complete`) and the workspace. Pure, so it is tested without a terminal.
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
    /// The method and messages so far of a `grpc call METHOD <<END` block.
    let grpcCall: (method: String, messages: String)?

    public init(
        workspace: Workspace, listDirectory: @escaping DirectoryLister = FileSystem.listDirectory,
        graphqlDocument: String? = nil, grpcCall: (method: String, messages: String)? = nil
    ) {
        self.workspace = workspace
        self.listDirectory = listDirectory
        self.graphqlDocument = graphqlDocument
        self.grpcCall = grpcCall
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
        if let found = grpcHeredocCandidates(linePrefix: linePrefix, current: current) { return found }
        if let found = graphqlCandidates(linePrefix: linePrefix, before: before, current: current) { return found }
        guard let command = before.first?.lowercased() else {
            return matching(CommandTable.names, current)
        }
        if let declaration = CommandTable.declaration(named: command),
            let found = declaration.complete(
                CompletionInput(
                    completion: self, before: before, current: current,
                    subcommands: declaration.subcommands))
        {
            return found
        }
        if current.hasPrefix("@") || current.hasPrefix(">") {
            let marker = String(current.prefix(1))
            return files(matching: String(current.dropFirst())).map { marker + $0 }
        }
        return []
    }

    func matching(_ options: [String], _ prefix: some StringProtocol) -> [String] {
        options.filter { $0.hasPrefix(prefix) }
    }

    func unique(_ names: [String]) -> [String] {
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
