import WorkbenchBasics

/// A GraphQL schema as the workbench reads it: what `graphql ls`, `graphql describe` and
/// completion need (types, their fields, arguments, input fields, enum values,
/// descriptions), from introspection JSON or SDL. Not GraphQLSwift's `GraphQLSchema`,
/// which is built to execute (resolvers, validation of the whole type system) and which
/// an introspection result cannot build.
///
/// A class: the schema is immutable once loaded and large (thousands of types), and a
/// workspace that holds it is copied on every command; equal by identity.
public final class GraphQLAPI: Equatable, Sendable {
    public enum Kind: String, Sendable {
        case scalar = "SCALAR"
        case object = "OBJECT"
        case interface = "INTERFACE"
        case union = "UNION"
        case enumeration = "ENUM"
        case inputObject = "INPUT_OBJECT"

        /// As SDL names it: `type`, `input`, `enum`...
        public var keyword: String {
            switch self {
            case .scalar: "scalar"
            case .object: "type"
            case .interface: "interface"
            case .union: "union"
            case .enumeration: "enum"
            case .inputObject: "input"
            }
        }
    }

    /// A type as a field or argument uses it: `[Episode!]!`.
    public indirect enum TypeReference: Equatable, Sendable {
        case named(String)
        case list(TypeReference)
        case nonNull(TypeReference)

        public var text: String {
            switch self {
            case .named(let name): name
            case .list(let inner): "[" + inner.text + "]"
            case .nonNull(let inner): inner.text + "!"
            }
        }

        /// The named type at the bottom of the lists and non-nulls.
        public var namedType: String {
            var reference = self
            while true {
                switch reference {
                case .named(let name): return name
                case .list(let inner), .nonNull(let inner): reference = inner
                }
            }
        }
    }

    /// An argument or an input object's field.
    public struct InputValue: Equatable, Sendable {
        public var name: String
        public var description: String?
        public var type: TypeReference
        /// As GraphQL text (`10`, `"x"`, `JEDI`), when there is one.
        public var defaultValue: String?
    }

    public struct Field: Equatable, Sendable {
        public var name: String
        public var description: String?
        public var arguments: [InputValue]
        public var type: TypeReference
        public var deprecationReason: String?

        package init(name: String, description: String?, arguments: [InputValue], type: TypeReference, deprecationReason: String? = nil) {
            (self.name, self.description, self.arguments, self.type) = (name, description, arguments, type)
            self.deprecationReason = deprecationReason
        }
    }

    public struct EnumValue: Equatable, Sendable {
        public var name: String
        public var description: String?
        public var deprecationReason: String?
    }

    public struct TypeInfo: Equatable, Sendable {
        public var name: String
        public var kind: Kind
        public var description: String?
        public var fields: [Field] = []
        public var inputFields: [InputValue] = []
        public var enumValues: [EnumValue] = []
        /// Interfaces an object or interface implements.
        public var interfaces: [String] = []
        /// The members of a union, or the types implementing an interface.
        public var possibleTypes: [String] = []

        public func field(named name: String) -> Field? { fields.first { $0.name == name } }
    }

    /// Types in the order the schema gives them.
    public let types: [TypeInfo]
    public let queryType: String?
    public let mutationType: String?
    public let subscriptionType: String?
    private let index: [String: Int]

    /// Bounds on what a schema may hold (a hostile server or file): named in the loaders' errors.
    public static let maxTypes = 100_000
    public static let maxTypeDepth = 32

    public init(types: [TypeInfo], queryType: String?, mutationType: String?, subscriptionType: String?) {
        self.types = types
        self.queryType = queryType
        self.mutationType = mutationType
        self.subscriptionType = subscriptionType
        var index: [String: Int] = [:]
        for (position, type) in types.enumerated() where index[type.name] == nil { index[type.name] = position }
        self.index = index
    }

    public static func == (lhs: GraphQLAPI, rhs: GraphQLAPI) -> Bool { lhs === rhs }

    public func type(named name: String) -> TypeInfo? { index[name].map { types[$0] } }

    /// The root operation types that exist: `("query", "Query")`...
    public var roots: [(operation: String, type: String)] {
        [("query", queryType), ("mutation", mutationType), ("subscription", subscriptionType)]
            .compactMap { operation, type in type.map { (operation, $0) } }
    }

    public func rootType(for operation: String) -> String? {
        switch operation {
        case "mutation": mutationType
        case "subscription": subscriptionType
        default: queryType
        }
    }

    /// The types a user defined: introspection's own (`__Schema`...) left out.
    public var userTypes: [TypeInfo] { types.filter { !$0.name.hasPrefix("__") } }

    /// The fields that can be selected on a type: its own, and `__typename`
    /// (for the query root also `__schema` and `__type`, which are implicit).
    public func selectableFields(of typeName: String) -> [Field] {
        var fields = type(named: typeName)?.fields ?? []
        fields.append(Field(name: "__typename", description: nil, arguments: [], type: .nonNull(.named("String"))))
        return fields
    }
}
