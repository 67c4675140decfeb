import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs

/// `openapi`, `ls`, `cd` and `describe`: the workspace with an API description.
extension Workspace {
    /// `openapi FILE-or-URL`: a file is read here; a URL is fetched by the
    /// interpreter through the transport (`DescriptionFetch`), which then calls `adoptDescription`.
    mutating func loadDescription(_ location: String, context: CommandContext) throws(WorkbenchError) -> CommandOutcome {
        if Self.isURL(location) { return .fetchDescription(url: location, note: nil) }
        let bytes = try context.readFile(location)
        return try adoptDescription(bytes, location: location, sourceURL: nil, readFile: context.readFile)
    }

    static func isURL(_ location: String) -> Bool {
        let lowered = location.lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
    }

    /// Makes the description in `bytes` the workspace's; its first server
    /// becomes the base when there is none. Pieces left out are one warning line each.
    public mutating func adoptDescription(
        _ bytes: [UInt8], location: String, sourceURL: String?,
        readFile: ((String) throws(WorkbenchError) -> [UInt8])? = nil
    ) throws(WorkbenchError) -> CommandOutcome {
        let description = try APIDescription.load(
            bytes, location: location, sourceURL: sourceURL, readFile: readFile, fileRule: localFiles)
        api = description
        apiLocation = location
        var lines = ["loaded " + description.summary]
        lines += adoptBase(of: description)
        var warnings = description.refusedFiles.map { "warning: " + $0 }
        // Many pieces left out: the first few, and `openapi` lists every one.
        warnings += description.warnings.prefix(5).map { "warning: \(location): left out \($0)" }
        if description.warnings.count > 5 {
            warnings.append("warning: \(location): \(description.warnings.count - 5) more pieces left out (`openapi` lists them all)")
        }
        let lenient = description.lenientReadings
        warnings += lenient.prefix(10).map { "warning: \(location): read leniently: \($0)" }
        if lenient.count > 10 {
            warnings.append("warning: \(location): \(lenient.count - 10) more keywords read leniently (`openapi` lists them all)")
        }
        return warnings.isEmpty
            ? .output(lines.joined(separator: "\n"))
            : .outputWithWarning(lines.joined(separator: "\n"), warning: warnings.joined(separator: "\n"))
    }

    /// The description's first server as the base, when none is set.
    private mutating func adoptBase(of description: APIDescription) -> [String] {
        if let base = endpoint.base {
            guard let server = description.defaultBase, server != base else { return [] }
            return ["the base stays \(base)", "its first server: \(server) (`base URL` to use it)"]
        }
        guard let server = description.defaultBase else {
            return ["(it names no absolute server URL: set the base with `base URL`)"]
        }
        guard (try? BaseURL.parse(server)) != nil else {
            return ["(its server \(server) is not a usable base URL: set one with `base URL`)"]
        }
        endpoint.base = server
        return ["base \(server) (its first server)"]
    }

    /// `openapi`: what is loaded.
    func describeLoadedDescription() -> String {
        guard let api else {
            if let apiLocation { return "\(apiLocation) is named by the session but not loaded: `openapi \(apiLocation)` tries again" }
            return "(no API description: `openapi FILE-or-URL` loads one)"
        }
        var text = api.summary
        if !api.warnings.isEmpty {
            text += "\n\(api.warnings.count) piece\(api.warnings.count == 1 ? "" : "s") left out when it was loaded:"
            text += api.warnings.map { "\n  " + $0 }.joined()
        }
        if !api.lenientReadings.isEmpty {
            let count = api.lenientReadings.count
            text += "\n\(count) keyword\(count == 1 ? "" : "s") read leniently:"
            text += api.lenientReadings.map { "\n  " + $0 }.joined()
        }
        return text
    }

    /// `openapi off`.
    mutating func forgetDescription() -> CommandOutcome {
        guard let location = apiLocation else { return .output("(no API description loaded)") }
        api = nil
        apiLocation = nil
        return .output("forgot \(location) (the base stays)")
    }

