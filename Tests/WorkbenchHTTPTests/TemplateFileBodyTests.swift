import Testing
@testable import WorkbenchBasics
@testable import WorkbenchHTTP

/// A `.http` file's `<@ FILE` body (`Body.templateFile`): read when the request is built,
/// its `{{variables}}` expanded as an inline body's are, secrets masked in the shown form.
@Suite struct TemplateFileBodyTests {
    func scope() -> VariableScope {
        var variables = Variables()
        variables.set("who", to: "ana")
        variables.set("token", to: "tok-secret-91", secret: true)
        return VariableScope(variables: variables)
    }

    func endpoint(_ body: Body) -> Endpoint {
        var endpoint = Endpoint(base: "http://127.0.0.1:8080", path: "/x", method: "POST")
        endpoint.body = body
        return endpoint
    }

    func reading(_ files: [String: String]) -> (String) throws(WorkbenchError) -> [UInt8] {
        { path throws(WorkbenchError) in
            guard let text = files[path] else { throw WorkbenchError("cannot read '\(path)'") }
            return Array(text.utf8)
        }
    }

    @Test func theFilesVariablesAreExpandedWhenSentAndTheSecretMaskedWhenShown() throws {
        let files = ["b.json": #"{"user": "{{who}}", "token": "{{token}}"}"#]
        let request = try endpoint(.templateFile("b.json")).prepare(in: scope(), readFile: reading(files))
        #expect(String(decoding: request.body, as: UTF8.self) == #"{"user": "ana", "token": "tok-secret-91"}"#)
        #expect(String(decoding: request.shown.body, as: UTF8.self) == #"{"user": "ana", "token": "******"}"#)
        #expect(request.bodyFile == nil)
        // The Content-Type the file's extension names, as for `body @FILE`.
        #expect(request.headers.values(of: "Content-Type") == ["application/json"])
        #expect(request.headers.values(of: "Content-Length") == [String(request.body.count)])
    }

    @Test func aFileSentAsItIsKeepsItsReferences() throws {
        let files = ["b.txt": "as {{is}}"]
        let request = try endpoint(.file("b.txt")).prepare(in: scope(), readFile: reading(files))
        #expect(String(decoding: request.body, as: UTF8.self) == "as {{is}}")
    }

    @Test func anUnknownVariableInTheFileIsAnError() {
        let files = ["b.txt": "hello {{nobody}}"]
        #expect(throws: WorkbenchError.self) { try endpoint(.templateFile("b.txt")).prepare(in: scope(), readFile: reading(files)) }
    }

    @Test func anUnclosedReferenceNamesTheFile() {
        let files = ["b.txt": "hello {{who"]
        do {
            _ = try endpoint(.templateFile("b.txt")).prepare(in: scope(), readFile: reading(files))
            Issue.record("expected an error")
        } catch {
            #expect(error.message.hasPrefix("b.txt: "), "\(error.message)")
        }
    }

    @Test func aFileOverTheBoundIsRefusedNamingIt() {
        let large = String(repeating: "a", count: Body.maximumTemplateFileBytes + 1)
        do {
            _ = try endpoint(.templateFile("big.txt")).prepare(in: scope(), readFile: reading(["big.txt": large]))
            Issue.record("expected an error")
        } catch {
            #expect(error.message.contains("big.txt"), "\(error.message)")
            #expect(error.message.contains("is more than the 8.0 MB"), "\(error.message)")
        }
    }

    @Test func aHeldBackBodyIsNotRead() throws {
        var get = endpoint(.templateFile("missing.json"))
        get.method = "GET"
        let request = try get.prepare(in: scope(), readFile: reading([:]))
        #expect(request.body.isEmpty)
    }
}
