import Testing
@testable import WorkbenchAPIs
@testable import WorkbenchBasics
@testable import WorkbenchHTTP
@testable import WorkbenchSessions
import WorkbenchTestSupport

/// Loading record by record (`SessionDecoding.decodeByRecords`, no tree of the whole file)
/// must give exactly what the tree gives (`decodeByTree`): on the fixture sessions, on the
/// example sessions, and on random sessions in random layouts with unknown members; and
/// the same errors. It must also be the way taken for current files, or nothing is tested.
@Suite struct SessionRecordsDecodingTests {
    typealias Generator = FuzzGenerator

    /// Both ways: the records' way when it takes the file, always the tree's.
    static func both(_ bytes: [UInt8]) throws -> (byRecords: SessionDocument?, byTree: SessionDocument) {
        (try SessionDecoding.decodeByRecords(bytes, file: "s.json"), try SessionDecoding.decodeByTree(bytes, file: "s.json"))
    }

    static let examples: String = {
        let file = String(#filePath)
        let tests = file[..<file.lastIndex(of: "/")!]
        let root = tests[..<tests.lastIndex(of: "/")!]
        return root[..<root.lastIndex(of: "/")!] + "/Sessions/"
    }()

    @Test func fixturesAndExamplesReadTheSameBothWays() throws {
        var taken = 0
        let files =
            [
                "v1-local-login.json", "v1-login-cookie-in-clear.json", "v1-pasted-query-secret-capture.json",
                "v2-unknown-members.json",
            ].map { Fixtures.folder + "Sessions/" + $0 }
            + [
                "local-login.json", "seed1-movie-popular.json", "seed2-requestable.json", "seed3-firestore-router.json",
                "seed4-rick-and-morty.json", "seed5-login-failure.json",
            ].map { Self.examples + $0 }
        for path in files {
            let bytes = try FileSystem.read(path)
            let (byRecords, byTree) = try Self.both(bytes)
            if let byRecords {
                taken += 1
                #expect(byRecords == byTree, "\(path)")
                #expect(SessionEncoding.encode(byRecords) == SessionEncoding.encode(byTree), "\(path)")
            }
            // Version 1 files are migrated in the tree: the records' way leaves them.
            if path.contains("/v1-") { #expect(byRecords == nil, "\(path)") }
            #expect(try SessionDecoding.decode(bytes, file: "s.json") == byTree)
        }
        #expect(taken >= 7)
    }

    // MARK: Random sessions

    static func pick<T>(_ choices: [T], _ random: inout Generator) -> T {
        choices[Int.random(in: 0..<choices.count, using: &random)]
    }

    /// Text with what JSON escapes: quotes, backslashes, controls, non-ASCII.
    static func text(_ random: inout Generator) -> String {
        let pieces = [
            "a", "id", "\"q\"", "back\\slash", "tab\there", "line\nbreak", "é", "日本", "🙂", "{", "]", ",", ":",
            "\u{7F}", "requests", "\"requests\"", " ",
        ]
        return (0..<Int.random(in: 0...6, using: &random)).map { _ in pick(pieces, &random) }.joined()
    }

    static func record(_ random: inout Generator) -> RequestRecord {
        var endpoint = Endpoint(
            base: pick(["http://api.test", "https://example.test:8443/v1", "http://127.0.0.1:9"], &random),
            path: "/" + text(&random).filter { $0 != "\n" && $0 != "\t" && $0 != "\u{7F}" })
        endpoint.method = pick(["GET", "POST", "PUT", "DELETE"], &random)
        for _ in 0..<Int.random(in: 0...2, using: &random) {
            endpoint.query.append(QueryItem(name: "q" + text(&random), value: text(&random)))
        }
        for index in 0..<Int.random(in: 0...2, using: &random) {
            endpoint.headers.append(HeaderField(name: "X-H\(index)", value: "v\(Int.random(in: 0...99, using: &random))"))
        }
        switch Int.random(in: 0...3, using: &random) {
        case 0: endpoint.body = .text(text(&random))
        case 1: endpoint.body = .json("{\"a\": [1, 2, {\"b\": null}]}")
        case 2: endpoint.body = .form([FormField(name: "f", value: text(&random))])
        default: break
        }
        var record = RequestRecord(endpoint: endpoint, settings: Settings())
        record.settings.followRedirects = Bool.random(using: &random)
        if Bool.random(using: &random) { record.expectations = [try! Expectation.parse("status 200")] }
        if Int.random(in: 0...4, using: &random) > 0 {
            let body: String? = Bool.random(using: &random) ? text(&random) : nil
            record.response = RecordedResponse(
                statusLine: "HTTP/1.1 200 OK", statusCode: pick([200, 201, 404, 500], &random),
                headers: [HeaderField(name: "Content-Type", value: "application/json")],
                body: body, bodySize: body?.utf8.count ?? 0, elapsedMilliseconds: Double(Int.random(in: 0...999, using: &random)) / 8)
        }
        return record
    }

    /// Members this workbench does not know, somewhere in a record's JSON.
    static func addUnknown(to record: inout JSONValue, _ random: inout Generator) {
        let extra = JSONValue.object([JSONMember(key: "x-" + text(&random), value: .array([.number("1.50"), .string(text(&random))]))])
        switch Int.random(in: 0...2, using: &random) {
        case 0: record = record.setting("x-note", to: extra)
        case 1: record = record.setting("endpoint", to: record["endpoint"]!.setting("x-origin", to: .string(text(&random))))
        default:
            if let response = record["response"], response != .null {
                record = record.setting("response", to: response.setting("x-timing", to: extra))
            }
        }
    }

    /// `value` as text: pretty as the workbench writes it, or compact, or with odd white space.
    static func layout(_ value: JSONValue, _ random: inout Generator) -> [UInt8] {
        switch Int.random(in: 0...2, using: &random) {
        case 0: return SessionEncoding.pretty(value)
        case 1: return Array(value.jsonText.utf8)
        default:
            // JSON strings hold no raw newline: each one is layout.
            return SessionEncoding.pretty(value).flatMap { byte -> [UInt8] in
                byte == UInt8(ascii: "\n") ? Array(" \r\n\t".utf8) : [byte]
            }
        }
    }

    @Test func randomSessionsReadTheSameBothWays() throws {
        var random = Generator(seed: 27)
        var taken = 0
        for round in 0..<150 {
            var document = SessionDocument()
            document.endpoint = Endpoint(base: "http://api.test", path: "/")
            document.variables = ["name": Self.text(&random)]
            document.requests = (0..<Int.random(in: 0...30, using: &random)).map { _ in Self.record(&random) }
            var value = try JSONParser.parse(SessionEncoding.encode(document))
            guard case .array(var records) = value["requests"], case .object(var members) = value else {
                Issue.record("no requests")
                return
            }
            for index in records.indices where Int.random(in: 0...5, using: &random) == 0 {
                Self.addUnknown(to: &records[index], &random)
            }
            let at = members.firstIndex { $0.key == "requests" }!
            let requests = JSONMember(key: "requests", value: .array(records))
            members.remove(at: at)
            // `requests` anywhere in the top level, and unknown members around it.
            members.insert(requests, at: Int.random(in: 0...members.count, using: &random))
            if Bool.random(using: &random) {
                members.insert(
                    JSONMember(key: "x-tool", value: .object([JSONMember(key: "requests", value: .array([.number("1")]))])),
                    at: Int.random(in: 0...members.count, using: &random))
            }
            value = .object(members)
            let bytes = Self.layout(value, &random)
            let (byRecords, byTree) = try Self.both(bytes)
            #expect(byRecords != nil, "round \(round)")
            if let byRecords {
                taken += 1
                #expect(byRecords == byTree, "round \(round)")
                #expect(SessionEncoding.encode(byRecords) == SessionEncoding.encode(byTree), "round \(round)")
            }
        }
        #expect(taken == 150)
    }

    // MARK: Left to the tree, and errors

    @Test func oddFilesGoTheTreesWayWithTheSameErrors() throws {
        let good = String(decoding: try SessionLoadTests.sessionText(count: 3), as: UTF8.self)
        let cases = [
            // Not JSON: the tree says where.
            String(good.dropLast(3)),
            // A second `requests`, an escaped key, a BOM, requests not an array, no requests.
            good.replacing("\"format\"", with: "\"requests\": [],\n  \"format\""),
            good.replacing("\"requests\"", with: "\"req\\u0075ests\""),
            "\u{FEFF}" + good,
            String(decoding: SessionEncoding.pretty(try JSONParser.parse(good).setting("requests", to: .object([]))), as: UTF8.self),
            "{\"format\": \"workbench-session\", \"version\": 2, \"endpoint\": {}}",
            "[]",
        ]
        for text in cases {
            let bytes = Array(text.utf8)
            #expect((try? SessionDecoding.decodeByRecords(bytes, file: "s.json")) == nil, "\(text.prefix(80))")
        }
        // An error in a record is the same error both ways.
        let bad = try SessionLoadTests.sessionText(count: 5) { index, record in
            if index == 3 { record = record.setting("response", to: record["response"]!.setting("status", to: .string("200"))) }
        }
        let byRecords = thrownError { () throws(WorkbenchError) in _ = try SessionDecoding.decodeByRecords(bad, file: "s.json") }
        let byTree = thrownError { () throws(WorkbenchError) in _ = try SessionDecoding.decodeByTree(bad, file: "s.json") }
        #expect(byRecords != nil)
        #expect(byRecords?.message == byTree?.message)
        #expect(byRecords?.message.hasPrefix("s.json: field 'requests[3].response.status'") == true)
        // Nested near the bound: the tree's reader owns the bound and its message.
        let deep = try SessionLoadTests.sessionText(count: 2) { index, record in
            if index == 1 {
                var nested = JSONValue.number("1")
                for _ in 0..<SessionDecoding.maximumDepth { nested = .array([nested]) }
                record = record.setting("x-deep", to: nested)
            }
        }
        #expect((try? SessionDecoding.decodeByRecords(deep, file: "s.json")) == nil)
        let error = thrownError { () throws(WorkbenchError) in _ = try SessionDecoding.decode(deep, file: "s.json") }
        #expect(error?.message.contains("nested more than \(SessionDecoding.maximumDepth) levels deep") == true)
    }
}