    /// After `load` or `restore`: the session's description read again. A file
    /// that cannot be read is a warning (the session is loaded all the same and
    /// keeps naming it); a URL is fetched by the interpreter.
    mutating func reloadDescription(after note: String, namedBy input: String? = nil, context: CommandContext) -> CommandOutcome {
        api = nil
        guard let named = apiLocation else { return .output(note) }
        if Self.isURL(named) { return .fetchDescription(url: named, note: note) }
        let location = input.flatMap { LocalFileRule.besideInput(named, namedBy: $0) } ?? named
        if let input, let reason = localFiles.refusal(of: location, namedBy: input) {
            return .outputWithWarning(
                note, warning: "warning: the session's API description was not loaded: \(input) \(reason): \(LocalFileRule.howToAllow)")
        }
        do throws(WorkbenchError) {
            let bytes = try context.readFile(location)
            switch try adoptDescription(bytes, location: location, sourceURL: nil, readFile: context.readFile) {
            case .output(let text): return .output(note + "\n" + text)
            case .outputWithWarning(let text, let warning, _): return .outputWithWarning(note + "\n" + text, warning: warning)
            default: return .output(note)  // no text of its own: the note alone
            }
        } catch {
            return .outputWithWarning(note, warning: "warning: the session's API description was not loaded: \(error.message)")
        }
    }

    /// The path as typed and appended (`path add`), for `ls`, `cd` and `describe`.
    var currentPath: String { endpoint.typedPathWithSegments }

    private func requireDescription(_ command: String) throws(WorkbenchError) -> APIDescription {
        guard let api else {
            throw WorkbenchError("\(command): no API description loaded: `openapi FILE-or-URL` first")
        }
        return api
    }

    /// `ls [PATH]`.
    func listPaths(_ typed: String?) throws(WorkbenchError) -> CommandOutcome {
        let api = try requireDescription("ls")
        let path = try typed.map { typed throws(WorkbenchError) in try Self.joined(currentPath, typed, command: "ls") } ?? currentPath
        return .output(APIListing.text(api, below: path))
    }

    /// `cd PATH`: relative or absolute; `{name}` (any name) stands for the
    /// parameter segment there until a value fills it.
    mutating func changePath(_ typed: String) throws(WorkbenchError) {
        var target = try Self.joined(currentPath, typed, command: "cd")
        if let api {
            guard let canonical = api.canonicalPath(target) else {
                throw WorkbenchError("cd: \(target) is not a path of \(api.location) (`ls` lists them; `path \(target)` goes there anyway)")
            }
            target = canonical
        }
        try endpoint.setPath(target)
    }

    /// `describe [METHOD] [PATH]`.
    func describeOperation(method: String?, path typed: String?) throws(WorkbenchError) -> CommandOutcome {
        let api = try requireDescription("describe")
        let path = try typed.map { typed throws(WorkbenchError) in try Self.joined(currentPath, typed, command: "describe") } ?? currentPath
        guard let route = api.route(matching: path) else {
            throw WorkbenchError("describe: \(path) is not a path of \(api.location) (`ls` lists them)")
        }
        let methods: [String]
        if let method {
            guard route.methods.contains(method) else {
                throw WorkbenchError(
                    "describe: \(api.location) has no \(method) \(route.template) (it has \(route.methods.joined(separator: ", ")))")
            }
            methods = [method]
        } else {
            methods = route.methods.contains(endpoint.method) ? [endpoint.method] : route.methods
        }
        guard !methods.isEmpty else {
            return .output("\(route.template) has no operations in \(api.location)")
        }
        let texts = methods.compactMap { api.operation(method: $0, path: path) }.map { OperationText.text($0, in: api) }
        return .output(texts.joined(separator: "\n\n"))
    }

    /// A path of an operation still holding a `{parameter}` to fill: sending it would be a mistake.
    func unfilledParameter() -> String? {
        guard api != nil else { return nil }
        return PathTree.segments(currentPath).first { segment in
            segment.contains("{") && segment.contains("}") && !segment.contains("{{")
        }
    }

    /// `typed` relative to `current` (or absolute), with `.` and `..` worked out.
    static func joined(_ current: String, _ typed: String, command: String) throws(WorkbenchError) -> String {
        var segments = typed.hasPrefix("/") ? [] : PathTree.segments(current)
        for segment in typed.split(separator: "/") {
            switch segment {
            case ".": continue
            case "..":
                guard !segments.isEmpty else { throw WorkbenchError("\(command): \(typed) goes above the top of the base URL") }
                segments.removeLast()
            default: segments.append(String(segment))
            }
        }
        return "/" + segments.joined(separator: "/")
    }
}
