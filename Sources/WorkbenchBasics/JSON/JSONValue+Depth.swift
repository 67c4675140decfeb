extension JSONValue {
    /// How many containers deep the value nests (a scalar is 0, `[]` is 1,
    /// `[[1]]` is 2), counted with an explicit stack like the other walks;
    /// the walk stops as soon as the depth passes `limit`, so checking a
    /// hostile value costs no more than the part of it within the bound.
    public func nestingDepth(stoppingAbove limit: Int = .max) -> Int {
        var deepest = 0
        var pending: [(value: JSONValue, depth: Int)] = [(self, 0)]
        while let (value, depth) = pending.popLast() {
            switch value {
            case .object(let members):
                deepest = Swift.max(deepest, depth + 1)
                if deepest > limit { return deepest }
                for member in members {
                    switch member.value {
                    case .object, .array: pending.append((member.value, depth + 1))
                    default: break
                    }
                }
            case .array(let elements):
                deepest = Swift.max(deepest, depth + 1)
                if deepest > limit { return deepest }
                for element in elements {
                    switch element {
                    case .object, .array: pending.append((element, depth + 1))
                    default: break
                    }
                }
            default:
                break
            }
        }
        return deepest
    }
}
