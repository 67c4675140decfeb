import WorkbenchBasics

/// A string that matches a schema's `pattern`, for `body example`: the
/// regular expressions API descriptions write for ids, codes and versions
/// (`^(0|[1-9][0-9]*)$`, `^[a-z]{2}-[A-Z]{2}$`, `^v\d+(\.\d+){2}$`): literals
/// and escapes, classes with ranges and negation (`\d`, `\w`, `\s`, `[^...]`),
/// `.`, groups (capturing, `(?:...)`, named), alternation, and the quantifiers
/// `* + ? {n} {n,} {n,m}` (lazy or not). Anchors and `\b` produce nothing.
///
/// Hand-written: no regular-expression generator is in the package mirror,
/// and the subset is small. What it does not read (look-arounds,
/// back-references, Unicode properties, inline flags) gives nil, and the
/// caller says so instead of guessing; every result is checked against the
/// pattern by the same `NSRegularExpression` `expect schema` uses.
struct PatternExample {
    /// A string matching `pattern` with at least `minLength` Unicode scalars
    /// when it can; `variant` picks other choices (for `uniqueItems`). Nil when
    /// the pattern uses what this does not read, or is bigger than its bounds.
    static func string(matching pattern: String, minLength: Int = 0, variant: Int = 0) -> String? {
        guard pattern.unicodeScalars.count <= 1_000 else { return nil }
        var parser = PatternParser(scalars: Array(pattern.unicodeScalars))
        guard let node = try? parser.parseAlternation(), parser.atEnd else { return nil }
        var extra = 0
        // A few rounds: too short, so let the open repetitions take more.
        for _ in 0..<4 {
            var generator = PatternGenerator(variant: variant, extra: extra)
            guard let text = generator.generate(node), text.count <= 10_000 else { return nil }
            let length = text.count
            if length >= minLength || generator.growable == 0 { return String(String.UnicodeScalarView(text)) }
            extra += minLength - length
        }
        return nil
    }

    private indirect enum Node {
        case sequence([Node])
        case alternation([Node])
        case literal(Unicode.Scalar)
        /// Ranges of scalars; `negated` for `[^...]`, `\D`, `\W`, `\S`.
        case set([ClosedRange<UInt32>], negated: Bool)
        case any
        case repetition(Node, min: Int, max: Int?)
        /// `^`, `$`, `\b`, `\B`: match a place, produce nothing.
        case anchor
    }

    private struct Unsupported: Error {}

    private struct PatternParser {
        let scalars: [Unicode.Scalar]
        var position = 0
        var depth = 0

        var atEnd: Bool { position >= scalars.count }
        func peek() -> Unicode.Scalar? { atEnd ? nil : scalars[position] }
        mutating func next() throws -> Unicode.Scalar {
            guard !atEnd else { throw Unsupported() }
            defer { position += 1 }
            return scalars[position]
        }

        mutating func parseAlternation() throws -> Node {
            depth += 1
            defer { depth -= 1 }
            guard depth < 64 else { throw Unsupported() }
            var branches = [try parseSequence()]
            while peek() == "|" {
                position += 1
                branches.append(try parseSequence())
            }
            return branches.count == 1 ? branches[0] : .alternation(branches)
        }

        mutating func parseSequence() throws -> Node {
            var items: [Node] = []
            while let scalar = peek(), scalar != "|", scalar != ")" {
                var atom = try parseAtom()
                atom = try parseQuantifiers(atom)
                items.append(atom)
            }
            return .sequence(items)
        }

        mutating func parseQuantifiers(_ atom: Node) throws -> Node {
            var node = atom
            while let scalar = peek() {
                let bounds: (Int, Int?)
                switch scalar {
                case "*": position += 1; bounds = (0, nil)
                case "+": position += 1; bounds = (1, nil)
                case "?": position += 1; bounds = (0, 1)
                case "{":
                    guard let counted = try parseCount() else { return node }
                    bounds = counted
                default: return node
                }
                if peek() == "?" || peek() == "+" { position += 1 }  // lazy or possessive: the same strings match
                node = .repetition(node, min: bounds.0, max: bounds.1)
            }
            return node
        }

        /// `{n}`, `{n,}`, `{n,m}`; nil (and nothing read) when the brace is a literal.
        mutating func parseCount() throws -> (Int, Int?)? {
            var index = position + 1
            func number() -> Int? {
                var value = 0
                var digits = 0
                while index < scalars.count, (0x30...0x39).contains(scalars[index].value) {
                    value = value * 10 + Int(scalars[index].value - 0x30)
                    digits += 1
                    index += 1
                    if value > 10_000 { return nil }
                }
                return digits > 0 ? value : nil
            }
            guard let low = number() else { return nil }
            var high: Int? = low
            if index < scalars.count, scalars[index] == "," {
                index += 1
                high = number()
            }
            guard index < scalars.count, scalars[index] == "}" else { return nil }
            if let high, high < low { throw Unsupported() }
            position = index + 1
            return (low, high)
        }

        mutating func parseAtom() throws -> Node {
            let scalar = try next()
            switch scalar {
            case "(":
                if peek() == "?" {
                    position += 1
                    let kind = try next()
                    if kind == ":" {
                        // non-capturing
                    } else if kind == "<", let following = peek(), following != "=", following != "!" {
                        while try next() != ">" {}  // a named group
                    } else {
                        throw Unsupported()  // look-arounds, inline flags
                    }
                }
                let inner = try parseAlternation()
                guard try next() == ")" else { throw Unsupported() }
                return inner
            case "[": return try parseClass()
            case ".": return .any
            case "^", "$": return .anchor
            case "\\": return try parseEscape(inClass: false)
            case "*", "+", "?": throw Unsupported()
            default: return .literal(scalar)
            }
        }

