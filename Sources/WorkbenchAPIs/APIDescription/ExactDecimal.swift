import WorkbenchBasics

/// A JSON number as an exact decimal, ordered, for schema bounds and
/// `multipleOf`: `0.1 + 0.2` problems and 64-bit limits do not apply, so
/// `0.30` is a multiple of `0.1` and `12345678901234567890` is above
/// `Int64.max`. Built on `JSONEquality.Decimal`, the normal form
/// `expect json` compares by.
struct ExactDecimal: Comparable {
    let decimal: JSONEquality.Decimal
    /// The text it was read from, for messages.
    let text: String

    init(_ text: String) {
        self.text = text
        decimal = JSONEquality.Decimal(text)
    }

    var isZero: Bool { decimal.digits.isEmpty }

    /// No digit after the point: `3`, `3.0`, `1e2`.
    var isInteger: Bool { isZero || decimal.exponent >= decimal.digits.count }

    static func == (lhs: ExactDecimal, rhs: ExactDecimal) -> Bool {
        lhs.decimal == rhs.decimal
    }

    static func < (lhs: ExactDecimal, rhs: ExactDecimal) -> Bool {
        let left = lhs.decimal
        let right = rhs.decimal
        let leftSign = lhs.isZero ? 0 : (left.negative ? -1 : 1)
        let rightSign = rhs.isZero ? 0 : (right.negative ? -1 : 1)
        if leftSign != rightSign { return leftSign < rightSign }
        if leftSign == 0 { return false }
        // Same sign: compare magnitudes, then flip for negatives.
        let magnitudeLess: Bool
        if left.exponent != right.exponent {
            magnitudeLess = left.exponent < right.exponent
        } else {
            magnitudeLess = left.digits.lexicographicallyPrecedes(right.digits)
        }
        let magnitudeEqual = left.exponent == right.exponent && left.digits == right.digits
        if magnitudeEqual { return false }
        return leftSign > 0 ? magnitudeLess : !magnitudeLess
    }

    /// Whether `self / divisor` is a whole number, exactly. Divisors with more
    /// than 18 significant digits fall back to Doubles.
    func isMultiple(of divisor: ExactDecimal) -> Bool {
        if isZero { return true }
        guard !divisor.isZero else { return false }
        let digits = decimal.digits
        let divisorDigits = divisor.decimal.digits
        guard divisorDigits.count <= 18 else {
            guard let value = Double(text), let step = Double(divisor.text) else { return true }
            let quotient = value / step
            return quotient == quotient.rounded()
        }
        // self = D × 10^(e - n), divisor = M × 10^(f - k), with D and M integers
        // without trailing zeros; the quotient is (D / M) × 10^shift.
        let shift = (decimal.exponent - digits.count) - (divisor.decimal.exponent - divisorDigits.count)
        // A negative shift would need D divisible by 10, which a normalized D never is.
        guard shift >= 0 else { return false }
        let modulus = divisorDigits.reduce(UInt64(0)) { $0 * 10 + UInt64($1 - UInt8(ascii: "0")) }
        var remainder: UInt64 = 0
        for digit in digits {
            remainder = (remainder * 10 + UInt64(digit - UInt8(ascii: "0"))) % modulus
        }
        // Powers of ten repeat modulo M; a few thousand steps settle any real case.
        for _ in 0..<min(shift, 4_096) where remainder != 0 {
            remainder = (remainder * 10) % modulus
        }
        return remainder == 0
    }
}
