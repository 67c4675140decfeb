import WorkbenchBasics
import WorkbenchAPIs

/// Session files of an older format version, brought up to the current one
/// when they are read: one pure step per version, from a version-N document to
/// a version-N+1 one, applied in order. The reader then knows one format only.
///
/// Steps act on the parsed JSON before it is checked, so they change only what
/// has the expected shape and leave anything else for the reader to refuse
/// with the field's name.
public enum SessionMigration {
    /// The step from version N to N+1, by N.
    static let steps: [Int: @Sendable (JSONValue) -> JSONValue] = [1: version1To2]

    /// `document`, of format `version`, as a document of the current version.
    public static func migrate(_ document: JSONValue, from version: Int) -> JSONValue {
        var current = document
        for step in version..<SessionDocument.formatVersion {
            guard let migrate = steps[step] else { continue }
            current = migrate(current)
        }
        return current
    }

    /// Version 1 files were written before query items said how they were
    /// typed and before captures could be secret, and (before the Trust work)
    /// kept credential headers of responses in clear. Version 2 states the
    /// flags on every item: `encoded` and `bare` (false unless the file said
    /// true: a v1 item was typed with `query add` or decoded from a pasted URL,
    /// and is encoded when sent) and `secret` on every capture; and masks
    /// `Set-Cookie`, `Cookie`, `Authorization` and `Proxy-Authorization` in
    /// recorded responses.
    public static func version1To2(_ document: JSONValue) -> JSONValue {
        var result = document.setting("version", to: .number("2"))
        result = result.updating("endpoint", endpointFlags)
        result = result.updating("requests") { requests in
            requests.updatingElements { record in
                record.updating("endpoint", endpointFlags)
                    .updating("captures") { $0.updatingElements { $0.defaulting("secret", to: .bool(false)) } }
                    .updating("response") { response in
                        response.updating("headers") { $0.updatingElements(maskingCredential) }
                    }
            }
        }
        return result
    }

    private static func endpointFlags(_ endpoint: JSONValue) -> JSONValue {
        endpoint.updating("query") { query in
            query.updatingElements { $0.defaulting("encoded", to: .bool(false)).defaulting("bare", to: .bool(false)) }
        }
    }

    private static func maskingCredential(_ header: JSONValue) -> JSONValue {
        guard let name = header["name"]?.stringValue, RecordedResponse.credentialHeaders.contains(name.lowercased()),
            header["value"]?.stringValue != nil
        else { return header }
        return header.setting("value", to: .string(Variables.mask))
    }
}

/// Small edits of parsed JSON for migrations: each returns the value unchanged
/// when it does not have the shape the edit expects.
extension JSONValue {
    /// This object with `key` set to `value` (in place, or appended).
    func setting(_ key: String, to value: JSONValue) -> JSONValue {
        guard case .object(var members) = self else { return self }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append(JSONMember(key: key, value: value))
        }
        return .object(members)
    }

    /// This object with `key` added as `value` where it is missing.
    func defaulting(_ key: String, to value: JSONValue) -> JSONValue {
        self[key] == nil ? setting(key, to: value) : self
    }

    /// This object with the value of `key`, where present, transformed.
    func updating(_ key: String, _ transform: (JSONValue) -> JSONValue) -> JSONValue {
        guard case .object(var members) = self, let index = members.firstIndex(where: { $0.key == key }) else { return self }
        members[index].value = transform(members[index].value)
        return .object(members)
    }

    /// This array with every element transformed.
    func updatingElements(_ transform: (JSONValue) -> JSONValue) -> JSONValue {
        guard case .array(let elements) = self else { return self }
        return .array(elements.map(transform))
    }
}
