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
}
