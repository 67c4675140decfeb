import WorkbenchBasics
import WorkbenchAPIs

/// Completion from the loaded API description: path segments after `cd`,
/// `ls`, `path`, `describe` and the send verbs (a parameter segment offers
/// `{name}` and the values its enum or examples give); query parameter names
/// and their enum values after `query add|set`; the header names the
/// operation declares after `header`; after `method`, only the methods the
/// path has.
extension Completion {
    // Each is called by its command's declaration first, and is nil when the description
    // has nothing to say there (the command's usual completion applies).

    /// `cd`, `ls` (relative), `path` and the send verbs: the next path segment.
    func apiPaths(current: String, relative: Bool) -> [String]? {
        guard let api = workspace.api else { return nil }
        return pathCandidates(api, current: current, relative: relative)
    }

    /// `describe [METHOD] [PATH]`: the current path's methods, or paths.
    func apiDescribe(position: Int, current: String) -> [String]? {
        guard let api = workspace.api else { return nil }
        if position == 1 && !current.hasPrefix("/") {
            let methods = api.route(matching: workspace.currentPath)?.methods ?? []
            return matching(methods, current.uppercased()) + (current.isEmpty ? pathCandidates(api, current: "/", relative: false) : [])
        }
        guard position <= 2 else { return nil }
        return pathCandidates(api, current: current, relative: true)
    }

    /// `method`: only the methods the path has.
    func apiMethods(current: String) -> [String]? {
        guard let api = workspace.api, let route = api.route(matching: workspace.currentPath), !route.methods.isEmpty else { return nil }
        return matching(route.methods, current.uppercased())
    }

    /// `query add|set NAME VALUE`: the operation's query parameters and their values.
    func apiQuery(before: [String], current: String) -> [String]? {
        let position = before.count
        guard let api = workspace.api, position >= 2, ["add", "set"].contains(before[1]),
            let operation = currentOperation(api)
        else { return nil }
        let parameters = operation.parameters(in: "query")
        if position == 2 { return matching(parameters.map(\.name), current) }
        if position == 3, let parameter = parameters.first(where: { $0.name == before[2] }) {
            return matching(values(of: parameter), current)
        }
        return nil
    }

    /// `header [add] NAME: VALUE`: the operation's header parameters first, and their values.
    func apiHeaders(before: [String], current: String, subcommands: [String]) -> [String]? {
        let position = before.count
        guard let api = workspace.api, let operation = currentOperation(api) else { return nil }
        let declared = operation.parameters(in: "header")
        guard !declared.isEmpty else { return nil }
        if position == 1 || (position == 2 && before[1] == "add") {
            let names = declared.map { $0.name + ":" }
            let others = Self.commonHeaders.map { $0 + ":" }.filter { name in !names.contains { $0.lowercased() == name.lowercased() } }
            return matching(names, current) + matching((position == 1 ? subcommands : []) + others, current)
        }
        if let last = before.last, last.hasSuffix(":"),
            let parameter = declared.first(where: { $0.name.lowercased() + ":" == last.lowercased() })
        {
            let found = matching(values(of: parameter), current)
            return found.isEmpty ? nil : found
        }
        return nil
    }

    /// The operation for the current method and path, if the description has one.
    private func currentOperation(_ api: APIDescription) -> APIOperation? {
        api.operation(method: workspace.endpoint.method, path: workspace.currentPath)
    }

    /// Enum values first, then the default and examples.
    private func values(of parameter: APIParameter) -> [String] {
        var seen: Set<String> = []
        return (parameter.enumValues + [parameter.defaultValue].compactMap { $0 } + parameter.examples)
            .filter { seen.insert($0).inserted }
    }

    /// The next segment of the path being typed: `/pe` -> `/pets/`; a folder
    /// (a segment with more below) ends with `/`, so the next Tab goes inside it.
    private func pathCandidates(_ api: APIDescription, current: String, relative: Bool) -> [String] {
        let (typedDirectory, namePrefix) = Self.splitAtLastSlash(current)
        let base = relative ? workspace.currentPath : "/"
        guard let directory = try? Workspace.joined(base, typedDirectory.isEmpty ? "." : typedDirectory, command: "") else { return [] }
        var candidates: [String] = []
        for child in api.children(of: directory) {
            let suffix = child.hasChildren ? "/" : ""
            if PathTree.isParameterSegment(child.segment) {
                if child.segment.hasPrefix(namePrefix) { candidates.append(typedDirectory + child.segment + suffix) }
                let values = parameterValues(api, directory: directory, segment: child.segment)
                candidates += values.filter { $0.hasPrefix(namePrefix) }.map { typedDirectory + $0 + suffix }
            } else if child.segment.hasPrefix(namePrefix) {
                candidates.append(typedDirectory + child.segment + suffix)
            }
        }
        var seen: Set<String> = []
        return candidates.filter { seen.insert($0).inserted }
    }

    /// The values a path parameter segment (`{petId}`) may take, from the
    /// first operation below it that declares the parameter.
    private func parameterValues(_ api: APIDescription, directory: String, segment: String) -> [String] {
        let name = String(segment.drop { $0 != "{" }.dropFirst().prefix { $0 != "}" })
        let here = (directory.hasSuffix("/") ? directory : directory + "/") + segment
        for route in api.routes(below: here).prefix(5) {
            for method in route.methods {
                guard let operation = api.operation(method: method, path: route.template),
                    let parameter = operation.parameters(in: "path").first(where: { $0.name == name })
                else { continue }
                return values(of: parameter)
            }
        }
        return []
    }
}
