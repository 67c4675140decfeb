/// The one redaction step for text the workbench did not build itself:
/// responses, typed lines, error messages, reports. Every occurrence of a known
/// secret value, and of its percent-, form-, JSON- and base64-encoded forms, is
/// replaced by the mask.
///
/// What the workbench builds from templates (the request, the prompt, `show`)
/// is masked before it is encoded instead (`VariableScope.masked`), which is
/// exact. Here only the text is known, so a value shorter than
/// `minimumLength` is not searched for: masking every `a` of a response
/// because a one-letter secret exists would hide everything and protect nothing.
public struct SecretRedactor: Sendable, Equatable {
    /// Secret values shorter than this are masked only where the workbench put them.
    public static let minimumLength = 4

    /// Byte patterns, longest first, so the longest form of a secret wins.
    private let patterns: [[UInt8]]
    /// For each first byte, whether any pattern starts with it: the scan's fast path.
    private let startsPattern: [Bool]
    private let longest: Int
    private let mask = Array(Variables.mask.utf8)

    public init(secrets: some Sequence<String>) {
        var forms = Set<[UInt8]>()
        for secret in secrets where secret.count >= Self.minimumLength {
            for form in Self.encodedForms(of: secret) where form.count >= Self.minimumLength {
                forms.insert(Array(form.utf8))
            }
        }
        patterns = forms.sorted { $0.count != $1.count ? $0.count > $1.count : $0.lexicographicallyPrecedes($1) }
        var starts = [Bool](repeating: false, count: 256)
        for pattern in patterns { starts[Int(pattern[0])] = true }
        startsPattern = starts
        longest = patterns.first?.count ?? 0
    }

    public static let none = SecretRedactor(secrets: [String]())

    public var isEmpty: Bool { patterns.isEmpty }

    /// The forms a secret takes on its way out: as typed, percent-encoded in a
    /// path, query or form, escaped inside a JSON string, and inside base64 text
    /// (Basic auth, an echoed body) at each of the three byte alignments.
    static func encodedForms(of secret: String) -> Set<String> {
        var forms: Set<String> = [
            secret, PercentEncoding.segment(secret), PercentEncoding.queryComponent(secret),
            PercentEncoding.formComponent(secret), jsonEscaped(secret, slash: false), jsonEscaped(secret, slash: true),
            base64(Array(secret.utf8)),
        ]
        forms.formUnion(base64Cores(of: Array(secret.utf8)))
        return forms
    }

    /// The base64 characters that depend on the secret's bytes alone, for the
    /// secret starting at a byte offset of 0, 1 or 2 modulo 3 in the encoded data.
    static func base64Cores(of bytes: [UInt8]) -> [String] {
        (0..<3).map { shift in
            let encoded = Array(base64([UInt8](repeating: 0, count: shift) + bytes).utf8)
            let start = (shift * 8 + 5) / 6
            let end = min(encoded.count, (shift + bytes.count) * 8 / 6)
            return start < end ? String(decoding: encoded[start..<end], as: UTF8.self) : ""
        }
    }

    public func redact(_ text: String) -> String {
        guard !isEmpty, mightContain(text.utf8) else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBufferPointer { scan(UnsafeBufferPointer($0), final: true, into: &output) }
        return String(decoding: output, as: UTF8.self)
    }

    /// `redact` for text that holds templates (a request as typed, a session's
    /// values, an exported `.http` file): the name inside a `{{NAME}}` reference is
    /// a name, not a value, so a secret `password` does not turn `{{auth_password}}`
    /// into `{{auth_******}}`, which no longer refers to anything. A name that is
    /// itself a secret value is masked whole.
    public func redactKeepingReferences(_ text: String) -> String {
        guard !isEmpty, mightContain(text.utf8) else { return text }
        guard Template.hasReferences(text) else { return redact(text) }
        var output = ""
        var rest = Substring(text)
        while let open = rest.firstRange(of: "{{"), let close = rest[open.upperBound...].firstRange(of: "}}") {
            output += redact(String(rest[..<open.lowerBound]))
            let name = rest[open.upperBound..<close.lowerBound]
            let trimmed = String(name.trimmingSpaces())
            let isName =
                Template.isValidVariableName(trimmed)
                || (trimmed.hasPrefix("env.") && Template.isValidVariableName(String(trimmed.dropFirst(4))))
            if isName && redact(trimmed) != Variables.mask {
                output += "{{" + name + "}}"
            } else {
                output += "{{" + redact(String(name)) + "}}"
            }
            rest = rest[close.upperBound...]
        }
        return output + redact(String(rest))
    }

    public func redact(_ bytes: [UInt8]) -> [UInt8] {
        guard !isEmpty else { return bytes }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        _ = bytes.withUnsafeBufferPointer { scan($0, final: true, into: &output) }
        return output
    }

    /// Whether `text` holds any secret form.
    public func reveals(_ text: String) -> Bool {
        !isEmpty && redact(text) != text
    }

    /// Masks `input` into `output`. Unless `final`, stops where the rest of the
    /// input could be the start of a secret cut by a chunk boundary, and returns
    /// that index: the caller holds those bytes back until more arrive.
    ///
    /// Over an unsafe buffer, a match tried only where `startsPattern` says one can start:
    /// `Benchmarks/fast_paths.sh` (a 40 MB JSON body, one secret) 3.6-4.1x faster than the same
    /// walk over the Array trying every pattern at every byte (358 against 1,298 ms, and 229
    /// against 925 ms in a second run); the first-byte table alone, over the Array, 1.33x slower
    /// than both together (Benchmarks/README.md, "Fast paths beside their plain versions").
    package func scan(_ input: UnsafeBufferPointer<UInt8>, final: Bool, into output: inout [UInt8]) -> Int {
        var index = 0
        var runStart = 0
        let count = input.count
        while index < count {
            guard startsPattern[Int(input[index])] else {
                index += 1
                continue
            }
            if let length = match(input, at: index) {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<index]))
                output.append(contentsOf: mask)
                index += length
                runStart = index
                continue
            }
            if !final && count - index < longest && couldStartPattern(input, at: index) {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<index]))
                return index
            }
            index += 1
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<count]))
        return count
    }

    private func match(_ input: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let available = input.count - index
        for pattern in patterns where pattern.count <= available && pattern[0] == input[index] {
            var offset = 1
            while offset < pattern.count && pattern[offset] == input[index + offset] { offset += 1 }
            if offset == pattern.count { return pattern.count }
        }
        return nil
    }

    /// Whether the input from `index` to its end is a proper prefix of a pattern.
    private func couldStartPattern(_ input: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let available = input.count - index
        return patterns.contains { pattern in
            pattern.count > available && (0..<available).allSatisfy { pattern[$0] == input[index + $0] }
        }
    }

    private func mightContain(_ view: String.UTF8View) -> Bool {
        view.contains { startsPattern[Int($0)] }
    }

    static func jsonEscaped(_ text: String, slash: Bool) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "/" where slash: output += "\\/"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                output += "\\u00" + String(scalar.value >> 4, radix: 16) + String(scalar.value & 0xF, radix: 16)
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// Standard base64 with padding (RFC 4648), as Basic auth and most tokens use.
    public static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            let value = chunk.enumerated().reduce(0) { $0 | Int($1.element) << (16 - 8 * $1.offset) }
            for position in 0..<4 {
                output.append(position <= chunk.count ? alphabet[(value >> (18 - 6 * position)) & 0x3F] : UInt8(ascii: "="))
            }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }
}
