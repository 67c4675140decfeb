import OpenAPIKit
import WorkbenchBasics

/// An OpenAPIKit operation turned into an `APIOperation`: references to
/// parameters, bodies and responses looked up, schemas inlined.
struct OperationBuilding {
    let components: OpenAPI.Components
    private var inlining: SchemaInlining

    init(components: OpenAPI.Components) {
        self.components = components
        self.inlining = SchemaInlining(components: components)
    }

    mutating func operation(_ operation: OpenAPI.Operation, method: String, template: String, pathItem: OpenAPI.PathItem) -> APIOperation {
        var parameters: [APIParameter] = []
        for either in pathItem.parameters + operation.parameters {
            guard let parameter = components[either] else { continue }
            let built = self.parameter(parameter)
            if let index = parameters.firstIndex(where: { $0.name == built.name && $0.location == built.location }) {
                parameters[index] = built
            } else {
                parameters.append(built)
            }
        }
        let body = operation.requestBody.flatMap { components[$0] }.map { requestBody($0) }
        var responses: [APIResponse] = []
        for (status, either) in operation.responses {
            guard let response = components[either] else { continue }
            let (jsonType, jsonContent) = Self.jsonContent(response.content, components: components)
            responses.append(
                APIResponse(
                    status: status.rawValue,
                    description: response.description ?? response.summary ?? "",
                    contentTypes: response.content.keys.map(\.rawValue),
                    jsonContentType: jsonType,
                    jsonSchema: jsonContent?.schema.map { inlining.inline($0) },
                    jsonSchemaName: jsonContent?.schema.map(SchemaText.typeName),
                    headers: response.headers.map { Array($0.keys) } ?? []))
        }
        return APIOperation(
            method: method, pathTemplate: template, operationId: operation.operationId,
            summary: operation.summary ?? pathItem.summary, description: operation.description ?? pathItem.description,
            deprecated: operation.deprecated, parameters: parameters, requestBody: body, responses: responses)
    }

    private mutating func parameter(_ parameter: OpenAPI.Parameter) -> APIParameter {
        var schema: JSONSchema?
        var examples: [String] = []
        switch parameter.schemaOrContent {
        case .a(let context):
            switch context.schema {
            case .a(let reference): schema = inlining.inline(JSONSchema.reference(reference.jsonReference))
            case .b(let inline): schema = inlining.inline(inline)
            }
            if let example = context.example { examples.append(SchemaText.text(example)) }
            examples += Self.exampleTexts(context.examples)
        case .b(let content):
            if let first = content.values.first.flatMap({ components[$0] }) {
                schema = first.schema.map { inlining.inline($0) }
                if let example = first.example { examples.append(SchemaText.text(example)) }
            }
        }
        var enumValues: [String] = []
        var defaultValue: String?
        if let schema {
            enumValues = (schema.allowedValues ?? schema.arrayContext?.items?.allowedValues ?? []).map(SchemaText.text)
            defaultValue = schema.defaultValue.map(SchemaText.text)
            examples += schema.examples.map(SchemaText.text)
        }
        var seen: Set<String> = []
        return APIParameter(
            name: parameter.name, location: parameter.location.rawValue, required: parameter.required,
            deprecated: parameter.deprecated, description: parameter.description, schema: schema,
            enumValues: enumValues, defaultValue: defaultValue,
            examples: examples.filter { seen.insert($0).inserted })
    }

    private mutating func requestBody(_ request: OpenAPI.Request) -> APIRequestBody {
        let (jsonType, jsonContent) = Self.jsonContent(request.content, components: components)
        var other: JSONSchema?
        if jsonContent?.schema == nil {
            let components = self.components
            if let schema = request.content.values.lazy.compactMap({ components[$0]?.schema }).first {
                other = inlining.inline(schema)
            }
        }
        // The media type's own example, or its first named one, a `$ref` to components/examples included.
        var jsonExample = jsonContent?.example
        if jsonExample == nil, let examples = jsonContent?.examples {
            jsonExample = examples.values.lazy.compactMap { [components] in components[$0]?.dataOrLegacyValue }.first
        }
        return APIRequestBody(
            description: request.description, required: request.required,
            contentTypes: request.content.keys.map(\.rawValue), jsonContentType: jsonType,
            jsonSchema: jsonContent?.schema.map { inlining.inline($0) }, otherSchema: other,
            jsonExample: jsonExample)
    }

    private static func exampleTexts(_ examples: OpenAPI.Example.Map?) -> [String] {
        guard let examples else { return [] }
        return examples.values.compactMap { either -> String? in
            guard case .b(let example) = either, let value = example.dataValue else { return nil }
            return SchemaText.text(value)
        }
    }

    /// The JSON media type of a content map: `application/json`, else the first
    /// other JSON type (`+json`, `application/json; charset=...`).
    static func jsonContent(_ content: OpenAPI.Content.Map, components: OpenAPI.Components) -> (String?, OpenAPI.Content?) {
        let types = content.keys.map(\.rawValue)
        guard
            let chosen = types.first(where: { $0.lowercased() == "application/json" })
                ?? types.first(where: { JSONMediaType.isJSON($0) })
        else { return (nil, nil) }
        let either = content.first { $0.key.rawValue == chosen }?.value
        return (chosen, either.flatMap { components[$0] })
    }
}
