import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// Secrets never reach output: masked before encoding in what the workbench
/// builds, redacted in every other text, held back across chunk boundaries.
@Suite struct SecrecyTests {
    @Test func redactorMasksEncodedForms() {
        let redactor = SecretRedactor(secrets: ["a b/c\"d"])
        #expect(redactor.redact("raw a b/c\"d") == "raw ******")
        #expect(redactor.redact("path a%20b%2Fc%22d") == "path ******")
        #expect(redactor.redact("query a%20b/c%22d") == "query ******")
        #expect(redactor.redact("form a+b%2Fc%22d") == "form ******")
        #expect(redactor.redact(#"json "a b/c\"d""#) == #"json "******""#)
        #expect(redactor.redact(#"json "a b\/c\"d""#) == #"json "******""#)
        #expect(redactor.redact("b64 " + SecretRedactor.base64(Array("a b/c\"d".utf8))) == "b64 ******")
        // Inside a longer base64 text, at every alignment, the secret's own characters are masked.
        for prefix in ["", "x", "xy", "xyz"] {
            let encoded = SecretRedactor.base64(Array((prefix + "a b/c\"d" + "tail").utf8))
            #expect(redactor.redact(encoded).contains("******"), "prefix '\(prefix)'")
        }
    }

    @Test func overlappingSecretsMaskTheLongest() {
        let redactor = SecretRedactor(secrets: ["token", "token-extended"])
        #expect(redactor.redact("x token-extended y token z") == "x ****** y ****** z")
    }

    @Test func shortSecretsAreNotSearchedForInFreeText() {
        let redactor = SecretRedactor(secrets: ["a", "xyz"])
        #expect(redactor.isEmpty)
        #expect(redactor.redact("a banana xyz") == "a banana xyz")
    }

    @Test func aOneCharacterSecretIsMaskedWhereItStandsOnly() throws {
        let h = InterpreterHarness()
        try h.run("base http://h\nset --secret k a\npath /api/{{k}}/a")
        #expect(try h.printed("path") == "http://h/api/******/a")
    }

    @Test func maskedBeforeEncodingInShowAndCurl() throws {
        let h = InterpreterHarness()
        try h.run(
            """
            base http://h
            set --secret pw 'a b&c-long'
            method post
            query add p {{pw}}
            header X-Key: {{pw}}
            body form user=ana pass={{pw}}
            """)
        let shown = try h.printed("show")
        #expect(!shown.contains("a%20b%26c") && !shown.contains("a+b%26c") && !shown.contains("a b&c"))
        #expect(shown.contains("?p=******") && shown.contains("X-Key: ******") && shown.contains("pass=******"))
        // The length sent is the real one.
        #expect(shown.contains("Content-Length: 26"))
        let curl = try h.printed("curl")
        #expect(!curl.contains("a%20b") && curl.contains("******"))
        #expect(try h.printed("curl --secrets").contains("a%20b%26c"))
        #expect(try h.prepared().secretHeaderNames == ["x-key"])
    }

    @Test func historyEntriesHoldNoSecret() {
        let redactor = SecretRedactor(secrets: ["hunter2-pw"])
        #expect(HistoryEntry.text(for: "set --secret pw hunter2-pw", redactor: redactor) == "set --secret pw ******")
        #expect(HistoryEntry.text(for: "set --secret other x", redactor: .none) == "set --secret other ******")
        #expect(HistoryEntry.text(for: "header X-Key: hunter2-pw", redactor: redactor) == "header X-Key: ******")
        #expect(HistoryEntry.text(for: "get /users", redactor: redactor) == "get /users")
    }

    /// A secret that is a common word masks what the line says, not the command's own words.
    @Test func aSecretInsideAnOptionNameLeavesTheOptionAlone() {
        let redactor = SecretRedactor(secrets: ["secret", "two words", "--token"])
        #expect(HistoryEntry.text(for: "set --secret pw zz", redactor: redactor) == "set --secret pw ******")
        #expect(HistoryEntry.text(for: "header X-A: a secret here", redactor: redactor) == "header X-A: a ****** here")
        #expect(HistoryEntry.text(for: "header X-A: two words", redactor: redactor) == "header X-A: ******")
        #expect(HistoryEntry.text(for: "body raw --token", redactor: redactor) == "body raw ******")
    }

