import WorkbenchBasics

/// Tab in a call's JSON: the field names that may come where the cursor is, of the message
/// the open objects lead to (nested messages, map values and repeated messages followed).
public enum ProtoCompletion {
    /// The JSON typed so far is cut at a key: the key's typed start (without its quote) and
    /// the names of the fields of the message at that place; nil where no key may come.
    public static func fieldNames(_ typed: String, inputType: String, schema: ProtoSchema) -> (partial: String, names: [String])? {
        // The containers open at the end: objects with the key that led into them, arrays.
        enum Open {
            case object(key: String?)
            case array(key: String?)
        }
        var stack: [Open] = []
        var lastKey: String?
        var string: String?
        var escaped = false
        var expectingKey = false
        var stringIsKey = false
        for character in typed {
            if var text = string {
                if escaped {
                    escaped = false
                    text.append(character)
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    if stringIsKey { lastKey = text }
                    string = nil
                    expectingKey = false
                    continue
                } else {
                    text.append(character)
                }
                string = text
                continue
            }
            switch character {
            case "\"":
                string = ""
                stringIsKey = expectingKey
            case "{":
                // An object in an array is an element of the array's field.
                if case .array(let key)? = stack.last {
                    stack.append(.object(key: key))
                } else {
                    stack.append(.object(key: lastKey))
                }
                expectingKey = true
                lastKey = nil
            case "[":
                stack.append(.array(key: lastKey))
                expectingKey = false
            case "}", "]":
                guard !stack.isEmpty else { return nil }
                stack.removeLast()
                expectingKey = false
            case ",":
                if case .object? = stack.last { expectingKey = true }
            case ":":
                expectingKey = false
            default:
                break
            }
        }
        guard case .object? = stack.last else { return nil }
        let partial: String
        if let text = string {
            guard stringIsKey else { return nil }
            partial = text
        } else {
            guard expectingKey else { return nil }
            partial = ""
        }
        // The message type of the innermost object: the input, then each key's field type.
        var type = inputType
        var keys: [String?] = []
        for open in stack.dropFirst() {
            if case .object(let key) = open { keys.append(key) }
        }
        var inMap = false
        for key in keys {
            guard let message = schema.messages[type] else { return nil }
            if inMap {
                // A map's object: its keys are free, its values of the entry's value type.
                inMap = false
                guard let value = message.fields.first(where: { $0.number == 2 }), value.type == .message else { return nil }
                type = value.typeName
                continue
            }
            guard let key, let field = message.fields.first(where: { $0.jsonName == key || $0.name == key }),
                field.type == .message
            else { return nil }
            type = field.typeName
            if let entry = schema.messages[type], entry.isMapEntry { inMap = true }
        }
        guard !inMap, !ProtoWellKnown.special.contains(type), let message = schema.messages[type] else { return nil }
        return (partial, message.fields.map(\.jsonName).filter { $0.hasPrefix(partial) })
    }
}
