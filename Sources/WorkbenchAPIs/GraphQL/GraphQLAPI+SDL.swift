import GraphQL
import WorkbenchBasics

/// The schema from SDL (`schema.graphql`): parsed by GraphQLSwift, then its type
/// definitions and extensions read into `GraphQLAPI`. Read from the syntax tree rather
/// than through `buildSchema`, which insists on a valid executable type system (a schema
/// file from a gateway often names directives or types defined elsewhere) and costs
/// more than the names and signatures kept here.
extension GraphQLAPI {
    /// Bounds: a schema file may be larger than a request document.
    public static let maxSDLBytes = 32 << 20

    public convenience init(sdl text: String, source: String) throws(WorkbenchError) {
        guard text.utf8.count <= Self.maxSDLBytes else {
            throw WorkbenchError(
                "\(source): \(Quantities.size(text.utf8.count)) is more than the \(Quantities.size(Self.maxSDLBytes)) a schema file may have"
            )
        }
        do throws(WorkbenchError) {
            try GraphQLDocument.checkBounds(text, what: "schema", maxBytes: Self.maxSDLBytes)
        } catch {
            throw error.prefixed("\(source): ")
        }
        let document: Document
        do {
            document = try GraphQL.parse(source: text, noLocation: true)
        } catch let error as GraphQLError {
            throw WorkbenchError("\(source): invalid schema: \(GraphQLDocument.describe(error))")
        } catch {
            throw WorkbenchError("\(source): invalid schema: \(error)")
        }
        var builder = SDLReader()
        for definition in document.definitions { builder.read(definition) }
        guard builder.types.count <= Self.maxTypes else {
            throw WorkbenchError("\(source): \(builder.types.count) types, more than the \(Self.maxTypes) a schema may have")
        }
        guard !builder.types.isEmpty else {
            throw WorkbenchError("\(source): no type definitions: not a GraphQL schema")
        }
        let names = Set(builder.types.map(\.name))
        let scalars = ["Int", "Float", "String", "Boolean", "ID"].filter { !names.contains($0) }
        let types = builder.types + scalars.map { TypeInfo(name: $0, kind: .scalar, description: nil) }
        func root(_ operation: String, _ conventional: String) -> String? {
            builder.roots[operation] ?? (builder.roots.isEmpty && names.contains(conventional) ? conventional : nil)
        }
        self.init(
            types: types, queryType: root("query", "Query"), mutationType: root("mutation", "Mutation"),
            subscriptionType: root("subscription", "Subscription"))
    }
}

/// Collects the definitions of an SDL document, extensions merged into their types.
private struct SDLReader {
    var types: [GraphQLAPI.TypeInfo] = []
    var index: [String: Int] = [:]
    var roots: [String: String] = [:]

    mutating func read(_ definition: Definition) {
        switch definition {
        case let schema as SchemaDefinition:
            for root in schema.operationTypes { roots[root.operation.rawValue] = root.type.name.value }
        case let schema as SchemaExtensionDefinition:
            for root in schema.definition.operationTypes { roots[root.operation.rawValue] = root.type.name.value }
        case let object as ObjectTypeDefinition:
            merge(object: object)
        case let object as TypeExtensionDefinition:
            merge(object: object.definition)
        case let interface as InterfaceTypeDefinition:
            merge(interface: interface)
        case let interface as InterfaceExtensionDefinition:
            merge(interface: interface.definition)
        case let union as UnionTypeDefinition:
            merge(union: union)
        case let union as UnionExtensionDefinition:
            merge(union: union.definition)
        case let enumeration as EnumTypeDefinition:
            merge(enumeration: enumeration)
        case let enumeration as EnumExtensionDefinition:
            merge(enumeration: enumeration.definition)
        case let input as InputObjectTypeDefinition:
            merge(input: input)
        case let input as InputObjectExtensionDefinition:
            merge(input: input.definition)
        case let scalar as ScalarTypeDefinition:
            update(scalar.name.value, .scalar, scalar.description) { _ in }
        case let scalar as ScalarExtensionDefinition:
            update(scalar.definition.name.value, .scalar, nil) { _ in }
        default:
            break  // directives, and operations a schema file should not hold
        }
    }

    mutating func update(
        _ name: String, _ kind: GraphQLAPI.Kind, _ description: StringValue?, _ change: (inout GraphQLAPI.TypeInfo) -> Void
    ) {
        let position: Int
        if let known = index[name] {
            position = known
        } else {
            position = types.count
            index[name] = position
            types.append(GraphQLAPI.TypeInfo(name: name, kind: kind, description: nil))
        }
        if let description { types[position].description = description.value }
        change(&types[position])
    }

    mutating func merge(object: ObjectTypeDefinition) {
        update(object.name.value, .object, object.description) { type in
            type.fields += object.fields.map(Self.field)
            type.interfaces += object.interfaces.map(\.name.value)
        }
        for interface in object.interfaces.map(\.name.value) {
            update(interface, .interface, nil) { $0.possibleTypes.append(object.name.value) }
        }
    }

    mutating func merge(interface: InterfaceTypeDefinition) {
        update(interface.name.value, .interface, interface.description) { type in
            type.fields += interface.fields.map(Self.field)
            type.interfaces += interface.interfaces.map(\.name.value)
        }
    }

    mutating func merge(union: UnionTypeDefinition) {
        update(union.name.value, .union, union.description) { $0.possibleTypes += union.types.map(\.name.value) }
    }

    mutating func merge(enumeration: EnumTypeDefinition) {
        update(enumeration.name.value, .enumeration, enumeration.description) { type in
            type.enumValues += enumeration.values.map { value in
                GraphQLAPI.EnumValue(
                    name: value.name.value, description: value.description?.value,
                    deprecationReason: Self.deprecation(value.directives))
            }
        }
    }

    mutating func merge(input: InputObjectTypeDefinition) {
        update(input.name.value, .inputObject, input.description) { $0.inputFields += input.fields.map(Self.inputValue) }
    }

    static func field(_ field: FieldDefinition) -> GraphQLAPI.Field {
        GraphQLAPI.Field(
            name: field.name.value, description: field.description?.value,
            arguments: field.arguments.map(inputValue), type: reference(field.type),
            deprecationReason: deprecation(field.directives))
    }

    static func inputValue(_ value: InputValueDefinition) -> GraphQLAPI.InputValue {
        GraphQLAPI.InputValue(
            name: value.name.value, description: value.description?.value, type: reference(value.type),
            defaultValue: value.defaultValue.map { GraphQL.print(ast: $0) })
    }

    /// `@deprecated(reason: "...")`: its reason, or the spec's default.
    static func deprecation(_ directives: [Directive]) -> String? {
        guard let directive = directives.first(where: { $0.name.value == "deprecated" }) else { return nil }
        let reason = directive.arguments.first { $0.name.value == "reason" }?.value as? StringValue
        return reason?.value ?? "No longer supported"
    }

    /// Depth is bounded by `checkBounds` (each list is a `[`).
    static func reference(_ type: Type) -> GraphQLAPI.TypeReference {
        switch type {
        case let named as NamedType: .named(named.name.value)
        case let list as ListType: .list(reference(list.type))
        case let nonNull as NonNullType: .nonNull(reference(nonNull.type))
        default: .named("?")
        }
    }
}
