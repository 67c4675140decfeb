/// A value's hash agrees with its structural `==`: members in their order,
/// numbers by their text. Walked with an explicit stack, as `==` is, so a
/// deeply nested value cannot overflow the stack.
extension JSONValue: Hashable {
    public func hash(into hasher: inout Hasher) {
        var pending: [JSONValue] = [self]
        while let value = pending.popLast() {
            switch value {
            case .object(let members):
                hasher.combine(0 as UInt8)
                hasher.combine(members.count)
                for member in members.reversed() {
                    hasher.combine(member.key)
                    pending.append(member.value)
                }
            case .array(let elements):
                hasher.combine(1 as UInt8)
                hasher.combine(elements.count)
                pending.append(contentsOf: elements.reversed())
            case .string(let text):
                hasher.combine(2 as UInt8)
                hasher.combine(text)
            case .number(let text):
                hasher.combine(3 as UInt8)
                hasher.combine(text)
            case .bool(let flag):
                hasher.combine(flag ? 4 as UInt8 : 5)
            case .null:
                hasher.combine(6 as UInt8)
            }
        }
    }
}
