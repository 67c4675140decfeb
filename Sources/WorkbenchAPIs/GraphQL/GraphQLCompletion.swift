import WorkbenchBasics
import WorkbenchHTTP

/// Tab completion inside a GraphQL document being typed: the names that may come
/// next at its end (fields of the type whose selection is open, a field's arguments,
/// an input object's fields, enum values where a value of an enum type goes, type
/// names after `on` and in variable definitions).
///
/// Hand-written rather than GraphQLSwift's parser: the text is a document cut off
/// mid-way, which a parser rejects, and its lexer is not public. This scanner only
/// follows brackets and names; it never judges the document (`body graphql` does).
public enum GraphQLCompletion {
    /// What may follow: `partial` is the name being typed (the start of every candidate).
    public struct Result: Equatable, Sendable {
        public var partial: String
        public var names: [String]
    }

    /// Documents longer than this are not scanned (a completion must stay quick).
    public static let maxScannedBytes = 1 << 20
    /// Open brackets followed; deeper text gets no candidates.
    public static let maxDepth = 256

    private enum Frame {
        /// `{ ... }` of a selection on this type (nil: unknown).
        case selection(String?)
        /// `( ... )` of a field's (or directive's: nil) arguments.
        case arguments([GraphQLAPI.InputValue]?)
        /// `{ ... }` of an input object value.
        case inputObject(String?)
        /// `[ ... ]` of a list value whose items are of this type.
        case list(GraphQLAPI.TypeReference?)
        /// `( ... )` of an operation's variable definitions.
        case variables
    }

    private enum Token: Equatable {
        case name(String)
        case punctuator(Character)
        case spread
        /// A string, number, variable or `{{template}}`: a value, nothing more.
        case value
    }

    public static func candidates(_ document: String, api: GraphQLAPI) -> Result {
        guard document.utf8.count <= maxScannedBytes, var tokens = tokenize(document) else { return Result(partial: "", names: []) }
        var partial = ""
        if case .name(let name)? = tokens.last, let last = document.unicodeScalars.last, isNameScalar(last) {
            partial = name
            tokens.removeLast()
        }
        guard let names = names(after: tokens, api: api) else { return Result(partial: partial, names: []) }
        var seen = Set<String>()
        return Result(partial: partial, names: names.filter { isName($0) && $0.hasPrefix(partial) && seen.insert($0).inserted })
    }

    /// The names that may follow `tokens`; nil when nothing is known there.
    private static func names(after tokens: [Token], api: GraphQLAPI) -> [String]? {
        var stack: [Frame] = []
        // Document level: the root (or fragment's) type the next `{` opens.
        var pendingType: String? = api.queryType
        var expectingTypeCondition = false
        // In a selection: the field a `(` or `{` belongs to; after `...`, a fragment.
        var lastField: String?
        var afterSpread = false
        var inlineType: String?
        // 1 after `@`, 2 after `@name`: a `(` then opens the directive's arguments.
        var directive = 0
        // In arguments or an input object: the member whose value comes after `:`.
        var member: String?
        var awaitingValue = false
        var previous: Token?

        func inputs(of frame: Frame) -> [GraphQLAPI.InputValue]? {
            switch frame {
            case .arguments(let arguments): arguments
            case .inputObject(let name): name.flatMap(api.type(named:))?.inputFields
            default: nil
            }
        }
        func valueType() -> GraphQLAPI.TypeReference? {
            guard let top = stack.last else { return nil }
            if case .list(let item) = top { return item }
            guard let member, let inputs = inputs(of: top) else { return nil }
            return inputs.first { $0.name == member }?.type
        }
        func listItem(_ reference: GraphQLAPI.TypeReference?) -> GraphQLAPI.TypeReference? {
            var reference = reference
            if case .nonNull(let inner)? = reference { reference = inner }
            if case .list(let item)? = reference { return item }
            return reference
        }
        func field(_ name: String?, of type: String?) -> GraphQLAPI.Field? {
            guard let name, let type else { return nil }
            return api.type(named: type)?.field(named: name)
        }

        for token in tokens {
            defer { previous = token }
            let top = stack.last
            let inList: Bool = if case .list? = top { true } else { false }
            if directive == 2 && token != .punctuator("(") { directive = 0 }
            switch (top, token) {
            case (nil, .name(let name)):
                if expectingTypeCondition {
                    pendingType = name
                    expectingTypeCondition = false
                } else if name == "on" {
                    expectingTypeCondition = true
                } else if ["query", "mutation", "subscription"].contains(name) {
                    pendingType = api.rootType(for: name)
                }
            case (nil, .punctuator("{")):
                stack.append(.selection(pendingType))
                pendingType = api.queryType
            case (nil, .punctuator("(")):
                stack.append(.variables)
            case (.variables?, .punctuator(")")):
                stack.removeLast()

            case (.selection?, .punctuator("@")):
                directive = 1
            case (.selection?, .name) where directive == 1:
                directive = 2
            case (.selection?, .name(let name)):
                if afterSpread {
                    if name == "on" {
                        expectingTypeCondition = true
                    } else if expectingTypeCondition {
                        inlineType = name
                        expectingTypeCondition = false
                    } else {
                        afterSpread = false  // `...Name`: a named fragment
                    }
                } else {
                    lastField = name
                }
            case (.selection?, .punctuator(":")):
                lastField = nil  // the name before was an alias
            case (.selection?, .spread):
                afterSpread = true
                inlineType = nil
            case (.selection(let type)?, .punctuator("(")):
                stack.append(.arguments(directive == 2 ? nil : field(lastField, of: type)?.arguments))
                directive = 0
            case (.selection(let type)?, .punctuator("{")):
                if afterSpread {
                    stack.append(.selection(inlineType ?? type))
                    afterSpread = false
                    expectingTypeCondition = false
                } else {
                    stack.append(.selection(field(lastField, of: type)?.type.namedType))
                }
                lastField = nil
            case (.selection?, .punctuator("}")):
                stack.removeLast()
                lastField = nil
                afterSpread = false

            case (.arguments?, .punctuator(")")), (.inputObject?, .punctuator("}")), (.list?, .punctuator("]")):
                stack.removeLast()
                if case .list? = stack.last {} else { awaitingValue = false }
            case (_, .punctuator("{")) where awaitingValue || inList:
                stack.append(.inputObject(valueType()?.namedType))
                awaitingValue = false
            case (_, .punctuator("[")) where awaitingValue || inList:
                stack.append(.list(listItem(valueType())))
                awaitingValue = false
            case (.arguments?, .name(let name)), (.inputObject?, .name(let name)):
                if awaitingValue { awaitingValue = false } else { member = name }
            case (.arguments?, .punctuator(":")), (.inputObject?, .punctuator(":")):
                awaitingValue = true
            case (.arguments?, .value), (.inputObject?, .value):
                awaitingValue = false
            default:
                break
            }
            if stack.count > maxDepth { return nil }
        }

        switch stack.last {
        case nil:
            if expectingTypeCondition { return typeNames(api, kinds: [.object, .interface, .union]) }
            return ["query", "mutation", "subscription", "fragment"]
        case .variables:
            guard previous == .punctuator(":") || previous == .punctuator("[") else { return nil }
            return typeNames(api, kinds: [.scalar, .enumeration, .inputObject])
        case .selection(let type):
            if directive == 1 { return ["include", "skip"] }
            if afterSpread {
                guard expectingTypeCondition else { return ["on"] }
                guard let type, let info = api.type(named: type) else { return typeNames(api, kinds: [.object, .interface, .union]) }
                return info.kind == .object ? [info.name] : info.possibleTypes
            }
            guard let type else { return nil }
            return api.selectableFields(of: type).map(\.name)
        case .arguments, .inputObject:
            if awaitingValue { return enumValues(valueType(), api) }
            return stack.last.flatMap(inputs(of:))?.map(\.name)
        case .list(let item):
            return enumValues(item, api)
        }
    }

