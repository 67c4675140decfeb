import Testing
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions

/// Env files, the environment layer of a workspace, secret sources and the comparison
/// across environments, without a process or a server.
@Suite struct EnvironmentTests {
    static let files: [String: String] = [
        "http-client.env.json":
            #"{"$shared": {"api": "/v1", "n": 2}, "dev": {"host": "http://a", "api": "/v2"}, "prod": {"host": "http://b", "SSL": {"x": 1}}}"#,
        "http-client.private.env.json": #"{"dev": {"token": "dev-secret"}, "prod": {"token": "prod-secret", "host": "http://hidden"}}"#,
    ]

    static func context(_ files: [String: String] = files) -> CommandContext {
        CommandContext(environment: [:]) { path throws(WorkbenchError) in
            guard let text = files[path] else { throw WorkbenchError("cannot read '\(path)'") }
            return Array(text.utf8)
        }
    }

    @Test func anEnvironmentStartsFromSharedAndAPrivateNameIsASecret() throws {
        let read = try #require(
            try EnvironmentFiles.find(
                in: [""], readFile: { path throws(WorkbenchError) in Array((Self.files[path] ?? "").utf8) },
                fileExists: { Self.files[$0] != nil }))
        #expect(read.names == ["dev", "prod"])
        let dev = try read.values(of: "dev")
        #expect(dev.plain == ["api": "/v2", "n": "2", "host": "http://a"])
        #expect(dev.secret == ["token": "dev-secret"])
        let prod = try read.values(of: "prod")
        #expect(prod.plain["host"] == nil && prod.secret["host"] == "http://hidden")
        #expect(throws: WorkbenchError.self) { try read.values(of: "$shared") }
    }

    @Test func switchingReplacesTheLayerAndASetWins() throws {
        var workspace = Workspace()
        workspace.variables.set("api", to: "/mine")
        _ = try workspace.useEnvironment("dev", file: nil, context: Self.context())
        #expect(workspace.variables.value(of: "api") == "/mine")
        #expect(workspace.variables.isSecret("token") && workspace.variables.value(of: "token") == "dev-secret")
        _ = try workspace.useEnvironment("prod", file: nil, context: Self.context())
        #expect(workspace.variables.value(of: "token") == "prod-secret")
        #expect(workspace.variables.isSecret("host"))
        // The old environment's private value stays masked, and none is saved.
        #expect(workspace.secretValues(environment: [:]).contains("dev-secret"))
        let document = SessionDocument(workspace: workspace)
        #expect(document.variables == ["api": "/mine"] && document.secretNames.isEmpty)
        #expect(document.environment == SessionEnvironment(name: "prod"))
        workspace.switchEnvironment(to: nil)
        #expect(workspace.variables.names == ["api"])
    }

    @Test func anEnvFileBeyondItsBoundsIsRefusedByName() {
        let deep = String(repeating: #"{"a": "#, count: 20) + "1" + String(repeating: "}", count: 20)
        #expect(throws: WorkbenchError.self) {
            try EnvironmentFiles.named("x.env.json", readFile: { _ throws(WorkbenchError) in Array(deep.utf8) }, fileExists: { _ in true })
        }
        do {
            _ = try EnvironmentFiles.named(
                "x.env.json", readFile: { _ throws(WorkbenchError) in Array(deep.utf8) }, fileExists: { $0 == "x.env.json" })
            Issue.record("a file nested 21 levels deep was read")
        } catch {
            #expect(error.message.contains("(the bound for an env file)"))
        }
    }

    @Test(arguments: [
        ("pass:api/token", ["pass", "show", "api/token"]),
        ("op://v/i/f", ["op", "read", "--no-newline", "op://v/i/f"]),
        ("keychain:svc/ana", ["security", "find-generic-password", "-s", "svc", "-a", "ana", "-w"]),
        ("keychain:svc", ["security", "find-generic-password", "-s", "svc", "-w"]),
        ("secret-tool:service=api,user=ana", ["secret-tool", "lookup", "service", "api", "user", "ana"]),
        ("cmd:echo hi", ["/bin/sh", "-c", "echo hi"]),
    ])
    func aSourceRunsItsToolWithoutAShell(text: String, arguments: [String]) throws {
        let source = try SecretSource(parsing: text)
        #expect(source.arguments == arguments)
        #expect(source.text == text)
    }

    @Test(arguments: ["vault:x", "pass:", "op://only/two", "secret-tool:novalue", "env:"])
    func aMalformedSourceIsRefused(text: String) {
        #expect(throws: WorkbenchError.self) { try SecretSource(parsing: text) }
    }

    @Test func aPendingSecretIsTheMaskAndNeverEmpty() throws {
        var variables = Variables()
        variables.set("token", from: try SecretSource(parsing: "env:T"))
        #expect(try Template.expand("Bearer {{token}}", in: VariableScope(variables: variables)) == "Bearer ******")
        #expect(variables.pending(among: ["token", "other"]) == ["token"])
        variables.resolve("token", to: "abc")
        #expect(try Template.expand("Bearer {{token}}", in: VariableScope(variables: variables)) == "Bearer abc")
        #expect(variables.secretValues == ["abc"])
    }

    @Test func whatChangesBetweenTwoSendsIsLeftOutAndListed() {
        func response(_ body: String, id: String) -> RecordedResponse {
            RecordedResponse(
                statusLine: "HTTP/1.1 200 OK", statusCode: 200,
                headers: [HeaderField(name: "Content-Type", value: "application/json"), HeaderField(name: "X-Id", value: id)],
                body: body, bodySize: body.utf8.count, elapsedMilliseconds: 1)
        }
        let first = response(#"{"env": "dev", "id": 1, "at": "t1"}"#, id: "a")
        let again = response(#"{"env": "dev", "id": 2, "at": "t2"}"#, id: "b")
        let second = response(#"{"env": "prod", "id": 9, "at": "t3"}"#, id: "c")
        let comparison = EnvironmentComparison.compare(first: first, again: again, second: second, options: ResponseDiff.Options())
        #expect(comparison.diff.changes == [.changed(path: "$.env", old: #""dev""#, new: #""prod""#)])
        #expect(Set(comparison.volatile) == ["header X-Id", "$.id", "$.at"])
    }
}
