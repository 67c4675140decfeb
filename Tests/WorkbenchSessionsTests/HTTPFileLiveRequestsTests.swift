import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchHTTP
@testable import WorkbenchSessions

/// A `.http` file's WebSocket and gRPC requests (JetBrains' syntax, httpyac's) read as the
/// history's conversations and calls (issue 38): before, each was skipped with a warning and a
/// file of them refused.
@Suite struct HTTPFileLiveRequestsTests {
    func read(_ text: String, environment: [String: String] = [:]) throws(WorkbenchError) -> HTTPFileImport {
        let env = environment.isEmpty ? nil : "dev"
        let values = environment.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \"\($0.value)\"" }.joined(separator: ", ")
        let files: [String: [UInt8]] = environment.isEmpty ? [:] : ["http-client.env.json": Array("{\"dev\": {\(values)}}".utf8)]
        return try HTTPFileImport.read(
            text, file: "api.http", environment: env,
            readFile: { path throws(WorkbenchError) in
                guard let bytes = files[path] else { throw WorkbenchError("cannot read \(path)") }
                return bytes
            }, fileExists: { files[$0] != nil })
    }

    @Test func aJetBrainsWebSocketRequestIsAConversationToReplay() throws {
        let imported = try read(
            """
            @room = 42
            ### chat
            WEBSOCKET wss://h.test/chat?room={{room}}
            Authorization: Bearer {{token}}
            Sec-WebSocket-Protocol: chat.v1, chat.v2

            {"join": "{{room}}"}
            === wait-for-server
            === wait-for-server
            {"say":
              "hi"}
            ===
            bye
            """, environment: ["token": "t"])
        let record = try #require(imported.document.requests.first)
        #expect(record.endpoint.method == "GET" && record.endpoint.base == "https://h.test" && record.endpoint.path == "/chat")
        #expect(record.endpoint.headers.map(\.name) == ["Authorization"])
        let conversation = try #require(record.conversation)
        #expect(conversation.subprotocols == ["chat.v1", "chat.v2"])
        #expect(conversation.clientFrames.map(\.typed) == [#"{"join": "{{room}}"}"#, "{\"say\":\n  \"hi\"}", "bye"])
        // Two server messages awaited before the second client message, none before the third.
        #expect((0...3).map(conversation.serverDataFrames(beforeClientFrame:)) == [0, 2, 2, 2])
        #expect(record.response == nil && imported.notes.isEmpty)
    }

    @Test func httpyacWebSocketLinesAreConversationsToo() throws {
        let imported = try read("ws://h.test/a\n[\"one\"]\n===\n[\"two\"]\n\n###\nWS ws://h.test/b\n")
        #expect(imported.document.requests.map(\.endpoint.base) == ["http://h.test", "http://h.test"])
        #expect(imported.document.requests.map { $0.conversation?.clientFrames.count } == [2, 0])
    }

    @Test func aGRPCRequestIsACallWithItsMetadataAndMessage() throws {
        let imported = try read(
            """
            GRPC localhost:9090/helloworld.Greeter/SayHello
            x-trace: {{trace}}

            {"name": "ana"}

            ###
            GRPC grpcs://api.test/pkg.S/M

            ###
            @host = grpcb.in:9000/grpcbin.GRPCBin
            GRPC /Index
            """, environment: ["trace": "abc"])
        let calls = imported.document.requests
        #expect(calls.allSatisfy { GRPCCall.isCall($0.endpoint) })
        #expect(calls.map(\.endpoint.base) == ["http://localhost:9090", "https://api.test", "http://grpcb.in:9000"])
        #expect(calls.map(\.endpoint.path) == ["/helloworld.Greeter/SayHello", "/pkg.S/M", "/grpcbin.GRPCBin/Index"])
        #expect(calls.map(\.endpoint.body) == [.text(#"{"name": "ana"}"#), .text("{}"), .text("{}")])
        #expect(calls[0].endpoint.headers.map(\.name) == ["x-trace", "Content-Type"])
        #expect(calls[0].endpoint.headers[0].value == "{{trace}}")
    }

    @Test func aGRPCTargetWithoutServiceAndMethodIsSkippedNamingIt() throws {
        let imported = try read("GRPC localhost:9090/Only\n\n###\nGET http://h/ok\n")
        #expect(imported.document.requests.count == 1)
        #expect(imported.notes.first?.contains("expected HOST:PORT/package.Service/Method") == true)
    }

    /// What `export http` writes of a conversation and a call reads back as the same records.
    @Test func exportedConversationsAndCallsReadBack() throws {
        let original = try read(
            "WEBSOCKET ws://h.test/x\n\nhello\n=== wait-for-server\nagain\n\n###\nGRPC localhost:9090/p.S/M\n\n{\"a\": 1}\n")
        let text = try HTTPFileExport.text(records: original.document.requests, variables: Variables())
        let again = try read(text).document.requests
        #expect(again.map(\.endpoint) == original.document.requests.map(\.endpoint))
        #expect(again.map(\.conversation) == original.document.requests.map(\.conversation))
    }
}
