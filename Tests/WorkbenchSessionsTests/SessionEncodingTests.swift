import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// A session that loads, once saved, loads again as the same document and saves to the same
/// bytes (the session-loader fuzz target's property), on what the fuzz runs found failing
/// (minimized by hand; Fuzz/README.md lists them).
@Suite struct SessionEncodingTests {
    /// The fuzz target's property: a file that loads, once saved, loads again as
    /// the same document and saves to the same bytes.
    static func expectRoundTrip(_ file: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let document = try SessionDecoding.decode(Array(file.utf8), file: "fuzz.json")
        let saved = SessionEncoding.encode(document)
        let reloaded: SessionDocument
        do {
            reloaded = try SessionDecoding.decode(saved, file: "saved.json")
        } catch {
            Issue.record(
                "the saved session does not load: \(error)\n\(String(decoding: saved, as: UTF8.self))",
                sourceLocation: sourceLocation)
            return
        }
        #expect(reloaded == document, sourceLocation: sourceLocation)
        let savedAgain = SessionEncoding.encode(reloaded)
        let sameBytes = savedAgain == saved
        #expect(sameBytes, "saved again as \(String(decoding: savedAgain, as: UTF8.self))", sourceLocation: sourceLocation)
    }

    /// A session with one request whose fields are `request` (JSON members).
    static func session(request: String) -> String {
        #"{"format": "workbench-session", "version": 1, "endpoint": {}, "requests": [{"endpoint": {}, "# + request + "}]}"
    }

    /// Found by the seed Fuzz/Corpus/session-loader/all-kinds.json on the first
    /// run: a capture from a JSON path with a quoted key was saved as
    /// `$['odd key'][-1]`, which `ShellWords.split` reads back as `$[odd` and
    /// `key][-1]`, so the saved file did not load. Fixed in `Capture.sourceText`.
    @Test func captureFromQuotedPathSurvivesSaveAndLoad() throws {
        try Self.expectRoundTrip(Self.session(request: #""captures": [{"name": "odd", "from": "\"$['odd key'][-1]\""}]"#))
        try Self.expectRoundTrip(Self.session(request: #""captures": [{"name": "q", "from": "'$[\"it\\\"s\"]'"}]"#))
        try Self.expectRoundTrip(Self.session(request: #""captures": [{"name": "h", "from": "header \"a'b\""}]"#))
        for from in [#"$['odd key'][-1]"#, #"$["a b"]"#, #"$['it\'s']"#, #"$["\\"]"#, "$.plain[0].id"] {
            let capture = Capture(name: "x", source: .json(try JSONPath(parsing: from)))
            let words = try ShellWords.split(capture.sourceText).map(\.text)
            #expect(try Capture.parseSource(words) == capture.source)
        }
        // What needs no quotes is saved as typed.
        #expect(Capture(name: "x", source: .json(try JSONPath(parsing: "$.items[0].id"))).sourceText == "$.items[0].id")
        #expect(Capture(name: "x", source: .header("X-Token")).sourceText == "header X-Token")
    }

    /// crash-e6a1755cd1a48f728749a8e6aba13dd857f5b451 (session-loader, after
    /// 12 s): `"elapsedMs": 1E557` read as infinity and was saved as `inf`,
    /// which is not JSON. Fixed in SessionDecoding: a number must be finite.
    @Test func numberTooLargeForADoubleIsRejected() throws {
        let file = Self.session(request: #""response": {"status": 200, "elapsedMs": 1E557}"#)
        let error = thrownError { () throws(WorkbenchError) in try SessionDecoding.decode(Array(file.utf8), file: "s.json") }
        #expect(error?.message == "s.json: field 'requests[0].response.elapsedMs': the number 1E557 is out of range")
        try Self.expectRoundTrip(Self.session(request: #""response": {"status": 200, "elapsedMs": 1.7976931348623157e308}"#))
        try Self.expectRoundTrip(Self.session(request: #""response": {"status": 200, "elapsedMs": -0.0}"#))
    }

    /// A session's gRPC schemas (`grpcDescriptors`) load and save to the same bytes, and the
    /// descriptor set read is the one written (each file's FileDescriptorProto kept whole).
    @Test func grpcDescriptorsSurviveSaveAndLoad() throws {
        // FileDescriptorSet { file: { name: "x.proto", package: "x" } }
        let set: [UInt8] = [0x0A, 0x0C, 0x0A, 0x07] + Array("x.proto".utf8) + [0x12, 0x01] + Array("x".utf8)
        let text = SecretRedactor.base64(set)
        let file =
            #"{"format": "workbench-session", "version": 2, "endpoint": {}, "requests": [], "#
            + #""grpcDescriptors": [{"origin": "http://127.0.0.1:50051", "fileDescriptorSet": ""# + text + #""}]}"#
        try Self.expectRoundTrip(file)
        let document = try SessionDecoding.decode(Array(file.utf8), file: "s.json")
        #expect(document.grpcSchemas.entries.map(\.origin) == ["http://127.0.0.1:50051"])
        #expect(document.grpcSchemas.entries.first?.schema.descriptorSet == set)
        #expect(document.grpcSchemas.entries.first?.schema.files.map(\.name) == ["x.proto"])
        // Another base: the only saved schema with the method, or none.
        #expect(document.grpcSchemas.schema(origin: "http://other:1", method: "/x.S/M") == nil)
        #expect(document.grpcSchemas.schema(origin: "http://127.0.0.1:50051", method: "/x.S/M") != nil)
    }

    /// A saved descriptor set past 16 MiB is refused before it is decoded, the bound named.
    @Test func aDescriptorSetPastItsBoundIsNamed() {
        let past = String(repeating: "A", count: (GRPCSessionSchemas.maximumSetBytes + 2) / 3 * 4 + 4)
        let error = thrownError { () throws(WorkbenchError) in _ = try GRPCSessionSchemas.decoded(past) }
        #expect(error?.message == "a descriptor set larger than 16 MiB (the bound)")
    }
}