        mutating func parseEscape(inClass: Bool) throws -> Node {
            let scalar = try next()
            switch scalar {
            case "d": return .set([0x30...0x39], negated: false)
            case "D": return .set([0x30...0x39], negated: true)
            case "w": return .set(Self.word, negated: false)
            case "W": return .set(Self.word, negated: true)
            case "s": return .set(Self.space, negated: false)
            case "S": return .set(Self.space, negated: true)
            case "b": if inClass { return .literal("\u{8}") } else { return .anchor }
            case "B": return .anchor
            case "t": return .literal("\t")
            case "n": return .literal("\n")
            case "r": return .literal("\r")
            case "f": return .literal("\u{C}")
            case "v": return .literal("\u{B}")
            case "0": return .literal("\u{0}")
            case "x": return .literal(try hex(count: 2))
            case "u":
                if peek() == "{" { throw Unsupported() }
                return .literal(try hex(count: 4))
            default:
                // Back-references, \p{...}, \k<...>, control escapes: not read.
                if scalar.properties.isAlphabetic || scalar.properties.numericType != nil { throw Unsupported() }
                return .literal(scalar)
            }
        }

        mutating func hex(count: Int) throws -> Unicode.Scalar {
            var value: UInt32 = 0
            for _ in 0..<count {
                guard let digit = UInt32(String(try next()), radix: 16) else { throw Unsupported() }
                value = value * 16 + digit
            }
            guard let scalar = Unicode.Scalar(value) else { throw Unsupported() }
            return scalar
        }

        static let word: [ClosedRange<UInt32>] = [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A]
        static let space: [ClosedRange<UInt32>] = [0x20...0x20, 0x09...0x0D]

        mutating func parseClass() throws -> Node {
            var negated = false
            if peek() == "^" {
                negated = true
                position += 1
            }
            var ranges: [ClosedRange<UInt32>] = []
            var first = true
            while true {
                let scalar = try next()
                if scalar == "]" && !first { break }
                first = false
                var low: UInt32
                if scalar == "\\" {
                    switch try parseEscape(inClass: true) {
                    case .literal(let literal): low = literal.value
                    case .set(let more, negated: false): ranges += more; continue
                    default: throw Unsupported()  // \D, \W, \S inside a class
                    }
                } else if scalar == "[" && peek() == ":" {
                    throw Unsupported()  // POSIX classes
                } else {
                    low = scalar.value
                }
                if peek() == "-", position + 1 < scalars.count, scalars[position + 1] != "]" {
                    position += 1
                    var high = try next()
                    if high == "\\" {
                        guard case .literal(let literal) = try parseEscape(inClass: true) else { throw Unsupported() }
                        high = literal
                    }
                    guard high.value >= low else { throw Unsupported() }
                    ranges.append(low...high.value)
                } else {
                    ranges.append(low...low)
                }
            }
            return .set(ranges, negated: negated)
        }
    }

    /// Walks the tree once, taking the first choice at each point unless
    /// `variant` (read as a mixed-radix number over the choice points) says otherwise.
    private struct PatternGenerator {
        var variant: Int
        /// Scalars still wanted beyond each repetition's minimum, for `minLength`.
        var extra: Int
        /// Open repetitions met (where more could be had).
        var growable = 0
        var steps = 0

        init(variant: Int, extra: Int) {
            self.variant = variant
            self.extra = extra
        }

        mutating func choose(_ count: Int) -> Int {
            guard count > 1, variant > 0 else { return 0 }
            defer { variant /= count }
            return variant % count
        }

        mutating func generate(_ node: Node) -> [Unicode.Scalar]? {
            steps += 1
            guard steps < 100_000 else { return nil }
            switch node {
            case .sequence(let items):
                var out: [Unicode.Scalar] = []
                for item in items {
                    guard let part = generate(item) else { return nil }
                    out += part
                }
                return out
            case .alternation(let branches):
                return generate(branches[choose(branches.count)])
            case .literal(let scalar):
                return [scalar]
            case .any:
                return [Self.preferred[choose(Self.preferred.count)]]
            case .anchor:
                return []
            case .set(let ranges, let negated):
                return scalar(in: ranges, negated: negated).map { [$0] }
            case .repetition(let inner, let min, let max):
                var count = min
                if max.map({ $0 > min }) ?? true {
                    growable += 1
                    if extra > 0 {
                        let more = Swift.min(extra, (max ?? Int.max) - min)
                        count += more
                        extra -= more
                    }
                }
                guard count <= 10_000 else { return nil }
                var out: [Unicode.Scalar] = []
                for _ in 0..<count {
                    guard let part = generate(inner) else { return nil }
                    out += part
                }
                return out
            }
        }

        /// Letters and digits first: what a person would type.
        static let preferred: [Unicode.Scalar] = Array("a0bcdefxyz123".unicodeScalars)

        mutating func scalar(in ranges: [ClosedRange<UInt32>], negated: Bool) -> Unicode.Scalar? {
            if negated {
                let allowed = Self.preferred.filter { scalar in !ranges.contains { $0.contains(scalar.value) } }
                guard !allowed.isEmpty else { return nil }
                return allowed[choose(allowed.count)]
            }
            guard !ranges.isEmpty else { return nil }
            // A letter or digit from the class when it has one, else its first member.
            let members = ranges.flatMap { range -> [UInt32] in
                Array(range.lowerBound...Swift.min(range.upperBound, range.lowerBound + 25))
            }
            let pleasant = members.filter { value in
                Unicode.Scalar(value).map { $0.properties.isAlphabetic || ("0"..."9").contains($0) } ?? false
            }
            let pool = pleasant.isEmpty ? members : pleasant
            return Unicode.Scalar(pool[choose(pool.count)])
        }
    }
}
