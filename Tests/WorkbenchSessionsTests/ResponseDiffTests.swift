import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchHTTP
@testable import WorkbenchSessions

/// ResponseDiff (`replay --diff`, `diff N M`) and the mock server's pure parts.
struct ResponseDiffTests {
    func response(_ body: String?, status: Int = 200, headers: [HeaderField] = []) -> RecordedResponse {
        RecordedResponse(
            statusLine: "HTTP/1.1 \(status) X", statusCode: status, headers: headers, body: body,
            bodySize: body?.utf8.count ?? 10, elapsedMilliseconds: 1)
    }

    @Test func jsonByStructure() throws {
        let old = response(#"{"a":1,"b":{"c":"x","d":[1,2,3]},"gone":true}"#)
        let new = response(#"{"b":{"d":[1,2.0],"c":"y"},"a":1.0,"new":null}"#)
        let diff = ResponseDiff.compare(old, new)
        #expect(
            diff.changes == [
                .changed(path: "$.b.c", old: #""x""#, new: #""y""#),
                .removed(path: "$.b.d[2]", value: "3"),
                .removed(path: "$.gone", value: "true"),
                .added(path: "$.new", value: "null"),
            ])
        #expect(diff.lines(color: false).contains(#"  $.b.c: [-"x"-]{+"y"+}"#))
        #expect(diff.lines(color: true).contains("  $.new: \u{1B}[32m{+null+}\u{1B}[0m"))
    }

    @Test func ignoredPathsAndHeaders() throws {
        let options = try ResponseDiff.Options(headers: ["ETag", "*"], ignore: ["$.items[*].at", "header Date", "$.meta"])
        let old = response(
            #"{"items":[{"id":1,"at":"1"}],"meta":{"t":1}}"#,
            headers: [HeaderField(name: "Date", value: "a"), HeaderField(name: "ETag", value: "1")])
        let new = response(
            #"{"items":[{"id":2,"at":"2"}],"meta":{"t":2}}"#,
            headers: [HeaderField(name: "Date", value: "b"), HeaderField(name: "ETag", value: "2")])
        #expect(
            ResponseDiff.compare(old, new, options: options).changes == [
                .header(name: "ETag", old: "1", new: "2"), .changed(path: "$.items[0].id", old: "1", new: "2"),
            ])
        #expect(throws: WorkbenchError.self) { try ResponseDiff.Options(headers: [], ignore: ["header"]) }
        #expect(throws: WorkbenchError.self) { try ResponseDiff.Options(headers: [], ignore: ["$.a[-1]"]) }
    }

    @Test func statusTextAndBinary() {
        let text = ResponseDiff.compare(response("a\nb\nc", status: 200), response("a\nB\nc", status: 500))
        #expect(text.changes == [.status(old: "200", new: "500"), .text([.same("a"), .removed("b"), .added("B"), .same("c")])])
        #expect(ResponseDiff.compare(response(nil), response(nil)).isEmpty)
        #expect(ResponseDiff.compare(response(#"{"a":1}"#), response(#"{ "a" : 1e0 }"#)).isEmpty)
    }

    @Test func longDiffsAreCut() {
        let old = response("[" + (0..<80).map(String.init).joined(separator: ",") + "]")
        let new = response("[" + (0..<80).map { String($0 + 1) }.joined(separator: ",") + "]")
        let lines = ResponseDiff.compare(old, new).lines(color: false)
        #expect(lines.count == 51 && lines.last?.hasPrefix("  … and 30 more changes") == true)
    }

    @Test func deepBodiesDoNotRecurse() throws {
        let depth = 100_000
        let old = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        let new = String(repeating: "[", count: depth) + "2" + String(repeating: "]", count: depth)
        #expect(ResponseDiff.compare(response(old), response(new)).changes.count == 1)
    }

    @Test func mockRoutesMatchByPathQueryAndBody() throws {
        var first = Endpoint()
        first.base = "http://api.test/v1"
        try first.setPath("/users/{{id}}")
        first.query = [QueryItem(name: "a", value: "1"), QueryItem(name: "b", value: "2")]
        var second = first
        second.method = "POST"
        second.body = .json(#"{"n":1}"#)
        var third = second
        third.body = .json(#"{"n":2}"#)
        let document = SessionDocument(requests: [
            RequestRecord(endpoint: first, settings: Settings(), response: response("one")),
            RequestRecord(endpoint: second, settings: Settings(), response: response("two")),
            RequestRecord(endpoint: third, settings: Settings(), response: response("three", status: 201)),
        ])
        var routes = MockRoutes(document: document)
        #expect(routes.answer(MockRequest(method: "GET", target: "/v1/users/42?b=2&a=1")).route == 1)
        #expect(routes.answer(MockRequest(method: "HEAD", target: "/v1/users/7?a=1&b=2")).route == 1)
        #expect(routes.answer(MockRequest(method: "POST", target: "/v1/users/7?a=1&b=2", body: Array(#"{ "n": 2 }"#.utf8))).route == 3)
        #expect(routes.answer(MockRequest(method: "POST", target: "/v1/users/7?a=1&b=2", body: Array(#"{"n":1}"#.utf8))).route == 2)
        // Neither body: the two answer in turn.
        let turns = (0..<4).map { _ in routes.answer(MockRequest(method: "POST", target: "/v1/users/7?a=1&b=2")).route }
        #expect(turns == [2, 3, 2, 3])
        let (missing, route) = routes.answer(MockRequest(method: "GET", target: "/v1/users/7"))
        #expect(route == nil && missing.status == 404)
        #expect(String(decoding: missing.body, as: UTF8.self).contains(#"{"method":"GET","path":"/v1/users/*"}"#))
    }

    @Test func requestParser() {
        let chunked = Array("POST /x HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2;ext\r\nde\r\n0\r\n\r\nGET".utf8)
        guard case .complete(let request, let consumed) = HTTPRequestParser.parse(chunked) else { Issue.record("not parsed"); return }
        #expect(request.body == Array("abcde".utf8) && consumed == chunked.count - 3 && request.keepsAlive)
        #expect(HTTPRequestParser.parse(Array("GET / HTTP/1.1\r\nContent-Length: 5\r\n\r\nab".utf8)) == .incomplete(expectsContinue: false))
        #expect(
            HTTPRequestParser.parse(Array("GET / HTTP/1.1\r\nContent-Length: 12x\r\n\r\n".utf8))
                == .failed(status: 400, reason: "Bad Request"))
        #expect(
            HTTPRequestParser.parse(Array("GET / HTTP/1.1\r\nContent-Length: 20000000\r\n\r\n".utf8))
                == .failed(status: 413, reason: "Content Too Large"))
        #expect(
            HTTPRequestParser.parse(Array(repeating: UInt8(ascii: "a"), count: 70_000))
                == .failed(status: 431, reason: "Request Header Fields Too Large"))
        #expect(HTTPRequestParser.parse(Array("nonsense\r\n\r\n".utf8)) == .failed(status: 400, reason: "Bad Request"))
    }
}
