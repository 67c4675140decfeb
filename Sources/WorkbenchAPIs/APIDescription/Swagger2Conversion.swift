import WorkbenchBasics

/// Swagger 2.0 rewritten as OpenAPI 3.0, on the generic tree.
///
/// Hand-written because OpenAPIKit (6.4) reads only OpenAPI 3.0 and 3.1: it has
/// no Swagger 2.0 reader or converter. The result is decoded by OpenAPIKit30
/// like any 3.0 document. What moves: `host`+`basePath`+`schemes` become
/// `servers`; `in: body` parameters become `requestBody` (for each
/// `consumes` type), `in: formData` ones a form body; `definitions`,
/// `parameters`, `responses` and `securityDefinitions` move under
/// `components` (with every `$ref` rewritten to match); a response's `schema`
/// becomes `content` for each `produces` type.
enum Swagger2Conversion {
    static func isSwagger2(_ tree: JSONValue) -> Bool {
        tree["swagger"]?.stringValue?.hasPrefix("2") == true
    }

    /// - Parameter scheme: the scheme to use when the document names none
    ///   (that of the URL it came from, else `http`).
    static func convert(_ swagger: JSONValue, defaultScheme: String = "http") -> JSONValue {
        let consumes = swagger["consumes"]?.items.compactMap(\.stringValue) ?? []
        let produces = swagger["produces"]?.items.compactMap(\.stringValue) ?? []
        let globalParameters = swagger["parameters"] ?? .object([])

        var document = JSONValue.object([JSONMember(key: "openapi", value: .string("3.0.3"))])
        document.set(
            "info",
            swagger["info"]
                ?? .object([
                    JSONMember(key: "title", value: .string("")), JSONMember(key: "version", value: .string("")),
                ]))
        document.set("servers", servers(swagger, defaultScheme: defaultScheme))

        var paths: [JSONMember] = []
        for pathMember in swagger["paths"]?.members ?? [] {
            paths.append(
                JSONMember(
                    key: pathMember.key,
                    value: pathItem(
                        pathMember.value, consumes: consumes, produces: produces, globalParameters: globalParameters)))
        }
        document.set("paths", .object(paths))

        var components: [JSONMember] = []
        if let definitions = swagger["definitions"] {
            components.append(
                JSONMember(
                    key: "schemas",
                    value: .object(
                        definitions.members.map {
                            JSONMember(key: $0.key, value: schema($0.value))
                        })))
        }
        var parameters: [JSONMember] = []
        var requestBodies: [JSONMember] = []
        for member in globalParameters.members {
            if member.value["in"]?.stringValue == "body" {
                requestBodies.append(JSONMember(key: member.key, value: bodyRequest(member.value, consumes: consumes)))
            } else {
                parameters.append(JSONMember(key: member.key, value: parameter(member.value)))
            }
        }
        if !parameters.isEmpty { components.append(JSONMember(key: "parameters", value: .object(parameters))) }
        if !requestBodies.isEmpty { components.append(JSONMember(key: "requestBodies", value: .object(requestBodies))) }
        if let responses = swagger["responses"] {
            components.append(
                JSONMember(
                    key: "responses",
                    value: .object(
                        responses.members.map {
                            JSONMember(key: $0.key, value: response($0.value, produces: produces))
                        })))
        }
        if let security = swagger["securityDefinitions"] {
            components.append(
                JSONMember(
                    key: "securitySchemes",
                    value: .object(
                        security.members.map {
                            JSONMember(key: $0.key, value: securityScheme($0.value))
                        })))
        }
        if !components.isEmpty { document.set("components", .object(components)) }
        for key in ["security", "tags", "externalDocs"] {
            if let value = swagger[key] { document.set(key, value) }
        }
        for member in swagger.members where member.key.hasPrefix("x-") {
            document.set(member.key, member.value)
        }
        return document
    }

    private static func servers(_ swagger: JSONValue, defaultScheme: String) -> JSONValue {
        let basePath = swagger["basePath"]?.stringValue ?? ""
        guard let host = swagger["host"]?.stringValue, !host.isEmpty else {
            return .array([.object([JSONMember(key: "url", value: .string(basePath.isEmpty ? "/" : basePath))])])
        }
        let schemes = swagger["schemes"]?.items.compactMap(\.stringValue) ?? []
        let urls = (schemes.isEmpty ? [defaultScheme] : schemes).map { "\($0)://\(host)\(basePath)" }
        return .array(urls.map { .object([JSONMember(key: "url", value: .string($0))]) })
    }