    @Test func theMaskIsRefusedAsAValue() throws {
        let h = InterpreterHarness()
        #expect(h.failure("set --secret pw ******")?.message.contains("is the mask") == true)
        #expect(h.workspace.variables.entries.isEmpty)
    }

    @Test func setSecretWithoutAValueAsksAndAScriptCannotAnswer() throws {
        let h = InterpreterHarness()
        #expect(h.failure("set --secret pw")?.message.contains("a script cannot answer") == true)
        var asked: [String] = []
        h.interpreter.askSecret = { prompt in
            asked.append(prompt); return "hunter22"
        }
        try h.run("set --secret pw")
        #expect(asked == ["value of pw (hidden): "])
        #expect(h.workspace.variables.entries["pw"] == Variables.Entry(value: "hunter22", isSecret: true))
    }

    @Test func captureSecretMasksTheValueEverywhere() throws {
        let h = InterpreterHarness()
        h.transport.responses = [
            .success(
                HTTPResponse(
                    statusLine: "HTTP/1.1 200 OK", statusCode: 200,
                    headers: [HeaderField(name: "Content-Type", value: "application/json"), HeaderField(name: "Set-Cookie", value: "s=1")],
                    body: Array(#"{"token": "tok-123456"}"#.utf8)))
        ]
        try h.run("base http://h\nmethod post\npost /login")
        #expect(try h.printed("capture --secret token $.token") == "token = ******")
        #expect(h.workspace.history[0].captures[0].isSecret)
        // The recorded response (what a session file keeps) holds no secret and no cookie.
        let recorded = try #require(h.workspace.history[0].response)
        #expect(recorded.body == #"{"token": "******"}"#)
        #expect(recorded.headers.contains(HeaderField(name: "Set-Cookie", value: "******")))
        // The next response echoes the token: the screen does not show it.
        h.transport.responses = [
            .success(
                HTTPResponse(
                    statusLine: "HTTP/1.1 200 OK", statusCode: 200, headers: [HeaderField(name: "Content-Type", value: "text/plain")],
                    body: Array("you sent tok-123456".utf8)))
        ]
        let before = h.output.lines.count
        h.output.bytes = []
        try h.run("header Authorization: Bearer {{token}}\nget /me")
        #expect(h.transport.sent.last?.request.headers.contains(HeaderField(name: "Authorization", value: "Bearer tok-123456")) == true)
        let printed = h.output.lines[before...].joined(separator: "\n") + String(decoding: h.output.bytes, as: UTF8.self)
        #expect(!printed.contains("tok-123456"))
        #expect(printed.contains("you sent ******"))
        let saved = String(decoding: SessionEncoding.encode(SessionDocument(workspace: h.workspace)), as: UTF8.self)
        #expect(!saved.contains("tok-123456") && saved.contains("******"))
    }

    @Test func errorsAreRedacted() throws {
        let h = InterpreterHarness()
        h.transport.responses = [.failure(WorkbenchError("connection refused: http://h/?k=verysecret"))]
        try h.run("base http://h\nset --secret k verysecret\nquery add k {{k}}")
        #expect(h.failure("send")?.message == "connection refused: http://h/?k=******")
    }

    @Test func sinkHoldsBackASecretCutByAChunkBoundary() {
        let collected = RecordingOutput()
        let sink = RedactingSink(collected, redactor: SecretRedactor(secrets: ["s3cr3t-value"]))
        for chunk in ["{\"a\": \"s3c", "r3t-va", "lue\", \"b\": \"s3cr", "\"}"] {
            sink.writeBytes(Array(chunk.utf8))
        }
        sink.finish()
        #expect(String(decoding: collected.bytes, as: UTF8.self) == #"{"a": "******", "b": "s3cr"}"#)
    }

    @Test func aValueEqualToASecretIsMaskedEverywhereInTheFile() throws {
        let harness = InterpreterHarness()
        try harness.run(
            """
            set --secret pw S3CR3T-value
            set plain S3CR3T-value
            base http://127.0.0.1:1
            header X-Lit: S3CR3T-value
            get /x?q=S3CR3T-value
            """)
        // Fails (the body is `{}`), and stays on the request as typed.
        _ = harness.interpreter.handle(line: "expect body contains S3CR3T-value")
        try harness.run("save s.json")
        let saved = String(decoding: harness.files.contents["s.json"] ?? [], as: UTF8.self)
        #expect(!saved.isEmpty && !saved.contains("S3CR3T"), "\(saved)")
        #expect(saved.contains("\"body contains ******\""))
        let autosaved = String(decoding: harness.workspace.sessionFileText(), as: UTF8.self)
        #expect(!autosaved.contains("S3CR3T"))
    }

    @Test func aFailedExpectationIsMasked() throws {
        let harness = InterpreterHarness()
        try harness.run("set --secret pw S3CR3T-value\nbase http://127.0.0.1:1\nget /x")
        let error = harness.failure("expect body contains S3CR3T-value")
        #expect(
            error?.message
                == "expectation failed: body contains ******: not in the body (2 bytes) (kept on request 1: `expect rm 1` takes it back)")
    }

    @Test func urlPasswordsAreMaskedInErrors() throws {
        let harness = InterpreterHarness()
        // A base's login becomes `auth basic`; an error about the rest of such a URL names it without the login.
        let base = harness.failure("base http://u:pw1234@127.0.0.1:9/a?x=1")?.message
        #expect(base?.contains("'http://127.0.0.1:9/a?x=1' has a query") == true, "\(String(describing: base))")
        #expect(base?.contains("pw1234") == false)
        #expect(harness.failure("proxy http://pu:ppw5678@127.0.0.1:9/x")?.message.contains("'http://pu:******@127.0.0.1:9/x'") == true)
        #expect(URLPasswordMask.apply("a http://u:p@h/x?y=http://v:q@i b") == "a http://u:******@h/x?y=http://v:******@i b")
        #expect(
            URLPasswordMask.apply("mailto:x@y and http://user@host/ and https://h/a@b")
                == "mailto:x@y and http://user@host/ and https://h/a@b")
    }

    @Test func crAndLFNeverSplitAnErrorLine() throws {
        var workspace = Workspace()
        try SessionDecoding.decode(
            Array(
                #"{"format":"workbench-session","version":2,"variables":{"a":"x"},"endpoint":{"base":"http://h","path":"/{{bad\r\nname}}"}}"#
                    .utf8),
            file: "s.json"
        ).apply(to: &workspace)
        let harness = InterpreterHarness()
        harness.interpreter.workspace = workspace
        let error = harness.failure("get")
        #expect(error.map { !$0.message.contains("\n") && !$0.message.contains("\r") } == true, "\(String(describing: error))")
        #expect(error?.message.contains("\\r\\n") == true)
    }
}

/// Server text on a terminal: control characters escaped, tab and newline kept.
@Suite struct TerminalTextTests {
    @Test func controlCharactersAreEscaped() {
        #expect(TerminalText.escape("\u{1B}]0;x\u{07}") == "\\x1b]0;x\\x07")
        #expect(TerminalText.escape("a\tb\nc\rd\u{7F}\u{9B}") == "a\tb\nc\\x0dd\\x7f\\x9b")
        #expect(TerminalText.escapeLine("a\nb") == "a\\x0ab")
        #expect(TerminalText.escape("plain café") == "plain café")
    }

