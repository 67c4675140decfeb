import WorkbenchBasics
import WorkbenchHTTP
import WorkbenchAPIs
import WorkbenchSessions

/// The requests of a session, in order, with what the redaction step needs of
/// them kept up to date as they change.
///
/// The redactor masks the values of every `{{env.NAME}}` the recorded requests
/// refer to, and their auth secrets. Walking every record for those after each
/// request made a request's cost grow with the history (O(n²) for a script of n
/// GETs); here each record is looked at once, when it comes in, and once when
/// it goes. The names are counted, so a record removed (`history rm`) takes its
/// names with it exactly when no other record refers to them, as a walk would.
///
/// A collection of `RequestRecord`s (`append`, `+=`, `removeSubrange`, element
/// assignment all work): every change passes through `replaceSubrange` or the
/// element setter, which keep the counts.
public struct History: Sendable, RandomAccessCollection, MutableCollection, RangeReplaceableCollection,
                       ExpressibleByArrayLiteral, CustomStringConvertible {
    public private(set) var records: [RequestRecord]
    /// `{{env.NAME}}` names the records' endpoints refer to, each with the number of records that do.
    private var environmentCounts: [String: Int] = [:]
    /// The records' auth secrets as typed (templates), each with the number of records that have it.
    private var authSecretCounts: [String: Int] = [:]

    public init() {
        records = []
    }

    public init<Records: Sequence>(_ records: Records) where Records.Element == RequestRecord {
        self.records = Array(records)
        for record in self.records { count(record.endpoint, by: 1) }
    }

    public init(arrayLiteral elements: RequestRecord...) {
        self.init(elements)
    }

    /// The environment names some record refers to.
    public var referencedEnvironment: Dictionary<String, Int>.Keys { environmentCounts.keys }
    /// The distinct auth secrets (as typed, before expansion) of the records.
    public var authSecrets: Dictionary<String, Int>.Keys { authSecretCounts.keys }

    public var startIndex: Int { records.startIndex }
    public var endIndex: Int { records.endIndex }
    public func index(after index: Int) -> Int { index + 1 }
    public func index(before index: Int) -> Int { index - 1 }

    public subscript(position: Int) -> RequestRecord {
        get { records[position] }
        set {
            // Captures, expectations and masked responses change often; the endpoint rarely.
            if records[position].endpoint != newValue.endpoint {
                count(records[position].endpoint, by: -1)
                count(newValue.endpoint, by: 1)
            }
            records[position] = newValue
        }
    }

    public mutating func replaceSubrange<Records: Collection>(_ range: Range<Int>, with newRecords: Records)
    where Records.Element == RequestRecord {
        for record in records[range] { count(record.endpoint, by: -1) }
        for record in newRecords { count(record.endpoint, by: 1) }
        records.replaceSubrange(range, with: newRecords)
    }

    public mutating func reserveCapacity(_ capacity: Int) {
        records.reserveCapacity(capacity)
    }

    public var description: String { records.description }

    private mutating func count(_ endpoint: Endpoint, by step: Int) {
        for name in endpoint.referencedEnvironment { Self.add(step, to: name, in: &environmentCounts) }
        // Every origin's auth: one bound elsewhere is still a secret.
        for secret in endpoint.auths.flatMap(\.secretReferences) { Self.add(step, to: secret, in: &authSecretCounts) }
    }

    private static func add(_ step: Int, to key: String, in counts: inout [String: Int]) {
        let total = counts[key, default: 0] + step
        counts[key] = total > 0 ? total : nil
    }
}

extension History: Equatable {
    /// Equal when the records are: the counts follow from them.
    public static func == (lhs: History, rhs: History) -> Bool {
        lhs.records == rhs.records
    }
}
