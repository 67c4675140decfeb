import WorkbenchBasics
import WorkbenchHTTP

/// What `body`, `graphql`, `graphql ls` and `graphql describe` print. Names,
/// descriptions and defaults come from a server or a file: every line is escaped
/// for the terminal (`TerminalText.escapeLine`), a description line by line.
public enum GraphQLText {
    /// `body` with a GraphQL body: the document, then its variables and operation.
    public static func typed(_ body: GraphQLBody) -> String {
        var text = body.query
        if let variables = body.variables { text += "\n# variables: " + variables }
        if let name = body.operationName { text += "\n# operation: " + name }
        return text
    }

    /// `graphql`: where the schema came from and what it holds.
    public static func summary(_ api: GraphQLAPI, location: String) -> String {
        let roots = api.roots.map { "\($0.operation) \($0.type)" }.joined(separator: ", ")
        return line("GraphQL schema from \(location): \(api.userTypes.count) types" + (roots.isEmpty ? "" : "; \(roots)"))
    }

    /// How many type names `graphql ls` lists after the roots.
    static let listedTypeNames = 40

    /// `graphql ls`: the root types with their fields, then the other types by name.
    public static func roots(_ api: GraphQLAPI) -> String {
        var lines: [String] = []
        for root in api.roots {
            lines.append(line("\(root.operation) \(root.type)"))
            for field in api.type(named: root.type)?.fields ?? [] { lines.append(line("  " + signature(field))) }
        }
        let rootNames = Set(api.roots.map(\.type))
        let others = api.userTypes.filter { !rootNames.contains($0.name) && !builtInScalars.contains($0.name) }.map(\.name)
        if !others.isEmpty {
            let shown = others.prefix(listedTypeNames).joined(separator: ", ")
            let more = others.count > listedTypeNames ? ", ... (\(others.count - listedTypeNames) more)" : ""
            lines.append(line("types: \(shown)\(more)"))
        }
        if lines.isEmpty { lines.append("(the schema has no root types)") }
        return lines.joined(separator: "\n")
    }

    static let builtInScalars: Set<String> = ["Int", "Float", "String", "Boolean", "ID"]

    /// `graphql ls TYPE`: the type's fields, input fields, values or members, one a line.
    public static func members(_ type: GraphQLAPI.TypeInfo) -> String {
        ([heading(type)] + memberLines(type, withDescriptions: false)).joined(separator: "\n")
    }

    /// `graphql describe TYPE`: as `ls`, with descriptions, defaults and deprecations.
    public static func describe(_ type: GraphQLAPI.TypeInfo) -> String {
        var lines = [heading(type)]
        lines += descriptionLines(type.description, indent: "  ")
        lines += memberLines(type, withDescriptions: true)
        return lines.joined(separator: "\n")
    }

    /// `graphql describe TYPE.FIELD`: the field's type, description and arguments.
    public static func describe(_ field: GraphQLAPI.Field, of type: GraphQLAPI.TypeInfo, in api: GraphQLAPI) -> String {
        var lines = [line("\(type.name).\(field.name): \(field.type.text)")]
        lines += descriptionLines(field.description, indent: "  ")
        if let reason = field.deprecationReason { lines.append(line("  deprecated: \(reason)")) }
        if !field.arguments.isEmpty {
            lines.append("arguments:")
            for argument in field.arguments {
                lines.append(line("  " + inputSignature(argument) + (isRequired(argument) ? "  (required)" : "")))
                lines += descriptionLines(argument.description, indent: "      ")
                if let values = enumValues(of: argument.type, in: api) { lines.append(line("      one of: " + values)) }
            }
        }
        if let result = api.type(named: field.type.namedType) {
            lines.append(line("returns \(result.kind.keyword) \(result.name)" + returnsDetail(result)))
        }
        return lines.joined(separator: "\n")
    }

    /// A required argument: non-null and without a default.
    static func isRequired(_ value: GraphQLAPI.InputValue) -> Bool {
        if case .nonNull = value.type { return value.defaultValue == nil }
        return false
    }

    static func enumValues(of reference: GraphQLAPI.TypeReference, in api: GraphQLAPI) -> String? {
        guard let type = api.type(named: reference.namedType), type.kind == .enumeration else { return nil }
        return type.enumValues.map(\.name).joined(separator: ", ")
    }

    static func returnsDetail(_ type: GraphQLAPI.TypeInfo) -> String {
        switch type.kind {
        case .object, .interface:
            ": " + type.fields.prefix(12).map(\.name).joined(separator: ", ") + (type.fields.count > 12 ? ", ..." : "")
        case .union: " = " + type.possibleTypes.joined(separator: " | ")
        case .enumeration: ": " + type.enumValues.map(\.name).joined(separator: ", ")
        default: ""
        }
    }

    static func heading(_ type: GraphQLAPI.TypeInfo) -> String {
        var text = "\(type.kind.keyword) \(type.name)"
        if !type.interfaces.isEmpty { text += " implements " + type.interfaces.joined(separator: " & ") }
        if type.kind == .union { text += " = " + type.possibleTypes.joined(separator: " | ") }
        if type.kind == .interface && !type.possibleTypes.isEmpty {
            text += "  (implemented by " + type.possibleTypes.joined(separator: ", ") + ")"
        }
        return line(text)
    }

    static func memberLines(_ type: GraphQLAPI.TypeInfo, withDescriptions: Bool) -> [String] {
        var lines: [String] = []
        for field in type.fields {
            lines.append(line("  " + signature(field) + (field.deprecationReason != nil ? "  (deprecated)" : "")))
            guard withDescriptions else { continue }
            lines += descriptionLines(field.description, indent: "      ")
            for argument in field.arguments where argument.description != nil {
                lines += descriptionLines("\(argument.name): \(argument.description ?? "")", indent: "      ")
            }
            if let reason = field.deprecationReason { lines.append(line("      deprecated: \(reason)")) }
        }
        for value in type.inputFields {
            lines.append(line("  " + inputSignature(value)))
            if withDescriptions { lines += descriptionLines(value.description, indent: "      ") }
        }
        for value in type.enumValues {
            lines.append(line("  " + value.name + (value.deprecationReason != nil ? "  (deprecated)" : "")))
            if withDescriptions { lines += descriptionLines(value.description, indent: "      ") }
        }
        return lines
    }

    /// `hero(episode: Episode = JEDI, first: Int!): Character`
    public static func signature(_ field: GraphQLAPI.Field) -> String {
        let arguments = field.arguments.isEmpty ? "" : "(" + field.arguments.map(inputSignature).joined(separator: ", ") + ")"
        return field.name + arguments + ": " + field.type.text
    }

    static func inputSignature(_ value: GraphQLAPI.InputValue) -> String {
        value.name + ": " + value.type.text + (value.defaultValue.map { " = " + $0 } ?? "")
    }

    static func descriptionLines(_ description: String?, indent: String) -> [String] {
        guard let description, !description.isEmpty else { return [] }
        return description.split(separator: "\n", omittingEmptySubsequences: false).map { line(indent + $0) }
    }

    /// One line of output: whatever came from outside shown escaped.
    static func line(_ text: some StringProtocol) -> String {
        TerminalText.escapeLine(String(text))
    }
}