    @Test func theRendererEscapesOnlyForATerminal() {
        let response = HTTPResponse(
            statusLine: "HTTP/1.1 200 OK\u{1B}[2J", statusCode: 200,
            headers: [HeaderField(name: "Content-Type", value: "text/plain"), HeaderField(name: "X-T", value: "\u{1B}]0;t\u{07}")],
            body: Array("body \u{1B}]52;c;eA==\u{07}\n".utf8))
        let terminal = RecordingOutput()
        ResponseRenderer.render(response, color: false, outputIsTerminal: true, to: terminal)
        let shown = terminal.lines.joined(separator: "\n") + String(decoding: terminal.bytes, as: UTF8.self)
        #expect(!shown.contains("\u{1B}") && !shown.contains("\u{07}"))
        #expect(shown.contains("X-T: \\x1b]0;t\\x07") && shown.contains("body \\x1b]52;c;eA==\\x07"))
        let pipe = RecordingOutput()
        ResponseRenderer.render(response, color: false, outputIsTerminal: false, to: pipe)
        #expect(String(decoding: pipe.bytes, as: UTF8.self).contains("\u{1B}]52"))
    }
}

/// What the trust work added to session files survives a save and a load.
@Suite struct SessionFlagsTests {
    @Test func pastedQueriesAndSecretCapturesRoundTrip() throws {
        var workspace = Workspace()
        try workspace.endpoint.setPath("/s?sig=a%2Bb&flag")
        workspace.endpoint.query.append(QueryItem(name: "typed", value: "a b"))
        workspace.history = [
            RequestRecord(
                endpoint: workspace.endpoint, settings: Settings(),
                captures: [Capture(name: "t", source: .status, isSecret: true)])
        ]
        let bytes = SessionEncoding.encode(SessionDocument(workspace: workspace))
        let decoded = try SessionDecoding.decode(bytes, file: "s.json")
        #expect(decoded.endpoint.query == workspace.endpoint.query)
        #expect(decoded.requests[0].captures == workspace.history[0].captures)
        #expect(SessionEncoding.encode(decoded) == bytes)
    }