    private static let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    private static func pathItem(
        _ item: JSONValue, consumes: [String], produces: [String], globalParameters: JSONValue
    ) -> JSONValue {
        var converted: [JSONMember] = []
        let shared = item["parameters"]?.items ?? []
        // Path-level body and form parameters belong to each operation's body in 3.0.
        let sharedPlain = shared.filter { !isBodyLike($0, globalParameters) }
        let sharedBodyLike = shared.filter { isBodyLike($0, globalParameters) }
        if !sharedPlain.isEmpty {
            converted.append(JSONMember(key: "parameters", value: .array(sharedPlain.map(parameterOrReference))))
        }
        for member in item.members {
            if methods.contains(member.key) {
                converted.append(
                    JSONMember(
                        key: member.key,
                        value: operation(
                            member.value, extraParameters: sharedBodyLike,
                            consumes: consumes, produces: produces, globalParameters: globalParameters)))
            } else if member.key == "$ref" {
                converted.append(JSONMember(key: "$ref", value: member.value))
            } else if member.key.hasPrefix("x-") {
                converted.append(member)
            }
        }
        return .object(converted)
    }

    /// A body or form parameter, inline or by reference to a global one.
    private static func isBodyLike(_ parameter: JSONValue, _ globalParameters: JSONValue) -> Bool {
        let resolved = referencedParameter(parameter, globalParameters) ?? parameter
        let location = resolved["in"]?.stringValue
        return location == "body" || location == "formData"
    }

    private static func referencedParameter(_ parameter: JSONValue, _ globalParameters: JSONValue) -> JSONValue? {
        guard let ref = parameter["$ref"]?.stringValue, ref.hasPrefix("#/parameters/") else { return nil }
        return globalParameters[String(ref.dropFirst("#/parameters/".count))]
    }

    private static func operation(
        _ operation: JSONValue, extraParameters: [JSONValue],
        consumes globalConsumes: [String], produces globalProduces: [String], globalParameters: JSONValue
    ) -> JSONValue {
        let consumes = operation["consumes"]?.items.compactMap(\.stringValue) ?? globalConsumes
        let produces = operation["produces"]?.items.compactMap(\.stringValue) ?? globalProduces
        var converted: [JSONMember] = []
        var parameters: [JSONValue] = []
        var formFields: [JSONValue] = []
        var requestBody: JSONValue?
        for parameter in extraParameters + (operation["parameters"]?.items ?? []) {
            let resolved = referencedParameter(parameter, globalParameters)
            switch (resolved ?? parameter)["in"]?.stringValue {
            case "body":
                if let ref = parameter["$ref"]?.stringValue {
                    let name = ref.dropFirst("#/parameters/".count)
                    requestBody = .object([JSONMember(key: "$ref", value: .string("#/components/requestBodies/\(name)"))])
                } else {
                    requestBody = bodyRequest(parameter, consumes: consumes)
                }
            case "formData":
                formFields.append(resolved ?? parameter)
            default:
                parameters.append(parameterOrReference(parameter))
            }
        }
        if !formFields.isEmpty { requestBody = formRequest(formFields, consumes: consumes) }
        for member in operation.members {
            switch member.key {
            case "parameters", "consumes", "produces":
                continue
            case "responses":
                converted.append(
                    JSONMember(
                        key: "responses",
                        value: .object(
                            member.value.members.map {
                                JSONMember(key: $0.key, value: response($0.value, produces: produces))
                            })))
            default:
                converted.append(member)
            }
        }
        if !parameters.isEmpty { converted.append(JSONMember(key: "parameters", value: .array(parameters))) }
        if let requestBody { converted.append(JSONMember(key: "requestBody", value: requestBody)) }
        if operation["responses"] == nil {
            converted.append(
                JSONMember(
                    key: "responses",
                    value: .object([
                        JSONMember(key: "default", value: .object([JSONMember(key: "description", value: .string(""))]))
                    ])))
        }
        return .object(converted)
    }

