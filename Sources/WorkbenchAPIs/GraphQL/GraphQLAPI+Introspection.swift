import WorkbenchBasics

/// The schema from an introspection result: the standard introspection query's
/// answer (`{"data": {"__schema": ...}}`, or the `__schema` object alone, as tools save it).
/// GraphQLSwift builds executable schemas from SDL only, so reading the result is ours.
extension GraphQLAPI {
    /// The standard introspection query (as graphql-js's `getIntrospectionQuery` writes it,
    /// with descriptions, deprecated fields and enum values, and seven levels of `ofType`).
    public static let introspectionQuery = """
        query IntrospectionQuery {
          __schema {
            queryType { name }
            mutationType { name }
            subscriptionType { name }
            types { ...FullType }
          }
        }

        fragment FullType on __Type {
          kind
          name
          description
          fields(includeDeprecated: true) {
            name
            description
            args { ...InputValue }
            type { ...TypeRef }
            isDeprecated
            deprecationReason
          }
          inputFields { ...InputValue }
          interfaces { ...TypeRef }
          enumValues(includeDeprecated: true) {
            name
            description
            isDeprecated
            deprecationReason
          }
          possibleTypes { ...TypeRef }
        }

        fragment InputValue on __InputValue {
          name
          description
          type { ...TypeRef }
          defaultValue
        }

        fragment TypeRef on __Type {
          kind
          name
          ofType {
            kind
            name
            ofType {
              kind
              name
              ofType {
                kind
                name
                ofType {
                  kind
                  name
                  ofType {
                    kind
                    name
                    ofType {
                      kind
                      name
                      ofType {
                        kind
                        name
                      }
                    }
                  }
                }
              }
            }
          }
        }
        """

    /// Reads an introspection result; `source` names it in errors.
    public convenience init(introspection value: JSONValue, source: String) throws(WorkbenchError) {
        func fail(_ reason: String) -> WorkbenchError { WorkbenchError("\(source): not a GraphQL introspection result: \(reason)") }
        var schema = value
        if let data = value["data"] {
            schema = data
        } else if let errors = value["errors"], case .array(let list) = errors, let first = list.first {
            throw WorkbenchError("\(source): the introspection query failed: \(first["message"]?.stringValue ?? first.jsonText)")
        }
        if let inner = schema["__schema"] { schema = inner }
        guard case .array(let typeValues)? = schema["types"] else { throw fail("no __schema.types") }
        guard typeValues.count <= Self.maxTypes else {
            throw fail("\(typeValues.count) types, more than the \(Self.maxTypes) a schema may have")
        }
        var types: [TypeInfo] = []
        types.reserveCapacity(typeValues.count)
        for (position, typeValue) in typeValues.enumerated() {
            let place = "types[\(position)]"
            guard let name = typeValue["name"]?.stringValue else { throw fail("\(place) has no name") }
            guard let kindText = typeValue["kind"]?.stringValue, let kind = Kind(rawValue: kindText) else {
                throw fail("\(place) (\(name)) has no known kind")
            }
            var type = TypeInfo(name: name, kind: kind, description: Self.text(typeValue["description"]))
            if case .array(let fields)? = typeValue["fields"] {
                for field in fields {
                    guard let fieldName = field["name"]?.stringValue, let reference = field["type"] else {
                        throw fail("a field of \(name) has no name or type")
                    }
                    type.fields.append(
                        Field(
                            name: fieldName, description: Self.text(field["description"]),
                            arguments: try Self.inputValues(field["args"], owner: "\(name).\(fieldName)", fail: fail),
                            type: try Self.typeReference(reference, depth: 0, fail: fail),
                            deprecationReason: field["isDeprecated"] == .bool(true)
                                ? (Self.text(field["deprecationReason"]) ?? "deprecated") : nil))
                }
            }
            type.inputFields = try Self.inputValues(typeValue["inputFields"], owner: name, fail: fail)
            if case .array(let values)? = typeValue["enumValues"] {
                type.enumValues = values.compactMap { value in
                    value["name"]?.stringValue.map { valueName in
                        EnumValue(
                            name: valueName, description: Self.text(value["description"]),
                            deprecationReason: value["isDeprecated"] == .bool(true)
                                ? (Self.text(value["deprecationReason"]) ?? "deprecated") : nil)
                    }
                }
            }
            if case .array(let interfaces)? = typeValue["interfaces"] {
                type.interfaces = interfaces.compactMap { $0["name"]?.stringValue }
            }
            if case .array(let possible)? = typeValue["possibleTypes"] {
                type.possibleTypes = possible.compactMap { $0["name"]?.stringValue }
            }
            types.append(type)
        }
        self.init(
            types: types,
            queryType: schema["queryType"]?["name"]?.stringValue,
            mutationType: schema["mutationType"]?["name"]?.stringValue,
            subscriptionType: schema["subscriptionType"]?["name"]?.stringValue)
    }

    private static func text(_ value: JSONValue?) -> String? {
        guard let text = value?.stringValue, !text.isEmpty else { return nil }
        return text
    }

    private static func inputValues(_ value: JSONValue?, owner: String, fail: (String) -> WorkbenchError) throws(WorkbenchError)
        -> [InputValue]
    {
        guard case .array(let values)? = value else { return [] }
        var result: [InputValue] = []
        for value in values {
            guard let name = value["name"]?.stringValue, let reference = value["type"] else {
                throw fail("an argument or input field of \(owner) has no name or type")
            }
            result.append(
                InputValue(
                    name: name, description: text(value["description"]),
                    type: try typeReference(reference, depth: 0, fail: fail),
                    defaultValue: value["defaultValue"]?.stringValue))
        }
        return result
    }

    private static func typeReference(_ value: JSONValue, depth: Int, fail: (String) -> WorkbenchError) throws(WorkbenchError)
        -> TypeReference
    {
        guard depth < maxTypeDepth else { throw fail("a type nested more than \(maxTypeDepth) lists deep") }
        switch value["kind"]?.stringValue {
        case "LIST", "NON_NULL":
            guard let inner = value["ofType"], inner != .null else {
                throw fail("a \(value["kind"]?.stringValue ?? "") type without ofType")
            }
            let wrapped = try typeReference(inner, depth: depth + 1, fail: fail)
            return value["kind"]?.stringValue == "LIST" ? .list(wrapped) : .nonNull(wrapped)
        default:
            guard let name = value["name"]?.stringValue else { throw fail("a type reference without a name") }
            return .named(name)
        }
    }
}
