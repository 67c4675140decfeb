import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchCore
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// Bodies beyond text: multipart forms and files, typed by extension, checked when typed and sent,
/// kept in session files.
@Suite struct RequestBodyTests {
    @Test func multipartAndJSONFileBodiesParse() throws {
        #expect(
            try CommandParser.parse("body multipart a=1 f@x.png 'g@y.bin;type=a/b' e=x@y h@a=b")
                == .command(
                    .body(
                        .multipart([
                            MultipartPart(name: "a", value: "1"), MultipartPart(name: "f", value: "x.png", isFile: true),
                            MultipartPart(name: "g", value: "y.bin", isFile: true, contentType: "a/b"),
                            MultipartPart(name: "e", value: "x@y"), MultipartPart(name: "h", value: "a=b", isFile: true),
                        ]))))
        #expect(try CommandParser.parse("body json @data.json") == .command(.body(.jsonFile("data.json"))))
        for bad in ["body multipart", "body multipart =x", "body multipart novalue", "body multipart f@", "body multipart 'f@x;type='"] {
            #expect(thrownError { () throws(WorkbenchError) in try CommandParser.parse(bad) } != nil, "\(bad)")
        }
    }

    @Test func multipartIsPreparedForLibcurlWithoutLengthAndMasked() throws {
        let harness = InterpreterHarness()
        try harness.run("base http://127.0.0.1:9\nmethod post\nset --secret k key-secret\nbody multipart a={{k}} f@pic.PNG")
        let request = try harness.prepared()
        #expect(
            request.multipart == [
                MultipartPart(name: "a", value: "key-secret"),
                MultipartPart(name: "f", value: "pic.PNG", isFile: true, contentType: "image/png"),
            ])
        #expect(request.shown.multipart?.first?.value == "******")
        #expect(!request.headers.contains(name: "Content-Length") && !request.headers.contains(name: "Content-Type"))
        // libcurl writes the multipart Content-Type: it is not suppressed.
        #expect(!CurlTransport.headerLines(for: request).contains("Content-Type:"))
        #expect(try !harness.printed("show").contains("key-secret"))
        let curl = try harness.printed("curl")
        #expect(curl.hasSuffix("--form-string 'a=******' -F 'f=@pic.PNG;type=image/png'"))
        // A 303 turns it into a GET without the parts; a 307 keeps them.
        #expect(try RedirectPolicy.next(after: request, status: 303, location: "/x").multipart == nil)
        #expect(try RedirectPolicy.next(after: request, status: 307, location: "/x").multipart == request.multipart)
        try harness.run("method get")
        #expect(try harness.prepared().multipart == nil)
    }

    @Test func fileBodiesTakeTheirTypeFromTheExtension() {
        #expect(MediaTypes.forFile("a/b.JSON") == "application/json")
        #expect(MediaTypes.forFile("x.tar.gz") == "application/gzip")
        #expect(MediaTypes.forFile(".json") == nil)
        #expect(MediaTypes.forFile("dir.d/noext") == nil)
        #expect(Body.file("x.csv").impliedContentType == "text/csv")
        #expect(Body.jsonFile("x.txt").impliedContentType == "application/json")
    }

    @Test func jsonFileIsValidatedWhenTypedAndWhenSent() throws {
        let harness = InterpreterHarness(files: ["ok.json": utf8Bytes("[1]"), "bad.json": utf8Bytes("[1,")])
        try harness.run("base http://127.0.0.1:9\nmethod post\nbody json @ok.json")
        #expect(harness.failure("body json @bad.json")?.message.hasPrefix("bad.json is not valid JSON") == true)
        #expect(harness.endpoint.body == .jsonFile("ok.json"))
        harness.files.contents["ok.json"] = utf8Bytes("{")
        #expect(harness.failure("show")?.message.hasPrefix("ok.json is not valid JSON") == true)
    }

    @Test func newBodiesRoundTripThroughSessionFiles() throws {
        var workspace = Workspace()
        for body in [
            Body.jsonFile("a.json"),
            .multipart([
                MultipartPart(name: "a", value: "{{v}}"),
                MultipartPart(name: "f", value: "x", isFile: true, contentType: "t/x"),
            ]),
        ] {
            workspace.endpoint.body = body
            let bytes = SessionEncoding.encode(SessionDocument(workspace: workspace))
            #expect(try SessionDecoding.decode(bytes, file: "s.json").endpoint.body == body)
        }
    }
}
