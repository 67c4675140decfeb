import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// Loading a long session takes shortcuts (a base URL checked once for all the records
/// that share it, records read one at a time with their JSON let go, a record as this
/// workbench wrote it found to hold nothing unknown without the tables): what a load
/// gives and the errors it reports must be as without them.
@Suite struct SessionLoadTests {
    /// A session of `count` records; `edit` changes the JSON of record N before it is written.
    static func sessionText(count: Int, edit: (Int, inout JSONValue) -> Void = { _, _ in }) throws -> [UInt8] {
        var document = SessionDocument()
        document.endpoint = Endpoint(base: "http://api.test", path: "/")
        document.requests = (0..<count).map { index in
            var record = RequestRecord(endpoint: Endpoint(base: "http://api.test", path: "/items/\(index)"), settings: Settings())
            record.response = RecordedResponse(
                statusLine: "HTTP/1.1 200 OK", statusCode: 200,
                headers: [HeaderField(name: "Content-Type", value: "application/json")],
                body: "{\"id\": \(index)}", bodySize: 11, elapsedMilliseconds: 1.5)
            return record
        }
        var value = try JSONParser.parse(SessionEncoding.encode(document))
        guard case .array(var records) = value["requests"] else { throw WorkbenchError("no requests") }
        for index in records.indices { edit(index, &records[index]) }
        value = value.setting("requests", to: .array(records))
        return SessionEncoding.pretty(value)
    }

    @Test func everyRecordReadsBackAsWritten() throws {
        let bytes = try Self.sessionText(count: 300)
        let document = try SessionDecoding.decode(bytes, file: "s.json")
        #expect(document.requests.count == 300)
        #expect(document.requests[299].endpoint.path == "/items/299")
        #expect(document.requests.allSatisfy { $0.unknown == nil })
        #expect(SessionEncoding.encode(document) == bytes)
    }

    /// A bad base URL after many good ones that share another is still found, and named.
    @Test func aBadBaseAmongGoodOnesIsNamed() throws {
        let bytes = try Self.sessionText(count: 50) { index, record in
            if index == 41 {
                record = record.setting("endpoint", to: record["endpoint"]!.setting("base", to: .string("http://bad host/")))
            }
        }
        let error = thrownError { () throws(WorkbenchError) in _ = try SessionDecoding.decode(bytes, file: "s.json") }
        #expect(error?.message.hasPrefix("s.json: field 'requests[41].endpoint.base': ") == true, "\(String(describing: error))")
    }

    /// One record's unknown member among identical ones is kept, and written back where it was.
    @Test func anUnknownMemberInOneRecordIsKept() throws {
        let bytes = try Self.sessionText(count: 40) { index, record in
            if index == 17 {
                record = record.setting("response", to: record["response"]!.setting("x-timing", to: .number("12")))
            }
        }
        let document = try SessionDecoding.decode(bytes, file: "s.json")
        #expect(document.requests.indices.filter { document.requests[$0].unknown != nil } == [17])
        #expect(SessionEncoding.encode(document) == bytes)
    }

    @Test func requestsThatAreNotAnArrayAreRefusedAsBefore() throws {
        var value = try JSONParser.parse(try Self.sessionText(count: 2))
        value = value.setting("requests", to: .object([]))
        let error = thrownError { () throws(WorkbenchError) in
            _ = try SessionDecoding.decode(SessionEncoding.pretty(value), file: "s.json")
        }
        #expect(error?.message == "s.json: field 'requests': expected an array, found an object")
    }
}
