import Platform
import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// Session files have their own bound, larger than other files read whole, and
/// `save` never writes more than it: what the workbench saves, it loads.
@Suite struct SessionFileBoundsTests {
    /// A sparse file of `size` bytes (no disk used) in a new folder.
    static func sparse(_ size: Int) -> String {
        let path = StateFilesTests.temporaryDirectory() + "/big.json"
        let descriptor = open(path, O_CREAT | O_WRONLY, 0o600)
        _ = ftruncate(descriptor, off_t(size))
        close(descriptor)
        return path
    }

    @Test func theBoundIsNamedAndLargerThanOtherFiles() throws {
        #expect(SessionFileBounds.maximumBytes > FileSystem.defaultReadLimit)
        #expect(SessionEncoder().maximumFileBytes == SessionFileBounds.maximumBytes)
        // Over the general bound, within the session bound: read (and then not a session: zeros).
        let within = Self.sparse(FileSystem.defaultReadLimit + 1)
        #expect(try SessionFileBounds.read(within).count == FileSystem.defaultReadLimit + 1)
        let other = thrownError { () throws(WorkbenchError) in _ = try FileSystem.read(within) }
        #expect(
            other?.message.hasSuffix("more than the \(Quantities.size(FileSystem.defaultReadLimit)) a file read whole may hold") == true,
            "\(String(describing: other))")
        // Over the session bound: refused before reading, naming the bound.
        let over = Self.sparse(SessionFileBounds.maximumBytes + 1)
        let error = thrownError { () throws(WorkbenchError) in _ = try SessionFileBounds.read(over) }
        #expect(error?.message.hasPrefix("cannot read '\(over)': it is 128") == true, "\(String(describing: error))")
        #expect(
            error?.message.hasSuffix("more than the \(Quantities.size(SessionFileBounds.maximumBytes)) a session file may hold") == true)
    }

    /// `load` reads through the context's session reader; without one, through `readFile`.
    @Test func loadReadsThroughTheSessionReader() throws {
        var workspace = Workspace()
        var document = SessionDocument()
        document.requests = (0..<2).map { index in
            RequestRecord(endpoint: Endpoint(base: "http://api.test", path: "/items/\(index)"), settings: Settings())
        }
        let text = SessionEncoding.encode(document)
        var asked: [String] = []
        let context = CommandContext(
            environment: [:],
            readFile: { path throws(WorkbenchError) in
                throw WorkbenchError("not this reader: \(path)")
            },
            readSessionFile: { path throws(WorkbenchError) in
                asked.append(path)
                return text
            })
        _ = try workspace.apply(.load("s.json"), context: context)
        #expect(workspace.history.count == 2)
        #expect(asked == ["s.json"])
    }

    static func workspace(records: Int, bodyBytes: Int) -> Workspace {
        var workspace = Workspace()
        let body = String(repeating: "x", count: bodyBytes)
        workspace.history = History(
            (0..<records).map { index in
                var record = RequestRecord(endpoint: Endpoint(base: "http://127.0.0.1:1", path: "/\(index)"), settings: Settings())
                record.response = RecordedResponse(
                    statusLine: "HTTP/1.1 200 OK", statusCode: 200, headers: [],
                    body: body, bodySize: bodyBytes, elapsedMilliseconds: 1)
                return record
            })
        return workspace
    }

    @Test func theOldestBodiesAreLeftOutSoTheFileStaysLoadable() throws {
        let workspace = SessionFileBoundsTests.workspace(records: 20, bodyBytes: 100_000)
        let encoder = SessionEncoder()
        encoder.maximumFileBytes = 1_000_000
        let chunks = workspace.sessionFileChunks(encoder: encoder)
        let size = SessionEncoder.size(of: chunks)
        #expect(size <= 1_000_000 && size > 800_000)
        try encoder.checkLoadable(chunks)
        let document = try SessionDecoding.decode(chunks.flatMap { $0 }, file: "s.json")
        let kept = document.requests.map { $0.response?.body != nil }
        // The newest keep theirs; every record keeps its body's size.
        #expect(kept == Array(repeating: false, count: 11) + Array(repeating: true, count: 9))
        #expect(document.requests.allSatisfy { $0.response?.bodySize == 100_000 })
        // Encoded again (the autosave after the next command): the same file, the pieces reused.
        #expect(workspace.sessionFileChunks(encoder: encoder) == chunks)
        #expect(encoder.reusedCount == 20)
    }

    @Test func aSessionTooLargeEvenWithoutBodiesIsNotWritten() {
        var workspace = SessionFileBoundsTests.workspace(records: 1, bodyBytes: 10)
        workspace.endpoint.body = .text(String(repeating: "y", count: 50_000))
        let encoder = SessionEncoder()
        encoder.maximumFileBytes = 20_000
        let error = thrownError { () throws(WorkbenchError) in try encoder.checkLoadable(workspace.sessionFileChunks(encoder: encoder)) }
        #expect(error?.message.hasPrefix("the session would be ") == true)
        #expect(error?.message.hasSuffix("even with the responses' bodies left out: `save FILE N...` saves some requests") == true)
    }

    /// A session written without blanks (as another tool may write one): `copies`
    /// requests, each about 560 bytes, twice as large once `save` indents it.
    static func compactSession(requests copies: Int) -> [UInt8] {
        let endpoint =
            #"{"base":"http://127.0.0.1:1","method":"POST","path":"/items/{{id}}","segments":[],"#
            + #""query":[{"name":"page","value":"1"},{"name":"per_page","value":"100"}],"#
            + #""headers":[{"name":"Accept","value":"application/json"},{"name":"X-Request-Id","value":"0123456789abcdef"}],"#
            + #""body":{"kind":"json","text":"{\"name\": \"widget\", \"tags\": [\"a\", \"b\"], \"count\": 12}"}}"#
        let request =
            #"{"endpoint":\#(endpoint),"settings":{"follow":false,"timeout":30,"insecure":false,"color":"auto","maxBody":67108864},"#
            + #""captures":[{"name":"id","from":"$.id","secret":false}],"expectations":["status 200"]}"#
        let requests = Array(repeating: request, count: copies).joined(separator: ",")
        return Array(
            #"{"format":"workbench-session","version":2,"endpoint":\#(endpoint),"variables":{"id":"1"},"requests":[\#(requests)]}"#.utf8)
    }

    /// A 113 MB session of 200,000 requests loaded, then `save` refused it (its
    /// text grows when written again, past the 128 MB `load` reads). The same at a small
    /// bound: one line naming it, nothing changed, the next command works.
    @Test func aSessionSaveCouldNotWriteBackIsRefusedByLoadNamingTheBound() throws {
        let h = InterpreterHarness()
        h.interpreter.context.sessionFileBytes = 64 * 1024
        let big = Self.compactSession(requests: 100)
        #expect(big.count > 48 * 1024 && big.count < 64 * 1024, "\(big.count)")
        h.files.contents["big.json"] = big
        try h.run("base http://127.0.0.1:2\npath /before\nset kept yes")
        let before = WorkspaceSnapshot(h.workspace)
        let error = try #require(h.failure("load big.json"))
        #expect(error.message.hasPrefix("big.json: not loaded: the session would be "), "\(error.message)")
        #expect(
            error.message.hasSuffix(
                ", more than the 64.0 KB `load` reads, even with the responses' bodies left out: `save FILE N...` saves some requests"),
            "\(error.message)")
        #expect(!error.message.contains("\n"))
        #expect(WorkspaceSnapshot(h.workspace) == before)
        try h.run("show")
        #expect(h.output.lines.joined(separator: "\n").contains("/before"))
        // A session that fits once written again loads, and saves.
        h.files.contents["small.json"] = Self.compactSession(requests: 40)
        try h.run("load small.json\nsave again.json")
        #expect(h.workspace.history.count == 40)
    }
}