    private static func parameterOrReference(_ parameter: JSONValue) -> JSONValue {
        if let ref = parameter["$ref"]?.stringValue {
            return .object([JSONMember(key: "$ref", value: .string(rewrittenReference(ref)))])
        }
        return self.parameter(parameter)
    }

    /// A query, path, header or cookie parameter: its type keywords move into `schema`.
    private static func parameter(_ parameter: JSONValue) -> JSONValue {
        var converted: [JSONMember] = []
        var schemaMembers: [JSONMember] = []
        for member in parameter.members {
            switch member.key {
            case "name", "in", "description", "required", "deprecated", "allowEmptyValue":
                converted.append(member)
            case "collectionFormat":
                let explode = member.value.stringValue == "multi"
                converted.append(JSONMember(key: "explode", value: .bool(explode)))
            case "x-example":
                converted.append(JSONMember(key: "example", value: member.value))
            default:
                if member.key.hasPrefix("x-") { converted.append(member) } else { schemaMembers.append(member) }
            }
        }
        if parameter["in"]?.stringValue == "path" && parameter["required"] == nil {
            converted.append(JSONMember(key: "required", value: .bool(true)))
        }
        converted.append(JSONMember(key: "schema", value: schema(.object(schemaMembers))))
        return .object(converted)
    }

    private static func bodyRequest(_ parameter: JSONValue, consumes: [String]) -> JSONValue {
        let types = consumes.isEmpty ? ["application/json"] : consumes
        let bodySchema = schema(parameter["schema"] ?? .object([]))
        var converted: [JSONMember] = []
        if let description = parameter["description"] { converted.append(JSONMember(key: "description", value: description)) }
        converted.append(
            JSONMember(
                key: "content",
                value: .object(
                    types.map {
                        JSONMember(key: $0, value: .object([JSONMember(key: "schema", value: bodySchema)]))
                    })))
        if let required = parameter["required"] { converted.append(JSONMember(key: "required", value: required)) }
        return .object(converted)
    }

    private static func formRequest(_ fields: [JSONValue], consumes: [String]) -> JSONValue {
        let hasFile = fields.contains { $0["type"]?.stringValue == "file" }
        let formTypes = consumes.filter { $0 == "multipart/form-data" || $0 == "application/x-www-form-urlencoded" }
        let types = formTypes.isEmpty ? [hasFile ? "multipart/form-data" : "application/x-www-form-urlencoded"] : formTypes
        var properties: [JSONMember] = []
        var required: [JSONValue] = []
        for field in fields {
            guard let name = field["name"]?.stringValue else { continue }
            var fieldSchema = field
            for key in ["name", "in", "required", "collectionFormat", "allowEmptyValue"] { fieldSchema.set(key, nil) }
            properties.append(JSONMember(key: name, value: schema(fieldSchema)))
            if field["required"] == .bool(true) { required.append(.string(name)) }
        }
        var formSchema: [JSONMember] = [
            JSONMember(key: "type", value: .string("object")),
            JSONMember(key: "properties", value: .object(properties)),
        ]
        if !required.isEmpty { formSchema.append(JSONMember(key: "required", value: .array(required))) }
        return .object([
            JSONMember(
                key: "content",
                value: .object(
                    types.map {
                        JSONMember(key: $0, value: .object([JSONMember(key: "schema", value: .object(formSchema))]))
                    }))
        ])
    }

    private static func response(_ response: JSONValue, produces: [String]) -> JSONValue {
        if let ref = response["$ref"]?.stringValue {
            return .object([JSONMember(key: "$ref", value: .string(rewrittenReference(ref)))])
        }
        var converted: [JSONMember] = [
            JSONMember(key: "description", value: response["description"] ?? .string(""))
        ]
        if let headers = response["headers"] {
            converted.append(
                JSONMember(
                    key: "headers",
                    value: .object(
                        headers.members.map { header in
                            var headerSchema = header.value
                            headerSchema.set("description", nil)
                            var members: [JSONMember] = []
                            if let description = header.value["description"] {
                                members.append(JSONMember(key: "description", value: description))
                            }
                            members.append(JSONMember(key: "schema", value: schema(headerSchema)))
                            return JSONMember(key: header.key, value: .object(members))
                        })))
        }
        if let responseSchema = response["schema"] {
            let examples = response["examples"]
            let types = produces.isEmpty ? ["application/json"] : produces
            converted.append(
                JSONMember(
                    key: "content",
                    value: .object(
                        types.map { type in
                            var media: [JSONMember] = [JSONMember(key: "schema", value: schema(responseSchema))]
                            if let example = examples?[type] { media.append(JSONMember(key: "example", value: example)) }
                            return JSONMember(key: type, value: .object(media))
                        })))
        }
        return .object(converted)
    }

