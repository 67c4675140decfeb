import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs

/// The members of a session file's object that this workbench does not know
/// (written by a newer minor revision, or added by hand), kept so that saving
/// the file again writes them back where they were.
///
/// Found by comparing the file with what this workbench would write for the
/// same content: whatever the file has and the canonical form lacks is
/// unknown. Each unknown member remembers the key it followed, and goes back
/// right after that key (or at the end, when that key is no longer written).
/// Known members keep the canonical order.
///
/// Nested objects keep their own unknown members: under a member (`endpoint`,
/// `settings`, `response`) they always go back; an object with a `kind` only
/// while its kind is the same (a text body turned into a form drops the text
/// body's extras); an element of an array (a query item, a capture) only
/// while the element's known content is unchanged, since items move when
/// others are added or removed.
public struct UnknownMembers: Equatable, Sendable {
    /// One unknown member and the key of the member before it in the file (nil: it came first).
    struct Placed: Equatable, Sendable {
        var after: String?
        var member: JSONMember
    }

    /// An element of a known array that holds unknown members, with its known content then.
    package struct Element: Equatable, Sendable {
        var index: Int
        var known: JSONValue
        var unknown: UnknownMembers
    }

    var members: [Placed] = []
    /// Unknown members inside known members that are objects, by key.
    var nested: [String: UnknownMembers] = [:]
    /// Unknown members inside elements of known members that are arrays, by key.
    var elements: [String: [Element]] = [:]
    /// The object's `kind` in the file, when it has one: the extras belong to that kind.
    var kind: JSONValue?

    var isEmpty: Bool { members.isEmpty && nested.isEmpty && elements.isEmpty }

    /// What `original` holds beyond `canonical` (this workbench's encoding of
    /// what it read from `original`); nil when nothing.
    static func extract(from original: JSONValue, canonical: JSONValue) -> UnknownMembers? {
        guard case .object(let originalMembers) = original, case .object(let canonicalMembers) = canonical else {
            return nil
        }
        // What this workbench wrote comes back with no key it does not write: nothing unknown,
        // found without the tables below (a third of loading a 100,000-request session went to
        // them) and without comparing values (a sixth went to that).
        if hasOnlyKnownKeys(originalMembers, canonicalMembers) { return nil }
        var known: [String: JSONValue] = [:]
        for member in canonicalMembers { known[member.key] = member.value }
        var result = UnknownMembers()
        var previous: String?
        var seen = Set<String>()
        for member in originalMembers {
            defer { previous = member.key }
            // A key given twice counts once, the first time, as the reader takes it.
            guard seen.insert(member.key).inserted else { continue }
            guard let canonicalValue = known[member.key] else {
                result.members.append(Placed(after: previous, member: member))
                continue
            }
            switch (member.value, canonicalValue) {
            case (.object, .object):
                if let inner = extract(from: member.value, canonical: canonicalValue) { result.nested[member.key] = inner }
            case (.array(let originalElements), .array(let canonicalElements)):
                var found: [Element] = []
                for (index, pair) in zip(originalElements, canonicalElements).enumerated() {
                    if let inner = extract(from: pair.0, canonical: pair.1) {
                        found.append(Element(index: index, known: pair.1, unknown: inner))
                    }
                }
                if !found.isEmpty { result.elements[member.key] = found }
            default:
                break
            }
        }
        if result.isEmpty { return nil }
        result.normalizePlaces(in: canonical)
        // Only where `kind` is known does it say whose extras these are.
        result.kind = canonical["kind"]
        return result
    }

    /// Whether every key of `original`, and of the objects and array elements in it, is one
    /// the canonical form has at the same place: then `extract` finds nothing, whatever the values.
    private static func hasOnlyKnownKeys(_ original: [JSONMember], _ canonical: [JSONMember]) -> Bool {
        for (position, member) in original.enumerated() {
            // Usually at the same position; otherwise anywhere.
            let match =
                position < canonical.count && canonical[position].key == member.key
                ? canonical[position] : canonical.first { $0.key == member.key }
            guard let match else { return false }
            switch (member.value, match.value) {
            case (.object(let inner), .object(let known)):
                if !hasOnlyKnownKeys(inner, known) { return false }
            case (.array(let elements), .array(let known)):
                for (element, knownElement) in zip(elements, known) {
                    if case .object(let inner) = element, case .object(let knownInner) = knownElement,
                        !hasOnlyKnownKeys(inner, knownInner)
                    {
                        return false
                    }
                }
            default:
                break
            }
        }
        return true
    }

    /// Each member's `after` becomes the key it will follow once written, in
    /// the order written: the file's known members may have come in another
    /// order, or after a key that is no longer written, and reading the saved
    /// file must give these same members back.
    private mutating func normalizePlaces(in canonical: JSONValue) {
        guard case .object(let written) = apply(to: canonical) else { return }
        let unknownKeys = Set(members.map(\.member.key))
        members = written.indices.filter { unknownKeys.contains(written[$0].key) }.map { index in
            Placed(after: index == 0 ? nil : written[index - 1].key, member: written[index])
        }
    }

    /// `canonical` with these unknown members put back.
    func apply(to canonical: JSONValue) -> JSONValue {
        guard case .object(var output) = canonical else { return canonical }
        if let kind, canonical["kind"] != kind { return canonical }
        for index in output.indices {
            let key = output[index].key
            if let inner = nested[key] {
                output[index].value = inner.apply(to: output[index].value)
            }
            if let found = elements[key], case .array(var values) = output[index].value {
                for element in found where values.indices.contains(element.index) && values[element.index] == element.known {
                    values[element.index] = element.unknown.apply(to: values[element.index])
                }
                output[index].value = .array(values)
            }
        }
        for placed in members where !output.contains(where: { $0.key == placed.member.key }) {
            if let after = placed.after, let anchor = output.firstIndex(where: { $0.key == after }) {
                output.insert(placed.member, at: anchor + 1)
            } else if placed.after == nil {
                output.insert(placed.member, at: 0)
            } else {
                output.append(placed.member)
            }
        }
        return .object(output)
    }
}

extension UnknownMembers {
    /// These members with every secret the redactor knows masked in their
    /// strings: a file may have held in clear what is a secret now.
    package func redacted(by redactor: SecretRedactor) -> UnknownMembers {
        var copy = self
        copy.members = members.map { placed in
            Placed(
                after: placed.after,
                member: JSONMember(key: redactor.redact(placed.member.key), value: placed.member.value.redacted(by: redactor)))
        }
        copy.nested = nested.mapValues { $0.redacted(by: redactor) }
        copy.elements = elements.mapValues { found in
            found.map { Element(index: $0.index, known: $0.known, unknown: $0.unknown.redacted(by: redactor)) }
        }
        return copy
    }
}

extension JSONValue {
    /// This value with the redactor applied to every string and key in it.
    func redacted(by redactor: SecretRedactor) -> JSONValue {
        switch self {
        case .string(let text): .string(redactor.redact(text))
        case .object(let members): .object(members.map { JSONMember(key: redactor.redact($0.key), value: $0.value.redacted(by: redactor)) })
        case .array(let elements): .array(elements.map { $0.redacted(by: redactor) })
        default: self
        }
    }
}

extension UnknownMembers? {
    /// `canonical` with the unknown members, if any, put back.
    func apply(to canonical: JSONValue) -> JSONValue {
        self.map { $0.apply(to: canonical) } ?? canonical
    }
}
