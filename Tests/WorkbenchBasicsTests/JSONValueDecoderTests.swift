import Synchronization
import Testing
@testable import WorkbenchBasics

/// JSONValueDecoder: members in order, and `sharing` (each distinct object
/// decoded once per type, failures never kept).
struct JSONValueDecoderTests {
    /// Counts its decodings, so a test can see which ones were shared.
    struct Counted: Decodable, Equatable {
        static let decodings = Mutex(0)
        var name: String
        var tags: [String]

        init(from decoder: any Decoder) throws {
            Self.decodings.withLock { $0 += 1 }
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            tags = try container.decodeIfPresent([String].self, forKey: .tags) ?? []
        }

        enum CodingKeys: String, CodingKey { case name, tags }
    }

    /// Reads each element as `Counted` when it can, as OpenAPIKit reads an `Either`.
    struct Tolerant: Decodable {
        var read: [Counted?]

        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            var read: [Counted?] = []
            while !container.isAtEnd {
                let element = try container.superDecoder()
                read.append(try? element.singleValueContainer().decode(Counted.self))
            }
            self.read = read
        }
    }

    func decodings<T>(_ body: () throws -> T) rethrows -> (T, Int) {
        let before = Counted.decodings.withLock { $0 }
        let result = try body()
        return (result, Counted.decodings.withLock { $0 } - before)
    }

    // The tests below count with one global counter, so they run one at a time.
    @Suite(.serialized) struct Sharing {
        let outer = JSONValueDecoderTests()

        @Test func repeatedObjectsOfASharedTypeAreDecodedOnce() throws {
            let value = try JSONParser.parse(
                #"[{"name":"a","tags":["x"]},{"name":"b"},{"name":"a","tags":["x"]},{"name":"a","tags":["x"]}]"#)
            let (shared, sharedCount) = try outer.decodings {
                try JSONValueDecoder.decode([Counted].self, from: value, sharing: [Counted.self])
            }
            let (unshared, unsharedCount) = try outer.decodings { try JSONValueDecoder.decode([Counted].self, from: value) }
            #expect(shared == unshared)
            #expect(shared.map(\.name) == ["a", "b", "a", "a"])
            #expect(sharedCount == 2)
            #expect(unsharedCount == 4)
        }

        @Test func objectsThatDifferInOrderOrNumberTextAreNotShared() throws {
            let value = try JSONParser.parse(#"[{"name":"a","tags":[]},{"tags":[],"name":"a"},{"name":"1.0"},{"name":"1.00"}]"#)
            let (_, count) = try outer.decodings {
                try JSONValueDecoder.decode([Counted].self, from: value, sharing: [Counted.self])
            }
            #expect(count == 4)
        }

        @Test func failuresAreDecodedAgainEachTime() throws {
            let value = try JSONParser.parse(#"[{"nom":"a"},{"name":"b"},{"nom":"a"}]"#)
            let (tolerant, count) = try outer.decodings {
                try JSONValueDecoder.decode(Tolerant.self, from: value, sharing: [Counted.self])
            }
            #expect(tolerant.read.map { $0?.name } == [nil, "b", nil])
            #expect(count == 3)
        }

        @Test func aFailureNamesItsPlace() throws {
            let value = try JSONParser.parse(#"{"first":{"name":"a"},"second":{"name":"a"},"third":{"name":"a","tags":"x"}}"#)
            struct Three: Decodable {
                var first, second, third: Counted
            }
            do {
                _ = try JSONValueDecoder.decode(Three.self, from: value, sharing: [Counted.self])
                Issue.record("decoded a string as an array")
            } catch let DecodingError.typeMismatch(_, context) {
                #expect(context.codingPath.map(\.stringValue) == ["third", "tags"])
            }
        }
    }

    @Test func hashingAgreesWithStructuralEquality() throws {
        let a = try JSONParser.parse(#"{"x":[1,"two",null,true,{"y":1.10}]}"#)
        let same = try JSONParser.parse(#"{ "x" : [1, "two", null, true, {"y": 1.10}] }"#)
        let other = try JSONParser.parse(#"{"x":[1,"two",null,true,{"y":1.1}]}"#)
        #expect(a == same && a.hashValue == same.hashValue)
        #expect(Set([a, same, other]).count == 2)
    }
}