    /// An `{{env.NAME}}` in a query pasted with the path (`get /a?key={{env.KEY}}`) makes its
    /// value a secret, as one anywhere else does: it was left out of the Endpoint's values, so
    /// the same value typed elsewhere and a reply echoing it went out unmasked.
    @Test func anEnvironmentValueInAPastedQueryIsASecret() throws {
        let secret = "pasted-query-secret-4711"
        let harness = InterpreterHarness(environment: ["KEY": secret])
        harness.transport.fallback = HTTPResponse(
            statusLine: "HTTP/1.1 200 OK", statusCode: 200,
            headers: [HeaderField(name: "Content-Type", value: "text/plain"), HeaderField(name: "X-Echo", value: secret)],
            body: Array("you sent \(secret)".utf8))
        try harness.run("base http://api.test\nget /a?key={{env.KEY}}\nset copy \(secret)\nvars")
        #expect(harness.transport.sent.last?.request.target == "/a?key=\(secret)", "the real value is sent")
        let shown = (harness.output.lines + harness.output.errors).joined(separator: "\n")
        #expect(!shown.contains(secret), "\(shown)")
        #expect(harness.workspace.endpoint.referencedEnvironment == ["KEY"])
        #expect(harness.workspace.history.referencedEnvironment.contains("KEY"))
        let kept = harness.workspace.history.last?.response
        #expect(kept?.body.map { $0.contains(secret) } == false)
        #expect(kept?.headers.contains { $0.value.contains(secret) } == false)
    }

}

/// Fast paths of this unit, each checked against the plain version it replaced.
extension SecrecyTests {
    /// The redactor is made again only when the workspace or the environment changed, and
    /// a change made straight to the interpreter's workspace or context counts as one.
    @Test func aSecretSetOutsideACommandIsMaskedAtOnce() throws {
        let harness = InterpreterHarness()
        try harness.run("base http://api.test\nheader X-Key: {{env.API_KEY}}")
        #expect(harness.interpreter.redactor.redact("key-4711-abcdef") == "key-4711-abcdef")
        harness.interpreter.context.environment["API_KEY"] = "key-4711-abcdef"
        #expect(harness.interpreter.redactor.redact("key-4711-abcdef") == Variables.mask)
        harness.interpreter.workspace.variables.set("token", to: "tok-0815-xyzzy", secret: true)
        #expect(harness.interpreter.redactor.redact("tok-0815-xyzzy") == Variables.mask)
        // And through a command, in what it prints.
        try harness.run("set shown tok-0815-xyzzy")
        let listed = try harness.printed("vars")
        #expect(!listed.contains("tok-0815-xyzzy") && !listed.contains("key-4711-abcdef"))
    }
}
