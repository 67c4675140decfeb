import OpenAPIKit
import WorkbenchBasics

/// A numeric schema's bounds and step as exact decimals: OpenAPIKit's values
/// (`Int` for integers, `Double` for numbers), or the text `LenientReading`
/// kept where those could not hold the description's number exactly
/// (`maximum: 9223372036854776000`). What `SchemaValidation` checks and
/// `SchemaExample` fills from.
struct SchemaBounds {
    struct Bound {
        var value: ExactDecimal
        var exclusive: Bool
    }

    var minimum: Bound?
    var maximum: Bound?
    var multipleOf: ExactDecimal?

    init(integer context: JSONSchema.IntegerContext, extensions: [String: AnyCodable]) {
        let exact = Self.exactTexts(extensions)
        minimum = context.minimum.map { Self.bound(String($0.value), $0.exclusive, exact, below: true) }
        maximum = context.maximum.map { Self.bound(String($0.value), $0.exclusive, exact, below: false) }
        multipleOf = context.multipleOf.flatMap { step in
            let text = exact["multipleOf"] ?? String(step)
            return ExactDecimal(text).isZero ? nil : ExactDecimal(text)
        }
    }

    init(number context: JSONSchema.NumericContext, extensions: [String: AnyCodable]) {
        let exact = Self.exactTexts(extensions)
        minimum = context.minimum.map { Self.bound(SchemaValue.numberText($0.value), $0.exclusive, exact, below: true) }
        maximum = context.maximum.map { Self.bound(SchemaValue.numberText($0.value), $0.exclusive, exact, below: false) }
        multipleOf = context.multipleOf.flatMap { step in
            let text = exact["multipleOf"] ?? SchemaValue.numberText(step)
            return ExactDecimal(text).isZero ? nil : ExactDecimal(text)
        }
    }

    /// The bound with the kept text of the keyword it was written as, if any.
    private static func bound(_ text: String, _ exclusive: Bool, _ exact: [String: String], below: Bool) -> Bound {
        let keyword = exclusive ? (below ? "exclusiveMinimum" : "exclusiveMaximum") : (below ? "minimum" : "maximum")
        return Bound(value: ExactDecimal(exact[keyword] ?? text), exclusive: exclusive)
    }

    private static func exactTexts(_ extensions: [String: AnyCodable]) -> [String: String] {
        guard let kept = extensions[LenientReading.exactKey]?.value as? [String: Any] else { return [:] }
        var texts: [String: String] = [:]
        for (key, value) in kept {
            if let text = value as? String {
                texts[key] = text
            } else if let text = (value as? AnyCodable)?.value as? String {
                texts[key] = text
            }
        }
        return texts
    }

    /// Whether `number` lies within the bounds (the step aside).
    func admits(_ number: ExactDecimal) -> Bool {
        if let minimum, minimum.exclusive ? number <= minimum.value : number < minimum.value { return false }
        if let maximum, maximum.exclusive ? number >= maximum.value : number > maximum.value { return false }
        return true
    }
}
