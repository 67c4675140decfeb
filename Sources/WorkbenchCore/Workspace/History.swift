import Synchronization
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
/// The autosave asks, after every command, what changed; comparing every record
/// would again cost the length of the history. Each record carries a stamp,
/// a number handed out once in the process when the record is set, and the
/// history a revision, handed out at every change: equal stamps, the same
/// record; equal revisions, the same records.
///
/// A collection of `RequestRecord`s (`append`, `+=`, `removeSubrange`, element
/// assignment all work): every change passes through `replaceSubrange` or the
/// element setter, which keep the counts and the stamps.
public struct History: Sendable, RandomAccessCollection, MutableCollection, RangeReplaceableCollection,
    ExpressibleByArrayLiteral, CustomStringConvertible
{
    public private(set) var records: [RequestRecord]
    /// One stamp for each record (see above).
    public private(set) var stamps: [UInt64]
    /// Changes with every change to the records.
    public private(set) var revision: UInt64
    /// `{{env.NAME}}` names the records' endpoints refer to, each with the number of records that do.
    private var environmentCounts: [String: Int] = [:]
    /// The records' auth secrets as typed (templates), each with the number of records that have it.
    private var authSecretCounts: [String: Int] = [:]
    /// The names the records capture (for Tab after `capture rm`), each with the number of records that do.
    private var captureCounts: [String: Int] = [:]

    public init() {
        records = []
        stamps = []
        revision = Self.nextStamp()
    }

    public init<Records: Sequence>(_ records: Records) where Records.Element == RequestRecord {
        self.records = Array(records)
        stamps = self.records.map { _ in Self.nextStamp() }
        revision = Self.nextStamp()
        for record in self.records {
            count(record.endpoint, by: 1)
            count(record.captures, by: 1)
        }
    }

    /// Stamps and revisions come from one counter: a number is never handed out twice.
    private static let counter = Atomic<UInt64>(0)

    private static func nextStamp() -> UInt64 {
        counter.wrappingAdd(1, ordering: .relaxed).newValue
    }

    public init(arrayLiteral elements: RequestRecord...) {
        self.init(elements)
    }

    /// The environment names some record refers to.
    public var referencedEnvironment: Dictionary<String, Int>.Keys { environmentCounts.keys }
    /// The distinct auth secrets (as typed, before expansion) of the records.
    public var authSecrets: Dictionary<String, Int>.Keys { authSecretCounts.keys }
    /// The distinct names the records capture.
    public var captureNames: Dictionary<String, Int>.Keys { captureCounts.keys }

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
            if records[position].captures != newValue.captures {
                count(records[position].captures, by: -1)
                count(newValue.captures, by: 1)
            }
            records[position] = newValue
            stamps[position] = Self.nextStamp()
            revision = Self.nextStamp()
        }
    }

    public mutating func replaceSubrange<Records: Collection>(_ range: Range<Int>, with newRecords: Records)
    where Records.Element == RequestRecord {
        for record in records[range] {
            count(record.endpoint, by: -1)
            count(record.captures, by: -1)
        }
        for record in newRecords {
            count(record.endpoint, by: 1)
            count(record.captures, by: 1)
        }
        records.replaceSubrange(range, with: newRecords)
        stamps.replaceSubrange(range, with: newRecords.map { _ in Self.nextStamp() })
        revision = Self.nextStamp()
    }

    /// One record at the end: what every send does, without the generic range replacement
    /// (a one-element collection and an array of stamps made for it).
    public mutating func append(_ record: RequestRecord) {
        count(record.endpoint, by: 1)
        count(record.captures, by: 1)
        records.append(record)
        stamps.append(Self.nextStamp())
        revision = Self.nextStamp()
    }

    public mutating func reserveCapacity(_ capacity: Int) {
        records.reserveCapacity(capacity)
        stamps.reserveCapacity(capacity)
    }

    public var description: String { records.description }

    private mutating func count(_ endpoint: Endpoint, by step: Int) {
        for name in endpoint.referencedEnvironment { Self.add(step, to: name, in: &environmentCounts) }
        // Every origin's auth: one bound elsewhere is still a secret.
        for secret in endpoint.auths.flatMap(\.secretReferences) { Self.add(step, to: secret, in: &authSecretCounts) }
    }

    private mutating func count(_ captures: [Capture], by step: Int) {
        for capture in captures { Self.add(step, to: capture.name, in: &captureCounts) }
    }

    private static func add(_ step: Int, to key: String, in counts: inout [String: Int]) {
        let total = counts[key, default: 0] + step
        counts[key] = total > 0 ? total : nil
    }
}

extension History: Equatable {
    /// Equal when the records are: the counts follow from them.
    public static func == (lhs: History, rhs: History) -> Bool {
        lhs.revision == rhs.revision || lhs.records == rhs.records
    }
}