    private static func enumValues(_ reference: GraphQLAPI.TypeReference?, _ api: GraphQLAPI) -> [String]? {
        guard let reference, let type = api.type(named: reference.namedType) else { return nil }
        switch type.kind {
        case .enumeration: return type.enumValues.map(\.name)
        case .scalar where type.name == "Boolean": return ["true", "false"]
        default: return nil
        }
    }

    private static func typeNames(_ api: GraphQLAPI, kinds: Set<GraphQLAPI.Kind>) -> [String] {
        api.userTypes.filter { kinds.contains($0.kind) }.map(\.name)
    }

    /// A GraphQL name (`[_A-Za-z][_0-9A-Za-z]*`): what a server's schema says is offered
    /// only when it is one, so no control character reaches the line editor.
    public static func isName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else { return false }
        return text.unicodeScalars.allSatisfy(isNameScalar)
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)))
    }

    /// The tokens of `text`; nil when it ends inside a string (nothing to complete there).
    private static func tokenize(_ text: String) -> [Token]? {
        let scalars = Array(text.unicodeScalars)
        var tokens: [Token] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case " ", "\t", "\n", "\r", ",", "\u{FEFF}":
                index += 1
            case "#":
                while index < scalars.count && scalars[index] != "\n" { index += 1 }
            case "\"":
                let block = index + 2 < scalars.count && scalars[index + 1] == "\"" && scalars[index + 2] == "\""
                index += block ? 3 : 1
                var closed = false
                while index < scalars.count {
                    if block {
                        if scalars[index] == "\"" && index + 2 < scalars.count && scalars[index + 1] == "\"" && scalars[index + 2] == "\"" {
                            index += 3; closed = true; break
                        }
                        index += 1
                    } else {
                        if scalars[index] == "\\" { index += 2; continue }
                        if scalars[index] == "\n" { break }
                        index += 1
                        if scalars[index - 1] == "\"" { closed = true; break }
                    }
                }
                if !closed { return nil }
                tokens.append(.value)
            case "{" where index + 1 < scalars.count && scalars[index + 1] == "{":
                // `{{NAME}}`: a workbench variable, standing for a value.
                var end = index + 2
                while end + 1 < scalars.count && !(scalars[end] == "}" && scalars[end + 1] == "}") { end += 1 }
                guard end + 1 < scalars.count else { return nil }
                index = end + 2
                tokens.append(.value)
            case "$":
                index += 1
                while index < scalars.count && isNameScalar(scalars[index]) { index += 1 }
                tokens.append(.value)
            case ".":
                if index + 2 < scalars.count && scalars[index + 1] == "." && scalars[index + 2] == "." {
                    tokens.append(.spread)
                    index += 3
                } else {
                    index += 1
                }
            case "-", "0"..."9":
                index += 1
                while index < scalars.count
                    && (isNameScalar(scalars[index]) || scalars[index] == "." || scalars[index] == "+" || scalars[index] == "-")
                { index += 1 }
                tokens.append(.value)
            default:
                if isNameScalar(scalar) {
                    var name = String.UnicodeScalarView()
                    while index < scalars.count && isNameScalar(scalars[index]) { name.append(scalars[index]); index += 1 }
                    tokens.append(.name(String(name)))
                } else {
                    tokens.append(.punctuator(Character(scalar)))
                    index += 1
                }
            }
        }
        return tokens
    }
}
