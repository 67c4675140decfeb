import WorkbenchBasics

/// One way a JSON value breaks its schema: where (a JSON path in the notation
/// captures and `expect json` use, `$.pets[2].name`) and why, briefly.
public struct SchemaViolation: Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}
