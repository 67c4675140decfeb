import Testing
@testable import WorkbenchBasics
@testable import WorkbenchHTTP
@testable import WorkbenchSessions

/// `RequestRecord` and `RecordedResponse`: what a record keeps of a response.
@Suite struct RequestRecordTests {
    @Test func credentialHeadersAreMaskedInTheRecordWhateverTheirCase() {
        let response = HTTPResponse(
            statusLine: "HTTP/1.1 200 OK", statusCode: 200,
            headers: [
                HeaderField(name: "SET-COOKIE", value: "sid=abc"), HeaderField(name: "authorization", value: "Basic eA=="),
                HeaderField(name: "Content-Type", value: "text/plain"),
            ],
            body: Array("hi".utf8))
        let kept = RecordedResponse(response)
        #expect(kept.headers.map(\.value) == [Variables.mask, Variables.mask, "text/plain"])
    }
}
