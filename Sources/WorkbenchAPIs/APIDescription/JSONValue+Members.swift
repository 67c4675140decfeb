import WorkbenchBasics

/// Small edits of JSON objects for the description loader, which rewrites
/// and prunes the generic tree before OpenAPIKit decodes it.
extension JSONValue {
    /// The object's members, or none when this is not an object.
    var members: [JSONMember] {
        if case .object(let members) = self { return members }
        return []
    }

    /// The array's items, or none when this is not an array.
    package var items: [JSONValue] {
        if case .array(let items) = self { return items }
        return []
    }

    /// Sets (replacing in place, or appending) the member named `key`; nil removes it.
    mutating func set(_ key: String, _ value: JSONValue?) {
        guard case .object(var members) = self else { return }
        self = .null  // drop the second reference so the array is edited in place
        if let index = members.firstIndex(where: { $0.key == key }) {
            if let value { members[index].value = value } else { members.remove(at: index) }
        } else if let value {
            members.append(JSONMember(key: key, value: value))
        }
        self = .object(members)
    }

    /// Removes the value at `path` (member names and array indices as text);
    /// false when nothing is there.
    mutating func remove(at path: ArraySlice<String>) -> Bool {
        guard let first = path.first else { return false }
        let rest = path.dropFirst()
        switch self {
        case .object(var members):
            guard let index = members.firstIndex(where: { $0.key == first }) else { return false }
            self = .null
            defer { self = .object(members) }
            if rest.isEmpty {
                members.remove(at: index)
                return true
            }
            return members[index].value.remove(at: rest)
        case .array(var items):
            guard let index = Int(first), items.indices.contains(index) else { return false }
            self = .null
            defer { self = .array(items) }
            if rest.isEmpty {
                items.remove(at: index)
                return true
            }
            return items[index].remove(at: rest)
        default:
            return false
        }
    }
}
