import Testing
@testable import WorkbenchCore

/// The parts of the transport that need no socket: what curl is told to send,
/// and how the header lines it hands back are collected.
@Suite struct TransportTests {
    @Test func headerLinesAreExactlyTheRequestsPlusSuppressions() throws {
        var endpoint = Endpoint(base: "http://127.0.0.1:8080", path: "/x", method: "POST")
        endpoint.headers = [HeaderField(name: "X-Empty", value: ""), HeaderField(name: "X-A", value: "1")]
        endpoint.body = .text("hi")
        let request = try endpoint.prepare(in: VariableScope())
        #expect(CurlTransport.headerLines(for: request) == [
            "Host: 127.0.0.1:8080", "User-Agent: workbench/\(WorkbenchVersion.current)", "Accept: */*",
            "Accept-Encoding: gzip, deflate, br", "X-Empty;", "X-A: 1", "Content-Length: 2",
            "Expect:", "Content-Type:",
        ])
    }

    @Test func collectorSeparatesInterimRedirectAndFinalBlocks() {
        let collector = ResponseCollector(bodyLimit: 10, outputDescriptor: nil)
        for line in ["HTTP/1.1 100 Continue\r\n", "\r\n",
                     "HTTP/1.1 302 Found\r\n", "Location: /b\r\n", "\r\n",
                     "HTTP/1.1 200 OK\r\n", "Content-Type: text/plain\r\n", "X-Folded: a\r\n", "  b\r\n", "\r\n"] {
            Array(line.utf8).withUnsafeBufferPointer { collector.receiveHeaderLine($0) }
        }
        #expect(collector.finalBlock?.statusLine == "HTTP/1.1 200 OK")
        #expect(collector.finalBlock?.headers == [HeaderField(name: "Content-Type", value: "text/plain"),
                                                  HeaderField(name: "X-Folded", value: "a b")])
        #expect(collector.hops == [RedirectHop(statusLine: "HTTP/1.1 302 Found", location: "/b")])
    }

    @Test func collectorStopsAtTheBodyLimit() {
        let collector = ResponseCollector(bodyLimit: 4, outputDescriptor: nil)
        #expect([UInt8](repeating: 1, count: 3).withUnsafeBufferPointer { collector.receiveBody($0) } == 3)
        #expect([UInt8](repeating: 1, count: 3).withUnsafeBufferPointer { collector.receiveBody($0) } == 0)
        #expect(collector.exceededLimit)
    }

    @Test func responseMediaTypeAndCharset() {
        let response = HTTPResponse(statusLine: "HTTP/1.1 200 OK", statusCode: 200,
                                    headers: [HeaderField(name: "content-type", value: "Text/HTML; Charset=\"ISO-8859-1\"")], body: [])
        #expect(response.mediaType == "text/html")
        #expect(response.charset == "iso-8859-1")
    }
}
