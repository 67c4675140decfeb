import Platform
import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions

/// The REPL's policy around each line, without a terminal: what libedit's loop hands to
/// `REPLSession` and what comes out on its streams and in the history file.
@Suite struct REPLSessionTests {
    /// A session whose streams are pipes read back here, and a history file in a temporary folder.
    final class Fixture {
        let harness = InterpreterHarness()
        let outputPipe: [Int32]
        let errorPipe: [Int32]
        let folder: String
        let session: REPLSession
        var remembered: [String] = []

        init() {
            var out: [Int32] = [0, 0]
            var err: [Int32] = [0, 0]
            _ = pipe(&out)
            _ = pipe(&err)
            for descriptor in [out[0], err[0]] { _ = fcntl(descriptor, F_SETFL, O_NONBLOCK) }
            outputPipe = out
            errorPipe = err
            var template = Array("/tmp/wb-repl-session-XXXXXX".utf8CString)
            folder = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
            session = REPLSession(
                interpreter: harness.interpreter, streams: FileDescriptorSink(output: out[1], errors: err[1]),
                historyFile: HistoryFile(path: folder + "/history"), autosave: nil, errorPrefix: { "error:" })
        }

        deinit {
            for descriptor in outputPipe + errorPipe { close(descriptor) }
            unlink(folder + "/history")
            rmdir(folder)
        }

        func enter(_ line: String) -> REPLSession.Next {
            session.lineEntered(line) { remembered.append($0) }
        }

        /// What the session wrote to a pipe since the last call.
        func drain(_ descriptor: Int32) -> String {
            session.flush()
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(descriptor, &buffer, buffer.count)
                guard count > 0 else { break }
                bytes += buffer[..<count]
            }
            return String(decoding: bytes, as: UTF8.self)
        }

        var errors: String { drain(errorPipe[0]) }
        var output: String { drain(outputPipe[0]) }
        var historyFileText: String {
            (try? FileSystem.read(folder + "/history")).map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
    }

    @Test func aLineIsRunRememberedMaskedAndItsErrorPrinted() {
        let f = Fixture()
        #expect(f.enter("set --secret pw S3CR3T-VALUE") == .goOn)
        #expect(f.enter("header X-Pw: S3CR3T-VALUE") == .goOn)
        #expect(f.enter("frobnicate") == .goOn)
        #expect(f.remembered.count == 3)
        #expect(!f.remembered.joined().contains("S3CR3T-VALUE"), "the entries are masked after the line ran")
        #expect(!f.historyFileText.contains("S3CR3T-VALUE"))
        #expect(f.historyFileText.contains("frobnicate"))
        let errors = f.errors
        #expect(errors.hasPrefix("error: unknown command 'frobnicate'"), "\(errors)")
        #expect(!errors.contains("S3CR3T-VALUE"))
    }

    @Test func exitLeaves() {
        let f = Fixture()
        #expect(f.enter("base http://127.0.0.1:9") == .goOn)
        #expect(f.enter("exit") == .leave)
    }

    @Test func ctrlDInsideABodyBlockCancelsItAndGoesOn() {
        let f = Fixture()
        #expect(f.enter("body json {\"kept\": true}") == .goOn)
        #expect(f.enter("body <<END") == .goOn)
        #expect(f.enter("half typed") == .goOn)
        #expect(f.session.endOfInput() == .goOn)
        #expect(f.output.contains("(Ctrl-D cancelled the body block: the body is unchanged)"))
        #expect(f.harness.endpoint.body == .json("{\"kept\": true}"))
        #expect(f.session.endOfInput() == .leave, "at the prompt Ctrl-D leaves")
    }

    @Test func ctrlCDropsTheBlockOrSaysHowToLeave() {
        let f = Fixture()
        _ = f.enter("body <<END")
        f.session.interrupted(lineWasEmpty: false)
        #expect(f.output.contains("(the body block was dropped)"))
        #expect(!f.harness.interpreter.isCollectingBody)
        f.session.interrupted(lineWasEmpty: true)
        #expect(f.output.contains("(Ctrl-D or `exit` leaves the workbench)"))
    }

    @Test func aLineThatIsNotUTF8IsRefusedByName() {
        let f = Fixture()
        f.session.refused(notUTF8: [0x67, 0x65, 0x74, 0x20, 0xFF])
        #expect(f.errors.hasPrefix("error: "))
        #expect(f.remembered.isEmpty)
    }
}
