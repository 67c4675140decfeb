import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics

/// Which reflection version a server offers, read through resets: libcurl 7.88 often loses an
/// UNIMPLEMENTED answer sent before the request's body was read, and such a round is asked again.
@Suite struct GRPCReflectionTests {
    /// An exchange that answers from a script of outcomes, one per call, and counts the calls.
    final class ScriptedServer: @unchecked Sendable {
        enum Outcome { case reset, unimplemented }
        var outcomes: [Outcome]
        var calls = 0
        init(_ outcomes: [Outcome]) { self.outcomes = outcomes }

        func exchange(_ path: String, _ requests: [[UInt8]]) throws(WorkbenchError) -> (answers: [[UInt8]], status: GRPCStatus) {
            calls += 1
            switch outcomes.isEmpty ? .unimplemented : outcomes.removeFirst() {
            case .reset: throw WorkbenchError("empty reply", kind: .transport(.emptyReply))
            case .unimplemented: return ([], GRPCStatus(code: 12, message: ""))
            }
        }
    }

    func failure(_ server: ScriptedServer) -> String {
        do throws(WorkbenchError) {
            _ = try GRPCReflection.schema(exchange: server.exchange)
            return "no failure"
        } catch {
            return error.message
        }
    }

    @Test func aRoundWithBothVersionsUnimplementedSettlesIt() {
        // Reset in the first round, then a clean round: no reflection, and no word of resets.
        let server = ScriptedServer([.reset, .unimplemented, .unimplemented, .unimplemented])
        let message = failure(server)
        #expect(message == "grpc connect: the server offers no reflection (v1 or v1alpha): give its .proto files with --proto")
        #expect(server.calls == 4)
    }

    @Test func resetsInEveryRoundAreNamed() {
        let server = ScriptedServer(Array(repeating: .reset, count: 2 * GRPCReflection.maximumRounds))
        let message = failure(server)
        #expect(message.contains("or refused it at once"))
        #expect(server.calls == 2 * GRPCReflection.maximumRounds)
    }
}