    private static func securityScheme(_ scheme: JSONValue) -> JSONValue {
        switch scheme["type"]?.stringValue {
        case "basic":
            var converted: [JSONMember] = [
                JSONMember(key: "type", value: .string("http")), JSONMember(key: "scheme", value: .string("basic")),
            ]
            if let description = scheme["description"] { converted.append(JSONMember(key: "description", value: description)) }
            return .object(converted)
        case "oauth2":
            var flow: [JSONMember] = []
            for key in ["authorizationUrl", "tokenUrl"] {
                if let value = scheme[key] { flow.append(JSONMember(key: key, value: value)) }
            }
            flow.append(JSONMember(key: "scopes", value: scheme["scopes"] ?? .object([])))
            let flowName =
                switch scheme["flow"]?.stringValue {
                case "implicit": "implicit"
                case "password": "password"
                case "application": "clientCredentials"
                default: "authorizationCode"
                }
            return .object([
                JSONMember(key: "type", value: .string("oauth2")),
                JSONMember(key: "flows", value: .object([JSONMember(key: flowName, value: .object(flow))])),
            ])
        default:
            return scheme
        }
    }

    /// A 2.0 schema as 3.0 says it: `$ref`s rewritten, `type: file` as binary
    /// string, `x-nullable` as `nullable`, a discriminator's name as an object.
    static func schema(_ schema: JSONValue) -> JSONValue {
        switch schema {
        case .object(let members):
            var converted: [JSONMember] = []
            for member in members {
                switch member.key {
                case "$ref":
                    converted.append(JSONMember(key: "$ref", value: .string(rewrittenReference(member.value.stringValue ?? ""))))
                case "type" where member.value.stringValue == "file":
                    converted.append(JSONMember(key: "type", value: .string("string")))
                    converted.append(JSONMember(key: "format", value: .string("binary")))
                case "type" where typeAliases[member.value.stringValue ?? ""] != nil:
                    converted.append(JSONMember(key: "type", value: .string(typeAliases[member.value.stringValue!]!)))
                case "x-nullable":
                    converted.append(JSONMember(key: "nullable", value: member.value))
                case "discriminator":
                    if let name = member.value.stringValue {
                        converted.append(
                            JSONMember(
                                key: "discriminator",
                                value: .object([
                                    JSONMember(key: "propertyName", value: .string(name))
                                ])))
                    }
                case "properties", "patternProperties":
                    converted.append(
                        JSONMember(
                            key: member.key,
                            value: .object(
                                member.value.members.map {
                                    JSONMember(key: $0.key, value: Self.schema($0.value))
                                })))
                case "items", "additionalProperties", "not":
                    converted.append(JSONMember(key: member.key, value: Self.schema(member.value)))
                case "allOf", "anyOf", "oneOf":
                    converted.append(JSONMember(key: member.key, value: .array(member.value.items.map(Self.schema))))
                default:
                    converted.append(member)
                }
            }
            return .object(converted)
        case .array(let items):
            // Swagger 2.0 allows a tuple of item schemas, which 3.0 cannot say: keep the first.
            return items.first.map(Self.schema) ?? .object([])
        default:
            return schema
        }
    }

    /// Type names generators write that JSON Schema spells otherwise (httpbin's
    /// flasgger writes `type: int`): read as meant rather than dropping the operation.
    static let typeAliases = [
        "int": "integer", "bool": "boolean", "str": "string", "float": "number", "double": "number", "long": "integer",
    ]

    private static func rewrittenReference(_ ref: String) -> String {
        for (old, new) in [
            ("#/definitions/", "#/components/schemas/"),
            ("#/parameters/", "#/components/parameters/"),
            ("#/responses/", "#/components/responses/"),
        ] where ref.hasPrefix(old) {
            return new + ref.dropFirst(old.count)
        }
        return ref
    }
}
