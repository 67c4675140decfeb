import WorkbenchBasics
import WorkbenchHTTP

/// A saved comparison in a session file, as a record's `comparison` member (only on the
/// records that hold one, so other files stay as they were):
///
///     "comparison": {
///       "first": "local", "second": "staging", "headers": [], "ignore": ["$.version"],
///       "learned": ["header X-Request-Id", "$.request_id"], "ignoreStatus": false
///     }
extension SessionEncoding {
    static func encode(_ comparison: SavedComparison) -> JSONValue {
        .object([
            member("first", .string(comparison.first)), member("second", .string(comparison.second)),
            member("headers", .array(comparison.headers.map { .string($0) })),
            member("ignore", .array(comparison.ignored.map { .string($0) })),
            member("learned", .array(comparison.learned.map { .string($0) })),
            member("ignoreStatus", .bool(comparison.ignoresStatus)),
        ])
    }
}

extension FieldReader {
    func comparison(_ value: JSONValue, _ path: String) throws(WorkbenchError) -> SavedComparison {
        let object = try object(value, path)
        func names(_ key: String) throws(WorkbenchError) -> [String] {
            var names: [String] = []
            for (index, item) in try array(object[key], "\(path).\(key)", optional: true).enumerated() {
                names.append(try string(item, "\(path).\(key)[\(index)]"))
            }
            return names
        }
        let comparison = SavedComparison(
            first: try string(object["first"], "\(path).first"), second: try string(object["second"], "\(path).second"),
            headers: try names("headers"), ignored: try names("ignore"), learned: try names("learned"),
            ignoresStatus: try bool(object["ignoreStatus"], "\(path).ignoreStatus", default: false))
        // Names are printed on replay lines: one line, no control characters.
        for (key, name) in [("first", comparison.first), ("second", comparison.second)]
        where name.isEmpty || Template.oneLine(name) != name {
            throw fail("\(path).\(key)", "expected an environment's name")
        }
        // Read as the command reads them: a path or header that cannot be is refused here, not at replay.
        do throws(WorkbenchError) {
            _ = try comparison.options()
        } catch {
            throw fail(path, error.message)
        }
        return comparison
    }
}
