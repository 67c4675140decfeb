import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics

/// The fuzz target's properties (Fuzz/Sources/FuzzProtoCodec) on inputs made here, so every
/// test run checks them: the seeds of Fuzz/Corpus/proto-codec mutated (bits flipped, bytes
/// inserted, cut) by a seeded generator. Decoding never crashes, a refusal is one line, and
/// what decodes encodes again and decodes to the same JSON.
@Suite struct ProtoCodecMutationTests {
    /// SplitMix64: the same inputs on every run.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }
    }

    static let corpus: String = {
        let file = String(#filePath)
        var folder = file[..<file.lastIndex(of: "/")!]
        folder = folder[..<folder.lastIndex(of: "/")!]
        folder = folder[..<folder.lastIndex(of: "/")!]
        return String(folder) + "/Fuzz/Corpus/proto-codec/"
    }()

    func check(_ bytes: [UInt8], as type: String) {
        let decoder = ProtoDecoder(schema: ProtoCodecTests.schema)
        let encoder = ProtoEncoder(schema: ProtoCodecTests.schema)
        do throws(WorkbenchError) {
            let json = try decoder.decode(bytes, as: type)
            let again = try encoder.encode(json, as: type)
            let back = try decoder.decode(again, as: type)
            #expect(back == json, "\(type): \(json.jsonText) came back as \(back.jsonText)")
        } catch {
            #expect(!error.message.isEmpty && !error.message.contains("\n"), "\(error.message)")
        }
    }

    @Test(arguments: ["scalars.bin", "well-known.bin"])
    func mutatedSeedsKeepTheProperties(_ seed: String) throws {
        let original = try FileSystem.read(Self.corpus + seed)
        var generator = Generator(state: 44)
        for _ in 0..<3000 {
            var bytes = original
            for _ in 0..<(1 + generator.below(4)) {
                switch generator.below(4) {
                case 0 where !bytes.isEmpty: bytes[generator.below(bytes.count)] ^= UInt8(1 << generator.below(8))
                case 1: bytes.insert(UInt8(truncatingIfNeeded: generator.next()), at: generator.below(bytes.count + 1))
                case 2 where !bytes.isEmpty: bytes.removeSubrange(generator.below(bytes.count)...)
                default: if !bytes.isEmpty { bytes[generator.below(bytes.count)] = UInt8(truncatingIfNeeded: generator.next()) }
                }
            }
            for type in ["workbench.test.Scalars", "workbench.test.WellKnown", "workbench.test.Reply"] {
                check(bytes, as: type)
            }
        }
    }

    /// libFuzzer's first find (28 November 2026): an `Any` whose type URL holds a line break
    /// and bytes that are not UTF-8 was quoted into the error as it came, over two lines.
    @Test func aTypeNameFromTheWireIsQuotedOnOneLine() throws {
        let bytes = try FileSystem.read(Self.corpus + "crash-any-type-url-with-a-line-break.bin")
        for type in ["workbench.test.Scalars", "workbench.test.WellKnown", "workbench.test.Reply"] {
            check(bytes, as: type)
        }
    }

    @Test func mutatedDescriptorSetsAreReadOrRefusedOnOneLine() throws {
        let original = try FileSystem.read(Self.corpus + "descriptor-set.pb")
        var generator = Generator(state: 7)
        for _ in 0..<300 {
            var bytes = original
            bytes[generator.below(bytes.count)] ^= UInt8(1 << generator.below(8))
            if generator.below(3) == 0 { bytes.removeSubrange(generator.below(bytes.count)...) }
            do throws(WorkbenchError) {
                let schema = try ProtoSchema.fromDescriptorSet(bytes)
                for message in schema.messages.values { _ = ProtoText.message(message, in: schema) }
            } catch {
                #expect(!error.message.isEmpty && !error.message.contains("\n"), "\(error.message)")
            }
        }
    }
}
