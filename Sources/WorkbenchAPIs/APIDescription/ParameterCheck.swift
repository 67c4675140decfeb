import WorkbenchBasics

/// The warnings `show` and `send` print (and never refuse on) when the
/// request does not fit its operation's parameters: a required path, query or
/// header parameter missing, or a value outside the parameter's enum.
///
/// Pure: the caller gives the values as they would be sent (`value`) and as
/// they may be shown (`shown`, secrets masked), so a warning never prints a
/// secret; a value holding one is not compared.
public enum ParameterCheck {
    /// One parameter value of the request.
    public struct Value: Sendable {
        public var name: String
        public var value: String
        public var shown: String

        public init(name: String, value: String, shown: String) {
            self.name = name
            self.value = value
            self.shown = shown
        }
    }

    /// Headers OpenAPI says a description must not declare as parameters: the
    /// workbench sets them itself.
    static let ignoredHeaders: Set<String> = ["accept", "content-type", "authorization"]

    /// `sendsBody`: whether the request sends a body (nil: not checked), for an operation
    /// that requires one.
    public static func warnings(
        for operation: APIOperation, pathValues: [String: String], query: [Value], headers: [Value], sendsBody: Bool? = nil
    ) -> [String] {
        let name = "\(operation.method) \(operation.pathTemplate)"
        var warnings: [String] = []
        if sendsBody == false, let body = operation.requestBody, body.required {
            let types = (body.jsonContentType.map { [$0] } ?? body.contentTypes).prefix(3).joined(separator: ", ")
            warnings.append(
                "\(name): the description requires a request body" + (types.isEmpty ? "" : " (\(types))")
                    + "; none is sent" + (body.jsonSchema != nil ? " (`body example` writes one from its schema)" : ""))
        }
        for parameter in operation.parameters {
            switch parameter.location {
            case "path":
                let value = pathValues[parameter.name]
                if value == nil || value.map(isPlaceholder) == true {
                    warnings.append("\(name): path parameter {\(parameter.name)} is not filled")
                } else if let value, !value.contains("{{") {
                    warnings += enumWarnings(
                        parameter, [Value(name: parameter.name, value: value, shown: value)], kind: "path parameter", operation: name)
                }
            case "query":
                let given = query.filter { $0.name == parameter.name }
                if given.isEmpty {
                    if parameter.required { warnings.append("\(name): required query parameter '\(parameter.name)' is missing") }
                } else {
                    warnings += enumWarnings(parameter, given, kind: "query parameter", operation: name)
                }
            case "header":
                guard !ignoredHeaders.contains(parameter.name.lowercased()) else { continue }
                let given = headers.filter { $0.name.lowercased() == parameter.name.lowercased() }
                if given.isEmpty {
                    if parameter.required { warnings.append("\(name): required header '\(parameter.name)' is missing") }
                } else {
                    warnings += enumWarnings(parameter, given, kind: "header", operation: name)
                }
            default:
                // Cookies come from the jar, whose values the workbench does not show.
                continue
            }
        }
        return warnings.map { "warning: " + $0 }
    }

    /// A `{name}` segment `cd` left for the user to fill.
    static func isPlaceholder(_ segment: String) -> Bool {
        segment.hasPrefix("{") && segment.hasSuffix("}") && !segment.hasPrefix("{{")
    }

    /// Values outside the parameter's enum; an array parameter's value is
    /// checked item by item (`status=available,sold`).
    static func enumWarnings(_ parameter: APIParameter, _ values: [Value], kind: String, operation: String) -> [String] {
        guard !parameter.enumValues.isEmpty else { return [] }
        let isArray = parameter.schema?.arrayContext != nil
        var warnings: [String] = []
        for value in values where value.value == value.shown && !value.value.contains("{{") {
            let items = isArray ? value.value.split(separator: ",", omittingEmptySubsequences: false).map(String.init) : [value.value]
            for item in items where !parameter.enumValues.contains(item) {
                let allowed = parameter.enumValues.prefix(10).joined(separator: ", ") + (parameter.enumValues.count > 10 ? ", ..." : "")
                warnings.append("\(operation): \(kind) '\(parameter.name)' is '\(item)', not one of \(allowed)")
            }
        }
        return warnings
    }
}
