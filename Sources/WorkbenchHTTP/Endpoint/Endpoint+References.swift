import WorkbenchBasics

/// What the values of an Endpoint refer to: the variables a replay must be
/// given, and the environment values that are secrets wherever they appear.
extension Endpoint {
    /// Every value as typed, in order: base, path, the query pasted with it, segments, query,
    /// headers, body.
    package var typedValues: [String] {
        var texts = [base ?? "", path, pathQuery ?? ""] + segments
        texts += query.flatMap { [$0.name, $0.value] }
        texts += headers.map(\.value)
        switch body {
        case .text(let text), .json(let text): texts.append(text)
        case .form(let fields): texts += fields.flatMap { [$0.name, $0.value] }
        case .file(let path), .jsonFile(let path), .templateFile(let path): texts.append(path)
        case .multipart(let parts): texts += parts.flatMap { [$0.name, $0.value] }
        case .graphql(let graphql): texts += graphql.texts
        case nil: break
        }
        if let auth { texts += auth.references }
        return texts
    }

    /// Names of the session variables any value of this Endpoint refers to.
    public var referencedVariables: [String] {
        references { if case .variable(let name) = $0 { name } else { nil } }
    }

    /// Names of the environment variables (`{{env.NAME}}`) it refers to.
    public var referencedEnvironment: [String] {
        references { if case .environment(let name) = $0 { name } else { nil } }
    }

    private func references(_ pick: (Template.Part) -> String?) -> [String] {
        // Most Endpoints refer to nothing: then no list of every value is made.
        guard hasReferences else { return [] }
        var names: [String] = []
        for text in typedValues where Template.hasReferences(text) {
            for part in (try? Template.parse(text)) ?? [] {
                if let name = pick(part), !names.contains(name) { names.append(name) }
            }
        }
        return names
    }
}
